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
