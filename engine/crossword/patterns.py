"""A seeded generator of valid grid patterns (black cells only) for a size and a style.

How: start all white and add black cells (in 180° pairs for ``us``) one at a time, each time into a
white run that is still longer than the wanted maximum word length, at a place that leaves both sides
long enough; then keep adding until the black-cell target is met. A placement is kept only if the grid
still satisfies its style (every run long enough, every cell in a word, white cells connected); when
no placement fits, the attempt starts over. Every returned pattern passes :func:`~.grid.parse_grid`.

Why a maximum word length: fills with dictionary words (no multi-word phrases) get much harder with
long entries, so the defaults keep them moderate (``default_max_word_length``); pass
``max_word_length`` to change it.
"""

from __future__ import annotations

import math
import random

from engine.crossword.errors import GridError
from engine.crossword.grid import BLACK, EMPTY, STYLES, US_MAX_BLACK_FRACTION, is_connected, parse_grid

MAX_SIZE = 25
# How strongly the random grid prefers to put a black cell in the middle of a long run (see
# :func:`random_pattern`): a cell's weight is the length of the two runs it breaks (across plus down),
# to this power.
SPREAD = 10
FR_BIG_GRID_MAX_WORD_LENGTH = 9
"""Longest word of a generated French grid above 15x15 (see ``default_max_word_length``)."""


