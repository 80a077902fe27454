"""Lexicon REST API: lookups equal the engine's answers; curation is staff-only; errors are clear."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from engine.gaddag import build_gaddag
from lexicon.models import LexiconVersion
from tests.lexicon.conftest import FRENCH_WORDS

pytestmark = pytest.mark.django_db


@pytest.fixture
def reference():
    return build_gaddag(sorted(FRENCH_WORDS), "fr")


@pytest.fixture
def anonymous():
    return APIClient()


@pytest.fixture
def staff_client(staff):
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=staff)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def learner_client(learner):
    client = APIClient()
    client.force_authenticate(learner)
    return client


def url(lexicon, tail: str) -> str:
    return f"/api/lexicons/{lexicon.pk}/{tail}"


def test_list_keeps_its_shape_and_gives_the_serving_version(anonymous, lexicon):
    body = anonymous.get("/api/lexicons/").json()
    assert body[0]["name"] == "mini" and body[0]["current_version"] == 1
    assert set(body[0]) == {"id", "name", "language", "word_count", "content_hash", "imported_at", "current_version"}


def test_check(anonymous, lexicon):
    body = anonymous.get(url(lexicon, "check/"), {"words": "chat,Chiens,zebre,3D"}).json()
    assert body["version"] == 1 and body["all_valid"] is False
    assert [(r["text"], r["word"], r["valid"]) for r in body["results"]] == [
        ("chat", "CHAT", True), ("Chiens", "CHIENS", True), ("zebre", "ZEBRE", False), ("3D", "", False)]
    assert body["results"][3]["error"]
    assert anonymous.get(url(lexicon, "check/"), {"words": ""}).status_code == 400
    assert anonymous.get(url(lexicon, "check/"), {"words": ",".join(["chat"] * 101)}).status_code == 400


@pytest.mark.parametrize(("letters", "min_length"), [("ENIER", None), ("ESNIE?", None), ("CHATS", 3), ("??", None),
                                                     ("ECIERS", 2)])
def test_anagrams_equal_the_engine(anonymous, lexicon, reference, letters, min_length):
    params = {"letters": letters} | ({"min_length": min_length} if min_length else {})
    body = anonymous.get(url(lexicon, "anagrams/"), params).json()
    assert body["words"] == reference.anagrams(letters, min_length)
    assert body["count"] == len(body["words"]) and body["truncated"] is False


@pytest.mark.parametrize(("params", "message"), [
    ({"letters": ""}, "letters of the rack"),
    ({"letters": "A1"}, "Not a rack"),
    ({"letters": "???"}, "At most 2 blanks"),
    ({"letters": "A" * 16}, "At most 15 letters"),
    ({"letters": "ABC", "min_length": "x"}, "whole number"),
    ({"letters": "ABC", "min_length": "0"}, "between 1 and the number of letters (3)"),
    ({"letters": "A?", "min_length": "3"}, "between 1 and the number of letters (2)"),
])
def test_anagram_errors(anonymous, lexicon, params, message):
    response = anonymous.get(url(lexicon, "anagrams/"), params)
    assert response.status_code == 400 and message in response.json()["detail"]


@pytest.mark.parametrize(("q", "rack"), [(".HAT.", None), ("....", None), ("C.I..", None), ("....", "ELNR?")])
def test_pattern_equals_the_engine(anonymous, lexicon, reference, q, rack):
    params = {"q": q} | ({"rack": rack} if rack else {})
    body = anonymous.get(url(lexicon, "pattern/"), params).json()
    assert body["words"] == reference.pattern(q, rack)


def test_pattern_errors(anonymous, lexicon):
    assert anonymous.get(url(lexicon, "pattern/"), {"q": ""}).status_code == 400
    response = anonymous.get(url(lexicon, "pattern/"), {"q": "A#B"})
    assert response.status_code == 400 and "Not a pattern" in response.json()["detail"]


@pytest.mark.parametrize("word", ["CHAT", "chien", "ANE", "RIEN", "HAT"])
def test_hooks_equal_the_engine(anonymous, lexicon, reference, word):
    body = anonymous.get(url(lexicon, "hooks/"), {"word": word}).json()
    assert (body["front"], body["back"]) == (reference.front_hooks(word), reference.back_hooks(word))
    assert body["valid"] == reference.contains(word)


def test_hooks_bad_word(anonymous, lexicon):
    assert anonymous.get(url(lexicon, "hooks/"), {"word": "a-b"}).status_code == 400


def test_unknown_lexicon_is_404(anonymous, lexicon):
    assert anonymous.get(f"/api/lexicons/{lexicon.pk + 99}/check/", {"words": "chat"}).status_code == 404


# -- curation -------------------------------------------------------------------------------------------------


def upload(client, lexicon, text: str | bytes, **extra):
    data = text.encode() if isinstance(text, str) else text
    return client.post(url(lexicon, "versions/"), {"file": SimpleUploadedFile("l.txt", data), **extra},
                       format="multipart")


def test_upload_diff_publish_new_and_rollback_through_the_api(staff_client, anonymous, lexicon):
    text = "\n".join(sorted(set(FRENCH_WORDS) - {"ANE"} | {"LOUVE"}))
    response = upload(staff_client, lexicon, text, note="ODS")
    assert response.status_code == 201, response.json()
    assert response.json()["version"]["number"] == 2 and response.json()["version"]["state"] == "draft"
    diff = staff_client.get(url(lexicon, "versions/2/diff/")).json()
    assert (diff["base"], diff["added"], diff["removed"], diff["added_count"]) == (1, ["LOUVE"], ["ANE"], 1)
    refused = staff_client.post(url(lexicon, "versions/2/publish/"))  # ANE is 1 of 16 words: over 1 %
    assert refused.status_code == 409
    body = refused.json()
    assert (body["added"], body["removed"], body["serving_words"]) == (1, 1, 16) and body["removed_share"] == 0.0625
    assert "confirm" in body["detail"] and LexiconVersion.objects.get(number=2).state == "draft"
    response = staff_client.post(url(lexicon, "versions/2/publish/"), {"confirm": True}, format="json")
    assert response.status_code == 202
    task = staff_client.get(response.json()["status_url"]).json()
    assert task["state"] == "done" and task["result"]["version"] == 2
    assert anonymous.get(url(lexicon, "check/"), {"words": "louve"}).json()["all_valid"] is True
    new = anonymous.get(url(lexicon, "new/")).json()
    assert (new["version"], new["based_on"], new["words"]) == (2, 1, ["LOUVE"])
    no_reason = staff_client.post(url(lexicon, "versions/1/publish/"), {"confirm": True}, format="json")
    print("DBG", no_reason["Content-Language"], no_reason.json(), refused["Content-Language"], body["detail"])
    assert no_reason.status_code == 400 and "reason is required" in no_reason.json()["detail"]
    rollback = staff_client.post(url(lexicon, "versions/1/publish/"), {"confirm": True, "reason": "LOUVE too soon"},
                                 format="json")
    assert rollback.status_code == 202
    assert anonymous.get(url(lexicon, "check/"), {"words": "louve"}).json()["all_valid"] is False
    events = staff_client.get(url(lexicon, "audit/")).json()
    events = events["results"] if isinstance(events, dict) else events
    assert any(e["action"] == "rollback" and e["reason"] == "LOUVE too soon" for e in events)
    numbers = [(v["number"], v["state"], v["serving"]) for v in staff_client.get(url(lexicon, "versions/")).json()]
    assert numbers == [(2, "superseded", False), (1, "published", True)]


def test_upload_errors_list_lines(staff_client, lexicon):
    response = upload(staff_client, lexicon, b"chat\nx-y\n" + "\xe9t\xe9\n".encode("latin-1"))
    assert response.status_code == 400
    body = response.json()
    assert [p["line"] for p in body["problems"]] == [2, 3] and "nothing was saved" in body["detail"]
    assert LexiconVersion.objects.count() == 1


def test_upload_too_large_is_413(staff_client, lexicon, settings):
    settings.LEXICON_UPLOAD_MAX_BYTES = 8
    response = upload(staff_client, lexicon, "chat\nchien\nloup\n")
    assert response.status_code == 413 and "too large" in response.json()["detail"]
    assert LexiconVersion.objects.count() == 1
    file = SimpleUploadedFile("d.txt", "chat\tFélin\n".encode())
    response = staff_client.post(url(lexicon, "definitions/import/"), {"file": file}, format="multipart")
    assert response.status_code == 413


def test_a_large_upload_is_refused_with_nothing_saved(staff_client, lexicon, settings):
    settings.LEXICON_UPLOAD_MAX_BYTES = 1024
    big = ("chat\n" * 20_000).encode()  # 100 kB > 1 kB + 64 kB slack
    response = upload(staff_client, lexicon, big)
    assert response.status_code == 413 and LexiconVersion.objects.count() == 1


def test_upload_mode_add_keeps_the_list(staff_client, lexicon):
    response = upload(staff_client, lexicon, "louve\nzebre\n", mode="add")
    assert response.status_code == 201
    version = response.json()["version"]
    assert (version["added_count"], version["removed_count"]) == (2, 0)
    assert upload(staff_client, lexicon, "louve\n", mode="merge").status_code == 400


def test_a_draft_is_discarded_with_delete(staff_client, anonymous, learner, lexicon):
    upload(staff_client, lexicon, "louve\n", mode="add")
    assert staff_client.delete(url(lexicon, "versions/1/")).status_code == 400  # the serving version
    learner_client = APIClient()
    learner_client.force_authenticate(learner)
    assert learner_client.delete(url(lexicon, "versions/2/")).status_code == 403
    response = staff_client.delete(url(lexicon, "versions/2/"))
    assert response.status_code == 204 and not LexiconVersion.objects.filter(number=2).exists()
    assert staff_client.delete(url(lexicon, "versions/2/")).status_code == 404
    events = staff_client.get(url(lexicon, "audit/")).json()
    events = events["results"] if isinstance(events, dict) else events
    assert events[0]["action"] == "discard"


def test_publish_errors(staff_client, lexicon):
    assert staff_client.post(url(lexicon, "versions/1/publish/")).status_code == 400
    assert staff_client.post(url(lexicon, "versions/7/publish/")).status_code == 404


def test_word_edits_and_audit(staff_client, lexicon):
    response = staff_client.post(url(lexicon, "words/"), {"add": ["louve"], "remove": ["ane"], "reason": "ODS 9"},
                                 format="json")
    assert response.status_code == 200 and response.json()["state"] == "draft"
    assert response.json()["added_count"] == 1 and response.json()["removed_count"] == 1
    bad = staff_client.post(url(lexicon, "words/"), {"add": ["chat"], "reason": "x"}, format="json")
    assert bad.status_code == 400 and "already in the lexicon" in bad.json()["detail"]
    no_reason = staff_client.post(url(lexicon, "words/"), {"add": ["zebre"]}, format="json")
    assert no_reason.status_code == 400
    audit = staff_client.get(url(lexicon, "audit/")).json()
    assert {(e["action"], e["word"], e["reason"], e["actor"]) for e in audit[:2]} == {
        ("add_word", "LOUVE", "ODS 9", "curator"), ("remove_word", "ANE", "ODS 9", "curator")}


def test_definitions_api(staff_client, anonymous, lexicon):
    response = staff_client.put(url(lexicon, "definitions/chat/"), {"text": "Félin"}, format="json")
    assert response.status_code == 200 and response.json()["word"] == "CHAT"
    file = SimpleUploadedFile("d.txt", "loup\tCanidé\n".encode())
    response = staff_client.post(url(lexicon, "definitions/import/"), {"file": file}, format="multipart")
    assert response.json()["created"] == 1
    body = anonymous.get(url(lexicon, "definitions/"), {"words": "CHAT,LOUP,CHIEN"}).json()
    assert body == [{"word": "CHAT", "text": "Félin"}, {"word": "LOUP", "text": "Canidé"}]
    assert staff_client.delete(url(lexicon, "definitions/chat/")).status_code == 204
    assert staff_client.put(url(lexicon, "definitions/zebre/"), {"text": "x"}, format="json").status_code == 400
    bad = SimpleUploadedFile("d.txt", b"loup Canide\n")
    response = staff_client.post(url(lexicon, "definitions/import/"), {"file": bad}, format="multipart")
    assert response.status_code == 400 and response.json()["problems"][0]["line"] == 1


@pytest.mark.parametrize(("method", "tail", "data"), [
    ("get", "versions/", None),
    ("post", "versions/", {"file": "x"}),
    ("get", "versions/1/", None),
    ("get", "versions/1/diff/", None),
    ("post", "versions/1/publish/", None),
    ("post", "words/", {"add": ["louve"], "reason": "x"}),
    ("get", "audit/", None),
    ("put", "definitions/chat/", {"text": "x"}),
    ("delete", "definitions/chat/", None),
    ("post", "definitions/import/", {"file": "x"}),
])
def test_learners_and_anonymous_cannot_curate(learner_client, anonymous, lexicon, method, tail, data):
    assert getattr(learner_client, method)(url(lexicon, tail), data).status_code == 403
    assert getattr(anonymous, method)(url(lexicon, tail), data).status_code in (401, 403)
    assert LexiconVersion.objects.count() == 1


def test_every_lexicon_endpoint_is_in_the_schema(staff_client):
    schema = staff_client.get("/api/schema/", {"format": "json"}).json()
    paths = set(schema["paths"])
    for tail in ["check/", "anagrams/", "pattern/", "hooks/", "new/", "definitions/", "definitions/import/",
                 "definitions/{word}/", "versions/", "versions/{number}/", "versions/{number}/diff/",
                 "versions/{number}/publish/", "words/", "audit/"]:
        assert f"/api/lexicons/{{lexicon_id}}/{tail}" in paths, tail
