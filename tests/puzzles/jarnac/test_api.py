"""Jarnac over the REST API: whole games against each level, every refusal, a steal, replay from the
seed and moves, owners only (404), conflicts (409), bad input (400), hints, missed words to review,
and nothing of the AI's reserve or the bag's order in any answer."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from engine.jarnac import ai, creations, extensions, from_json, rules
from engine.jarnac import new_game as engine_new_game
from puzzles.jarnac import services
from puzzles.jarnac.models import JarnacGame
from tests.puzzles.jarnac.support import WORDS, api_kind, arranged_state, jarnac_lexicon, store
from tests.support import api_for
from training.lists.models import RevisionList

pytestmark = pytest.mark.django_db

GAME_KEYS = {"id", "status", "turn", "you", "opponent", "bag", "moves", "winner"}


@pytest.fixture
def lexicon(tmp_path):
    services.forget_trees()
    return jarnac_lexicon(tmp_path)


@pytest.fixture
def client(alice):
    return api_for(alice)


def new_game(client, lexicon, level="medium", seed="s1") -> dict:
    response = client.post("/api/jarnac/games/", {"lexicon": lexicon.pk, "level": level, "seed": seed}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def move(client, game_id, body, expect=200) -> dict:
    response = client.post(f"/api/jarnac/games/{game_id}/moves/", body, format="json")
    assert response.status_code == expect, response.content
    return response.json()


def assert_no_leak(body: dict, game: JarnacGame) -> None:
    """The bag's order appears nowhere in an answer; the AI's loose letters are face up, as on a table
    (a "Jarnac!" steals from them), and so are the letters it drew."""
    state = from_json(game.state)
    assert isinstance(body["bag"], int) and body["bag"] == len(state.bag)
    assert body["opponent"]["reserve"] == "".join(sorted(state.players[1].rack))
    assert body["opponent"]["reserve_size"] == len(state.players[1].rack)
    text = json.dumps(body)
    assert "seed" not in body and state.bag not in text if len(state.bag) >= 6 else True
    for entry in body["moves"]:
        if entry["player"] == "opponent" and entry["kind"] == "draw":
            assert entry["drawn"] and entry["drawn"] in entry["text"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_whole_game_against_each_level(client, alice, lexicon, level):
    """The learner's side is played by the engine's AIs (which read the stored state); every move
    goes through the API, the AI answers in the same request, the game ends with a winner and replays."""
    body = new_game(client, lexicon, level, seed=f"whole-{level}")
    assert set(body) >= GAME_KEYS and body["turn"] == "you" and body["status"] == "playing"
    assert body["you"]["reserve"] == "" and body["bag"] == 144
    tree = services.jarnac_tree(lexicon)
    kinds_seen = set()
    for _ in range(2000):
        game = JarnacGame.objects.get(pk=body["id"])
        if game.is_over:
            break
        state = from_json(game.state)
        assert state.current == 0 and body["turn"] == "you"
        # Medium's Jarnac! calls and exchanges, easy's short words (so longer transformations are missed).
        # Every fourth turn of theirs the learner ends it at once: what they leave is "missed".
        if state.phase == rules.PLAY and state.turn % 8 == 1 and state.turn > 1:
            chosen = {"type": "pass"}
        else:
            chosen = ai.choose_move(state, tree, "easy" if state.phase == rules.PLAY else "medium").to_json()
        request = api_kind(chosen)
        kinds_seen.add(request["kind"])
        body = move(client, game.pk, request)
        assert_no_leak(body, JarnacGame.objects.get(pk=game.pk))
        if body["status"] == "playing":
            assert body["turn"] == "you"
    game = JarnacGame.objects.get(pk=body["id"])
    assert game.is_over and body["status"] == "over" and body["turn"] is None
    me, them = body["you"]["score"], body["opponent"]["score"]
    assert me == sum(len(w) ** 2 for w in body["you"]["lines"]) and them == sum(len(w) ** 2 for w in body["opponent"]["lines"])
    assert body["winner"] == ("you" if me > them else "opponent" if them > me else "tie")
    assert (game.score, game.opponent_score, game.winner) == (me, them, body["winner"])
    assert {"draw", "create", "pass"} <= kinds_seen
    # Replay from the stored seed and moves gives the stored state exactly.
    assert services.replayed_state(game) == from_json(game.state)
    assert len(body["moves"]) == len(game.moves)
    detail = client.get(f"/api/jarnac/games/{game.pk}/").json()
    assert detail == {k: v for k, v in body.items() if k not in ("ai_moves", "ai_ms")}
    assert move(client, game.pk, {"kind": "draw"}, expect=409)["code"] == "game_over"
    assert game.missed == brute_force_missed(game)
    assert game.missed, "the learner ended turns early: some transformations were left"


def brute_force_missed(game: JarnacGame) -> list[dict]:
    """The missed words recomputed naively over the word list: at each pass of the learner, the longest
    words containing a line's letters plus some of the reserve (alphabetically first), minus words played."""
    state = engine_new_game(game.seed, "fr")
    tree = services.jarnac_tree(game.lexicon)
    found: dict[str, dict] = {}
    for played in game.moves:
        if state.current == 0 and played["type"] == "pass" and state.phase == rules.PLAY:
            me = state.players[0]
            for base in me.lines:
                grown = [w for w in WORDS if len(w) > len(base)
                         and not Counter(base) - Counter(w)
                         and not (Counter(w) - Counter(base)) - Counter(me.rack)]
                if grown:
                    longest = max(len(w) for w in grown)
                    best = min(w for w in grown if len(w) == longest)
                    found.setdefault(best, {"word": best, "base": base, "turn": state.turn})
        state = rules.apply_move(state, played, tree)
    words_played = {e["move"]["word"] for e in state.history if e["player"] == 0 and e["result"] == "ok"
                    and e["move"].get("word")}
    return sorted((m for m in found.values() if m["word"] not in words_played),
                  key=lambda m: (-len(m["word"]), m["word"]))[:services.MAX_MISSED]


