"""Training pages: forms with and without htmx, refusals shown, owners only, the board component."""

from __future__ import annotations

import re

import pytest

from tests.training.helpers import baccarat_situation
from training.lists import services
from training.lists.models import RevisionEntry, RevisionList

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def alice_list(alice, small_lexicon):
    return services.create_list(alice, small_lexicon, "Alice")


def test_pages_need_login(client):
    response = client.get("/training/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_create_list_then_add_words(alice_client, small_lexicon):
    response = alice_client.post("/training/lists/", {"name": "Mes 7+1", "lexicon": small_lexicon.pk})
    revision_list = RevisionList.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/training/lists/{revision_list.pk}/"
    added = alice_client.post(f"/training/lists/{revision_list.pk}/words/", {"word": "baccarat", "support": "T"}, **HTMX)
    assert added.status_code == 200 and 'id="words-section"' in added.content.decode()
    assert "<!DOCTYPE html>" not in added.content.decode()  # a partial for htmx
    chosen = alice_client.post(f"/training/lists/{revision_list.pk}/words/", {"word": "ARETINES", "support": "",
                                                                              "support_choice": "2"})
    assert chosen.status_code == 200 and "<!DOCTYPE html>" in chosen.content.decode()
    assert RevisionEntry.objects.get(word="ARETINES").support_index == 1  # position 2, counted from 1: the R


def test_refused_word_is_named_and_nothing_added(alice_client, alice_list):
    response = alice_client.post(f"/training/lists/{alice_list.pk}/words/", {"word": "zozoter"}, **HTMX)
    assert response.status_code == 400 and "ZOZOTER" in response.content.decode()
    assert not alice_list.entries.exists()


def test_bulk_reshows_only_the_refused_lines(alice_client, alice_list):
    response = alice_client.post(f"/training/lists/{alice_list.pk}/words/bulk/",
                                 {"text": "BACCARAT:T\nNOPE\nPRIVATIF 5\nDATAIS:Z"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 400
    assert re.search(r"<textarea[^>]*>\s*NOPE\nDATAIS:Z</textarea>", html), html
    assert "NOPE" in html and "DATAIS" in html
    assert sorted(alice_list.entries.values_list("word", flat=True)) == ["BACCARAT", "PRIVATIF"]
    # The words added are told as a success; only the refused lines are errors.
    assert re.search(r'<p class="message message--success"[^>]*>\s*2 mots ajoutés', html), html
    assert re.search(r'<ul class="refusals" role="alert">', html)


def test_bulk_with_nothing_added_is_an_error(alice_client, alice_list):
    html = alice_client.post(f"/training/lists/{alice_list.pk}/words/bulk/", {"text": "NOPE"}, **HTMX).content.decode()
    assert re.search(r'<p class="message message--error" role="alert">\s*0 mot ajouté', html), html


def test_support_suggestions_partial(alice_client, alice_list):
    html = alice_client.get(f"/training/lists/{alice_list.pk}/supports/", {"word": "aretines"}).content.decode()
    assert html.count('name="support_choice"') == len(set("ARETINES"))
    assert "11" in html  # the I leaves AEENRST: 11 words with one more letter
    error = alice_client.get(f"/training/lists/{alice_list.pk}/supports/", {"word": "xyzt"}).content.decode()
    assert "XYZT" in error


def test_change_support_and_remove_word(alice_client, alice_list):
    entry = services.add_word(alice_list, "DATAIS", "T")
    html = alice_client.get(f"/training/lists/{alice_list.pk}/").content.decode()
    assert '<option value="6">S (6)</option>' in html  # positions shown and sent counted from 1
    alice_client.post(f"/training/lists/{alice_list.pk}/words/{entry.pk}/support/", {"support": "6"}, **HTMX)
    entry.refresh_from_db()
    assert entry.support_letter == "S"
    bad = alice_client.post(f"/training/lists/{alice_list.pk}/words/{entry.pk}/support/", {"support": "7"}, **HTMX)
    assert bad.status_code == 400
    alice_client.post(f"/training/lists/{alice_list.pk}/words/{entry.pk}/delete/", **HTMX)
    assert not alice_list.entries.exists()


def test_edit_and_delete_list(alice_client, alice_list):
    assert alice_client.post(f"/training/lists/{alice_list.pk}/edit/", {"name": "Neuf", "description": ""}).status_code == 302
    alice_list.refresh_from_db()
    assert alice_list.name == "Neuf"
    assert alice_client.post(f"/training/lists/{alice_list.pk}/edit/", {"name": ""}).status_code == 400
    assert alice_client.post(f"/training/lists/{alice_list.pk}/delete/").status_code == 302
    assert not RevisionList.objects.exists()


def test_copy_published_list(alice_client, staff, small_lexicon):
    shared = services.create_list(staff, small_lexicon, "Semaine", published=True)
    services.add_word(shared, "BACCARAT", "T")
    listing = alice_client.get("/training/lists/").content.decode()
    assert "Semaine" in listing and "BACCARAT:T" in listing  # the words can be read before copying
    response = alice_client.post(f"/training/lists/{shared.pk}/copy/")
    copy = RevisionList.objects.exclude(pk=shared.pk).get()
    assert response["Location"] == f"/training/lists/{copy.pk}/" and copy.entries.count() == 1


def test_other_users_pages_are_404(client, bob, alice, alice_list):
    situation = baccarat_situation(alice, services.add_word(alice_list, "BACCARAT", "T"))
    entry = situation.entry
    client.force_login(bob)
    for method, url in [("get", f"/training/lists/{alice_list.pk}/"), ("post", f"/training/lists/{alice_list.pk}/edit/"),
                        ("post", f"/training/lists/{alice_list.pk}/delete/"),
                        ("post", f"/training/lists/{alice_list.pk}/words/"),
                        ("post", f"/training/lists/{alice_list.pk}/words/bulk/"),
                        ("get", f"/training/lists/{alice_list.pk}/supports/?word=DATAIS"),
                        ("post", f"/training/lists/{alice_list.pk}/words/{entry.pk}/delete/"),
                        ("post", f"/training/lists/{alice_list.pk}/grids/"),
                        ("post", f"/training/lists/{alice_list.pk}/copy/"),
                        ("get", f"/training/grids/{situation.grid_id}/"), ("get", f"/training/grids/{situation.grid_id}/body/"),
                        ("get", f"/training/situations/{situation.pk}/"),
                        ("post", f"/training/situations/{situation.pk}/answer/")]:
        assert getattr(client, method)(url).status_code == 404, url
    assert RevisionList.objects.filter(pk=alice_list.pk).exists() and alice_list.entries.count() == 1


def test_only_staff_can_publish_from_the_edit_form(client, alice, staff, small_lexicon):
    mine = services.create_list(alice, small_lexicon, "Alice")
    client.force_login(alice)
    client.post(f"/training/lists/{mine.pk}/edit/", {"name": "Alice", "published": "on"})
    mine.refresh_from_db()
    assert not mine.published  # the field is not even offered to learners
    theirs = services.create_list(staff, small_lexicon, "Semaine")
    client.force_login(staff)
    assert 'name="published"' in client.get(f"/training/lists/{theirs.pk}/").content.decode()
    client.post(f"/training/lists/{theirs.pk}/edit/", {"name": "7+1 de la semaine", "published": "on"})
    theirs.refresh_from_db()
    assert theirs.published and theirs.name == "7+1 de la semaine"


def test_forms_work_without_javascript(alice_client, alice, alice_list):
    situation = baccarat_situation(alice, services.add_word(alice_list, "BACCARAT", "T"))
    refused = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "DATAIS"})
    assert refused.status_code == 400 and "<!DOCTYPE html>" in refused.content.decode()
    assert "DATAIS est un mot" in refused.content.decode()
    page = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "CAB", "coord": "I5"}).content.decode()
    assert "<!DOCTYPE html>" in page and "feedback--ko" in page and 'id="top-table"' in page
    assert page.count("data-square=") == 225 and "sq--lit" in page  # the expected play drawn on the board
    refused = alice_client.post(f"/training/lists/{alice_list.pk}/words/", {"word": "QWXZ"})
    assert refused.status_code == 400 and "<!DOCTYPE html>" in refused.content.decode()
    assert "QWXZ" in refused.content.decode()


