"""The pure rules engine: legal and illegal moves, steals, end of game, scores, JSON and replay."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from engine.jarnac import rules, storage
from engine.jarnac.bag import BAG_SIZE, JARNAC_DISTRIBUTION, full_bag
from engine.jarnac.rules import GameState, IllegalMove, PlayerState


def make_state(p0_lines=(), p0_rack="", p1_lines=(), p1_rack="", bag="EEEEEE", current=0,
               phase=rules.PLAY, turns=(1, 1)) -> GameState:
    return GameState(
        language="fr", seed="test", bag=bag,
        players=(PlayerState(tuple(p0_lines), "".join(sorted(p0_rack)), turns[0]),
                 PlayerState(tuple(p1_lines), "".join(sorted(p1_rack)), turns[1])),
        current=current, phase=phase)


def tiles(state: GameState) -> Counter[str]:
    total = Counter(state.bag)
    for p in state.players:
        total.update(p.rack)
        for word in p.lines:
            total.update(word)
    return total


# -- bag and new game ----------------------------------------------------------------------------

def test_bag_has_jarnac_distribution():
    assert len(full_bag()) == BAG_SIZE == 144
    assert Counter(full_bag()) == Counter(JARNAC_DISTRIBUTION)
    assert JARNAC_DISTRIBUTION["E"] == 19 and JARNAC_DISTRIBUTION["A"] == 14


def test_new_game_is_seeded():
    first, again, other = rules.new_game(1), rules.new_game(1), rules.new_game(2)
    assert first == again
    assert first.bag != other.bag
    assert Counter(first.bag) == Counter(full_bag())
    assert first.phase == rules.START and first.current == 0


def test_new_game_rejects_unknown_language():
    with pytest.raises(ValueError, match="unknown language 'de'"):
        rules.new_game(1, "de")


# -- drawing and exchanging ----------------------------------------------------------------------

def test_first_draw_gives_six_letters_then_one(small_tree):
    state = rules.new_game(5)
    state = rules.apply_move(state, rules.draw_move(), small_tree)
    assert len(state.player.rack) == 6 and len(state.bag) == 138
    assert state.phase == rules.PLAY and state.player.turns == 1
    state = rules.apply_move(state, rules.pass_move(), small_tree)
    state = rules.apply_move(state, {"type": "draw"}, small_tree)
    assert len(state.player.rack) == 6  # player 1's first draw
    state = rules.apply_move(state, rules.pass_move(), small_tree)
    state = rules.apply_move(state, rules.draw_move(), small_tree)
    assert state.current == 0 and len(state.player.rack) == 7


def test_draw_twice_is_illegal(small_tree):
    state = rules.apply_move(rules.new_game(5), rules.draw_move(), small_tree)
    with pytest.raises(IllegalMove, match="already drawn") as info:
        rules.apply_move(state, rules.draw_move(), small_tree)
    assert info.value.code == "wrong_phase"


def test_exchange_returns_three_and_draws_three(small_tree):
    state = make_state(p0_rack="QWXAB", bag="EEEEIIII", phase=rules.START)
    after = rules.apply_move(state, rules.exchange_move("qwx"), small_tree)
    assert after.player.rack == "ABEEE"
    assert len(after.bag) == 8 and Counter(after.bag) == Counter("EIIIIQWX")
    assert after.phase == rules.PLAY
    assert after.history[-1]["returned"] == "QWX" and after.history[-1]["drawn"] == "EEE"
    assert rules.apply_move(state, rules.exchange_move("QWX"), small_tree) == after  # deterministic


@pytest.mark.parametrize("letters, bag, turns, code", [
    ("QW", "EEEE", (1, 1), "bad_letters"),
    ("QWXA", "EEEE", (1, 1), "bad_letters"),
    ("QZZ", "EEEE", (1, 1), "missing_letters"),
    ("QWX", "EE", (1, 1), "bag_too_small"),
    ("QWX", "EEEE", (0, 1), "first_turn"),
    ("Q1X", "EEEE", (1, 1), "bad_letters"),
])
def test_illegal_exchanges(small_tree, letters, bag, turns, code):
    state = make_state(p0_rack="QWXAB", bag=bag, phase=rules.START, turns=turns)
    with pytest.raises(IllegalMove) as info:
        rules.apply_move(state, rules.exchange_move(letters), small_tree)
    assert info.value.code == code


def test_exchange_after_drawing_is_illegal(small_tree):
    state = make_state(p0_rack="QWXAB", phase=rules.PLAY)
    with pytest.raises(IllegalMove, match="already drawn"):
        rules.apply_move(state, rules.exchange_move("QWX"), small_tree)


# -- playing words --------------------------------------------------------------------------------

def test_new_word_uses_letters_and_earns_one(small_tree):
    state = make_state(p0_rack="TARXY", bag="IOU")
    after = rules.apply_move(state, rules.play_move("rat"), small_tree)
    assert after.player.lines == ("RAT",)
    assert after.player.rack == "IXY"
    assert after.bag == "OU"
    assert after.phase == rules.PLAY and after.current == 0
    assert rules.scores(after) == (9, 0)
    assert after.history[-1] == {"turn": 1, "player": 0, "move": {"type": "play", "word": "RAT", "line": None},
                                 "result": "ok", "used": "ART", "base": None, "drawn": "I"}


def test_extension_adds_several_letters_and_reorders(small_tree):
    state = make_state(p0_lines=["RAT"], p0_rack="ESZ", bag="")
    after = rules.apply_move(state, rules.play_move("TASER", line=0), small_tree)
    assert after.player.lines == ("TASER",)
    assert after.player.rack == "Z"
    assert after.bag == ""  # an empty bag earns nothing
    assert rules.scores(after) == (25, 0)


def test_non_word_passes_the_turn_and_keeps_letters(small_tree):
    state = make_state(p0_rack="TARXY", p1_rack="ABC")
    after = rules.apply_move(state, rules.play_move("TRA"), small_tree)
    assert after.current == 1 and after.phase == rules.START and after.turn == 2
    assert after.players[0].rack == "ARTXY" and after.players[0].lines == ()
    assert after.history[-1]["result"] == "not_a_word"


@pytest.mark.parametrize("word, line, code", [
    ("RAT", None, "missing_letters"),          # no T in the rack
    ("RATES", 0, "drops_letters"),              # drops the C and H of CHAT
    ("CHAT", 0, "adds_nothing"),
    ("TACH", 0, "adds_nothing"),                # an anagram adds nothing
    ("CHATS", 3, "bad_line"),
    ("CHATS", -1, "bad_line"),
    ("RA", None, "bad_length"),
    ("DESARROISE", None, "bad_length"),
    ("CH-AT", 0, "bad_word"),
])
def test_illegal_plays_raise_and_change_nothing(small_tree, word, line, code):
    state = make_state(p0_lines=["CHAT"], p0_rack="ARSE")
    with pytest.raises(IllegalMove) as info:
        rules.apply_move(state, rules.play_move(word, line), small_tree)
    assert info.value.code == code
    assert state.player.rack == "AERS"  # the original state object is untouched (immutable)


def test_play_before_drawing_is_illegal(small_tree):
    state = make_state(p0_rack="TAR", phase=rules.START)
    with pytest.raises(IllegalMove, match="draw a letter or exchange") as info:
        rules.apply_move(state, rules.play_move("RAT"), small_tree)
    assert info.value.code == "wrong_phase"
    with pytest.raises(IllegalMove, match="before ending the turn"):
        rules.apply_move(state, rules.pass_move(), small_tree)


def test_no_new_word_on_a_full_mat(small_tree):
    state = make_state(p0_lines=["ART"] * 8, p0_rack="TAR")
    with pytest.raises(IllegalMove) as info:
        rules.apply_move(state, rules.play_move("RAT"), small_tree)
    assert info.value.code == "no_free_line"


# -- Jarnac! --------------------------------------------------------------------------------------

def test_jarnac_steals_an_extension_of_the_opponents_word(small_tree):
    state = make_state(p0_lines=["SEL"], p0_rack="AB", p1_lines=["ROSE", "CHAT"], p1_rack="SARE",
                       phase=rules.START)
    after = rules.apply_move(state, rules.jarnac_move("ARROSE", line=0), small_tree)
    assert after.players[0].lines == ("SEL", "ARROSE")
    assert after.players[1].lines == ("CHAT",)
    assert after.players[1].rack == "ES"
    assert after.phase == rules.START  # more calls allowed, then draw
    assert rules.scores(after) == (9 + 36, 16)
    assert after.history[-1]["taken"] == "AR" and after.history[-1]["base"] == "ROSE"
    assert tiles(after) == tiles(state)


def test_jarnac_from_loose_letters_then_draw(small_tree):
    state = make_state(p1_rack="TARZ", phase=rules.START)
    after = rules.apply_move(state, rules.jarnac_move("ART"), small_tree)
    assert after.players[0].lines == ("ART",) and after.players[1].rack == "Z"
    after = rules.apply_move(after, rules.draw_move(), small_tree)
    assert after.phase == rules.PLAY


def test_failed_jarnac_ends_the_calls(small_tree):
    state = make_state(p1_rack="TARS", phase=rules.START)
    after = rules.apply_move(state, rules.jarnac_move("TRA"), small_tree)
    assert after.phase == rules.DRAW and after.players == state.players
    assert after.history[-1]["result"] == "not_a_word"
    with pytest.raises(IllegalMove, match="failed Jarnac"):
        rules.apply_move(after, rules.jarnac_move("RATS"), small_tree)
    assert rules.apply_move(after, rules.draw_move(), small_tree).phase == rules.PLAY


@pytest.mark.parametrize("kwargs, move, code", [
    ({"phase": rules.PLAY}, rules.jarnac_move("ART"), "wrong_phase"),
    ({"turns": (1, 0)}, rules.jarnac_move("ART"), "no_opponent_turn"),
    ({"p1_lines": ["RAT"]}, rules.jarnac_move("CHAT", line=0), "drops_letters"),
    ({"p1_lines": ["RAT"]}, rules.jarnac_move("RATS", line=1), "bad_line"),
    ({"p0_lines": ["SEL"] * 8}, rules.jarnac_move("ART"), "no_free_line"),
])
def test_illegal_jarnacs(small_tree, kwargs, move, code):
    base = {"p1_rack": "TAR", "phase": rules.START}
    state = make_state(**{**base, **kwargs})
    with pytest.raises(IllegalMove) as info:
        rules.apply_move(state, move, small_tree)
    assert info.value.code == code


def test_jarnac_on_letters_the_opponent_lacks_fails_and_ends_the_calls(small_tree):
    state = make_state(p1_rack="TAR", phase=rules.START)
    after = rules.apply_move(state, rules.jarnac_move("STAR"), small_tree)
    assert after.phase == rules.DRAW and after.players == state.players
    assert after.history[-1]["result"] == "not_available"
    with pytest.raises(IllegalMove, match="failed Jarnac"):
        rules.apply_move(after, rules.jarnac_move("ART"), small_tree)


def test_stealing_onto_the_eighth_line_ends_the_game(small_tree):
    state = make_state(p0_lines=["SEL"] * 7, p1_lines=["CHAT"], p1_rack="S", phase=rules.START)
    after = rules.apply_move(state, rules.jarnac_move("CHATS", line=0), small_tree)
    assert after.phase == rules.OVER and after.end_reason == "eighth_line"
    assert rules.scores(after) == (7 * 9 + 25, 0)
    assert rules.winner(after) == 0


# -- end of game ----------------------------------------------------------------------------------

def test_eighth_word_ends_the_game_and_nothing_more_is_allowed(small_tree):
    state = make_state(p0_lines=["ART"] * 7, p0_rack="SEL", p1_lines=["ACHATS", "MAISONS"])
    after = rules.apply_move(state, rules.play_move("LES"), small_tree)
    assert after.phase == rules.OVER and after.end_reason == "eighth_line"
    assert rules.scores(after) == (72, 36 + 49)
    assert rules.winner(after) == 1
    with pytest.raises(IllegalMove, match="game is over") as info:
        rules.apply_move(after, rules.pass_move(), small_tree)
    assert info.value.code == "game_over"


def test_empty_bag_two_idle_turns_end_the_game(small_tree):
    state = make_state(p0_lines=["RAT"], p1_lines=["RAT"], bag="")
    state = rules.apply_move(state, rules.pass_move(), small_tree)
    assert state.phase == rules.START and state.idle_turns == 1
    state = rules.apply_move(state, rules.draw_move(), small_tree)  # draws nothing
    assert state.history[-1]["drawn"] == ""
    state = rules.apply_move(state, rules.pass_move(), small_tree)
    assert state.phase == rules.OVER and state.end_reason == "bag_empty"
    assert rules.winner(state) is None  # 9 - 9: a tie


def test_a_success_resets_the_idle_count(small_tree):
    state = make_state(p0_rack="", p1_rack="TAR", bag="")
    state = rules.apply_move(state, rules.pass_move(), small_tree)
    state = rules.apply_move(state, rules.draw_move(), small_tree)
    state = rules.apply_move(state, rules.play_move("RAT"), small_tree)
    state = rules.apply_move(state, rules.pass_move(), small_tree)
    assert state.phase == rules.START and state.idle_turns == 0


def test_winner_is_none_while_playing():
    assert rules.winner(rules.new_game(1)) is None


# -- moves as JSON --------------------------------------------------------------------------------

@pytest.mark.parametrize("data, message", [
    ("draw", "a move is a JSON object"),
    ({"type": "steal"}, "move type 'steal'"),
    ({"type": "play"}, "needs a 'word' string"),
    ({"type": "play", "word": "RAT", "line": True}, "'line' must be an integer"),
    ({"type": "exchange"}, "needs a 'letters' string"),
])
def test_malformed_moves(small_tree, data, message):
    with pytest.raises(IllegalMove, match=message) as info:
        rules.apply_move(make_state(), data, small_tree)
    assert info.value.code == "bad_move"


def test_move_json_round_trip():
    for move in (rules.draw_move(), rules.pass_move(), rules.exchange_move("ABC"),
                 rules.play_move("RAT", 2), rules.jarnac_move("RATS")):
        assert rules.Move.from_json(json.loads(json.dumps(move.to_json()))) == move


# -- state as JSON, replay ------------------------------------------------------------------------

def played_state(tree) -> tuple[GameState, list[dict]]:
    from engine.jarnac import ai

    state = rules.new_game("json")
    moves = []
    while len(moves) < 60 and state.phase != rules.OVER:
        move = ai.choose_move(state, tree, "hard")
        moves.append(move.to_json())
        state = rules.apply_move(state, move, tree)
    return state, moves


def test_state_json_round_trip_and_replay(synthetic_tree):
    state, moves = played_state(synthetic_tree)
    data = json.loads(json.dumps(storage.to_json(state)))
    assert storage.from_json(data) == state
    assert rules.replay("json", moves, synthetic_tree) == state
    assert tiles(state) == Counter(full_bag())


def test_public_view_hides_the_bag_order(synthetic_tree):
    state, _ = played_state(synthetic_tree)
    view = storage.public_view(state)
    assert "bag" not in view and "seed" not in view
    assert view["bag_size"] == len(state.bag)
    assert view["allowed_moves"] == rules.allowed_moves(state)
    assert view["players"][0]["score"] == state.players[0].score


def corrupt(data: dict, path: list, value) -> dict:
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("path, value, message", [
    (["version"], 99, "state version 99"),
    (["language"], "de", "state.language"),
    (["bag"], KeyError, "state.bag is missing"),
    (["bag"], 12, "state.bag must be a str"),
    (["players"], [], "2 players"),
    (["players", 0, "rack"], "A1", "state.players[0].rack has characters"),
    (["players", 1, "lines"], ["AB"], "state.players[1].lines[0]"),
    (["players", 1, "turns"], -1, "turns is negative"),
    (["current"], 2, "state.current must be 0 or 1"),
    (["phase"], "dance", "state.phase 'dance'"),
    (["succeeded"], 1, "state.succeeded must be a bool"),
    (["history"], [1], "history entries"),
    (["turn"], 0, "state.turn (0) must be at least 1"),
    (["idle_turns"], -2, "state.idle_turns (-2) must be at least 0"),
    (["end_reason"], 5, "end_reason must be a string or null"),
    (["players", 0], "x", "state.players[0] must be an object"),
    (["players", 0, "lines"], ["RAT"] * 9, "a mat has 8 lines"),
])
def test_from_json_names_what_is_wrong(synthetic_tree, path, value, message):
    state, _ = played_state(synthetic_tree)
    with pytest.raises(storage.StateError, match=re.escape(message)):
        storage.from_json(corrupt(storage.to_json(state), path, value))


def test_from_json_checks_the_tiles():
    data = storage.to_json(rules.new_game(3))
    data["bag"] = data["bag"][1:]
    with pytest.raises(storage.StateError, match="144 tiles"):
        storage.from_json(data)
    with pytest.raises(storage.StateError, match="a state is a JSON object"):
        storage.from_json([])


def test_allowed_moves_follow_the_phase(small_tree):
    fresh = rules.new_game(1)
    assert rules.allowed_moves(fresh) == ["draw"]  # first turn: no Jarnac!, no exchange
    assert rules.allowed_moves(make_state(p1_rack="TAR", p0_rack="ABC", phase=rules.START)) == [
        "jarnac", "draw", "exchange"]
    assert rules.allowed_moves(make_state(p0_rack="AB", phase=rules.DRAW)) == ["draw"]
    assert rules.allowed_moves(make_state(p0_rack="ABC", bag="E", phase=rules.DRAW)) == ["draw"]
    assert rules.allowed_moves(make_state()) == ["play", "pass"]
    over = rules.apply_move(make_state(p0_lines=["ART"] * 7, p0_rack="SEL"), rules.play_move("LES"), small_tree)
    assert rules.allowed_moves(over) == []


def test_moves_outside_allowed_moves_are_refused(small_tree):
    """Every type not in allowed_moves raises IllegalMove, whatever its content."""
    samples = {"jarnac": rules.jarnac_move("ART"), "draw": rules.draw_move(),
               "exchange": rules.exchange_move("ABC"), "play": rules.play_move("ART"), "pass": rules.pass_move()}
    states = [rules.new_game(1), make_state(p0_rack="ABC", bag="E", phase=rules.START, turns=(1, 0)),
              make_state(p0_rack="ART", phase=rules.DRAW), make_state(p0_rack="ART")]
    for state in states:
        for kind, move in samples.items():
            if kind not in rules.allowed_moves(state):
                with pytest.raises(IllegalMove):
                    rules.apply_move(state, move, small_tree)