def test_replay_mid_game_gives_the_stored_state(client, lexicon):
    body = new_game(client, lexicon, "hard", seed="replay")
    move(client, body["id"], {"kind": "draw"})
    game = JarnacGame.objects.get(pk=body["id"])
    state = from_json(game.state)
    options = ai.play_options(state, services.jarnac_tree(lexicon))
    if options:
        move(client, game.pk, {"kind": "create" if options[0].line is None else "transform",
                               "word": options[0].word, "line": options[0].line})
    after = move(client, game.pk, {"kind": "pass"})
    assert after["ai_moves"] and all(m["player"] == "opponent" for m in after["ai_moves"])
    assert after["ai_moves"][0]["kind"] in ("draw", "jarnac", "exchange")
    game.refresh_from_db()
    assert game.moves[0] == {"type": "draw"} and len(game.moves) == len(after["moves"])
    assert services.replayed_state(game) == from_json(game.state)


def test_first_move_draws_six_letters_and_the_ai_does_not_see_them_leak(client, lexicon):
    body = new_game(client, lexicon)
    after = move(client, body["id"], {"kind": "draw"})
    assert len(after["you"]["reserve"]) == 6 and after["bag"] == 138 and after["phase"] == "play"
    assert after["moves"][0]["drawn"] == after["you"]["reserve"] or sorted(after["moves"][0]["drawn"]) == list(after["you"]["reserve"])
    assert after["ai_moves"] == [] and set(after["allowed"]) >= {"create", "pass"}


# --- refusals ------------------------------------------------------------------------------------------

@pytest.fixture
def playing(client, alice, lexicon):
    """A game in the learner's play phase: RAT on line 0, reserve EIST; the AI has CHAT and hidden letters."""
    game = services.start_game(alice, lexicon, "medium", seed="refusals")
    store(game, arranged_state(mine=("RAT",), my_rack="EIST", theirs=("CHAT",), their_rack="SNE", phase=rules.PLAY))
    return game


