"""Blocking helper words for racks shorter than a bingo: a helper laid on a square of the play that beats a
list word. What they claim is checked against the move generator itself: each blocking helper is a legal
play through one board tile covering a target square, the hot squares are the best play's empty squares,
every child :meth:`Builder.top_helpers` returns lets a word score the true top of its board, and grids of
7-letter words stay exact (every situation's top is the generator's top, :func:`oracle.check_grid`)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.cbic import RevisionWord, SearchConfig, _assemble, generate_training_grid
from engine.cbic.generator import Construction
from engine.cbic.helpers import blocking_helpers
from engine.cbic.placements import WordCheck, placements_through
from engine.cbic.situations import training_rack
from engine.cbic.state import HELPER
from engine.cbic.words import resolve_words
from engine.scrabble.board import SIZE, Board
from engine.scrabble.cgp import Position
from engine.scrabble.movegen import top_moves
from tests.engine.cbic.oracle import check_grid
from tests.engine.cbic.support import SetsUntil, make_builder
from tests.engine.cbic.test_grid import specs
from tests.engine.cbic.test_placements import random_state


def _seven_letter_set(words: set[str], rng: random.Random, count: int) -> list[RevisionWord]:
    pool = sorted(w for w in words if len(w) == 7)
    return [RevisionWord(w, rng.randrange(7)) for w in rng.sample(pool, count)]


@pytest.mark.parametrize("case", range(4))
def test_blocking_helpers_cover_a_target_square_through_one_board_tile(synthetic, case: int) -> None:
    lexicon, words = synthetic
    rng = random.Random(1100 + case)
    state = random_state(lexicon, sorted(words), rng, plays=3 + case)
    check = WordCheck(lexicon)
    empty = [q for q in range(SIZE * SIZE) if not state.cells[q]]
    near = [q for q in empty if any(state.cells[q + d] for d in (-1, 1, -SIZE, SIZE)
                                    if 0 <= q + d < SIZE * SIZE and (d in (-SIZE, SIZE) or (q + d) // SIZE == q // SIZE))]
    targets = rng.sample(near, min(6, len(near))) + [empty[0]]
    found = blocking_helpers(state, check, lexicon, targets, set(), None, random.Random(case), 40)
    assert found, "a square next to a tile can always be covered by some helper of the dense lexicon"
    assert len(found) <= 40
    for p in found:
        squares = {r * SIZE + c for r, c, _ in p.tiles}
        assert squares & set(targets)
        assert p.word in words
        # the same play is one the placement search proposes: legal, through exactly one board tile
        assert p in placements_through(state, check, p.word, (p.support,), None)
        child = state.apply(p, HELPER)
        assert sum(1 for q in range(SIZE * SIZE) if child.cells[q]) == \
            sum(1 for q in range(SIZE * SIZE) if state.cells[q]) + len(p.tiles)


def test_no_blocking_helper_for_squares_already_taken_or_far_from_every_tile(synthetic) -> None:
    lexicon, words = synthetic
    state = random_state(lexicon, sorted(words), random.Random(3), plays=2)
    taken = [q for q in range(SIZE * SIZE) if state.cells[q]]
    far = [q for q in range(SIZE * SIZE) if not state.cells[q] and all(
        not state.cells[r * SIZE + c] for r in range(SIZE) for c in range(SIZE)
        if (r == q // SIZE and abs(c - q % SIZE) <= 4) or (c == q % SIZE and abs(r - q // SIZE) <= 4))]
    assert taken and far
    assert blocking_helpers(state, WordCheck(lexicon), lexicon, taken[:5] + far[:5], set(), None,
                            random.Random(0), 40) == []


@pytest.mark.parametrize("case", range(3))
def test_hot_squares_are_the_empty_squares_of_the_best_play(synthetic, case: int) -> None:
    lexicon, words = synthetic
    rng = random.Random(1200 + case)
    items = resolve_words(lexicon, _seven_letter_set(words, rng, 6))
    builder = make_builder(lexicon, items, case, replace(SearchConfig(), top_block_words=1))
    for _ in range(20):  # a board where some word of the set fits
        state = random_state(lexicon, sorted(words), rng, plays=4)
        asked = [w for w in items if builder.options(state, w.order)]
        if asked:
            break
    assert asked
    squares = builder.hot_squares(state, items)
    rack = training_rack(builder.options(state, asked[0].order)[0])
    best = top_moves(lexicon, Position(Board(list(state.cells)), (rack, "")), 1)
    step = 1 if best[0].dir == "H" else SIZE
    first = best[0].row * SIZE + best[0].col
    expected = {first + k * step for k in range(len(best[0].word))} - {q for q in range(SIZE * SIZE) if state.cells[q]}
    assert set(squares) == expected
    assert builder.hot_squares(state, items) == squares  # remembered: no second generation
    assert builder.top_generations == 1


@pytest.mark.parametrize("case", range(3))
def test_every_top_helper_child_lets_a_word_score_the_true_top(synthetic, case: int) -> None:
    lexicon, words = synthetic
    rng = random.Random(1300 + case)
    items = resolve_words(lexicon, _seven_letter_set(words, rng, 8))
    builder = make_builder(lexicon, items, case)
    children = 0
    for _ in range(6):
        state = random_state(lexicon, sorted(words), rng, plays=3)
        remaining = [w.order for w in items]
        for child, _ in builder.top_helpers(state, remaining):
            children += 1
            assert child.steps[-1].kind == HELPER and child.steps[:-1] == state.steps
            board = Board(list(child.cells))
            topped = False
            for w in items:
                for p in placements_through(child, builder.check, w.word, w.supports):
                    best = top_moves(lexicon, Position(board, (training_rack(p), "")), 1)
                    topped = topped or p.score >= best[0].score
            assert topped
    assert children and builder.block_searches


@pytest.mark.parametrize("case", range(3))
def test_grids_of_seven_letter_words_stay_exact_with_blocking_helpers(synthetic, case: int) -> None:
    lexicon, words = synthetic
    items = _seven_letter_set(words, random.Random(1400 + case), 8)
    grid = generate_training_grid(lexicon, items, seed=case, top_n=5)
    check_grid(grid.to_json(), lexicon, words, specs(items), top_n=5)  # legal board, exact tops
    tops = sum(1 for p in grid.placed if p.situation.expected.score >= p.situation.top[0].score)
    assert grid.stats["list_word_tops"] == tops
    config = SearchConfig()
    assert grid.stats["helpers"] <= config.helpers + config.top_helper_room
    assert all(h.word in words for h in grid.helpers)
    off = generate_training_grid(lexicon, items, seed=case, top_n=5, config=replace(config, top_blocks=0))
    assert off.stats["block_searches"] == 0


def test_blocked_grids_are_exact_legal_and_have_more_list_word_tops(synthetic) -> None:
    lexicon, words = synthetic
    blocked = SetsUntil(words, _seven_letter_set, 1500, tries=12, least=3)  # met: grids a block changed
    for case, items in blocked:
        resolved = resolve_words(lexicon, items)
        plain = make_builder(lexicon, resolved, case, replace(SearchConfig(), top_blocks=0, top_restarts=0))
        built = plain.build()
        state = built.state
        builder = make_builder(lexicon, resolved, case)
        after = builder.blocked(state)
        assert builder.tops(after) >= builder.tops(state)
        assert after.placed_ids() == state.placed_ids()
        assert after.helper_count() <= builder.max_helpers or after is state
        grid = _assemble(lexicon, Construction(after, built.unplaced, {}), {w.order: w for w in resolved}, 5, None, None)
        check_grid(grid.to_json(), lexicon, words, specs(items), top_n=5)  # legal, connected, exact tops
        if after is not state:
            blocked.met += 1
            assert builder.tops(after) > builder.tops(state)
            assert after.helper_count() == state.helper_count() + builder.blocks_laid
            assert all(after.cells[q] == t for q, t in enumerate(state.cells) if t)  # tiles only added
    assert blocked.met


def test_sets_with_racks_of_a_bingo_get_more_helpers_only_when_asked(synthetic) -> None:
    lexicon, words = synthetic
    seven = resolve_words(lexicon, _seven_letter_set(words, random.Random(1), 4))
    eight = resolve_words(lexicon, [RevisionWord(w, 2) for w in sorted(w for w in words if len(w) == 8)[:4]])
    assert SearchConfig().top_help_bingos
    helped = make_builder(lexicon, eight, 0, SearchConfig())
    assert helped.max_helpers == SearchConfig().helpers + SearchConfig().top_helper_room
    assert all(helped.helped(w) for w in eight)
    config = replace(SearchConfig(), top_help_bingos=False)
    made = {n: make_builder(lexicon, items, 0, c)
            for n, items, c in (("seven", seven, config), ("eight", eight, config),
                                ("off", seven, replace(config, helpers=0)))}
    assert made["seven"].max_helpers == config.helpers + config.top_helper_room
    assert made["eight"].max_helpers == config.helpers
    assert made["off"].max_helpers == 0
    eight_grid = generate_training_grid(lexicon, [RevisionWord(w.word, 2) for w in eight], seed=0, top_n=0,
                                        config=config)
    assert eight_grid.stats["block_searches"] == 0
