"""Helper words: short lexicon words that bring a missing support letter onto the board.

Why: a revision word whose support letter is nowhere on the board (a K, a W) or nowhere with room
around it cannot be placed by any amount of search. A short word through one board tile that puts
that letter in a fresh spot fixes it. Helpers are ordinary legal plays; they get no training
situation and are listed apart in the result.

Two sources, cheap first: :func:`helper_words` draws short words holding a needed letter (any
placement of them is then tried); :func:`targeted_helpers` starts from the board instead — an open
spot where a stuck word would fit, a tile next to it — and asks the GADDAG for words joining the two.
For boards whose top is the list word, :func:`blocking_helpers` lays a tile on given squares instead
(the squares of a play that outscores a list word).
"""

from __future__ import annotations

import random
import weakref
from typing import Any

from engine.cbic.placements import WordCheck, placements_through
from engine.cbic.state import Bag, GridState, Placement
from engine.cbic.words import ResolvedWord
from engine.scrabble.board import SIZE, WORD_MULTIPLIERS

HELPER_LENGTHS = (3, 4, 2, 5)
"""Lengths tried, in this order: 3 and 4 letters leave room around the new letter, 2 is the most
compact, 5 the last resort."""

PER_PATTERN = 6
"""Words tried per helper pattern (a seeded sample): variety over exhaustiveness."""

_CACHE: weakref.WeakKeyDictionary[Any, dict[tuple[str, int], list[str]]] = weakref.WeakKeyDictionary()


def words_with_letter(lexicon: Any, letter: str, length: int) -> list[str]:
    """Lexicon words of ``length`` letters holding ``letter``, alphabetical.

    Cached per lexicon object (a compiled lexicon is loaded once per worker process).
    """
    try:
        per_lexicon = _CACHE.setdefault(lexicon, {})
    except TypeError:  # not weak-referenceable: no cache
        per_lexicon = {}
    key = (letter, length)
    found = per_lexicon.get(key)
    if found is None:
        index = _index(lexicon, length)
        words: set[str] = set()
        for j in range(length):
            words.update(index.get((j, letter), ()))
        found = per_lexicon[key] = sorted(words)
    return found


def _index(lexicon: Any, length: int) -> dict[tuple[int, str], frozenset[str]]:
    """The lexicon's words of ``length`` letters by (position, letter): one pattern query per length.

    Why: helper words are short (:data:`HELPER_LENGTHS`), so every word of those lengths is a few thousand
    words, and the patterns the helpers ask (a letter or two at given places) are then intersections of
    these sets, instead of one walk of the lexicon each (thousands per grid, most of the helpers' time).
    """
    try:
        per_lexicon = _INDEXES.setdefault(lexicon, {})
    except TypeError:
        per_lexicon = {}
    index = per_lexicon.get(length)
    if index is None:
        buckets: dict[tuple[int, str], set[str]] = {}
        for word in lexicon.pattern("." * length):
            for j, x in enumerate(word):
                buckets.setdefault((j, x), set()).add(word)
        index = per_lexicon[length] = {key: frozenset(words) for key, words in buckets.items()}
    return index


_INDEXES: weakref.WeakKeyDictionary[Any, dict[int, dict[tuple[int, str], frozenset[str]]]] = (
    weakref.WeakKeyDictionary())


def helper_words(lexicon: Any, letters: frozenset[str], excluded: set[str], rng: random.Random,
                 limit: int) -> list[str]:
    """Up to ``limit`` helpers holding one of ``letters``: an equal share per length, lengths in
    :data:`HELPER_LENGTHS` order (a short length's unused share goes to the next), a seeded random
    sample within each length (so restarts try different helpers)."""
    out: list[str] = []
    seen: set[str] = set(excluded)
    for k, n in enumerate(HELPER_LENGTHS):
        pool: list[str] = []
        for letter in sorted(letters):
            pool.extend(words_with_letter(lexicon, letter, n))
        share = (limit - len(out)) // (len(HELPER_LENGTHS) - k)
        picked = rng.sample(pool, min(len(pool), share))
        for word in picked:
            if word not in seen:
                seen.add(word)
                out.append(word)
        if len(out) >= limit:
            break
    return out


def _line_products() -> dict[tuple[str, int, int, int], int]:
    """The product of the word multipliers of every span: (direction, line, start, length) -> product."""
    table: dict[tuple[str, int, int, int], int] = {}
    for direction in ("H", "V"):
        for line in range(SIZE):
            squares = [line * SIZE + k if direction == "H" else k * SIZE + line for k in range(SIZE)]
            for first in range(SIZE):
                product = 1
                for n in range(1, SIZE - first + 1):
                    product *= WORD_MULTIPLIERS[squares[first + n - 1]]
                    table[direction, line, first, n] = product
    return table


_SPAN_PRODUCTS = _line_products()
_ROWS = tuple(tuple(line * SIZE + k for k in range(SIZE)) for line in range(SIZE))
_COLUMNS = tuple(tuple(k * SIZE + line for k in range(SIZE)) for line in range(SIZE))