@pytest.mark.parametrize("body, code, words", [
    ({"kind": "create", "word": "TIES"}, "not_a_word", ["TIES", "jarnac-test"]),
    ({"kind": "create", "word": "SAINT"}, "missing_letters", ["EIST", "AN"]),
    ({"kind": "transform", "word": "RATS", "line": 0}, None, None),
    ({"kind": "transform", "word": "SEL", "line": 0}, "drops_letters", ["SEL", "RAT"]),
    ({"kind": "transform", "word": "RAT", "line": 0}, "adds_nothing", ["RAT"]),
    ({"kind": "transform", "word": "RIES", "line": 0}, "not_a_word", ["RIES"]),
    ({"kind": "transform", "word": "ARETES", "line": 0}, "missing_letters", ["EIST", "E"]),
    ({"kind": "transform", "word": "SITE", "line": 0}, "not_a_word", ["SITE"]),
    ({"kind": "transform", "word": "NIES", "line": 0}, "drops_letters", ["NIES", "RAT"]),
    ({"kind": "transform", "word": "RATES", "line": 3}, "bad_line", None),
    ({"kind": "transform", "word": "RATES", "line": 12}, "bad_line", None),
    ({"kind": "transform", "word": "RATES"}, "bad_line", None),
    ({"kind": "create", "word": "AB"}, "bad_length", ["AB"]),
    ({"kind": "create", "word": "R4T"}, "bad_word", None),
    ({"kind": "create"}, "no_word", None),
    ({"kind": "create", "word": 12}, "no_word", None),
    ({"kind": "draw"}, "wrong_phase", None),
    ({"kind": "exchange", "letters": "EIS"}, "wrong_phase", None),
    ({"kind": "jarnac", "word": "CHATS", "line": 0}, "wrong_phase", None),
    ({"kind": "fly"}, "bad_kind", ["fly"]),
    ({}, "bad_kind", None),
])
def test_refusals_in_words(client, playing, body, code, words):
    before = JarnacGame.objects.get(pk=playing.pk)
    response = client.post(f"/api/jarnac/games/{playing.pk}/moves/", body, format="json")
    if code is None:
        assert response.status_code == 200, response.content
        assert response.json()["you"]["lines"] == ["RATS"]
        return
    assert response.status_code == 400, response.content
    answer = response.json()
    assert answer["code"] == code and answer["detail"]
    for word in words or []:
        assert word in answer["detail"]
    after = JarnacGame.objects.get(pk=playing.pk)
    assert (after.state, after.moves) == (before.state, before.moves)


def test_drops_a_letter_is_refused_with_both_words(client, playing):
    answer = move(client, playing.pk, {"kind": "transform", "word": "RIES", "line": 0}, expect=400)
    assert answer["code"] == "not_a_word"
    answer = move(client, playing.pk, {"kind": "transform", "word": "SITE", "line": 0}, expect=400)
    assert answer["code"] == "not_a_word"


def test_pass_and_exchange_before_drawing_are_refused(client, alice, lexicon):
    game = services.start_game(alice, lexicon, "easy", seed="phase")
    assert move(client, game.pk, {"kind": "pass"}, expect=400)["code"] == "wrong_phase"
    assert move(client, game.pk, {"kind": "exchange", "letters": "ABC"}, expect=400)["code"] == "first_turn"
    assert move(client, game.pk, {"kind": "jarnac", "word": "RAT"}, expect=400)["code"] == "no_opponent_turn"
    store(game, arranged_state(mine=("RAT",), my_rack="EIST", phase=rules.START))
    assert move(client, game.pk, {"kind": "exchange", "letters": "EI"}, expect=400)["code"] == "bad_letters"
    assert move(client, game.pk, {"kind": "exchange", "letters": "EIZ"}, expect=400)["code"] == "missing_letters"
    after = move(client, game.pk, {"kind": "exchange", "letters": "eis"})
    assert len(after["you"]["reserve"]) == 4 and after["phase"] == "play"
    assert after["moves"][-1]["letters"] == "EIS"