# --- A long list, a page at a time ------------------------------------------------------------------------------

WORDS_250 = [f"B{a}{b}{c}" for a in "AEIOU" for b in "CDFGLMNPRST" for c in "AEIOU"][:250]


@pytest.fixture
def long_list(alice, tmp_path):
    """250 words (made-up ones, in a lexicon of their own), in the order they were added."""
    from lexicon.services import import_word_list
    from tests.support import write_words

    lexicon = import_word_list(write_words(tmp_path / "long.txt", WORDS_250), name="long", language="fr").lexicon
    revision_list = services.create_list(alice, lexicon, "Longue")
    outcome = services.add_words_bulk(revision_list, "\n".join(WORDS_250))
    assert len(outcome.added) == 250
    return revision_list


def _words_shown(html: str) -> list[str]:
    return re.findall(r'<label class="visually-hidden" for="support-\d+">[^<]* ([A-Z]+)</label>', html)


def test_a_long_list_shows_its_words_100_at_a_time(alice_client, long_list):
    url = f"/training/lists/{long_list.pk}/"
    first = alice_client.get(url).content.decode()
    assert _words_shown(first) == WORDS_250[:100]
    assert "(250)" in first  # the heading counts every word, not the page's
    nav = re.search(r'<nav class="pager" aria-label="Pages">.*?</nav>', first, re.DOTALL).group(0)
    assert f'<a href="{url}?page=1#words-section" aria-current="page">1</a>' in nav
    assert f'href="{url}?page=2#words-section" rel="next"' in nav and 'rel="prev"' not in nav
    assert "Page 1 sur 3" in nav
    second = alice_client.get(url, {"page": 2}).content.decode()
    assert _words_shown(second) == WORDS_250[100:200]  # page 2: words 101 to 200
    assert f'<a href="{url}?page=2#words-section" aria-current="page">2</a>' in second
    nav = re.search(r'<nav class="pager" aria-label="Pages">.*?</nav>', second, re.DOTALL).group(0)
    assert nav.count("aria-current") == 1 and 'rel="prev"' in nav and 'rel="next"' in nav  # one page is current
    third = alice_client.get(url, {"page": 3}).content.decode()
    assert _words_shown(third) == WORDS_250[200:] and 'rel="next"' not in third