class _EmptyRuns:
    """For every empty square of a board, the run of empty squares it lies in, along each direction.

    Why: :func:`targeted_helpers` asks, for thousands of (square, word length, support index), whether the
    word's span is empty with both ends free; with the runs each answer is a few comparisons instead of a
    walk along the span (that walk was a third of a 7-letter grid's search time).
    """

    def __init__(self, cells: list[str]) -> None:
        self.h_start = [-1] * (SIZE * SIZE)
        self.h_end = [-1] * (SIZE * SIZE)
        self.v_start = [-1] * (SIZE * SIZE)
        self.v_end = [-1] * (SIZE * SIZE)
        for starts, ends, lines in ((self.h_start, self.h_end, _ROWS), (self.v_start, self.v_end, _COLUMNS)):
            for squares in lines:
                k = 0
                while k < SIZE:
                    if cells[squares[k]]:
                        k += 1
                        continue
                    first = k
                    while k < SIZE and not cells[squares[k]]:
                        k += 1
                    for j in range(first, k):
                        starts[squares[j]], ends[squares[j]] = first, k - 1

    def room(self, s: int, direction: str, n: int, i: int, premium: bool = False) -> int:
        """Could an ``n``-letter word run along ``direction`` with its letter ``i`` on the empty square ``s``:
        the whole span empty and both ends free? Cross-words are judged later. The answer is the word
        multiplier the word would score there (1 when no premium), 0 when it does not fit; with ``premium``,
        also 0 when that multiplier is 1. The square ``s`` itself does not count: the helper that brings the
        support letter takes its premium, not the word."""
        r, c = divmod(s, SIZE)
        if direction == "H":
            line, p, a, b = r, c, self.h_start[s], self.h_end[s]
        else:
            line, p, a, b = c, r, self.v_start[s], self.v_end[s]
        first, last = p - i, p - i + n - 1
        if first < a or last > b or (first == a and a > 0) or (last == b and b < SIZE - 1):
            return 0
        multiplier = _SPAN_PRODUCTS[direction, line, first, n] // WORD_MULTIPLIERS[s]
        return 0 if premium and multiplier == 1 else multiplier


def targeted_helpers(state: GridState, check: WordCheck, lexicon: Any, stuck: list[ResolvedWord],
                     excluded: set[str], bag: Bag | None, rng: random.Random, limit: int,
                     premium: bool = False) -> list[Placement]:
    """Helper placements aimed at open spots: the fallback when random helper words found nothing.

    A *spot* is an empty square ``s`` where a stuck word would fit across (its whole span empty) if
    ``s`` held its support letter ``x``, within 3 squares of a board tile ``y`` along the other
    direction. A helper of up to 5 letters with ``x`` and ``y`` at that distance (a GADDAG pattern such
    as ``Y..X``) laid through ``y`` puts ``x`` on ``s``. Spots are visited in a seeded random order,
    :data:`PER_PATTERN` words per pattern, until ``limit`` legal placements are found. ``premium``: only
    spots where the word would cover a word-multiplier square (where a list word can outscore the other
    plays of its rack: :meth:`engine.cbic.generator.Builder.top_helpers`).
    """
    cells = state.cells
    runs = _EmptyRuns(cells)
    shapes: dict[tuple[int, int], set[str]] = {}
    for w in stuck:
        for i in w.supports:
            shapes.setdefault((len(w.word), i), set()).add(w.word[i])
    spots: dict[tuple[int, str, int, int], set[str]] = {}
    value: dict[tuple[int, str, int, int], int] = {}
    # Each empty square s with a board tile y at most 3 squares away along a line, the squares between empty:
    # the tiles just outside the run of empty squares that holds s.
    for s in range(SIZE * SIZE):
        if cells[s]:
            continue
        r, c = divmod(s, SIZE)
        for along, p, a, b, step in (("H", c, runs.h_start[s], runs.h_end[s], 1),
                                     ("V", r, runs.v_start[s], runs.v_end[s], SIZE)):
            before = p - a + 1 if a > 0 else 0
            after = b + 1 - p if b < SIZE - 1 else 0
            if not (0 < before <= 3 or 0 < after <= 3):
                continue
            across = "V" if along == "H" else "H"
            letters: set[str] = set()
            best = 0
            for (n, i), xs in shapes.items():
                multiplier = runs.room(s, across, n, i, premium)
                if multiplier:
                    letters |= xs
                    best = max(best, multiplier)
            if not letters:
                continue
            for y, sign, d in ((s - before * step, 1, before), (s + after * step, -1, after)):
                if 0 < d <= 3:
                    key = (y, along, sign, d)
                    spots.setdefault(key, set()).update(letters)
                    value[key] = max(value.get(key, 0), best)
    found: list[Placement] = []
    layouts = sorted(spots.items())
    rng.shuffle(layouts)
    if premium:  # the richest spots first: a double-double (x4) lane before a triple, before a double
        layouts.sort(key=lambda item: -value[item[0]])
    for (y, along, sign, d), wanted in layouts:
        yr, yc = divmod(y, SIZE)
        dr, dc = (0, 1) if along == "H" else (1, 0)
        for m in range(d + 1, 6):
            for k in range(m - d):
                at_y, at_s = (k, k + d) if sign > 0 else (k + d, k)
                start = (yr - dr * at_y, yc - dc * at_y)
                if not _free_span(cells, start, along, m, at_y):
                    continue
                for x in sorted(wanted):
                    pattern = ["."] * m
                    pattern[at_y], pattern[at_s] = cells[y].upper(), x
                    found += _laid_at(state, check, lexicon, "".join(pattern), excluded, bag, rng, y, at_y,
                                      along)
        if len(found) >= limit:
            break
    return found[:limit]


