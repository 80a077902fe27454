"""The duplicate REST API: contracts (shapes and status codes), plays checked by the engine with reasons in
words, the server's clock, validation and the next round, 404 for another user's private game, 409 for a
finished round, sharing, ranking, review and the missed tops added to a revision list."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from engine.scrabble.board import Board
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.notation import format_coord
from engine.scrabble.scoring import validate_play
from lexicon.selectors import gaddag_for
from tests.support import api_for as _api_for
from training.duplicate.models import DuplicateGame, DuplicatePlayer
from training.lists.models import RevisionList

pytestmark = pytest.mark.django_db


def api_for(user=None):
    """An API client reading English messages (the site's default is French)."""
    client = _api_for(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def base(game) -> str:
    return f"/api/duplicate/games/{game.pk}/"


def play_top(client, game) -> dict:
    current = client.get(base(game) + "rounds/current/").json()
    top = game.rounds.get(number=current["round"]).top
    response = client.post(base(game) + "rounds/current/play/", {"word": top["word"], "coord": top["coord"]},
                           format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def finish(client, game) -> None:
    """Validate every round left (no play: 0 points each)."""
    while True:
        response = client.post(base(game) + "rounds/current/validate/", {}, format="json")
        assert response.status_code == 200, response.json()
        if response.json()["finished"]:
            return


def test_create_returns_202_with_game_and_task_then_the_game_is_made(alice, dup_lexicon):
    client = api_for(alice)
    response = client.post("/api/duplicate/games/", {"lexicon": dup_lexicon.pk, "seed": 2}, format="json")
    assert response.status_code == 202
    body = response.json()
    assert set(body) == {"game", "task"}
    state = client.get(f"/api/duplicate/games/{body['game']}/").json()
    assert state["status"] == "done" and state["round_count"] >= 3 and state["timer_seconds"] == 180
    assert state["top_total"] == sum(r.top["score"] for r in DuplicateGame.objects.get(pk=body["game"]).rounds.all())
    assert state["player"] is None and state["variant"] == "classic"
    task = client.get(f"/api/tasks/{body['task']}/").json()
    assert task["state"] == "done" and task["result"]["rounds"] == state["round_count"]


@pytest.mark.parametrize("payload, field", [
    ({"lexicon": 999999}, "lexicon"),
    ({"lexicon": None}, "lexicon"),
    ({"variant": "scrabble"}, "variant"),
    ({"timer_seconds": 30}, "timer_seconds"),
    ({"timer_seconds": 301}, "timer_seconds"),
    ({"timer_seconds": "three"}, "timer_seconds"),
    ({"seed": -1}, "seed"),
])
def test_create_refuses_bad_settings_with_400(alice, dup_lexicon, payload, field):
    data = {"lexicon": dup_lexicon.pk, **payload}
    response = api_for(alice).post("/api/duplicate/games/", data, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_input" and field in body["fields"] and body["detail"]
    assert not DuplicateGame.objects.exists()


def test_untimed_game_has_no_deadline(alice, dup_lexicon):
    client = api_for(alice)
    game_id = client.post("/api/duplicate/games/", {"lexicon": dup_lexicon.pk, "seed": 2, "timer_seconds": None},
                          format="json").json()["game"]
    current = client.get(f"/api/duplicate/games/{game_id}/rounds/current/").json()
    assert current["deadline"] is None and current["timer_seconds"] is None


def test_current_round_shows_the_board_before_and_the_rack_never_the_top(alice, game):
    client = api_for(alice)
    first = client.get(base(game) + "rounds/current/").json()
    assert {"round", "cgp", "rack", "deadline"} <= set(first)
    assert first["round"] == 1 and first["rack"] == game.rounds.get(number=1).rack
    position = parse_cgp(first["cgp"])
    assert position.board == Board() and position.rack == first["rack"]
    assert first["deadline"] is not None and 170 <= first["seconds_left"] <= 180
    client.post(base(game) + "rounds/current/validate/", {}, format="json")
    second = client.get(base(game) + "rounds/current/").json()
    assert second["round"] == 2
    assert parse_cgp(second["cgp"]).board.rows() == game.rounds.get(number=1).board_after  # the top of round 1
    assert second["rack"] == game.rounds.get(number=2).rack
    # Nothing of the round's top nor of a later draw: only the board, this rack and the clock.
    assert set(second) == {"round", "round_count", "cgp", "rack", "deadline", "seconds_left", "timer_seconds",
                           "play", "total", "top_total", "kept", "drawn", "rejected", "announced", "tournament"}
    assert second["kept"] + second["drawn"] == second["rack"]
    assert second["announced"].lstrip("-").replace("+", "") == second["rack"]
    assert second["play"] is None and second["top_total"] == game.rounds.get(number=1).top["score"]


def test_a_play_is_scored_by_the_engine_and_can_be_changed(alice, game):
    client = api_for(alice)
    current = client.get(base(game) + "rounds/current/").json()
    top = game.rounds.get(number=1).top
    other = game.rounds.get(number=1).subtops[-1]
    first = client.post(base(game) + "rounds/current/play/", {"word": other["word"], "coord": other["coord"]},
                        format="json").json()
    expected = validate_play(gaddag_for(game.lexicon), parse_cgp(current["cgp"]), other["coord"], other["word"])
    assert first["score"] == expected.score == first["move_score"] and first["late"] is False
    assert client.get(base(game) + "rounds/current/").json()["play"]["score"] == expected.score
    best = client.post(base(game) + "rounds/current/play/", {"word": top["word"], "coord": top["coord"]},
                       format="json").json()
    assert best["score"] == top["score"]
    result = client.post(base(game) + "rounds/current/validate/", {}, format="json").json()
    assert result["score"] == top["score"] and result["top"]["word"] == top["word"]
    assert {"word", "coord", "score"} <= set(result["top"]) and len(result["subtops"]) <= 10
    assert result["total"] == top["score"] and result["percent"] == 100.0
    assert result["next"]["round"] == 2
    state = client.get(base(game)).json()["player"]
    assert state == {"current_round": 2, "total": top["score"], "top_total": top["score"], "negatif": 0,
                     "percent": 100.0, "tops_found": 1, "finished": False}


def test_capital_letters_use_the_blank_when_the_rack_lacks_a_letter(alice, dup_lexicon):
    """Joker game, seed 5: the first top plays the blank (Za); typed ZA in capitals, the blank takes the A the
    rack lacks and the play scores the top."""
    client = api_for(alice)
    game = DuplicateGame.objects.get(pk=client.post(
        "/api/duplicate/games/", {"lexicon": dup_lexicon.pk, "seed": 5, "variant": "joker"}, format="json",
    ).json()["game"])
    top = game.rounds.get(number=1).top
    assert any(ch.islower() for ch in top["word"]) and "A" not in game.rounds.get(number=1).rack
    body = client.post(base(game) + "rounds/current/play/", {"word": top["word"].upper(), "coord": top["coord"]},
                       format="json").json()
    assert body["word"] == top["word"] and body["score"] == top["score"]


@pytest.mark.parametrize("word, coord, code, words_in_reason", [
    ("", "H4", "bad_input", ["Type a word"]),
    ("AB1", "H4", "bad_input", ["1"]),
    ("LA", "", "bad_coord", ["coordinates"]),
    ("LA", "Z99", "bad_coord", ["Z99"]),
    ("ZZZZZZZZZZZZZZZZ", "H4", "bad_input", ["too long"]),
])
def test_bad_input_is_refused_in_words(alice, game, word, coord, code, words_in_reason):
    response = api_for(alice).post(base(game) + "rounds/current/play/", {"word": word, "coord": coord}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == code
    for part in words_in_reason:
        assert part.lower() in body["detail"].lower()


def test_illegal_plays_are_refused_with_the_engine_reason(alice, game):
    client = api_for(alice)
    response = client.post(base(game) + "rounds/current/play/", {"word": "QQ", "coord": "H8"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "not_in_rack" and "rack" in response.json()["detail"]
    top = game.rounds.get(number=1).top
    off_centre = "A1" if top["dir"] == "H" else "1A"
    response = client.post(base(game) + "rounds/current/play/", {"word": top["word"], "coord": off_centre},
                           format="json")
    assert response.status_code == 400 and response.json()["code"] == "no_centre"
    assert "centre" in response.json()["detail"]
    assert client.get(base(game) + "rounds/current/").json()["play"] is None  # nothing kept


def test_a_word_outside_the_lexicon_is_named(alice, game):
    """Seed 2: the first top is ZA; AZ, on the same squares, is not in the lexicon."""
    client = api_for(alice)
    top = game.rounds.get(number=1).top
    word = top["word"][::-1]
    assert not gaddag_for(game.lexicon).contains(word)
    response = client.post(base(game) + "rounds/current/play/", {"word": word, "coord": top["coord"]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_word"
    assert word in response.json()["detail"] and "lexicon" in response.json()["detail"]


def test_english_coordinates_are_accepted(alice, game):
    client = api_for(alice)
    top = game.rounds.get(number=1).top
    row, col = top["row"], top["col"]
    letters = "ABCDEFGHIJKLMNO"
    english = f"{row + 1}{letters[col]}" if top["dir"] == "H" else f"{letters[col]}{row + 1}"
    body = client.post(base(game) + "rounds/current/play/",
                       {"word": top["word"], "coord": english, "style": "en"}, format="json").json()
    assert body["score"] == top["score"] and body["coord"] == top["coord"]  # answered in French notation


def test_non_object_body_is_400(alice, game):
    response = api_for(alice).post(base(game) + "rounds/current/play/", ["H4", "LA"], format="json")
    assert response.status_code == 400 and response.json()["code"] == "bad_input"


def test_late_play_scores_zero_and_keeps_the_play_made_in_time(alice, game):
    client = api_for(alice)
    client.get(base(game) + "rounds/current/")
    rounds = list(game.rounds.all()[:2])
    top1 = rounds[0].top
    sub = rounds[0].subtops[0] if rounds[0].subtops else top1
    client.post(base(game) + "rounds/current/play/", {"word": sub["word"], "coord": sub["coord"]}, format="json")
    DuplicatePlayer.objects.filter(game=game, user=alice).update(
        round_started_at=timezone.now() - dt.timedelta(seconds=200))
    late = client.post(base(game) + "rounds/current/play/", {"word": top1["word"], "coord": top1["coord"]},
                       format="json").json()
    assert late["late"] is True and late["score"] == 0 and late["move_score"] == top1["score"]
    result = client.post(base(game) + "rounds/current/validate/", {}, format="json").json()
    assert result["score"] == sub["score"]  # the play made in time counts, not the late one

    # A round with only a late play scores 0.
    client.get(base(game) + "rounds/current/")
    DuplicatePlayer.objects.filter(game=game, user=alice).update(
        round_started_at=timezone.now() - dt.timedelta(seconds=181 + 2))
    top2 = rounds[1].top
    assert client.post(base(game) + "rounds/current/play/", {"word": top2["word"], "coord": top2["coord"]},
                       format="json").json()["late"] is True
    assert client.post(base(game) + "rounds/current/validate/", {}, format="json").json()["score"] == 0


def test_a_play_just_before_the_deadline_counts(alice, game):
    client = api_for(alice)
    client.get(base(game) + "rounds/current/")
    DuplicatePlayer.objects.filter(game=game, user=alice).update(
        round_started_at=timezone.now() - dt.timedelta(seconds=178))
    top = game.rounds.get(number=1).top
    body = client.post(base(game) + "rounds/current/play/", {"word": top["word"], "coord": top["coord"]},
                       format="json").json()
    assert body["late"] is False and body["score"] == top["score"]


def test_a_finished_round_cannot_be_played_409(alice, game):
    client = api_for(alice)
    play_top(client, game)
    client.post(base(game) + "rounds/current/validate/", {"round": 1}, format="json")
    top = game.rounds.get(number=1).top
    response = client.post(base(game) + "rounds/current/play/", {"word": top["word"], "coord": top["coord"],
                                                                 "round": 1}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "round_closed"
    assert client.post(base(game) + "rounds/current/validate/", {"round": 1}, format="json").status_code == 409
    finish(client, game)
    response = client.post(base(game) + "rounds/current/play/", {"word": top["word"], "coord": top["coord"]},
                           format="json")
    assert response.status_code == 409
    assert client.get(base(game) + "rounds/current/").status_code == 409
    assert client.post(base(game) + "rounds/current/validate/", {}, format="json").status_code == 409


def test_a_game_still_being_made_is_409(alice, dup_lexicon):
    game = DuplicateGame.objects.create(owner=alice, lexicon=dup_lexicon, seed=1)
    client = api_for(alice)
    assert client.get(base(game)).json()["status"] == "pending"
    for response in (client.get(base(game) + "rounds/current/"),
                     client.post(base(game) + "rounds/current/play/", {"word": "LA", "coord": "H8"}, format="json"),
                     client.post(base(game) + "rounds/current/validate/", {}, format="json")):
        assert response.status_code == 409 and response.json()["code"] == "not_ready"


def test_another_users_private_game_is_404_everywhere(alice, bob, game):
    client = api_for(bob)
    urls = ["", "rounds/current/", "ranking/", "review/"]
    for url in urls:
        assert client.get(base(game) + url).status_code == 404
    for url in ["rounds/current/play/", "rounds/current/validate/", "share/", "review/missed/"]:
        assert client.post(base(game) + url, {"word": "LA", "coord": "H8"}, format="json").status_code == 404
    assert not DuplicatePlayer.objects.filter(user=bob).exists()
    assert api_for().get(base(game)).status_code in (401, 403)


def test_sharing_by_link_and_public(alice, bob, game):
    owner, other = api_for(alice), api_for(bob)
    assert other.post(base(game) + "share/", {"visibility": "public"}, format="json").status_code == 404
    shared = owner.post(base(game) + "share/", {"visibility": "link"}, format="json").json()
    assert shared["visibility"] == "link" and shared["token"] in shared["url"]
    assert other.get(base(game)).status_code == 404  # a link is not a listing: join first
    assert other.post(f"/api/duplicate/join/{shared['token']}/").json() == {"game": game.pk}
    assert other.get(base(game)).status_code == 200
    assert other.post(base(game) + "share/", {"visibility": "public"}, format="json").status_code == 403
    # Both play the same draws.
    assert other.get(base(game) + "rounds/current/").json()["rack"] == owner.get(
        base(game) + "rounds/current/").json()["rack"]
    owner.post(base(game) + "share/", {"visibility": "private"}, format="json")
    assert other.post(f"/api/duplicate/join/{shared['token']}/").status_code == 404
    owner.post(base(game) + "share/", {"visibility": "public"}, format="json")
    assert api_for(bob).get(base(game)).status_code == 200
    bad = owner.post(base(game) + "share/", {"visibility": "everyone"}, format="json")
    assert bad.status_code == 400 and "visibility" in bad.json()["fields"]


def test_ranking_orders_players_by_total_with_shared_ranks(alice, bob, django_user_model, game):
    carol = django_user_model.objects.create_user("carol", password="carol-pass-123")
    api_for(alice).post(base(game) + "share/", {"visibility": "public"}, format="json")
    a, b, c = api_for(alice), api_for(bob), api_for(carol)
    play_top(a, game)
    a.post(base(game) + "rounds/current/validate/", {}, format="json")
    play_top(b, game)
    b.post(base(game) + "rounds/current/validate/", {}, format="json")
    c.post(base(game) + "rounds/current/validate/", {}, format="json")  # no play: 0
    rows = a.get(base(game) + "ranking/").json()["players"]
    top = game.rounds.get(number=1).top["score"]
    assert [(r["username"], r["rank"], r["total"], r["percent"], r["tops_found"]) for r in rows] == [
        ("alice", 1, top, 100.0, 1), ("bob", 1, top, 100.0, 1), ("carol", 3, 0, 0.0, 0)]
    assert all(r["rounds_played"] == 1 and not r["finished"] for r in rows)


def test_review_only_once_finished_then_missed_tops_go_to_a_list(alice, game):
    client = api_for(alice)
    assert client.get(base(game) + "review/").status_code == 409
    assert client.post(base(game) + "review/missed/", {}, format="json").status_code == 409
    play_top(client, game)  # round 1 found, the others missed
    finish(client, game)
    review = client.get(base(game) + "review/").json()
    assert len(review["rounds"]) == game.round_count
    first, *rest = review["rounds"]
    assert first["found_top"] and first["difference"] == 0 and first["play"]["score"] == first["top"]["score"]
    assert all(not r["found_top"] and r["play"] is None and r["difference"] == r["top"]["score"] for r in rest)
    outcome = client.post(base(game) + "review/missed/", {}, format="json").json()
    revision_list = RevisionList.objects.get(pk=outcome["list"], owner=alice)
    missed = {r["top"]["word"].upper() for r in rest}
    entries = {e.word: e for e in revision_list.entries.all()}
    assert set(outcome["added"]) | {s["word"] for s in outcome["skipped"]} == missed
    assert set(entries) == set(outcome["added"])
    for rnd in game.rounds.filter(number__gt=1):
        word = rnd.top["word"].upper()
        if word in entries:
            board = parse_cgp(rnd.cgp).board
            dr, dc = (0, 1) if rnd.top["dir"] == "H" else (1, 0)
            through = [k for k in range(len(word)) if board.get(rnd.top["row"] + dr * k, rnd.top["col"] + dc * k)]
            if through:
                assert entries[word].support_index == through[0]  # the letter that was on the board
    again = client.post(base(game) + "review/missed/", {"list": revision_list.pk}, format="json").json()
    assert again["added"] == [] and set(again["already"]) == set(outcome["added"])


def test_missed_tops_refuse_another_users_list(alice, bob, game):
    client = api_for(alice)
    finish(client, game)
    from training.lists import services as training_services

    bobs = training_services.create_list(bob, game.lexicon, "bob")
    assert client.post(base(game) + "review/missed/", {"list": bobs.pk}, format="json").status_code == 404


def test_game_of_the_day_is_made_once_per_lexicon_and_day(alice, bob, dup_lexicon):
    first = api_for(alice).get(f"/api/duplicate/today/?lexicon={dup_lexicon.pk}").json()
    second = api_for(bob).get(f"/api/duplicate/today/?lexicon={dup_lexicon.pk}").json()
    assert first["game"] == second["game"] and first["status"] == "done"
    game = DuplicateGame.objects.get(pk=first["game"])
    assert game.owner is None and game.visibility == "public" and game.daily_date == timezone.localdate()
    assert api_for(bob).get(base(game) + "rounds/current/").status_code == 200
    assert api_for(alice).get("/api/duplicate/today/?lexicon=999999999999999999999").status_code == 404


def test_periodic_task_makes_every_lexicons_game_of_the_day(dup_lexicon):
    from training.duplicate.tasks import make_duplicate_games_of_the_day

    ids = make_duplicate_games_of_the_day()
    assert DuplicateGame.objects.filter(daily_date=timezone.localdate()).count() == len(ids) >= 1
    assert make_duplicate_games_of_the_day() == ids  # idempotent


def test_games_list_shows_own_and_played_games(alice, bob, game):
    assert [g["id"] for g in api_for(alice).get("/api/duplicate/games/").json()] == [game.pk]
    assert api_for(bob).get("/api/duplicate/games/").json() == []


def test_a_lexicon_with_no_play_fails_the_game_in_words(alice, tmp_path):
    from lexicon.services import import_word_list
    from tests.support import write_words

    lexicon = import_word_list(write_words(tmp_path / "odd.txt", ["KWKWKWK"]), name="odd", language="fr").lexicon
    client = api_for(alice)
    body = client.post("/api/duplicate/games/", {"lexicon": lexicon.pk, "seed": 1}, format="json").json()
    state = client.get(f"/api/duplicate/games/{body['game']}/").json()
    assert state["status"] == "failed" and "no play for the first rack" in state["error"]
    assert client.get(f"/api/tasks/{body['task']}/").json()["state"] == "failed"
    current = client.get(f"/api/duplicate/games/{body['game']}/rounds/current/")
    assert current.status_code == 409 and current.json()["code"] == "failed"


def test_a_failed_game_of_the_day_is_made_again_on_the_next_visit(alice, dup_lexicon):
    from training.duplicate import services

    day = timezone.localdate()
    game = DuplicateGame.objects.create(lexicon=dup_lexicon, seed=3, daily_date=day, visibility="public",
                                        status=DuplicateGame.Status.FAILED, error="worker died")
    again = services.game_of_the_day(dup_lexicon, day)
    assert again.pk == game.pk and again.status == "done" and again.round_count >= 1


def test_a_word_typed_in_lower_case_is_plain_letters_not_blanks(alice, game, dup_lexicon):
    """Seed 2: the first top is ZA, from the rack; typed ``za`` (as phones type) it is the same play, not two
    blanks. In a joker game (seed 5) ``za`` puts the blank on the A the rack lacks, as ``ZA`` does, and the
    mixed-case ``Za`` still chooses the blank itself."""
    client = api_for(alice)
    top = game.rounds.get(number=1).top
    assert top["word"].isupper()
    body = client.post(base(game) + "rounds/current/play/", {"word": top["word"].lower(), "coord": top["coord"]},
                       format="json").json()
    assert body.get("word") == top["word"] and body["score"] == top["score"], body
    joker = DuplicateGame.objects.get(pk=client.post(
        "/api/duplicate/games/", {"lexicon": dup_lexicon.pk, "seed": 5, "variant": "joker"}, format="json",
    ).json()["game"])
    top = joker.rounds.get(number=1).top
    assert top["word"] == "Za"
    for typed in ("za", "ZA", "Za"):
        body = client.post(base(joker) + "rounds/current/play/", {"word": typed, "coord": top["coord"].lower()},
                           format="json").json()
        assert body.get("word") == "Za" and body["score"] == top["score"], (typed, body)


def test_game_state_has_the_callers_round_total_and_percent_at_the_top_level(alice, bob, game):
    client = api_for(alice)
    before = client.get(base(game)).json()
    assert before["current_round"] is None and before["total"] is None and before["percent"] is None
    assert before["player"] is None and {"status", "round_count", "top_total"} <= set(before)  # kept
    play_top(client, game)
    client.post(base(game) + "rounds/current/validate/", {}, format="json")
    state = client.get(base(game)).json()
    top = game.rounds.get(number=1).top["score"]
    assert (state["current_round"], state["total"], state["percent"]) == (2, top, 100.0)
    assert state["player"]["current_round"] == 2 and state["player"]["total"] == top
    assert client.get("/api/duplicate/games/").json()[0]["current_round"] == 2
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    fields = schema["components"]["schemas"]["Game"]["properties"]
    assert {"current_round", "total", "percent", "player"} <= set(fields)
    assert all("null" in fields[k]["type"] for k in ("current_round", "total", "percent"))  # OpenAPI 3.1


def test_create_with_timer_zero_is_untimed(alice, dup_lexicon):
    client = api_for(alice)
    response = client.post("/api/duplicate/games/", {"lexicon": dup_lexicon.pk, "seed": 2, "timer_seconds": 0},
                           format="json")
    assert response.status_code == 202, response.json()
    game = DuplicateGame.objects.get(pk=response.json()["game"])
    assert game.timer_seconds is None
    assert client.get(base(game) + "rounds/current/").json()["deadline"] is None


def test_create_without_a_lexicon_uses_the_callers_preferred_one(alice, dup_lexicon, tmp_path):
    from accounts.models import Profile
    from lexicon.services import import_word_list
    from tests.engine.duplicate.test_game import SMALL
    from tests.support import write_words

    other = import_word_list(write_words(tmp_path / "other.txt", SMALL), name="dup-other", language="fr").lexicon
    Profile.objects.update_or_create(user=alice, defaults={"default_lexicon": other})
    client = api_for(alice)
    response = client.post("/api/duplicate/games/", {"seed": 2}, format="json")
    assert response.status_code == 202, response.json()
    assert DuplicateGame.objects.get(pk=response.json()["game"]).lexicon == other
    Profile.objects.filter(user=alice).update(default_lexicon=dup_lexicon)
    response = client.post("/api/duplicate/games/", {}, format="json")
    assert response.status_code == 202
    assert DuplicateGame.objects.get(pk=response.json()["game"]).lexicon == dup_lexicon


# --- Validation carries the play placed: nothing on the board or in the fields is lost ---------------------

def started_ago(game, user, seconds: float) -> None:
    """The current round's clock started ``seconds`` ago (the game's timer is 180 s)."""
    DuplicatePlayer.objects.filter(game=game, user=user).update(
        round_started_at=timezone.now() - dt.timedelta(seconds=seconds))


def test_validate_with_the_play_placed_scores_it_without_a_check_first(alice, game):
    client = api_for(alice)
    client.get(base(game) + "rounds/current/")
    top = game.rounds.get(number=1).top
    response = client.post(base(game) + "rounds/current/validate/",
                           {"word": top["word"], "coord": top["coord"], "round": 1}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["score"] == top["score"] and body["play"]["word"] == top["word"] and body["total"] == top["score"]
    assert body["submitted"] == {"word": top["word"], "coord": top["coord"], "score": top["score"],
                                 "move_score": top["score"], "late": False}
    assert body["refused"] is None and body["next"]["round"] == 2


def test_validate_in_english_notation_and_lower_case(alice, game):
    client = api_for(alice)
    top = game.rounds.get(number=1).top
    english = format_coord(top["row"], top["col"], top["dir"], "en")
    body = client.post(base(game) + "rounds/current/validate/",
                       {"word": top["word"].lower(), "coord": english, "style": "en"}, format="json").json()
    assert body["score"] == top["score"] and body["submitted"]["coord"] == top["coord"]


def test_validate_with_the_play_placed_replaces_the_play_checked_before(alice, game):
    client = api_for(alice)
    first = game.rounds.get(number=1)
    sub, top = first.subtops[-1], first.top
    assert sub["score"] < top["score"]
    client.post(base(game) + "rounds/current/play/", {"word": top["word"], "coord": top["coord"]}, format="json")
    body = client.post(base(game) + "rounds/current/validate/", {"word": sub["word"], "coord": sub["coord"]},
                       format="json").json()
    assert body["score"] == sub["score"]  # the play on the board when validating is the player's play


def test_a_refused_play_at_validation_keeps_the_round_open_while_time_is_left(alice, game):
    client = api_for(alice)
    first = game.rounds.get(number=1)
    sub = first.subtops[-1]
    client.post(base(game) + "rounds/current/play/", {"word": sub["word"], "coord": sub["coord"]}, format="json")
    response = client.post(base(game) + "rounds/current/validate/", {"word": "QQ", "coord": "H8"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "not_in_rack" and "QQ" in response.json()["detail"]
    current = client.get(base(game) + "rounds/current/").json()
    assert current["round"] == 1 and current["play"]["score"] == sub["score"]  # nothing validated, nothing lost
    for word, coord, code in [("", "H8", "bad_input"), ("LA", "Z99", "bad_coord"), ("AB1", "H8", "bad_input")]:
        refused = client.post(base(game) + "rounds/current/validate/", {"word": word, "coord": coord}, format="json")
        assert refused.status_code == 400 and refused.json()["code"] == code
    assert client.get(base(game) + "rounds/current/").json()["round"] == 1


def test_a_refused_play_once_time_is_up_ends_the_round_with_the_play_made_in_time(alice, game):
    client = api_for(alice)
    first = game.rounds.get(number=1)
    sub = first.subtops[-1]
    client.post(base(game) + "rounds/current/play/", {"word": sub["word"], "coord": sub["coord"]}, format="json")
    started_ago(game, alice, 180.5)  # the deadline has just passed: the player cannot correct it any more
    response = client.post(base(game) + "rounds/current/validate/", {"word": "QQ", "coord": "H8"}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["score"] == sub["score"] and body["submitted"] is None
    assert body["refused"]["word"] == "QQ" and body["refused"]["coord"] == "H8"
    assert body["refused"]["code"] == "not_in_rack" and "rack" in body["refused"]["detail"]
    # The same at round 2 with nothing played before: 0.
    started_ago(game, alice, 200)
    body = client.post(base(game) + "rounds/current/validate/", {"word": "QQ", "coord": "H8"}, format="json").json()
    assert body["round"] == 2 and body["score"] == 0 and body["refused"]["detail"]


def test_the_play_sent_at_the_deadline_counts_within_the_network_grace(alice, game):
    client = api_for(alice)
    client.get(base(game) + "rounds/current/")
    top = game.rounds.get(number=1).top
    started_ago(game, alice, 180 + 1.5)  # sent at zero, arrived 1.5 s later: within the 2 s grace
    body = client.post(base(game) + "rounds/current/validate/", {"word": top["word"], "coord": top["coord"]},
                       format="json").json()
    assert body["score"] == top["score"] and body["submitted"]["late"] is False


def test_a_play_sent_after_the_grace_is_late_and_scores_zero(alice, game):
    client = api_for(alice)
    first = game.rounds.get(number=1)
    sub, top = first.subtops[-1], first.top
    client.post(base(game) + "rounds/current/play/", {"word": sub["word"], "coord": sub["coord"]}, format="json")
    started_ago(game, alice, 180 + 3)
    body = client.post(base(game) + "rounds/current/validate/", {"word": top["word"], "coord": top["coord"]},
                       format="json").json()
    assert body["submitted"] == {"word": top["word"], "coord": top["coord"], "score": 0,
                                 "move_score": top["score"], "late": True}
    assert body["score"] == sub["score"]  # the play made in time counts, not the late one
    assert game.players.get().plays.get(number=1).late_attempts == 1


def test_validate_with_a_play_in_an_untimed_game_never_closes_a_refused_play(alice, dup_lexicon):
    client = api_for(alice)
    game_id = client.post("/api/duplicate/games/", {"lexicon": dup_lexicon.pk, "seed": 2, "timer_seconds": 0},
                          format="json").json()["game"]
    url = f"/api/duplicate/games/{game_id}/rounds/current/validate/"
    client.get(f"/api/duplicate/games/{game_id}/rounds/current/")
    DuplicatePlayer.objects.filter(game_id=game_id).update(round_started_at=timezone.now() - dt.timedelta(hours=2))
    assert client.post(url, {"word": "QQ", "coord": "H8"}, format="json").status_code == 400
    top = DuplicateGame.objects.get(pk=game_id).rounds.get(number=1).top
    assert client.post(url, {"word": top["word"], "coord": top["coord"]}, format="json").json()["score"] == top["score"]


def test_validate_with_a_play_on_a_finished_round_is_409(alice, game):
    client = api_for(alice)
    client.post(base(game) + "rounds/current/validate/", {}, format="json")
    top = game.rounds.get(number=1).top
    response = client.post(base(game) + "rounds/current/validate/",
                           {"word": top["word"], "coord": top["coord"], "round": 1}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "round_closed"


def test_validate_body_is_documented_in_the_schema():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/duplicate/games/{game_id}/rounds/current/validate/"]["post"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    properties = schema["components"]["schemas"][ref]["properties"]
    assert {"word", "coord", "style", "round"} <= set(properties)
    assert "required" not in schema["components"]["schemas"][ref]  # a body-less call keeps working
    result = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert {"submitted", "refused"} <= set(schema["components"]["schemas"][result]["properties"])


def test_round_results_and_review_carry_the_running_total_and_negatif(alice, game):
    client = api_for(alice)
    first = game.rounds.get(number=1)
    sub = first.subtops[-1]
    body = client.post(base(game) + "rounds/current/validate/", {"word": sub["word"], "coord": sub["coord"]},
                       format="json").json()
    assert body["negatif"] == sub["score"] - first.top["score"] < 0
    play_top(client, game)
    second = game.rounds.get(number=2).top["score"]
    body = client.post(base(game) + "rounds/current/validate/", {}, format="json").json()
    assert body["total"] == sub["score"] + second and body["negatif"] == sub["score"] - first.top["score"]
    assert client.get(base(game)).json()["player"]["negatif"] == body["negatif"]
    finish(client, game)
    review = client.get(base(game) + "review/").json()
    rows = review["rounds"]
    assert [r["total"] for r in rows[:2]] == [sub["score"], sub["score"] + second]
    assert rows[0]["negatif"] == rows[1]["negatif"] == sub["score"] - first.top["score"]
    assert rows[-1]["total"] == review["total"] and rows[-1]["negatif"] == review["negatif"]
    assert review["negatif"] == review["total"] - review["top_total"]
    assert all(r["top_total"] - r["total"] == -r["negatif"] for r in rows)
