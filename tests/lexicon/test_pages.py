"""Lexicon pages: lookups for everyone (htmx partials and full pages), curation for staff only."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from engine.gaddag import build_gaddag
from lexicon.models import Definition, LexiconEvent, LexiconVersion
from lexicon.selectors import gaddag_for
from tests.lexicon.conftest import FRENCH_WORDS

pytestmark = pytest.mark.django_db


def page(lexicon, tail: str = "") -> str:
    return f"/lexicons/{lexicon.pk}/{tail}"


def test_index_lists_lexicons_for_everyone(client, lexicon):
    response = client.get("/lexicons/")
    assert response.status_code == 200 and "mini" in response.content.decode()
    assert "Curate" not in response.content.decode() and "Organiser" not in response.content.decode()


def test_lookup_full_page_and_htmx_partial(client, lexicon):
    reference = build_gaddag(sorted(FRENCH_WORDS), "fr")
    full = client.get(page(lexicon), {"tool": "anagrams", "letters": "ENIER"})
    assert full.status_code == 200 and "<html" in full.content.decode()
    for word in reference.anagrams("ENIER"):
        assert f"<li>{word}</li>" in full.content.decode()
    partial = client.get(page(lexicon), {"tool": "anagrams", "letters": "CHATS", "min_length": "4"},
                         HTTP_HX_REQUEST="true")
    body = partial.content.decode()
    assert "<html" not in body
    assert [w for w in reference.anagrams("CHATS", 4) if f"<li>{w}</li>" in body] == reference.anagrams("CHATS", 4)


@pytest.mark.parametrize(("params", "expected"), [
    ({"tool": "check", "words": "chat zebre"}, ["CHAT", "ZEBRE"]),
    ({"tool": "pattern", "q": ".HAT."}, ["CHATS"]),
    ({"tool": "hooks", "word": "chien"}, ["CHIEN"]),
    ({"tool": "new"}, ["CHAT", "LOUP"]),
])
def test_other_tools(client, lexicon, params, expected):
    body = client.get(page(lexicon), params, HTTP_HX_REQUEST="true").content.decode()
    for text in expected:
        assert text in body


def test_lookup_errors_are_shown_not_raised(client, lexicon):
    body = client.get(page(lexicon), {"tool": "anagrams", "letters": "???"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'role="alert"' in body
    body = client.get(page(lexicon), {"tool": "pattern", "q": "A#"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'role="alert"' in body


def test_unknown_lexicon_page_is_404(client, lexicon):
    assert client.get(f"/lexicons/{lexicon.pk + 5}/").status_code == 404


@pytest.mark.parametrize("tail", ["curate/", "audit/", "versions/1/"])
def test_curation_pages_are_staff_only(client, learner, lexicon, tail):
    response = client.get(page(lexicon, tail))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(learner)
    assert client.get(page(lexicon, tail)).status_code == 403


@pytest.mark.parametrize("tail", ["curate/upload/", "curate/words/", "curate/definition/",
                                  "curate/definitions/import/", "versions/1/publish/", "versions/1/discard/"])
def test_learners_cannot_post_curation(client, learner, lexicon, tail):
    client.force_login(learner)
    assert client.post(page(lexicon, tail), {"add": "louve", "reason": "x", "word": "chat", "text": "x"}).status_code == 403
    assert LexiconVersion.objects.count() == 1 and not Definition.objects.exists()


def test_upload_page_flow_diff_and_publish(client, staff, lexicon):
    client.force_login(staff)
    assert client.get(page(lexicon, "curate/")).status_code == 200
    text = "\n".join(sorted(set(FRENCH_WORDS) - {"ANE"} | {"LOUVE"})).encode()
    unsaid = client.post(page(lexicon, "curate/upload/"), {"file": SimpleUploadedFile("v2.txt", text), "note": "ODS"})
    assert unsaid.status_code == 400 and "replaces the whole list" in unsaid.content.decode()  # say which
    response = client.post(page(lexicon, "curate/upload/"), {"file": SimpleUploadedFile("v2.txt", text), "note": "ODS",
                                                             "mode": "replace"})
    assert response.status_code == 302 and response["Location"] == page(lexicon, "versions/2/")
    body = client.get(response["Location"]).content.decode()
    assert "LOUVE" in body and "ANE" in body and 'id="publish-button"' in body
    assert "This draft removes 1 word from the serving list." in body
    refused = client.post(page(lexicon, "versions/2/publish/"), HTTP_HX_REQUEST="true")
    html = refused.content.decode()
    assert refused.status_code == 409 and 'id="confirm-publish"' in html and "would remove 1 of the 16 words" in html
    assert '<p id="publish-confirm-message" tabindex="-1" autofocus>' in html  # the focus goes to the question
    assert LexiconVersion.objects.get(number=2).state == "draft"
    started = client.post(page(lexicon, "versions/2/publish/"), {"confirm": "on"}, HTTP_HX_REQUEST="true")
    assert started.status_code == 200 and "task-progress" in started.content.decode()
    # the page's publish button and discard go while it compiles (htmx deletes them out of band)
    assert '<form id="publish-form" hx-swap-oob="delete">' in started.content.decode()
    assert '<details id="discard" hx-swap-oob="delete">' in started.content.decode()
    # ... and the focus, on the pressed button, moves to the line that says it compiles (htmx's autofocus)
    assert '<p id="publish-status" tabindex="-1" autofocus>' in started.content.decode()
    assert gaddag_for(lexicon).contains("LOUVE")
    state = client.get(page(lexicon, "versions/2/state/")).content.decode()
    assert "state--published" in state and "autofocus" not in state  # a plain read takes no focus
    done = client.get(page(lexicon, "versions/2/state/"), HTTP_HX_REQUEST="true").content.decode()
    assert 'id="published-message" tabindex="-1" autofocus' in done  # then to the message that it is done
    assert "autofocus" not in client.get(page(lexicon, "versions/2/")).content.decode()  # never on a page load


def test_rollback_page_asks_a_reason_and_the_history_shows_it(client, staff, lexicon):
    client.force_login(staff)
    client.post(page(lexicon, "curate/upload/"), {"file": SimpleUploadedFile("v2.txt", b"louve\n"), "mode": "add"})
    client.post(page(lexicon, "versions/2/publish/"))
    form = client.get(page(lexicon, "versions/1/")).content.decode()
    assert 'name="reason"' in form and "required" in form[form.index('name="reason"'):][:200]
    refused = client.post(page(lexicon, "versions/1/publish/"), {"reason": " "}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and "reason is required" in refused.content.decode()
    assert 'role="alert" tabindex="-1" autofocus' in refused.content.decode()  # the focus goes to the reason
    asked = client.post(page(lexicon, "versions/1/publish/"), {"reason": "LOUVE is for next year"})  # no htmx
    html = asked.content.decode()
    assert asked.status_code == 409 and "<!DOCTYPE html>" in html and 'id="confirm-publish"' in html
    assert 'name="reason" value="LOUVE is for next year"' in html  # the confirmation keeps the reason
    client.post(page(lexicon, "versions/1/publish/"), {"reason": "LOUVE is for next year", "confirm": "on"})
    lexicon.refresh_from_db()
    assert lexicon.current_version.number == 1
    history = client.get(page(lexicon, "versions/1/")).content.decode()
    assert "LOUVE is for next year" in history
    assert "LOUVE is for next year" in client.get(page(lexicon, "audit/")).content.decode()


def test_a_draft_is_discarded_from_its_page(client, staff, lexicon):
    client.force_login(staff)
    client.post(page(lexicon, "curate/upload/"), {"file": SimpleUploadedFile("v2.txt", b"louve\n"), "mode": "add"})
    body = client.get(page(lexicon, "versions/2/")).content.decode()
    assert '<details class="discard"' in body and 'id="discard-button"' in body
    response = client.post(page(lexicon, "versions/2/discard/"))
    assert response.status_code == 302 and response["Location"] == page(lexicon, "curate/")
    assert not LexiconVersion.objects.filter(number=2).exists()
    assert "Draft version 2 discarded." in client.get(response["Location"]).content.decode()
    assert 'id="discard-button"' not in client.get(page(lexicon, "versions/1/")).content.decode()
    refused = client.post(page(lexicon, "versions/1/discard/"))
    assert refused.status_code == 302 and LexiconVersion.objects.count() == 1


def test_upload_page_shows_line_errors(client, staff, lexicon):
    client.force_login(staff)
    bad = SimpleUploadedFile("bad.txt", b"chat\nx-y\n")
    response = client.post(page(lexicon, "curate/upload/"), {"file": bad, "mode": "add"})
    assert response.status_code == 400 and "line 2: &#x27;x-y&#x27;" in response.content.decode()
    assert LexiconVersion.objects.count() == 1


def test_word_edit_page_requires_a_reason_and_records_it(client, staff, lexicon):
    client.force_login(staff)
    response = client.post(page(lexicon, "curate/words/"), {"add": "louve zebre", "remove": "", "reason": ""})
    assert response.status_code == 400 and LexiconVersion.objects.count() == 1
    response = client.post(page(lexicon, "curate/words/"), {"add": "louve, zebre", "remove": "ane", "reason": "ODS 9"})
    assert response.status_code == 302
    assert set(LexiconEvent.objects.filter(reason="ODS 9").values_list("word", flat=True)) == {"LOUVE", "ZEBRE", "ANE"}
    audit = client.get(page(lexicon, "audit/")).content.decode()
    assert "ZEBRE" in audit and "ODS 9" in audit and "curator" in audit


def test_definition_pages(client, staff, lexicon):
    client.force_login(staff)
    assert client.post(page(lexicon, "curate/definition/"), {"word": "chat", "text": "Félin"}).status_code == 302
    assert Definition.objects.get(word="CHAT").text == "Félin"
    assert client.post(page(lexicon, "curate/definition/"), {"word": "zebre", "text": "x"}).status_code == 400
    file = SimpleUploadedFile("d.txt", b"loup\tCanide\nnope\n")
    response = client.post(page(lexicon, "curate/definitions/import/"), {"file": file})
    assert response.status_code == 400 and "line 2" in response.content.decode()


def test_pages_are_french_by_default(client, staff, lexicon, settings):
    settings.LANGUAGE_CODE = "fr"
    from django.utils import translation

    with translation.override("fr"):
        body = client.get(page(lexicon), {"tool": "anagrams", "letters": "???"}).content.decode()
        assert "Anagrammes" in body and "jokers au plus" in body
        client.force_login(staff)
        response = client.post(page(lexicon, "curate/words/"), {"add": "chat", "remove": "zzz", "reason": "x"})
        assert "déjà dans le lexique\u00a0: CHAT\u00a0; absent du lexique\u00a0: ZZZ." in response.content.decode()
        curate = client.get(page(lexicon, "curate/")).content.decode()
        assert ">Envoyer la liste</button>" in curate  # the upload button says what it does, as a verb
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"  # the language switcher's choice
        english = client.get(page(lexicon, "curate/")).content.decode()
        assert "Upload a new version" in english


def test_upload_page_refuses_a_file_too_large(client, staff, lexicon, settings):
    settings.LEXICON_UPLOAD_MAX_BYTES = 10
    client.force_login(staff)
    response = client.post(page(lexicon, "curate/upload/"), {"file": SimpleUploadedFile("big.txt", b"chat\nchien\nloup\n")})
    assert response.status_code == 400
    assert "larger than the limit" in response.content.decode()  # discarded while arriving (lexicon.uploads)
    assert LexiconVersion.objects.count() == 1
    response = client.post(page(lexicon, "curate/definitions/import/"),
                           {"file": SimpleUploadedFile("defs.txt", b"chat\tFelin domestique\n")})
    assert response.status_code == 400 and "larger than the limit" in response.content.decode()
    assert not Definition.objects.exists()


def test_upload_pages_keep_csrf_protection(staff, lexicon):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(staff)
    text = "\n".join(sorted(set(FRENCH_WORDS) | {"LOUVE"})).encode()
    response = client.post(page(lexicon, "curate/upload/"), {"file": SimpleUploadedFile("v2.txt", text)})
    assert response.status_code == 403 and LexiconVersion.objects.count() == 1


def test_check_shows_definitions(client, staff, lexicon):
    from lexicon.services import set_definition

    set_definition(lexicon, "chat", "Petit félin", user=staff)
    body = client.get(page(lexicon), {"tool": "check", "words": "chat loup"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Petit félin" in body
    full = client.get(page(lexicon), {"tool": "check", "words": "chat"}).content.decode()
    assert "Petit félin" in full


def test_version_history_is_paginated(client, staff, lexicon):
    from lexicon.services import edit_words, publish_version

    for i in range(26):  # 27 versions in all: two pages of 25
        draft = edit_words(lexicon, add=[f"MOT{chr(65 + i)}"], reason="history", user=staff)
        publish_version(draft, user=staff)
    client.force_login(staff)
    first = client.get(page(lexicon, "curate/")).content.decode()
    assert ">v27</a>" in first and ">v3</a>" in first and ">v2</a>" not in first
    second = client.get(page(lexicon, "curate/"), {"page": 2}).content.decode()
    assert ">v2</a>" in second and ">v1</a>" in second and ">v27</a>" not in second


@pytest.mark.parametrize(("language", "count", "words"), [("fr", "420\u202f440", "mots"), ("en", "420,440", "words")])
def test_word_counts_are_grouped_by_thousands_in_the_readers_language(client, staff, lexicon, settings, language,
                                                                       count, words):
    """A French reader sees 420 440 (a narrow no-break space between the groups), an English one 420,440: on
    the lexicons page, the curation page (its sentence and its versions table) and a version's page."""
    from lexicon.models import Lexicon

    Lexicon.objects.filter(pk=lexicon.pk).update(word_count=420440)
    LexiconVersion.objects.filter(pk=lexicon.current_version_id).update(word_count=420440, added_count=12345)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(staff)
    index = client.get("/lexicons/").content.decode()
    assert f"{count} {words}" in index
    curate = client.get(page(lexicon, "curate/")).content.decode()
    assert f"{count} {words}." in curate and f"<td>{count}</td>" in curate
    assert ("+12\u202f345" if language == "fr" else "+12,345") in curate
    version = client.get(page(lexicon, f"versions/{lexicon.current_version.number}/")).content.decode()
    assert f"{count} {words}" in version
