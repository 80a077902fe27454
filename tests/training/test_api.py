"""The training REST API: the issue's paths and JSON keys, token auth, owners only (404), bad input (400)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.support import api_for
from training import services
from training.models import Answer, ReviewLog, RevisionEntry, RevisionList, Situation, TrainingGrid

from .helpers import baccarat_situation, situation_for, top_play, wrong_play

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_list(alice, small_lexicon):
    revision_list = services.create_list(alice, small_lexicon, "Alice")
    services.add_word(revision_list, "BACCARAT", "T")
    return revision_list


@pytest.fixture
def situation(alice, alice_list):
    return baccarat_situation(alice, alice_list.entries.get())


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


def test_messages_are_french_by_default_and_english_on_request(alice, alice_list):
    url = f"/api/lists/{alice_list.pk}/words/"
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


def test_add_word_201_and_400_naming_the_word(alice, alice_list):
    client = api_for(alice)
    url = f"/api/lists/{alice_list.pk}/words/"
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
    assert RevisionEntry.objects.filter(revision_list=alice_list).count() == 3


def test_bulk_supports_and_entry_edit(alice, alice_list):
    client = api_for(alice)
    bulk = client.post(f"/api/lists/{alice_list.pk}/words/bulk/", {"text": "PRIVATIF 5\nNOPE\nDATAIS:T\nBACCARAT"},
                       format="json").json()
    assert [e["word"] for e in bulk["added"]] == ["PRIVATIF", "DATAIS"]
    assert [r["word"] for r in bulk["refused"]] == ["NOPE"] and "NOPE" in bulk["refused"][0]["reason"]
    assert bulk["duplicates"] == ["BACCARAT"] and bulk["remaining_text"] == "NOPE"
    supports = client.get(f"/api/lists/{alice_list.pk}/supports/", {"word": "aretines"}).json()
    assert supports["word"] == "ARETINES" and supports["options"][0]["letter"] == "I"
    assert all(o["position"] == o["index"] + 1 for o in supports["options"])
    assert client.get(f"/api/lists/{alice_list.pk}/supports/", {"word": "XYZ"}).status_code == 400
    entry = alice_list.entries.get(word="DATAIS")
    url = f"/api/lists/{alice_list.pk}/words/{entry.pk}/"
    assert client.patch(url, {"support": "S"}, format="json").json()["support_index"] == 5
    moved = client.patch(url, {"support": 2}, format="json").json()  # the 2nd letter, counted from 1
    assert (moved["support_letter"], moved["support_index"], moved["support_position"]) == ("A", 1, 2)
    assert client.patch(url, {"support": "Q"}, format="json").status_code == 400
    assert client.delete(url).status_code == 204
    assert not RevisionEntry.objects.filter(pk=entry.pk).exists()


def test_situation_answer_shape_and_second_try_refused(alice, situation):
    client = api_for(alice)
    before = client.get(f"/api/situations/{situation.pk}/").json()
    assert before["rack"] == "AAABCCR" and before["cgp"] == situation.cgp and len(before["board"]) == 15
    assert before["expected"] is None and before["top"] is None  # no spoiler before answering
    assert before["goal"] == {"length": 8, "support_letter": "T", "support_square": "H8", "support_blank": False,
                              "top_is_other_play": False}
    typo = client.post(f"/api/situations/{situation.pk}/answer/", {"word": "DATAIS"}, format="json")
    assert typo.status_code == 400 and "ne peut pas être joué" in typo.json()["detail"]  # not a verdict
    low = wrong_play(situation)
    wrong = client.post(f"/api/situations/{situation.pk}/answer/", {"word": low.word, "coord": low.coord},
                        format="json")
    assert wrong.status_code == 200
    body = wrong.json()
    assert body["correct"] is False and body["verdict"] == "wrong" and body["play"]["word"] == low.word
    assert body["expected"]["word"] == "BACCARAT" and body["score"] == low.score
    assert body["decided"] is True and body["top_found"] is False and body["answer"]
    assert body["top"] and all({"coord", "word", "score"} <= set(t) for t in body["top"])
    again = client.post(f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT", "coord": "8A"},
                        format="json")
    assert again.status_code == 409 and again.json()["detail"]
    after = client.get(f"/api/situations/{situation.pk}/").json()
    assert not after["solved"] and after["verdict"] == "wrong" and [a["correct"] for a in after["answers"]] == [False]
    assert after["expected"]["coord"] == "8A"
    progress = client.get("/api/progress/").json()
    assert (progress["answers"], progress["correct"], progress["wrong"]) == (1, 0, 1)  # the refused try counts nowhere
    assert ReviewLog.objects.count() == 1


def test_right_answer_with_coordinates(alice, situation):
    right = api_for(alice).post(f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT", "coord": "8A"},
                                format="json").json()
    assert right["correct"] is True and right["verdict"] == "expected"
    assert right["score"] == situation.expected["score"] and right["play"]["coord"] == "8A"


@pytest.mark.parametrize("body", [{"word": ""}, {"word": "B4C"}, {"word": "BACCARAT", "coord": "Z1"}, {},
                                  {"word": "BACARAT"}, {"word": "BACCARAT", "coord": "H8"}, {"word": "DATAIS"}])
def test_answer_bad_input_is_400_and_records_nothing(alice, situation, body):
    client = api_for(alice)
    response = client.post(f"/api/situations/{situation.pk}/answer/", body, format="json")
    assert response.status_code == 400 and response.json()  # the reason, in words (per field for a missing one)
    assert not Answer.objects.exists()
    assert client.get(f"/api/situations/{situation.pk}/").json()["answered"] is False  # still open


def test_a_top_other_than_the_list_word_is_credited_and_leaves_the_situation_open(alice, alice_list):
    situation = situation_for(alice, services.add_word(alice_list, "ART", "T"), "AR", "8F", "ART")
    client = api_for(alice)
    assert client.get(f"/api/situations/{situation.pk}/").json()["goal"]["top_is_other_play"] is True
    top = top_play(situation)
    body = client.post(f"/api/situations/{situation.pk}/answer/", {"word": top.word, "coord": top.coord},
                       format="json").json()
    assert (body["verdict"], body["decided"], body["top_found"], body["answer"]) == ("top", False, True, None)
    assert body["expected"] is None and body["top"] == [] and body["next_situation"] is None
    shown = client.get(f"/api/situations/{situation.pk}/").json()
    assert shown["top_found"] and not shown["answered"] and shown["expected"] is None
    right = client.post(f"/api/situations/{situation.pk}/answer/", {"word": "ART"}, format="json").json()
    assert right["verdict"] == "expected" and right["decided"] and right["top_found"]
    assert right["expected"]["word"] == "ART" and right["top"]


def test_progress_and_due(alice, situation):
    client = api_for(alice)
    due = client.get("/api/reviews/due/").json()
    assert [(d["word"], d["support_letter"], d["rack"]) for d in due] == [("BACCARAT", "T", "AAABCCR")]
    client.post(f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT"}, format="json")
    assert client.get("/api/reviews/due/").json() == []  # Good pushes the card into the future
    progress = client.get("/api/progress/").json()
    assert (progress["answers"], progress["correct"], progress["accuracy"], progress["streak"]) == (1, 1, 1.0, 1)
    assert progress["cards"] == 1 and len(progress["accuracy_by_day"]) == 30 and progress["hardest"] == []


def test_other_users_get_404_everywhere(alice, bob, alice_list, situation):
    client = api_for(bob)
    entry = alice_list.entries.get()
    grid = situation.grid
    for method, url, body in [
        ("get", f"/api/lists/{alice_list.pk}/", None),
        ("patch", f"/api/lists/{alice_list.pk}/", {"name": "pwned"}),
        ("delete", f"/api/lists/{alice_list.pk}/", None),
        ("get", f"/api/lists/{alice_list.pk}/words/", None),
        ("post", f"/api/lists/{alice_list.pk}/words/", {"word": "DATAIS"}),
        ("post", f"/api/lists/{alice_list.pk}/words/bulk/", {"text": "DATAIS"}),
        ("patch", f"/api/lists/{alice_list.pk}/words/{entry.pk}/", {"support": "A"}),
        ("delete", f"/api/lists/{alice_list.pk}/words/{entry.pk}/", None),
        ("get", f"/api/lists/{alice_list.pk}/supports/?word=DATAIS", None),
        ("get", f"/api/lists/{alice_list.pk}/grids/", None),
        ("post", f"/api/lists/{alice_list.pk}/grids/", {}),
        ("get", f"/api/grids/{grid.pk}/", None),
        ("get", f"/api/situations/{situation.pk}/", None),
        ("post", f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT"}),
        ("post", f"/api/lists/published/{alice_list.pk}/copy/", None),
    ]:
        response = getattr(client, method)(url, body, format="json") if body is not None else getattr(client, method)(url)
        assert response.status_code == 404, (method, url, response.status_code)
    assert client.get("/api/lists/").json() == [] and client.get("/api/grids/").json() == []
    assert client.get("/api/reviews/due/").json() == [] and client.get("/api/progress/").json()["cards"] == 0
    alice_list.refresh_from_db()
    assert alice_list.name == "Alice" and alice_list.entries.count() == 1 and not Answer.objects.exists()


def test_grid_endpoints_shape(alice, french_lexicon):
    client = api_for(alice)
    list_id = client.post("/api/lists/", {"name": "g", "lexicon": french_lexicon.pk}, format="json").json()["id"]
    client.post(f"/api/lists/{list_id}/words/bulk/", {"text": "BACCARAT:T\nPRIVATIF 5\nETRANGES"}, format="json")
    started = client.post(f"/api/lists/{list_id}/grids/", {"seed": 4}, format="json")
    assert started.status_code == 202 and set(started.json()) == {"grid", "task"}
    task = client.get(f"/api/tasks/{started.json()['task']}/").json()
    assert task["state"] == "done" and task["progress"] == 100
    grid = client.get(f"/api/grids/{started.json()['grid']}/").json()
    assert grid["status"] == "done" and grid["progress"] == 100
    assert grid["board"] is None and grid["finished"] is False and grid["revealed"] is False  # no answers sent
    assert grid["situations"] and {"id", "cgp", "rack"} <= set(grid["situations"][0])
    assert "expected" not in grid["situations"][0]
    situation_id = grid["situations"][0]["id"]
    typo = client.post(f"/api/situations/{situation_id}/answer/", {"word": "ZZZ"}, format="json")
    assert typo.status_code == 400  # not a word: refused, the situation stays open
    situation = Situation.objects.get(pk=situation_id)
    low = wrong_play(situation)
    answer = client.post(f"/api/situations/{situation_id}/answer/", {"word": low.word, "coord": low.coord},
                         format="json").json()
    assert answer["correct"] is False and answer["top"] and answer["expected"]["word"] in {"BACCARAT", "PRIVATIF", "ETRANGES"}
    counted = client.get(f"/api/grids/{started.json()['grid']}/").json()["situations"][0]
    assert (counted["answered"], counted["solved"], counted["wrong"], counted["verdict"]) == (True, False, 1, "wrong")
    assert TrainingGrid.objects.get().owner == alice
    due = client.post("/api/reviews/due/grids/", {"lexicon": french_lexicon.pk, "seed": 1}, format="json")
    assert due.status_code == 202
    assert client.post("/api/reviews/due/grids/", {"lexicon": 999}, format="json").status_code == 400
    assert client.post(f"/api/lists/{list_id}/grids/", {"max_words": 0}, format="json").status_code == 400


def test_empty_list_grid_is_400(alice, small_lexicon):
    client = api_for(alice)
    list_id = client.post("/api/lists/", {"name": "e", "lexicon": small_lexicon.pk}, format="json").json()["id"]
    response = client.post(f"/api/lists/{list_id}/grids/", {}, format="json")
    assert response.status_code == 400 and response.json()  # the reason, in words (per field for a missing one)


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


def test_grid_board_hidden_until_the_learner_finishes_it(alice, situation):
    client = api_for(alice)
    url = f"/api/grids/{situation.grid_id}/"
    before = client.get(url).json()
    assert before["board"] is None and not before["finished"] and not before["revealed"]
    assert all("expected" not in s and "top" not in s for s in before["situations"])
    client.post(f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT"}, format="json")
    after = client.get(url).json()
    assert after["finished"] and after["board"] == situation.grid.board and len(after["board"]) == 15
    assert after["situations"][0]["verdict"] == "expected"


def test_grid_reveal_shows_the_board_and_closes_the_situations(alice, bob, situation):
    client = api_for(alice)
    assert api_for(bob).post(f"/api/grids/{situation.grid_id}/reveal/").status_code == 404
    revealed = client.post(f"/api/grids/{situation.grid_id}/reveal/")
    assert revealed.status_code == 200
    body = revealed.json()
    assert body["revealed"] and not body["finished"] and body["board"] == situation.grid.board
    assert body["situations"][0]["revealed"] and not body["situations"][0]["solved"]
    detail = client.get(f"/api/situations/{situation.pk}/").json()
    assert detail["expected"]["word"] == "BACCARAT" and detail["top"] and detail["answers"] == []
    late = client.post(f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT"}, format="json")
    assert late.status_code == 409 and not Answer.objects.exists()
    assert client.post(f"/api/grids/{situation.grid_id}/reveal/").status_code == 200  # idempotent
    assert client.get("/api/progress/").json()["answers"] == 0


def test_reveal_of_a_grid_not_built_is_409(alice, small_lexicon):
    grid = TrainingGrid.objects.create(owner=alice, lexicon=small_lexicon, status=TrainingGrid.Status.RUNNING)
    response = api_for(alice).post(f"/api/grids/{grid.pk}/reveal/")
    assert response.status_code == 409 and response.json()["detail"]


def test_days_without_answers_are_null_in_the_api(alice, situation):
    client = api_for(alice)
    client.post(f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT"}, format="json")
    days = client.get("/api/progress/").json()["accuracy_by_day"]
    assert days[-1]["accuracy"] == 1.0 and all(d["accuracy"] is None and d["answers"] == 0 for d in days[:-1])


def test_list_due_count_matches_progress_and_due_reviews(alice, alice_list):
    client = api_for(alice)
    due_now = client.get("/api/progress/").json()["due_now"]
    assert due_now == len(client.get("/api/reviews/due/").json()) == 1
    assert client.get("/api/lists/").json()[0]["due_count"] == due_now