def test_no_free_line_and_an_empty_bag_are_refused(client, alice, lexicon):
    game = services.start_game(alice, lexicon, "easy", seed="full")
    # Letters the learner has, a word of the lexicon, but no free line: the eighth line is the last.
    store(game, arranged_state(mine=("RAT", "SEL", "ELU", "TAN", "ANE", "NIE", "MER", "AMI"), my_rack="EIPS",
                               phase=rules.PLAY))
    answer = move(client, game.pk, {"kind": "create", "word": "PIES"}, expect=400)
    assert answer["code"] == "no_free_line" and "8 lines" in answer["detail"]
    assert "create" not in client.get(f"/api/jarnac/games/{game.pk}/").json()["allowed"]
    # Two letters left in the bag: no exchange.
    state = arranged_state(mine=("RAT",), my_rack="EIST", phase=rules.START)
    state = replace(state, players=(state.players[0], replace(state.players[1], rack=state.bag[:-2])), bag=state.bag[-2:])
    store(game, state)
    answer = move(client, game.pk, {"kind": "exchange", "letters": "EIS"}, expect=400)
    assert answer["code"] == "bag_too_small"


def test_not_your_turn_is_409(client, alice, lexicon):
    game = services.start_game(alice, lexicon, "hard", seed="turn")
    store(game, arranged_state(current=1, phase=rules.START))
    answer = move(client, game.pk, {"kind": "draw"}, expect=409)
    assert answer["code"] == "not_your_turn" and "not your turn" in answer["detail"]


def test_game_over_is_409_for_moves_and_hints(client, alice, lexicon):
    game = services.start_game(alice, lexicon, "hard", seed="over")
    game.status = JarnacGame.Status.OVER
    game.save()
    assert move(client, game.pk, {"kind": "draw"}, expect=409)["code"] == "game_over"
    assert client.get(f"/api/jarnac/games/{game.pk}/hint/").status_code == 409


# --- Jarnac! -------------------------------------------------------------------------------------------

@pytest.fixture
def window(alice, lexicon):
    """The start of the learner's turn: the AI has CHAT on line 0 and the hidden letters S, E, L."""
    game = services.start_game(alice, lexicon, "medium", seed="steal")
    store(game, arranged_state(mine=("RAT",), my_rack="EI", theirs=("CHAT",), their_rack="SEL", phase=rules.START))
    return game


def test_a_steal_takes_the_line_and_the_letters(client, window):
    body = client.get(f"/api/jarnac/games/{window.pk}/").json()
    assert body["jarnac_window"] and "jarnac" in body["allowed"]
    after = move(client, window.pk, {"kind": "jarnac", "word": "chats", "line": 0})
    assert after["you"]["lines"] == ["RAT", "CHATS"] and after["opponent"]["lines"] == []
    assert after["you"]["score"] == 9 + 25 and after["opponent"]["score"] == 0
    assert after["opponent"]["reserve_size"] == 2 and after["jarnac_window"]
    assert after["moves"][-1]["kind"] == "jarnac" and after["moves"][-1]["base"] == "CHAT"


def test_a_steal_from_loose_letters(client, window):
    after = move(client, window.pk, {"kind": "jarnac", "word": "LES"})
    assert after["you"]["lines"] == ["RAT", "LES"] and after["opponent"]["reserve_size"] == 0


def test_a_claim_on_letters_the_ai_lacks_fails_and_closes_the_window(client, window):
    after = move(client, window.pk, {"kind": "jarnac", "word": "CHATS", "line": None})
    assert after["moves"][-1]["result"] == "not_available" and not after["jarnac_window"]
    assert after["you"]["lines"] == ["RAT"] and after["phase"] == "draw"
    assert move(client, window.pk, {"kind": "jarnac", "word": "CHATS", "line": 0}, expect=400)["code"] == "wrong_phase"