def default_max_word_length(size: int, style: str) -> int:
    if style == "us":
        return size if size <= 7 else min(size, max(7, size // 2 + 1))
    if size > 15:
        # Measured (bench/fill.py, French list): a 21x21 French grid whose words reach 14 letters
        # filled 0 times in 5 within 20 s, at 11 letters 4 in 5, at 9 letters 5 in 5 in under 2 s
        # of CPU each: big grids have many long slots, and each long slot is what makes them hard.
        return FR_BIG_GRID_MAX_WORD_LENGTH
    return size if size <= 6 else min(size, max(6, size * 2 // 3))


def default_black_fraction(style: str) -> float:
    return US_MAX_BLACK_FRACTION if style == "us" else 0.16


def generate_pattern(size: int, style: str = "us", seed: int = 0, *, height: int | None = None,
                     max_word_length: int | None = None, black_fraction: float | None = None,
                     attempts: int = 400) -> list[str]:
    """Rows of ``.`` and ``#`` (``size`` wide, ``height`` tall, default square) valid for ``style``.

    Raises ``ValueError`` for impossible parameters, :class:`GridError` if no attempt succeeds.
    """
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; expected one of {', '.join(STYLES)}")
    h = size if height is None else height
    w = size
    min_len = STYLES[style]
    if not (min_len <= w <= MAX_SIZE and min_len <= h <= MAX_SIZE):
        raise ValueError(f"grid size must be between {min_len} and {MAX_SIZE} for style {style!r}, "
                         f"got {w}x{h}")
    if style == "us" and h != w:
        raise ValueError("style 'us' grids are square")
    max_len = max_word_length if max_word_length is not None else default_max_word_length(w, style)
    if max_len < min_len:
        raise ValueError(f"max_word_length must be at least {min_len} for style {style!r}")
    fraction = black_fraction if black_fraction is not None else default_black_fraction(style)
    limit = US_MAX_BLACK_FRACTION if style == "us" else 0.5
    if not 0 <= fraction <= limit:
        raise ValueError(f"black_fraction must be between 0 and {limit:.3f} for style {style!r}")
    rng = random.Random(seed)
    target = int(fraction * w * h)
    for _ in range(attempts):
        rows = _attempt(w, h, style, min_len, max_len, target, rng)
        if rows is not None:
            parse_grid(rows, style)  # the contract: every pattern is valid for its style
            return rows
    raise GridError(f"no {w}x{h} {style!r} pattern with words of at most {max_len} letters found "
                    f"in {attempts} attempts; allow longer words or fewer black cells")


def _attempt(w: int, h: int, style: str, min_len: int, max_len: int, target: int,
             rng: random.Random) -> list[str] | None:
    cells = [[EMPTY] * w for _ in range(h)]
    symmetric = style == "us"
    blacks = 0
    while True:
        long_runs = [run for run in _all_runs(cells) if len(run) > max_len]
        if not long_runs and blacks >= target:
            return ["".join(row) for row in cells]
        if long_runs:
            # Any long run may be broken: cells leaving both sides at least min_len long first.
            middle = {cell for run in long_runs for cell in run[min_len:len(run) - min_len]}
            candidates = sorted(middle) or sorted({cell for run in long_runs for cell in run})
        else:
            candidates = [(r, c) for r in range(h) for c in range(w) if cells[r][c] == EMPTY]
        rng.shuffle(candidates)
        placed = False
        for r, c in candidates[:80]:
            group = {(r, c), (h - 1 - r, w - 1 - c)} if symmetric else {(r, c)}
            if any(cells[y][x] == BLACK for y, x in group):
                continue
            if symmetric and blacks + len(group) > int(US_MAX_BLACK_FRACTION * w * h):
                continue
            for y, x in group:
                cells[y][x] = BLACK
            if _valid(cells, style, min_len):
                blacks += len(group)
                placed = True
                break
            for y, x in group:
                cells[y][x] = EMPTY
        if not placed:
            if long_runs:
                return None
            return ["".join(row) for row in cells]  # target not reachable: accept fewer blacks


def _all_runs(cells: list[list[str]]) -> list[list[tuple[int, int]]]:
    h, w = len(cells), len(cells[0])
    runs = []
    for lines in ([[(r, c) for c in range(w)] for r in range(h)],
                  [[(r, c) for r in range(h)] for c in range(w)]):
        for line in lines:
            run: list[tuple[int, int]] = []
            for r, c in line:
                if cells[r][c] == BLACK:
                    if run:
                        runs.append(run)
                    run = []
                else:
                    run.append((r, c))
            if run:
                runs.append(run)
    return runs


def _valid(cells: list[list[str]], style: str, min_len: int) -> bool:
    covered = set()
    for run in _all_runs(cells):
        if len(run) >= 2:
            covered.update(run)
        if style == "us" and len(run) < min_len:
            return False
        if 2 <= len(run) < min_len:
            return False
    h, w = len(cells), len(cells[0])
    if any(cells[r][c] != BLACK and (r, c) not in covered for r in range(h) for c in range(w)):
        return False
    return is_connected(["".join(row) for row in cells])


def random_pattern(rows: int, cols: int, blocks: int, style: str = "fr", seed: int = 0, *,
                   attempts: int = 200) -> list[str]:
    """Rows of ``.`` and ``#`` with exactly ``blocks`` black cells, valid for ``style``.

    The crossword lab's "random grid": unlike :func:`generate_pattern` (which aims at fillable word
    lengths), the number of black cells is the user's. Black cells are added one by one (in 180° pairs
    for ``us``, the centre taking the odd one) wherever the grid stays valid, drawn at random but
    weighted towards cells that break the longest runs (weight: that run's length to the power
    :data:`SPREAD`), as black cells are spread in newspaper grids. Why: uniform draws cluster black cells
    and leave stacks of 13-15-letter slots that cross each other, which even a good filler needs minutes
    for (15x15 French grids with 36 black cells: 5 of 10 seeds filled in 10 s with uniform draws, 28 of
    30 with this weighting, most in under a second; ``bench/fill.py``). An attempt that gets stuck starts
    over. Raises ``ValueError`` for impossible parameters and :class:`GridError` when no attempt
    succeeds.
    """
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; expected one of {', '.join(STYLES)}")
    min_len = STYLES[style]
    if not (min_len <= rows <= MAX_SIZE and min_len <= cols <= MAX_SIZE):
        raise ValueError(f"grid size must be between {min_len} and {MAX_SIZE} for style {style!r}, "
                         f"got {rows}x{cols}")
    cells_count = rows * cols
    limit = int(US_MAX_BLACK_FRACTION * cells_count) if style == "us" else cells_count // 2
    if not 0 <= blocks <= limit:
        raise ValueError(f"a {rows}x{cols} {style!r} grid takes between 0 and {limit} black cells, not {blocks}")
    centre = (rows // 2, cols // 2) if rows % 2 and cols % 2 else None
    if style == "us" and blocks % 2 and centre is None:
        raise ValueError(f"a symmetric {rows}x{cols} grid has an even number of black cells "
                         f"(no centre cell), not {blocks}")
    rng = random.Random(seed)
    for _ in range(attempts):
        found = _random_attempt(rows, cols, blocks, style, min_len, centre, rng)
        if found is not None:
            parse_grid(found, style)  # the contract: every pattern is valid for its style
            return found
    raise GridError(f"no valid {rows}x{cols} {style!r} grid with {blocks} black cells found in "
                    f"{attempts} attempts; try fewer black cells")


def _runs_through(cells: list[list[str]], r: int, c: int) -> int:
    """The lengths of the across and the down runs of white cells through (r, c), added."""
    row, h = cells[r], len(cells)
    left = c
    while left > 0 and row[left - 1] == EMPTY:
        left -= 1
    right = c
    while right < len(row) - 1 and row[right + 1] == EMPTY:
        right += 1
    top = r
    while top > 0 and cells[top - 1][c] == EMPTY:
        top -= 1
    bottom = r
    while bottom < h - 1 and cells[bottom + 1][c] == EMPTY:
        bottom += 1
    return (right - left + 1) + (bottom - top + 1)


def _weighted_order(cells: list[list[str]], candidates: list[tuple[int, int]],
                    rng: random.Random) -> list[tuple[int, int]]:
    """``candidates`` in a random order weighted by :func:`_runs_through` ** SPREAD (a weighted
    shuffle: each cell's key is log(u) / weight for u uniform in (0, 1], the largest first)."""
    keyed = [(math.log(1.0 - rng.random()) / _runs_through(cells, r, c) ** SPREAD, (r, c))
             for r, c in candidates]
    keyed.sort(key=lambda item: item[0], reverse=True)
    return [cell for _key, cell in keyed]


def _random_attempt(h: int, w: int, blocks: int, style: str, min_len: int, centre: tuple[int, int] | None,
                    rng: random.Random) -> list[str] | None:
    cells = [[EMPTY] * w for _ in range(h)]
    symmetric = style == "us"
    left = blocks
    if symmetric and blocks % 2:
        assert centre is not None
        cells[centre[0]][centre[1]] = BLACK
        if not _valid(cells, style, min_len):
            return None
        left -= 1
    while left:
        candidates = [(r, c) for r in range(h) for c in range(w) if cells[r][c] == EMPTY
                      and (not symmetric or (r, c) != centre)]
        placed = False
        for r, c in _weighted_order(cells, candidates, rng):
            group = {(r, c), (h - 1 - r, w - 1 - c)} if symmetric else {(r, c)}
            if len(group) > left:
                continue
            for y, x in group:
                cells[y][x] = BLACK
            if _valid(cells, style, min_len):
                left -= len(group)
                placed = True
                break
            for y, x in group:
                cells[y][x] = EMPTY
        if not placed:
            return None
    return ["".join(row) for row in cells]
