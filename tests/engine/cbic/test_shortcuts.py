"""The construction's shortcuts give the answers of the long way: helper counts without the new state, the
helpers' patterns from an index, remembered ``beats`` answers; and the stops of the preference for list-word
tops (a grid reaching ``top_target``, ``top_patience``, ``top_patience_met`` past ``top_goal``, the helper caps'
floor) do what they say."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace
from types import SimpleNamespace

import pytest

from engine.cbic import SearchConfig, placements
from engine.cbic import helpers as helpers_module
from engine.cbic.generator import Builder
from engine.cbic.placements import WordCheck, candidates_through, counts_after, placements_through
from engine.cbic.state import HELPER, REVISION, Bag
from engine.cbic.words import resolve_words
from engine.scrabble.board import SIZE, Board
from engine.scrabble.cgp import Position
from engine.scrabble.movegen import top_moves
from tests.engine.cbic.support import make_builder
from tests.engine.cbic.test_grid import random_set
from tests.engine.cbic.test_placements import FR, random_state

CORE = importlib.import_module("engine.cbic._placements")


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("case", range(4))
def test_helper_counts_and_candidates_match_the_full_search(synthetic, monkeypatch, compiled: bool,
                                                            case: int) -> None:
    monkeypatch.setattr(placements, "_CORE", CORE if compiled else None)
    lexicon, words = synthetic
    rng = random.Random(900 + case)
    pool = sorted(words)
    state = random_state(lexicon, pool, rng, plays=3 + 2 * case)
    check = WordCheck(lexicon)
    bag = Bag(FR) if case % 2 else None
    asked = nonzero = 0
    for helper in rng.sample(pool, 40):
        found = placements_through(state, check, helper, range(len(helper)), bag)
        candidates = candidates_through(state, check, helper, range(len(helper)), bag)
        assert [c.placement() for c in candidates] == found
        assert [c.tiles for c in candidates] == [p.tiles for p in found]
        for played in (found + candidates)[:6]:
            fresh = {r * SIZE + c for r, c, _ in played.tiles}
            squares = set(rng.sample(sorted(fresh), rng.randint(1, len(fresh))))
            stuck = [(w, tuple(rng.sample(range(len(w)), rng.randint(1, len(w))))) for w in rng.sample(pool, 5)]
            child = state.apply(played.placement() if hasattr(played, "placement") else played, HELPER)
            expected = [len(placements_through(child, check, w, s, bag, squares=squares)) for w, s in stuck]
            assert counts_after(state, check, stuck, played, squares, bag) == expected
            asked += 1
            nonzero += any(expected)
    assert asked and nonzero


def test_helper_patterns_from_the_index_are_the_lexicon_s(synthetic) -> None:
    lexicon, words = synthetic
    rng = random.Random(3)
    letters = sorted({x for w in words for x in w})
    for _ in range(200):
        n = rng.randint(2, 5)
        pattern = ["."] * n
        for j in rng.sample(range(n), rng.randint(1, 2)):
            pattern[j] = rng.choice(letters)
        text = "".join(pattern)
        assert helpers_module._pattern(lexicon, text) == lexicon.pattern(text), text
    assert helpers_module._pattern(lexicon, "......") == lexicon.pattern("......")  # longer: asked as before
    for letter in letters[:6]:
        for n in (2, 3, 4, 5):
            expected = sorted({w for j in range(n) for w in lexicon.pattern("." * j + letter + "." * (n - j - 1))})
            assert helpers_module.words_with_letter(lexicon, letter, n) == expected


def _builder(lexicon, words, case: int, config: SearchConfig, count: int = 8) -> Builder:
    items = random_set(words, random.Random(700 + case), count)
    return make_builder(lexicon, resolve_words(lexicon, items), case, config)


def test_remembered_beats_answers_are_the_move_generator_s(synthetic) -> None:
    lexicon, words = synthetic
    rng = random.Random(5)
    builder = _builder(lexicon, words, 0, SearchConfig())
    pool = sorted(words)
    for case in range(6):
        state = random_state(lexicon, pool, rng, plays=2 + case)
        rack = "".join(rng.sample(rng.choice([w for w in pool if len(w) >= 6]), 5))
        found = top_moves(lexicon, Position(Board(list(state.cells)), (rack, "")), 1)
        best = found[0].score if found else 0
        scores = [best - 3, best + 2, best, best - 1, best + 1, best - 3, best]
        for score in scores:  # asked in this order: later answers come from what is remembered
            assert builder.beaten_on(state.text, state.cells, rack, score) == (bool(found) and best > score)
    asked = builder.top_generations
    assert asked < 6 * len(scores)
    builder.beaten_on(state.text, state.cells, rack, best + 5)  # above an unbeaten score: no new question
    assert builder.top_generations == asked


def test_a_search_takes_the_first_complete_grid_reaching_the_target(synthetic) -> None:
    lexicon, words = synthetic
    for case in range(4):
        anything = _builder(lexicon, words, case, replace(SearchConfig(), top_target=0.0, top_restarts=0))
        anything.build()
        assert anything.misses_allowed == len(anything.targets)
        assert anything.improve_from == -1  # no branch and bound after the first complete grid
        every = _builder(lexicon, words, case, replace(SearchConfig(), top_target=1.0, top_restarts=0))
        every.build()
        assert every.misses_allowed == 0


def test_top_restarts_stop_after_top_patience_restarts_without_progress(synthetic) -> None:
    lexicon, words = synthetic
    stopped = 0
    for case in range(8):
        base = replace(SearchConfig(), top_target=1.0, top_goal=1.0, top_restarts=6)
        patient = _builder(lexicon, words, case, replace(base, top_patience=1))
        patient.build()
        endless = _builder(lexicon, words, case, replace(base, top_patience=0))
        endless.build()
        assert patient.top_restarts_done <= endless.top_restarts_done
        if patient.top_restarts_done < endless.top_restarts_done:
            stopped += 1
            assert patient.top_stale >= 1
    assert stopped


@pytest.mark.parametrize(("tops", "restarts"), [(4, 5), (6, 2)])
def test_top_restarts_are_less_patient_once_the_goal_is_reached(synthetic, tops: int, restarts: int) -> None:
    """Under ``top_goal`` the restarts wait ``top_patience`` stale ones (5 here), at or above it
    ``top_patience_met`` (2): a grid with 4 list-word tops of 10 gets 5 more restarts, one with 6 gets 2."""
    lexicon, words = synthetic
    config = replace(SearchConfig(), top_target=1.0, top_goal=0.5, top_patience=5, top_patience_met=2,
                     top_restarts=50)
    builder = _builder(lexicon, words, 0, config)
    builder.tops = lambda state: tops  # type: ignore[method-assign]
    overall = SimpleNamespace(steps=[SimpleNamespace(kind=REVISION)] * 10)
    granted = 0
    while builder.more_tops_wanted(overall):  # type: ignore[arg-type]
        granted += 1
        assert granted < 50
    assert granted == restarts and builder.top_restarts_done == restarts


def test_low_helper_caps_are_raised_for_large_sets(synthetic) -> None:
    lexicon, words = synthetic
    assert _builder(lexicon, words, 0, SearchConfig(), count=4).low_caps() == (2, 3, 4)
    assert _builder(lexicon, words, 0, SearchConfig(), count=8).low_caps() == (3, 4)
    assert _builder(lexicon, words, 0, SearchConfig(), count=10).low_caps() == (4,)
    assert _builder(lexicon, words, 0, replace(SearchConfig(), low_cap_floor=0.0), count=10).low_caps() == (2, 3, 4)


def test_a_word_known_to_stay_beaten_is_beaten_by_the_move_generator(synthetic) -> None:
    """:meth:`Builder.still_beaten` answers without the move generator only when the move generator would
    find a play scoring more than every placement of the word, on the board with the helper laid."""
    from engine.cbic.generator import _board
    from engine.cbic.situations import training_rack

    lexicon, words = synthetic
    rng = random.Random(11)
    builder = _builder(lexicon, words, 0, SearchConfig())
    check = WordCheck(lexicon)
    pool = sorted(words)
    certain = asked = 0
    for case in range(10):
        state = random_state(lexicon, pool, rng, plays=2 + case % 5)
        for helper in rng.sample(pool, 20):
            for played in placements_through(state, check, helper, range(len(helper)))[:3]:
                child = state.apply(played, HELPER)
                fresh = {r * SIZE + c for r, c, _ in played.tiles}
                for word in rng.sample(pool, 6):
                    found = placements_through(child, check, word, (rng.randrange(len(word)),))
                    if not found:
                        continue
                    asked += 1
                    if builder.still_beaten(state, fresh, found):
                        certain += 1
                        rack = training_rack(found[0])
                        best = top_moves(lexicon, Position(_board(child.cells), (rack, "")), 1)
                        assert best and best[0].score > max(p.score for p in found)
    assert certain and certain < asked