def blocking_helpers(state: GridState, check: WordCheck, lexicon: Any, targets: list[int], excluded: set[str],
                     bag: Bag | None, rng: random.Random, limit: int) -> list[Placement]:
    """Helper placements that lay a tile on one of the empty squares ``targets`` (closing a hot spot).

    Why: a list word whose rack scores more elsewhere (a short word on a triple word square, a
    hook) can become the top of its board when that spot is taken: a tile on a premium square
    spends its multiplier for every later play. For each target square, along each direction, the
    nearest board tile ``y`` within 4 squares (the squares between empty) anchors helpers of up
    to 5 letters spanning both (a GADDAG pattern with ``y``'s letter), laid through ``y``.
    Targets in the given order, :data:`PER_PATTERN` words per pattern, at most ``limit`` placements.
    """
    cells = state.cells
    found: list[Placement] = []
    for s in targets:
        if cells[s]:
            continue
        sr, sc = divmod(s, SIZE)
        for along in ("H", "V"):
            dr, dc = (0, 1) if along == "H" else (1, 0)
            for sign in (-1, 1):
                y = -1
                for d in range(1, 5):
                    r, c = sr + sign * dr * d, sc + sign * dc * d
                    if not (0 <= r < SIZE and 0 <= c < SIZE):
                        break
                    if cells[r * SIZE + c]:
                        y = r * SIZE + c
                        break
                if y < 0:
                    continue
                for m in range(d + 1, 6):
                    for k in range(m - d):
                        at_y = k if sign < 0 else k + d
                        yr, yc = divmod(y, SIZE)
                        start = (yr - dr * at_y, yc - dc * at_y)
                        if not _free_span(cells, start, along, m, at_y):
                            continue
                        pattern = ["."] * m
                        pattern[at_y] = cells[y].upper()
                        found += _laid_at(state, check, lexicon, "".join(pattern), excluded, bag, rng, y, at_y,
                                          along)
                        if len(found) >= limit:
                            return found[:limit]
    return found[:limit]


def _laid_at(state: GridState, check: WordCheck, lexicon: Any, pattern: str, excluded: set[str], bag: Bag | None,
             rng: random.Random, y: int, at_y: int, direction: str) -> list[Placement]:
    """Up to :data:`PER_PATTERN` words of ``pattern`` (``excluded`` left out) laid through the board tile ``y``
    (the word's letter ``at_y``) along ``direction``: one place each, where the caller found room."""
    words = _pattern(lexicon, pattern)
    if any(len(w) == len(pattern) for w in excluded):  # the revision words are mostly longer than helpers
        words = [w for w in words if w not in excluded]
    return [p for word in rng.sample(words, min(PER_PATTERN, len(words)))
            for p in placements_through(state, check, word, (at_y,), bag, squares={y}, direction=direction)]


def _free_span(cells: list[str], start: tuple[int, int], direction: str, m: int, keep: int) -> bool:
    """The ``m`` squares from ``start`` are on the board and empty but ``keep``, and both ends free."""
    r, c = start
    dr, dc = (0, 1) if direction == "H" else (1, 0)
    end_r, end_c = r + dr * (m - 1), c + dc * (m - 1)
    if r < 0 or c < 0 or end_r >= SIZE or end_c >= SIZE:
        return False
    for rr, cc in ((r - dr, c - dc), (end_r + dr, end_c + dc)):
        if 0 <= rr < SIZE and 0 <= cc < SIZE and cells[rr * SIZE + cc]:
            return False
    return not any(cells[(r + dr * k) * SIZE + c + dc * k] for k in range(m) if k != keep)


def _pattern(lexicon: Any, pattern: str) -> list[str]:
    """``lexicon.pattern`` with a per-lexicon cache (the same few patterns recur from node to node)."""
    try:
        per_lexicon = _PATTERNS.setdefault(lexicon, {})
    except TypeError:
        per_lexicon = {}
    words = per_lexicon.get(pattern)
    if words is None:
        fixed = [(j, x) for j, x in enumerate(pattern) if x != "."]
        if fixed and len(pattern) <= max(HELPER_LENGTHS):  # the helpers' patterns: from the index
            index = _index(lexicon, len(pattern))
            sets = sorted((index.get(key, frozenset()) for key in fixed), key=len)
            words = sorted(sets[0].intersection(*sets[1:]))
        else:
            words = lexicon.pattern(pattern)
        per_lexicon[pattern] = words
    return words


_PATTERNS: weakref.WeakKeyDictionary[Any, dict[str, list[str]]] = weakref.WeakKeyDictionary()
