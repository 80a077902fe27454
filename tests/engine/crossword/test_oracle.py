"""Randomised checks against brute force: the filler finds a fill exactly when one exists,
every fill is sound, ``Unsolvable`` is only claimed when brute force finds nothing, and the
propagation reaches the same fixpoint as the seed's naive word-pair AC-3."""

import random

import pytest

from engine.crossword import (
    FillError,
    GridError,
    SearchOptions,
    Unsolvable,
    consistent_domains,
    fill_grid,
    parse_grid,
    verify_fill,
)
from tests.engine.crossword.helpers import brute_force_fills, lexicon, naive_ac3


def random_case(seed: int, sizes=((3, 3), (3, 4), (4, 4), (4, 5))):
    rng = random.Random(seed)
    while True:
        h, w = rng.choice(sizes)
        rows = ["".join("#" if rng.random() < 0.2 else "." for _ in range(w)) for _ in range(h)]
        if rng.random() < 0.3:  # a prefilled letter
            r, c = rng.randrange(h), rng.randrange(w)
            if rows[r][c] == ".":
                rows[r] = rows[r][:c] + rng.choice("ABC") + rows[r][c + 1:]
        try:
            grid = parse_grid(rows, "fr")
        except GridError:
            continue
        letters = rng.choice(["ABC", "ABCD", "ABCDE"])
        words = {"".join(rng.choice(letters) for _ in range(rng.randint(2, w))) for _ in range(rng.randint(15, 70))}
        return grid, words


OPTION_SETS = [
    SearchOptions(),
    SearchOptions(heuristic="mrv", backjumping=False),
    SearchOptions(restart_base=1, restart_growth=1.0, candidates=1),
    SearchOptions(ac_limit=1, locality=0.0),  # bounded propagation: only single words are revised
]


@pytest.mark.parametrize("seed", range(300))
def test_filler_agrees_with_brute_force(seed):
    grid, words = random_case(seed)
    lex = lexicon(sorted(words))
    expected = brute_force_fills(grid, words)
    opts = OPTION_SETS[seed % len(OPTION_SETS)]
    try:
        result = fill_grid(grid, lex, seed=seed, options=opts)
    except Unsolvable:
        assert not expected, f"claimed unsolvable but {expected[0]} fills {grid.rows}"
        return
    assert expected, f"brute force finds nothing, yet the filler returned {result.rows}"
    answers = [a.answer for a in result.answers]
    assert verify_fill(grid, answers, lambda x: x in words) == []
    assert all(ch != "." for row in result.rows for ch in row)


# Plain backtracking gets the static order: with domains that never shrink, a dynamic order knows nothing
# and the search tries every combination of slots that do not cross (minutes on a 3x4 grid).
ALGORITHM_SETS = [
    SearchOptions.for_algorithm(algorithm, heuristic="static" if algorithm == "bt" else order, values=values)
    for algorithm in ("bt", "fc", "fc-cbj", "mac")
    for order, values in (("static", "alpha"), ("mrv", "lcv"), ("mrv-degree", "quality"), ("domwdeg", "mixed"))
]


@pytest.mark.parametrize("seed", range(1000, 1320))
def test_every_algorithm_agrees_with_brute_force(seed):
    """bt, fc, fc-cbj and mac, with every variable and value order, fill exactly when a fill exists."""
    opts = ALGORITHM_SETS[seed % len(ALGORITHM_SETS)]
    # Plain backtracking proves "no fill" by trying every combination: keep its grids small.
    grid, words = random_case(seed, ((3, 3), (3, 4)) if opts.algorithm == "bt" else ((3, 3), (3, 4), (4, 4), (4, 5)))
    lex = lexicon(sorted(words))
    expected = brute_force_fills(grid, words)
    try:
        result = fill_grid(grid, lex, seed=seed, options=opts)
    except Unsolvable:
        assert not expected, f"{opts.algorithm} claimed unsolvable but {expected[0]} fills {grid.rows}"
        return
    assert expected, f"brute force finds nothing, yet {opts.algorithm} returned {result.rows}"
    assert verify_fill(grid, [a.answer for a in result.answers], lambda x: x in words) == []


@pytest.mark.parametrize("seed", range(300, 450))
def test_propagation_matches_naive_ac3(seed):
    grid, words = random_case(seed)
    lex = lexicon(sorted(words))
    expected = naive_ac3(grid, words)
    try:
        got = consistent_domains(grid, lex)
    except FillError:
        assert expected is None
        return
    assert expected is not None
    assert {k: set(v) for k, v in got.items()} == expected