@pytest.mark.parametrize(("asked", "shown"), [("99", 3), ("0", 3), ("-1", 3), ("abc", 1), ("", 1), ("2.5", 1)])
def test_a_page_out_of_range_or_not_a_number_shows_a_page_not_an_error(alice_client, long_list, asked, shown):
    response = alice_client.get(f"/training/lists/{long_list.pk}/", {"page": asked})
    html = response.content.decode()
    assert response.status_code == 200
    assert _words_shown(html) == WORDS_250[(shown - 1) * 100:shown * 100]


def test_a_short_list_has_no_page_links(alice_client, alice_list):
    services.add_word(alice_list, "BACCARAT", "T")
    html = alice_client.get(f"/training/lists/{alice_list.pk}/").content.decode()
    assert 'class="pager"' not in html and "BACCARAT" in html


def test_the_forms_of_a_page_keep_it_and_an_added_word_shows_on_the_last_page(alice_client, long_list):
    url = f"/training/lists/{long_list.pk}/"
    entry = long_list.entries.get(word=WORDS_250[150])
    page_two = alice_client.get(url, {"page": 2}).content.decode()
    assert page_two.count('<input type="hidden" name="page" value="2">') == 2 + 2 * 100  # add forms + each row's two
    # A support changed and a word removed on page 2 (htmx): the section comes back at page 2.
    changed = alice_client.post(f"{url}words/{entry.pk}/support/", {"support": "2", "page": "2"}, **HTMX)
    assert changed.status_code == 200 and _words_shown(changed.content.decode()) == WORDS_250[100:200]
    removed = alice_client.post(f"{url}words/{entry.pk}/delete/", {"page": "2"}, **HTMX).content.decode()
    assert _words_shown(removed) == WORDS_250[100:150] + WORDS_250[151:201]
    assert "<!DOCTYPE html>" not in removed and "(249)" in removed
    # Without JavaScript the same form gives the whole page, at page 2, its links to the list's own address.
    other = long_list.entries.get(word=WORDS_250[120])
    page = alice_client.post(f"{url}words/{other.pk}/delete/", {"page": "2"}).content.decode()
    assert "<!DOCTYPE html>" in page and _words_shown(page)[0] == WORDS_250[100]
    assert f'href="{url}?page=3#words-section"' in page
    # A word added from page 1 is shown where it went: the end of the list, the last page.
    added = alice_client.post(f"{url}words/", {"word": "BACCARAT", "support": "T", "page": "1"}, **HTMX)
    assert added.status_code == 400  # not a word of this lexicon: refused, and the page asked for stays
    assert _words_shown(added.content.decode()) == WORDS_250[:100]
    bulk = alice_client.post(f"{url}words/bulk/", {"text": WORDS_250[150], "page": "1"}, **HTMX)
    assert _words_shown(bulk.content.decode())[-1] == WORDS_250[150]
    assert 'aria-current="page">3</a>' in bulk.content.decode()
    assert bulk["HX-Replace-Url"] == f"{url}?page=3"  # the address follows: a reload shows the same words
    assert changed["HX-Replace-Url"] == f"{url}?page=2" and added["HX-Replace-Url"] == url


def test_the_page_s_words_are_read_in_a_bounded_number_of_queries(alice_client, long_list,
                                                                   django_assert_max_num_queries):
    url = f"/training/lists/{long_list.pk}/"
    alice_client.get(url)
    with django_assert_max_num_queries(11):  # as measured; the same for 250 words or 25,000: no query per row
        assert alice_client.get(url, {"page": 2}).status_code == 200


def test_a_long_shared_list_shows_its_words_100_at_a_time(alice_client, long_list, bob):
    from django.test import Client

    token = services.share_list(long_list)
    url = f"/training/shared/{token}/"
    reader = Client()
    reader.force_login(bob)
    first = reader.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    rows = re.findall(r'<tr>\s*<td class="word">', first)
    assert len(rows) == 100  # a page of words, not 250
    assert "(250)" in first and "250 mots" in first  # the whole list is counted, not the page
    nav = re.search(r'<nav class="pager" aria-label="Pages">.*?</nav>', first, re.DOTALL).group(0)
    assert f'<a href="{url}?page=1#shared-words-section" aria-current="page">1</a>' in nav and "Page 1 sur 3" in nav
    third = reader.get(url, {"page": 3}).content.decode()
    assert len(re.findall(r"<tr>\s*<td class=\"word\">", third)) == 50