def test_a_claim_that_is_not_a_word_is_refused_and_the_window_stays(client, window):
    answer = move(client, window.pk, {"kind": "jarnac", "word": "CHATE", "line": 0}, expect=400)
    assert answer["code"] == "not_a_word" and "CHATE" in answer["detail"]
    assert client.get(f"/api/jarnac/games/{window.pk}/").json()["jarnac_window"]
    answer = move(client, window.pk, {"kind": "jarnac", "word": "CHAT", "line": 0}, expect=400)
    assert answer["code"] == "adds_nothing"
    answer = move(client, window.pk, {"kind": "jarnac", "word": "CHATS", "line": 4}, expect=400)
    assert answer["code"] == "bad_line"


def test_the_ai_steals_what_the_learner_left(client, alice, lexicon):
    """The learner ends their turn with RAT and an S in reserve: the medium AI calls Jarnac! on RATS."""
    game = services.start_game(alice, lexicon, "medium", seed="ai-steal")
    store(game, arranged_state(mine=("RAT",), my_rack="S", theirs=("ELU",), phase=rules.PLAY))
    after = move(client, game.pk, {"kind": "pass"})
    steals = [m for m in after["ai_moves"] if m["kind"] == "jarnac"]
    assert steals and steals[0]["word"] == "RATS" and steals[0]["base"] == "RAT"
    assert "RAT" not in after["you"]["lines"] and after["you"]["reserve"] == ""
    assert "RATS" in after["opponent"]["lines"]


# --- permissions and bad input -------------------------------------------------------------------------

def test_other_users_games_are_404(alice, bob, lexicon):
    game = services.start_game(alice, lexicon, "easy", seed="mine")
    other = api_for(bob)
    assert other.get(f"/api/jarnac/games/{game.pk}/").status_code == 404
    assert other.post(f"/api/jarnac/games/{game.pk}/moves/", {"kind": "draw"}, format="json").status_code == 404
    assert other.get(f"/api/jarnac/games/{game.pk}/hint/").status_code == 404
    assert other.post(f"/api/jarnac/games/{game.pk}/review/", {}, format="json").status_code == 404
    assert other.get("/api/jarnac/games/").json() == []
    assert api_for(alice).get("/api/jarnac/games/999999/").status_code == 404
    anonymous = api_for()
    assert anonymous.get(f"/api/jarnac/games/{game.pk}/").status_code in (401, 403)
    assert anonymous.post("/api/jarnac/games/", {"level": "easy"}, format="json").status_code in (401, 403)
    game.refresh_from_db()
    assert game.moves == []


