"""AI opponents: seeded games that end, legal moves only, and each level's documented choices."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.jarnac import ai, rules
from engine.jarnac.bag import full_bag
from engine.jarnac.rules import GameState, PlayerState
from engine.jarnac.tree import AnagramTree


def make_state(p0_lines=(), p0_rack="", p1_lines=(), p1_rack="", bag="EEEEEE", phase=rules.PLAY,
               turns=(1, 1)) -> GameState:
    return GameState(
        language="fr", seed="ai", bag=bag,
        players=(PlayerState(tuple(p0_lines), "".join(sorted(p0_rack)), turns[0]),
                 PlayerState(tuple(p1_lines), "".join(sorted(p1_rack)), turns[1])),
        phase=phase)


@pytest.mark.parametrize("levels", [("easy", "easy"), ("easy", "medium"), ("medium", "hard"),
                                    ("hard", "medium"), ("hard", "hard")])
@pytest.mark.parametrize("seed", [1, 2])
def test_ai_games_end(synthetic_tree, levels, seed):
    state = ai.play_game(synthetic_tree, levels, seed)
    assert state.phase == rules.OVER
    assert state.end_reason in ("eighth_line", "bag_empty")
    if state.end_reason == "eighth_line":
        assert max(len(p.lines) for p in state.players) == rules.LINES
    # every move was legal and succeeded (the AI only plays words it found), tiles are conserved
    assert all(entry["result"] == "ok" for entry in state.history)
    total = Counter(state.bag)
    for p in state.players:
        total.update(p.rack)
        total.update("".join(p.lines))
    assert total == Counter(full_bag())
    assert rules.replay(seed, [e["move"] for e in state.history], synthetic_tree) == state


def test_games_are_deterministic(synthetic_tree):
    assert ai.play_game(synthetic_tree, ("easy", "hard"), 9) == ai.play_game(synthetic_tree, ("easy", "hard"), 9)


def test_ai_game_with_empty_bag_ends(small_tree):
    # Nothing can be done: two idle turns with an empty bag end the game.
    state = make_state(p0_rack="QQQ", p1_rack="ZZZ", bag="", phase=rules.START)
    for _ in range(6):
        if state.phase == rules.OVER:
            break
        state = rules.apply_move(state, ai.choose_move(state, small_tree, "hard"), small_tree)
    assert state.phase == rules.OVER and state.end_reason == "bag_empty"


def test_medium_extends_first_with_the_longest(small_tree):
    state = make_state(p0_lines=["ROSE"], p0_rack="ARESTA")
    move = ai.choose_move(state, small_tree, "medium")
    assert move == rules.play_move("ARROSEES", 0) or move.line == 0
    options = [o for o in ai.play_options(state, small_tree) if o.line == 0]
    assert len(move.word) == max(len(o.word) for o in options)


def test_medium_makes_the_smallest_new_word_when_nothing_extends(small_tree):
    state = make_state(p0_rack="MAISONTR")
    assert ai.choose_move(state, small_tree, "medium") == rules.play_move("ART")


def test_hard_extends_by_the_fewest_letters(small_tree):
    state = make_state(p0_lines=["ROSE", "RAT"], p0_rack="ARESMAISON")
    # ROSEE (+E), RATS (+S), STAR (+S) add one letter; ARROSEES or MAISON would take more.
    assert ai.choose_move(state, small_tree, "hard") == rules.play_move("ROSEE", 0)


def test_hard_makes_the_smallest_new_word_when_nothing_extends(small_tree):
    state = make_state(p0_lines=["SEL"], p0_rack="MAISONTR")
    assert ai.choose_move(state, small_tree, "hard") == rules.play_move("ART")


def test_hard_closes_the_game_when_the_eighth_word_wins(small_tree):
    state = make_state(p0_lines=["RAT"] * 7, p0_rack="MAISONE", p1_lines=["ACHATS"])
    # Ending now with MAISON wins (63 + 36 against 36): it comes before extending RAT to RATS.
    assert ai.choose_move(state, small_tree, "hard") == rules.play_move("MAISON")


def test_hard_steals_the_best_swing_and_medium_the_longest_word(small_tree):
    state = make_state(p1_lines=["MAISON"], p1_rack="SRATE", phase=rules.START)
    assert ai.choose_move(state, small_tree, "hard") == rules.jarnac_move("MAISONS", 0)  # 49 + 36
    assert ai.choose_move(state, small_tree, "medium") == rules.jarnac_move("MAISONS", 0)
    assert ai.choose_move(state, small_tree, "easy") == rules.draw_move()  # easy never steals
    # AAAA + B = AAAAB swings 25 + 16 = 41; BBBBBB from loose letters is longer but swings only 36.
    tree = AnagramTree.from_words(["AAAA", "AAAAB", "BBBBBB"], "fr")
    state = make_state(p1_lines=["AAAA"], p1_rack="BBBBBB", phase=rules.START)
    assert ai.choose_move(state, tree, "hard") == rules.jarnac_move("AAAAB", 0)
    assert ai.choose_move(state, tree, "medium") == rules.jarnac_move("BBBBBB")


def test_hard_does_not_end_the_game_while_behind(small_tree):
    state = make_state(p0_lines=["NIE"] * 7, p0_rack="SEL", p1_lines=["MAISONS"] * 3)
    assert ai.choose_move(state, small_tree, "hard") == rules.pass_move()
    ahead = make_state(p0_lines=["NIE"] * 7, p0_rack="SEL", p1_lines=["ART"])
    assert ai.choose_move(ahead, small_tree, "hard") == rules.play_move("LES")


def test_exchange_policy(small_tree):
    stuck = make_state(p0_rack="QQWXYKJV", bag="EEEEE", phase=rules.START)
    move = ai.choose_move(stuck, small_tree, "hard")
    assert move.type == "exchange" and sorted(move.letters) == sorted("JKQ")
    assert ai.choose_move(stuck, small_tree, "easy") == rules.draw_move()
    after = rules.apply_move(stuck, move, small_tree)
    after = rules.apply_move(after, rules.pass_move(), small_tree)
    after = rules.apply_move(after, rules.draw_move(), small_tree)
    after = rules.apply_move(after, rules.pass_move(), small_tree)
    assert ai.choose_move(after, small_tree, "hard") == rules.draw_move()  # not twice in a row


def test_easy_only_sees_short_words(small_tree):
    state = make_state(p0_rack="MAISONS")
    assert ai.choose_move(state, small_tree, "easy") == rules.pass_move()


def test_unknown_level_and_finished_game(small_tree):
    with pytest.raises(ValueError, match="unknown AI level 'expert'"):
        ai.choose_move(make_state(), small_tree, "expert")
    over = make_state()
    over = GameState(**{**over.__dict__, "phase": rules.OVER})
    with pytest.raises(rules.IllegalMove, match="game is over"):
        ai.choose_move(over, small_tree, "hard")
    with pytest.raises(ValueError, match="two players"):
        ai.play_game(small_tree, ("hard",), 1)


def test_play_game_reports_a_game_that_does_not_end(synthetic_tree):
    with pytest.raises(RuntimeError, match="did not end within 5 moves"):
        ai.play_game(synthetic_tree, ("hard", "hard"), 1, max_moves=5)


def test_play_turn_stops_when_the_turn_passes(synthetic_tree):
    state = rules.new_game(4)
    after = ai.play_turn(state, synthetic_tree, "medium")
    assert after.current == 1 or after.phase == rules.OVER
    assert all(entry["player"] == 0 for entry in after.history)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.lists(st.integers(0, 10_000), max_size=80))
def test_random_moves_keep_the_tiles_and_fail_cleanly(synthetic_tree, seed, picks):
    """A fuzzer: arbitrary (often illegal) moves either raise IllegalMove, leaving the state as it
    was, or give a state that still holds exactly the 144 tiles."""
    state = rules.new_game(seed)
    for pick in picks:
        if state.phase == rules.OVER:
            break
        candidates = [rules.draw_move(), rules.pass_move(), rules.exchange_move(state.player.rack[:3]),
                      ai.choose_move(state, synthetic_tree, "hard")]
        for found in ai.play_options(state, synthetic_tree)[:3]:
            candidates.append(rules.play_move(found.word, (found.line or 0) + pick % 2))
        candidates.append(rules.jarnac_move(state.opponent.rack[:3] or "ABC", None))
        move = candidates[pick % len(candidates)]
        try:
            after = rules.apply_move(state, move, synthetic_tree)
        except rules.IllegalMove:
            continue
        total = Counter(after.bag)
        for p in after.players:
            total.update(p.rack)
            total.update("".join(p.lines))
        assert total == Counter(full_bag())
        assert all(len(p.lines) <= rules.LINES for p in after.players)
        state = after


def test_games_on_a_tiny_lexicon_end_through_exchanges_and_the_empty_bag(small_tree):
    """With 30 words most racks are stuck: the AIs exchange, the bag runs out, and games still end."""
    games = [ai.play_game(small_tree, levels, seed)
             for levels in (("medium", "hard"), ("hard", "hard")) for seed in (1, 2)]
    assert all(state.phase == rules.OVER for state in games)
    assert any(e["move"]["type"] == "exchange" for state in games for e in state.history)
    assert any(state.end_reason == "bag_empty" for state in games)
    for state in games:  # never two exchanges in a row by the same player
        starts = {0: [], 1: []}
        for e in state.history:
            if e["move"]["type"] in ("draw", "exchange"):
                starts[e["player"]].append(e["move"]["type"])
        for kinds in starts.values():
            assert all(not (a == b == "exchange") for a, b in zip(kinds, kinds[1:], strict=False))
