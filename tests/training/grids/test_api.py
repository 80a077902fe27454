"""The training REST API: the issue's paths and JSON keys, token auth, owners only (404), bad input (400)."""

from __future__ import annotations

import pytest

from tests.support import api_for
from tests.training.helpers import situation_for, top_play, wrong_play
from training.grids.models import Answer, Situation, TrainingGrid
from training.lists import services
from training.lists.models import ReviewLog

pytestmark = pytest.mark.django_db


def test_situation_answer_shape_and_second_try_refused(alice, situation):
    client = api_for(alice)
    before = client.get(f"/api/situations/{situation.pk}/").json()
    assert before["rack"] == "AAABCCR" and before["cgp"] == situation.cgp and len(before["board"]) == 15
    assert before["expected"] is None and before["top"] is None  # no spoiler before answering
    assert before["goal"] == {"length": 8, "support_letter": "T", "support_square": "H8", "support_blank": False,
                              "top_is_other_play": False, "anagram_counts": True}
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


def test_a_top_other_than_the_list_word_is_credited_and_leaves_the_situation_open(alice, baccarat_list):
    situation = situation_for(alice, services.add_word(baccarat_list, "ART", "T"), "AR", "8F", "ART")
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
    assert response.status_code == 400 and response.json()["detail"]


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


def test_list_due_count_matches_progress_and_due_reviews(alice, baccarat_list):
    client = api_for(alice)
    due_now = client.get("/api/progress/").json()["due_now"]
    assert due_now == len(client.get("/api/reviews/due/").json()) == 1
    assert client.get("/api/lists/").json()[0]["due_count"] == due_now
