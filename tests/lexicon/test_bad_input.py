"""Curation refuses invisible characters, NUL bytes and out-of-range pages with a message, saving nothing."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from lexicon.models import Definition, LexiconEvent, LexiconVersion

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_api(staff):
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(staff)
    return api


def api_url(lexicon, tail=""):
    return f"/api/lexicons/{lexicon.pk}/{tail}"


def page(lexicon, tail=""):
    return f"/lexicons/{lexicon.pk}/{tail}"


NUL_FILE = b"chat\tFelin\nloup\tCani\x00de\n"


def test_definitions_import_with_a_nul_byte_is_refused_by_the_api(staff_api, lexicon):
    response = staff_api.post(api_url(lexicon, "definitions/import/"),
                              {"file": SimpleUploadedFile("d.txt", NUL_FILE)}, format="multipart")
    assert response.status_code == 400
    body = response.json()
    assert "nothing was saved" in body["detail"]
    assert body["problems"] == [{"line": 2, "text": "loup", "reason": "contains a control character, U+0000"}]
    assert not Definition.objects.exists()


def test_definitions_import_with_a_nul_byte_is_refused_by_the_page(client, staff, lexicon):
    client.force_login(staff)
    response = client.post(page(lexicon, "curate/definitions/import/"), {"file": SimpleUploadedFile("d.txt", NUL_FILE)})
    assert response.status_code == 400
    text = response.content.decode()
    assert "line 2" in text and "U+0000" in text
    assert not Definition.objects.exists()


@pytest.mark.parametrize("text", ["Félin\u202e", "Fé\x00lin", "Fé\x1blin"])
def test_a_definition_with_forbidden_characters_is_refused(staff_api, client, staff, lexicon, text):
    response = staff_api.put(api_url(lexicon, "definitions/chat/"), {"text": text}, format="json")
    # The field refuses the invisible characters; control characters are refused at the door, naming it.
    assert response.status_code == 400 and "text" in (response.json().get("detail") or response.json())
    client.force_login(staff)
    assert client.post(page(lexicon, "curate/definition/"), {"word": "chat", "text": text}).status_code == 400
    assert not Definition.objects.exists()


def test_the_definition_service_refuses_them_too(staff, lexicon):
    from lexicon.services import CurationError, set_definition

    with pytest.raises(CurationError, match="U\\+202E"):
        set_definition(lexicon, "chat", "Félin\u202e", user=staff)


def test_a_reason_with_a_bidi_override_is_refused(staff_api, client, staff, lexicon):
    response = staff_api.post(api_url(lexicon, "words/"), {"add": ["louve"], "reason": "ODS\u202e 9"}, format="json")
    assert response.status_code == 400 and "reason" in response.json()
    client.force_login(staff)
    response = client.post(page(lexicon, "curate/words/"), {"add": "louve", "reason": "ODS\u202e 9"})
    assert response.status_code == 400
    assert LexiconVersion.objects.count() == 1 and not LexiconEvent.objects.filter(word="LOUVE").exists()


def test_an_upload_note_with_a_control_character_is_refused(staff_api, staff, lexicon):
    from lexicon.services import CurationError, upload_version

    file = SimpleUploadedFile("w.txt", b"chat\nchien\nlouve\n")
    response = staff_api.post(api_url(lexicon, "versions/"), {"file": file, "note": "from\x1b[31m ODS"},
                              format="multipart")
    assert response.status_code == 400
    with pytest.raises(CurationError, match="The note contains a control character"):
        upload_version(lexicon, SimpleUploadedFile("w.txt", b"chat\nlouve\n"), user=staff, note="x\x07")
    assert LexiconVersion.objects.count() == 1


@pytest.mark.parametrize("value", ["9" * 25, "99999999999", "abc", "0", "-3", "1.5"])
def test_audit_and_word_pages_refuse_page_numbers_out_of_range(staff_api, lexicon, value):
    for tail in ["audit/", "new/", "versions/1/diff/"]:
        response = staff_api.get(api_url(lexicon, tail), {"page": value})
        assert response.status_code == 400, (tail, value)
        assert "page must be a whole number" in response.json()["detail"]


def test_audit_page_keeps_working_with_any_page_number(client, staff, lexicon):
    client.force_login(staff)
    for value in ["9" * 25, "abc", "-1"]:
        assert client.get(page(lexicon, "audit/"), {"page": value}).status_code == 200
    assert client.get(f"/lexicons/{'9' * 25}/audit/").status_code == 404


@pytest.mark.parametrize("value", ["abc", "1.5", ""])
def test_unbounded_query_numbers_are_refused_alike_in_every_app(staff_api, lexicon, value):
    """An id or version number in a query string (unbounded: past the data it is a 404) that is not a whole
    number is a 400 ``{"detail": reason}`` naming the parameter, whichever app's API reads it."""
    for url, name in [(api_url(lexicon, "anagrams/?letters=CHAT&min_length="), "min_length"),
                      (api_url(lexicon, "new/?version="), "version"),
                      (api_url(lexicon, "versions/1/diff/?base="), "base"),
                      ("/api/duplicate/today/?lexicon=", "lexicon"),
                      ("/api/wordstudy/due/?lexicon=", "lexicon")]:
        response = staff_api.get(url + value)
        assert response.status_code == 400, (url, value, response.content)
        body = response.json()
        assert list(body) == ["detail"] and body["detail"].startswith(name), (url, body)
        assert f"-{10**30}" in body["detail"] and f"{10**30}" in body["detail"], (url, body)