@pytest.mark.parametrize("body", [
    {"lexicon": 999999, "level": "easy"},
    {"lexicon": "nope", "level": "easy"},
    {"lexicon": [1], "level": "easy"},
    {"level": "expert"},
    {"level": None},
    {"level": ["easy"]},
    {"level": "easy", "seed": ""},
    {"level": "easy", "seed": "x" * 65},
    {"level": "easy", "seed": {"a": 1}},
])
def test_bad_game_requests_are_400(client, lexicon, body):
    response = client.post("/api/jarnac/games/", body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["detail"]
    assert not JarnacGame.objects.exists()


@pytest.mark.parametrize("body", [{}, {"lexicon": None, "seed": 3}])
def test_the_level_is_required_and_named(client, lexicon, body):
    response = client.post("/api/jarnac/games/", body, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("level:")
    required = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]["JarnacGameCreateRequest"]
    assert required["required"] == ["level"]


def test_lexicon_by_name_and_default(client, lexicon):
    assert client.post("/api/jarnac/games/", {"lexicon": lexicon.name, "level": "hard"}, format="json").status_code == 201
    assert client.post("/api/jarnac/games/", {"level": "hard"}, format="json").json()["lexicon"] == lexicon.pk
    listed = client.get("/api/jarnac/games/").json()
    assert len(listed) == 2 and listed[0]["winner"] is None and listed[0]["level"] == "hard"


@pytest.mark.parametrize("body", [
    {"kind": "transform", "word": "RATS", "line": "zero"},
    {"kind": "transform", "word": "RATS", "line": True},
    {"kind": "transform", "word": "RATS", "line": -1},
    {"kind": "exchange", "letters": 3},
    {"kind": ["draw"]},
    {"kind": "create", "word": "X" * 500},
])
def test_bad_moves_are_400(client, playing, body):
    response = client.post(f"/api/jarnac/games/{playing.pk}/moves/", body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["detail"]


def test_a_move_body_that_is_not_an_object_is_400(client, playing):
    response = client.post(f"/api/jarnac/games/{playing.pk}/moves/", "[1, 2]", content_type="application/json")
    assert response.status_code == 400


# --- hints ---------------------------------------------------------------------------------------------

def test_hint_counts_transformations_per_line(client, alice, lexicon):
    game = services.start_game(alice, lexicon, "medium", seed="hint")
    store(game, arranged_state(mine=("RAT", "SEL"), my_rack="EISU", phase=rules.PLAY))
    hint = client.get(f"/api/jarnac/games/{game.pk}/hint/").json()
    tree = services.jarnac_tree(lexicon)
    expected = [len(extensions(tree, word, "EISU")) for word in ("RAT", "SEL")]
    assert [line["count"] for line in hint["lines"]] == expected and expected[0] > 0
    assert hint["total"] == sum(expected)
    assert hint["lines"][0]["example"] in {f.word for f in extensions(tree, "RAT", "EISU")}
    assert hint["lines"][1]["count"] == 1 and hint["lines"][1]["example"] == "ELUS"
    assert hint["creations"] == len(creations(tree, "EISU")) and hint["reserve"] == "EISU"


# --- end of game: missed words to review ---------------------------------------------------------------

def test_missed_words_go_to_a_revision_list(client, alice, lexicon, monkeypatch):
    game = services.start_game(alice, lexicon, "easy", seed="review")
    body = move(client, game.pk, {"kind": "draw"})
    assert client.post(f"/api/jarnac/games/{game.pk}/review/", {}, format="json").status_code == 409
    game.refresh_from_db()
    game.status = JarnacGame.Status.OVER
    game.missed = [{"word": "RATS", "base": "RAT", "turn": 1}, {"word": "TERRINES", "base": "TERRINE", "turn": 3},
                   {"word": "ENTRAINES", "base": "ENTRAINE", "turn": 5}]
    game.save()
    body = client.get(f"/api/jarnac/games/{game.pk}/").json()
    assert [m["word"] for m in body["missed"]] == ["RATS", "TERRINES", "ENTRAINES"]
    answer = client.post(f"/api/jarnac/games/{game.pk}/review/", {"words": ["RATS", "XYZ"]}, format="json")
    assert answer.status_code == 400 and "XYZ" in answer.json()["detail"]
    answer = client.post(f"/api/jarnac/games/{game.pk}/review/", {}, format="json").json()
    assert answer["added"] == ["RATS", "TERRINES"]
    assert [s["word"] for s in answer["skipped"]] == ["ENTRAINES"]
    revision = RevisionList.objects.get(pk=answer["list"])
    assert revision.owner == alice and revision.lexicon == lexicon
    assert sorted(revision.entries.values_list("word", flat=True)) == ["RATS", "TERRINES"]
    again = client.post(f"/api/jarnac/games/{game.pk}/review/", {"words": ["RATS"]}, format="json").json()
    assert again["list"] == answer["list"] and again["added"] == [] and again["skipped"][0]["word"] == "RATS"
    assert client.get(f"/api/jarnac/games/{game.pk}/").json()["review_words"] == ["RATS", "TERRINES"]


def test_review_into_a_chosen_list_and_not_someone_elses(client, alice, bob, lexicon):
    from training.lists import services as training_services

    game = services.start_game(alice, lexicon, "easy", seed="review2")
    game.status = JarnacGame.Status.OVER
    game.missed = [{"word": "RATS", "base": "RAT", "turn": 1}]
    game.save()
    theirs = training_services.create_list(bob, lexicon, "bob's")
    assert client.post(f"/api/jarnac/games/{game.pk}/review/", {"list": theirs.pk}, format="json").status_code == 404
    mine = training_services.create_list(alice, lexicon, "mine")
    answer = client.post(f"/api/jarnac/games/{game.pk}/review/", {"list": mine.pk}, format="json").json()
    assert answer["list"] == mine.pk and answer["added"] == ["RATS"]


# --- schema --------------------------------------------------------------------------------------------

def test_schema_documents_the_jarnac_errors(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    moves = schema["paths"]["/api/jarnac/games/{game_id}/moves/"]["post"]["responses"]
    assert {"200", "400", "404", "409"} <= set(moves)
    game = schema["paths"]["/api/jarnac/games/{game_id}/"]["get"]["responses"]
    assert {"200", "404"} <= set(game)
    assert {"201", "400"} <= set(schema["paths"]["/api/jarnac/games/"]["post"]["responses"])
    assert {"200", "404", "409"} <= set(schema["paths"]["/api/jarnac/games/{game_id}/hint/"]["get"]["responses"])


def test_missed_words_replay_survives_a_word_leaving_the_lexicon(client, lexicon, monkeypatch):
    """A version published mid-game without a word already placed must not break the end of the game."""
    from engine.jarnac import AnagramTree

    body = new_game(client, lexicon, "medium", seed="replay")
    tree = services.jarnac_tree(lexicon)
    for _ in range(12):
        game = JarnacGame.objects.get(pk=body["id"])
        state = from_json(game.state)
        chosen = ai.choose_move(state, tree, "medium").to_json()
        body = move(client, game.pk, api_kind(chosen))
    game = JarnacGame.objects.get(pk=body["id"])
    placed = [m["word"] for m in game.moves if m.get("word")]
    assert placed
    before = services.missed_words(game)
    smaller = AnagramTree.from_words([w for w in WORDS if w != placed[0]], "fr")
    monkeypatch.setattr(services, "jarnac_tree", lambda lexicon: smaller)
    assert services.missed_words(game) == before


@pytest.mark.parametrize("body, status", [
    ({"words": "RATS"}, 400),
    ({"words": [1, 2]}, 400),
    ({"words": {"RATS": 1}}, 400),
    ({"list": "not-a-list-id"}, 404),
    ({"list": 999999}, 404),
])
def test_bad_review_requests(client, alice, lexicon, body, status):
    game = services.start_game(alice, lexicon, "easy", seed="review-bad")
    game.status = JarnacGame.Status.OVER
    game.missed = [{"word": "RATS", "base": "RAT", "turn": 1}]
    game.save()
    response = client.post(f"/api/jarnac/games/{game.pk}/review/", body, format="json")
    assert response.status_code == status, response.content
    assert response.json()["detail"]
    assert not RevisionList.objects.filter(owner=alice).exists()


def test_replay_survives_a_new_version_without_a_played_word(client, alice, lexicon, monkeypatch):
    """A word accepted when it was played stays accepted in the replay, whatever the lexicon became."""
    body = new_game(client, lexicon, "easy", seed="replay-version")
    tree = services.jarnac_tree(lexicon)
    for _ in range(200):
        game = JarnacGame.objects.get(pk=body["id"])
        state = from_json(game.state)
        if any(state.players[0].lines) or game.is_over:
            break
        body = move(client, game.pk, api_kind(ai.choose_move(state, tree, "medium").to_json()))
    game = JarnacGame.objects.get(pk=body["id"])
    played = {m["word"] for m in game.moves if m.get("word")}
    assert played, "the learner placed no word"
    from engine.jarnac.tree import AnagramTree

    without = AnagramTree.from_words([w for w in WORDS if w not in played], lexicon.language)
    monkeypatch.setattr(services, "jarnac_tree", lambda _lexicon: without)
    assert services.replayed_state(game) == from_json(game.state)
