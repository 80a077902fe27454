"""Boards whose top is the list word: the order of a finished grid's words, and the generator's preference.

Every grid still goes through :func:`oracle.check_grid` (the tops shown are the move generator's, exact).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from engine.cbic import RevisionWord, SearchConfig, Weights, _assemble, generate_training_grid
from engine.cbic.generator import Construction
from engine.cbic.sequence import _owned_squares, _support_square, relocations, resequence
from engine.cbic.situations import build_situation
from engine.cbic.state import REVISION
from engine.cbic.words import resolve_words
from tests.engine.cbic.oracle import check_grid
from tests.engine.cbic.support import SetsUntil, make_builder
from tests.engine.cbic.test_grid import random_set, specs

NO_TOP = replace(SearchConfig(), weights=replace(Weights(), top=0.0))


def _share(grid) -> tuple[int, int]:
    tops = sum(1 for p in grid.placed if p.situation.expected.score >= p.situation.top[0].score)
    return tops, len(grid.placed)


@pytest.mark.parametrize("case", range(4))
def test_a_reordered_grid_is_the_same_board_laid_legally_with_at_least_as_many_tops(synthetic, case) -> None:
    lexicon, words = synthetic
    rng = random.Random(300 + case)
    items = resolve_words(lexicon, random_set(words, rng, 7))
    builder = make_builder(lexicon, items, case, NO_TOP)
    state = builder.build().state
    other = resequence(state, builder.check, builder.is_top)
    if other is None:
        pytest.skip("no greedy order for this grid (the construction's order is kept)")
    assert other.cells == state.cells  # the same final board
    assert sorted(s.placement.word for s in other.steps) == sorted(s.placement.word for s in state.steps)
    assert other.placed_ids() == state.placed_ids()
    for step in other.steps:  # every revision step is a legal, findable play on the board of its moment
        if step.kind == REVISION:
            situation = build_situation(lexicon, step, 3)
            assert sorted(situation.rack) == sorted(step.placement.rack)
    assert builder.tops(builder.reordered(state)) >= builder.tops(state)


def test_the_preference_for_list_word_tops_raises_their_share_and_keeps_tops_exact(synthetic) -> None:
    lexicon, words = synthetic
    before = after = total_before = total_after = 0
    for case in range(6):
        rng = random.Random(400 + case)
        items = random_set(words, rng, 8)
        plain = generate_training_grid(lexicon, items, seed=case, top_n=5, config=NO_TOP)
        preferred = generate_training_grid(lexicon, items, seed=case, top_n=5)
        check_grid(preferred.to_json(), lexicon, words, specs(items), top_n=5)  # tops are the true tops
        a, n = _share(plain)
        b, m = _share(preferred)
        before, total_before, after, total_after = before + a, total_before + n, after + b, total_after + m
        assert m >= n  # placing every word still comes first
        assert preferred.stats["list_word_tops"] == b
    assert after / total_after > before / total_before, (before, total_before, after, total_after)


def test_the_same_seed_gives_the_same_grid_with_the_preference(synthetic) -> None:
    lexicon, words = synthetic
    items = random_set(words, random.Random(7), 8)
    a = generate_training_grid(lexicon, items, seed=3, top_n=3).to_json()
    b = generate_training_grid(lexicon, items, seed=3, top_n=3).to_json()
    assert a == b


def test_no_preference_in_bag_mode_or_with_a_zero_weight(seed_lexicon) -> None:
    items = [RevisionWord("BACCARAT", 7), RevisionWord("BACCARAS", "S"), RevisionWord("CACABERA", "A")]
    grid = generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=3, bag=True)
    assert grid.stats["reorders"] == 0
    plain = generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=3, config=NO_TOP)
    assert plain.stats["list_word_tops"] is None and plain.stats["top_generations"] == 0


ONE_SEARCH = replace(SearchConfig(), top_restarts=0, repair_tries=0, reorder_tries=0, top_helpers=0, top_blocks=0)
"""The preference inside one search only: no restart, repair, new order or helper for tops."""


def _built(lexicon, words, case: int, config: SearchConfig, count: int = 8):
    items = random_set(words, random.Random(500 + case), count)
    builder = make_builder(lexicon, resolve_words(lexicon, items), case, config)
    return items, builder, builder.build().state


def test_a_relocated_word_is_the_top_of_its_new_board_and_the_grid_stays_legal(synthetic) -> None:
    lexicon, words = synthetic
    moved = kept = 0
    for case in range(40):
        if moved >= 3 and kept:
            break
        items, builder, state = _built(lexicon, words, case, ONE_SEARCH)
        for index, step in enumerate(state.steps):
            if step.kind != REVISION or builder.step_is_top(step):
                continue
            w = builder.by_id[step.word_id]
            found = list(itertools.islice(relocations(state, builder.check, index, w.word, list(w.supports),
                                                      builder.is_top), 2))
            if any(_support_square(later.placement) in _owned_squares(step) for later in state.steps[index + 1:]):
                assert not found  # a later word goes through it: it stays
                kept += 1
            for other in found:
                moved += 1
                assert other.placed_ids() == state.placed_ids() and len(other.steps) == len(state.steps)
                new = next(s for s in other.steps if s.kind == REVISION and s.word_id == step.word_id)
                situation = build_situation(lexicon, new, 1)  # the rules and the move generator, exact
                assert situation.expected.score >= situation.top[0].score
                grid = _assemble(lexicon, Construction(other, {}, {}), builder.by_id, 3, None, None)
                check_grid(grid.to_json(), lexicon, words, specs(items), top_n=3)
    assert moved and kept, (moved, kept)


def test_the_search_goes_on_for_a_grid_with_fewer_misses_and_never_keeps_more(synthetic) -> None:
    lexicon, words = synthetic
    first = bounded = 0
    for case in range(6):
        _, plain, a = _built(lexicon, words, case, replace(ONE_SEARCH, top_nodes=0))
        _, more, b = _built(lexicon, words, case, replace(ONE_SEARCH, top_nodes=200))
        assert len(b.placed_ids()) == len(a.placed_ids())
        assert more.tops(b) >= plain.tops(a), case
        first, bounded = first + plain.tops(a), bounded + more.tops(b)
    assert bounded > first, (first, bounded)


def test_repaired_grids_are_exact_and_have_more_list_word_tops(synthetic) -> None:
    lexicon, words = synthetic
    repaired = SetsUntil(words, random_set, 600, tries=60, least=4)  # met: the repairs made
    for case, items in repaired:
        grid = generate_training_grid(lexicon, items, seed=case, top_n=5, config=replace(ONE_SEARCH, repair_tries=4))
        check_grid(grid.to_json(), lexicon, words, specs(items), top_n=5)
        assert grid.stats["list_word_tops"] == _share(grid)[0]
        if grid.stats["repairs"]:
            plain = generate_training_grid(lexicon, items, seed=case, top_n=5, config=ONE_SEARCH)
            assert _share(grid)[0] > _share(plain)[0]
        repaired.met += grid.stats["repairs"]
    assert repaired.met


def test_helpers_aimed_at_premium_squares_keep_grids_exact_and_serve_a_bingo_s_rack_only_when_asked(synthetic) -> None:
    lexicon, words = synthetic
    searches = 0
    for case in range(4):
        items = random_set(words, random.Random(700 + case), 8)
        grid = generate_training_grid(lexicon, items, seed=case, top_n=5, config=replace(ONE_SEARCH, top_helpers=3))
        check_grid(grid.to_json(), lexicon, words, specs(items), top_n=5)
        searches += grid.stats["top_helper_searches"]
    assert searches
    eight = [w for w in sorted(words) if len(w) == 8][:8]  # racks of 7 tiles: a bingo
    items = [RevisionWord(w, 3) for w in eight]
    grid = generate_training_grid(lexicon, items, seed=1, top_n=0,
                                  config=replace(ONE_SEARCH, top_helpers=3, top_help_bingos=False))
    assert grid.stats["top_helper_searches"] == 0
    helped = generate_training_grid(lexicon, items, seed=1, top_n=5,
                                    config=replace(ONE_SEARCH, top_helpers=3, top_help_bingos=True))
    check_grid(helped.to_json(), lexicon, words, specs(items), top_n=5)
