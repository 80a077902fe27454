"""The training REST API: the issue's paths and JSON keys, token auth, owners only (404), bad input (400)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.support import api_for
from training.grids.models import Answer
from training.lists.models import RevisionEntry, RevisionList

pytestmark = pytest.mark.django_db


def test_register_token_and_token_auth_flow(small_lexicon):
    anonymous = APIClient()
    assert anonymous.get("/api/lists/").status_code in (401, 403)
    created = anonymous.post("/api/auth/register/", {"username": "zoe", "password": "long-pass-4567"}, format="json")
    assert created.status_code == 201
    token = anonymous.post("/api/auth/token/", {"username": "zoe", "password": "long-pass-4567"}, format="json")
    assert token.status_code == 200 and token.json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    assert client.get("/api/lexicons/").json()[0]["name"] == "small"
    made = client.post("/api/lists/", {"name": "Mes 7+1", "lexicon": small_lexicon.pk}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["name"] == "Mes 7+1" and made.json()["published"] is False
    assert [x["name"] for x in client.get("/api/lists/").json()] == ["Mes 7+1"]


def test_messages_are_french_by_default_and_english_on_request(alice, baccarat_list):
    url = f"/api/lists/{baccarat_list.pk}/words/"
    french = api_for(alice).post(url, {"word": "ZOZOTER"}, format="json").json()["detail"]
    assert french == "ZOZOTER n’est pas dans le lexique small."
    client = api_for(alice)
    client.cookies["django_language"] = "en"
    assert client.post(url, {"word": "ZOZOTER"}, format="json").json()["detail"] == "ZOZOTER is not in the lexicon small."


def test_list_crud(alice, small_lexicon):
    client = api_for(alice)
    list_id = client.post("/api/lists/", {"name": "L", "lexicon": small_lexicon.pk}, format="json").json()["id"]
    detail = client.get(f"/api/lists/{list_id}/").json()
    assert detail["entries"] == [] and detail["lexicon_name"] == "small"
    patched = client.patch(f"/api/lists/{list_id}/", {"name": "L2", "description": "d"}, format="json")
    assert patched.status_code == 200 and (patched.json()["name"], patched.json()["description"]) == ("L2", "d")
    assert client.patch(f"/api/lists/{list_id}/", {"name": "  "}, format="json").status_code == 400
    assert client.delete(f"/api/lists/{list_id}/").status_code == 204
    assert client.get(f"/api/lists/{list_id}/").status_code == 404


def test_create_list_bad_input(alice, small_lexicon):
    client = api_for(alice)
    assert client.post("/api/lists/", {"name": "x", "lexicon": 9999}, format="json").status_code == 400
    assert client.post("/api/lists/", {"lexicon": small_lexicon.pk}, format="json").status_code == 400
    refused = client.post("/api/lists/", {"name": "x", "lexicon": small_lexicon.pk, "published": True}, format="json")
    assert refused.status_code == 403 and refused.json()["detail"]
    assert not RevisionList.objects.exists()


def test_only_staff_publish_and_learners_copy(alice, staff, small_lexicon):
    editor = api_for(staff)
    shared = editor.post("/api/lists/", {"name": "7+1 de la semaine", "lexicon": small_lexicon.pk, "published": True},
                         format="json").json()
    editor.post(f"/api/lists/{shared['id']}/words/", {"word": "BACCARAT", "support": "T"}, format="json")
    learner = api_for(alice)
    assert learner.get(f"/api/lists/{shared['id']}/").status_code == 404  # not hers to edit
    assert [x["id"] for x in learner.get("/api/lists/published/").json()] == [shared["id"]]
    assert learner.get(f"/api/lists/published/{shared['id']}/").json()["entries"][0]["word"] == "BACCARAT"
    copy = learner.post(f"/api/lists/published/{shared['id']}/copy/")
    assert copy.status_code == 201 and copy.json()["copied_from"] == shared["id"]
    own = learner.get(f"/api/lists/{copy.json()['id']}/").json()
    assert [(e["word"], e["support_letter"]) for e in own["entries"]] == [("BACCARAT", "T")]
    assert learner.patch(f"/api/lists/{own['id']}/", {"published": True}, format="json").status_code == 403
    assert learner.post(f"/api/lists/published/{own['id']}/copy/").status_code == 404  # not published


def test_add_word_201_and_400_naming_the_word(alice, baccarat_list):
    client = api_for(alice)
    url = f"/api/lists/{baccarat_list.pk}/words/"
    ok = client.post(url, {"word": "privatif", "support": 5}, format="json")
    assert ok.status_code == 201
    # Positions typed by people count from 1: PRIVATIF 5 is its 5th letter, the A (stored 0-based).
    assert {k: ok.json()[k] for k in ("word", "support_index", "support_position", "support_letter", "rack",
                                      "in_lexicon")} == {
        "word": "PRIVATIF", "support_index": 4, "support_position": 5, "support_letter": "A", "rack": "FIIPRTV",
        "in_lexicon": True}
    best = client.post(url, {"word": "RETINES"}, format="json")
    assert best.status_code == 201
    for body, code in [({"word": "ZOZOTER"}, "not_in_lexicon"), ({"word": "BACCARAS", "support": "Q"}, "bad_support"),
                       ({"word": "BAC4"}, "bad_letters"), ({"word": ""}, "empty"),
                       ({"word": "BACCARAT", "support": "A"}, "duplicate"), ({"word": "DATAIS", "support": 7}, "bad_support"),
                       ({"word": "DATAIS", "support": 0}, "bad_support")]:
        response = client.post(url, body, format="json")
        assert response.status_code == 400, body
        assert response.json()["code"] == code and body["word"].upper() in response.json()["detail"]
    assert client.post(url, {}, format="json").status_code == 400
    assert RevisionEntry.objects.filter(revision_list=baccarat_list).count() == 3


def test_bulk_supports_and_entry_edit(alice, baccarat_list):
    client = api_for(alice)
    bulk = client.post(f"/api/lists/{baccarat_list.pk}/words/bulk/", {"text": "PRIVATIF 5\nNOPE\nDATAIS:T\nBACCARAT"},
                       format="json").json()
    assert [e["word"] for e in bulk["added"]] == ["PRIVATIF", "DATAIS"]
    assert [r["word"] for r in bulk["refused"]] == ["NOPE"] and "NOPE" in bulk["refused"][0]["reason"]
    assert bulk["duplicates"] == ["BACCARAT"] and bulk["remaining_text"] == "NOPE"
    supports = client.get(f"/api/lists/{baccarat_list.pk}/supports/", {"word": "aretines"}).json()
    assert supports["word"] == "ARETINES" and supports["options"][0]["letter"] == "I"
    assert all(o["position"] == o["index"] + 1 for o in supports["options"])
    assert client.get(f"/api/lists/{baccarat_list.pk}/supports/", {"word": "XYZ"}).status_code == 400
    entry = baccarat_list.entries.get(word="DATAIS")
    url = f"/api/lists/{baccarat_list.pk}/words/{entry.pk}/"
    assert client.patch(url, {"support": "S"}, format="json").json()["support_index"] == 5
    moved = client.patch(url, {"support": 2}, format="json").json()  # the 2nd letter, counted from 1
    assert (moved["support_letter"], moved["support_index"], moved["support_position"]) == ("A", 1, 2)
    # A support the word lacks is well-formed (the schema cannot know the word): 422, nothing changes.
    refused = client.patch(url, {"support": "Q"}, format="json")
    assert refused.status_code == 422 and refused.json()["code"] == "bad_support"
    assert client.patch(url, {"support": 9}, format="json").status_code == 422
    assert client.patch(url, {"support": ["A"]}, format="json").status_code == 422  # the shape: refused too
    unchanged = client.patch(url, {}, format="json")  # PATCH changes what it is sent: nothing here
    assert unchanged.status_code == 200 and unchanged.json()["support_index"] == 1
    assert client.delete(url).status_code == 204
    assert not RevisionEntry.objects.filter(pk=entry.pk).exists()


def test_other_users_get_404_everywhere(alice, bob, baccarat_list, situation):
    client = api_for(bob)
    entry = baccarat_list.entries.get()
    grid = situation.grid
    for method, url, body in [
        ("get", f"/api/lists/{baccarat_list.pk}/", None),
        ("patch", f"/api/lists/{baccarat_list.pk}/", {"name": "pwned"}),
        ("delete", f"/api/lists/{baccarat_list.pk}/", None),
        ("get", f"/api/lists/{baccarat_list.pk}/words/", None),
        ("post", f"/api/lists/{baccarat_list.pk}/words/", {"word": "DATAIS"}),
        ("post", f"/api/lists/{baccarat_list.pk}/words/bulk/", {"text": "DATAIS"}),
        ("patch", f"/api/lists/{baccarat_list.pk}/words/{entry.pk}/", {"support": "A"}),
        ("delete", f"/api/lists/{baccarat_list.pk}/words/{entry.pk}/", None),
        ("get", f"/api/lists/{baccarat_list.pk}/supports/?word=DATAIS", None),
        ("get", f"/api/lists/{baccarat_list.pk}/grids/", None),
        ("post", f"/api/lists/{baccarat_list.pk}/grids/", {}),
        ("get", f"/api/grids/{grid.pk}/", None),
        ("get", f"/api/situations/{situation.pk}/", None),
        ("post", f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT"}),
        ("post", f"/api/lists/published/{baccarat_list.pk}/copy/", None),
    ]:
        response = getattr(client, method)(url, body, format="json") if body is not None else getattr(client, method)(url)
        assert response.status_code == 404, (method, url, response.status_code)
    assert client.get("/api/lists/").json() == [] and client.get("/api/grids/").json() == []
    assert client.get("/api/reviews/due/").json() == [] and client.get("/api/progress/").json()["cards"] == 0
    baccarat_list.refresh_from_db()
    assert baccarat_list.name == "Alice" and baccarat_list.entries.count() == 1 and not Answer.objects.exists()


def test_every_training_endpoint_is_in_the_schema(alice):
    schema = api_for(alice).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ["/api/lists/", "/api/lists/{list_id}/", "/api/lists/{list_id}/words/", "/api/lists/{list_id}/grids/",
                 "/api/grids/{grid_id}/", "/api/situations/{situation_id}/", "/api/situations/{situation_id}/answer/",
                 "/api/progress/", "/api/reviews/due/", "/api/lists/published/", "/api/reviews/due/grids/"]:
        assert path in schema["paths"], path


def test_schema_says_support_positions_count_from_1(alice):
    schema = api_for(alice).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/lists/{list_id}/words/"]["post"]
    text = " ".join(str(operation.get(key, "")) for key in ("summary", "description"))
    assert "counted from 1" in text and "0-based" not in text, text
