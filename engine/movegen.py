"""Every legal play of a position with its exact score: Gordon's GADDAG move generation.

Why it is shaped like this: the search itself (:func:`line_search`) only touches plain data —
ints, lists of ints and one flat ``uint32`` array (the GADDAG, ``docs/gaddag-format.md``) — so that
it can later be compiled (Cython / mypyc / Rust) unchanged in spirit. Everything with objects
(positions, :class:`~engine.scoring.Move`) stays in the thin wrappers at the bottom.

The algorithm (Gordon 1994, seed 004):

1. Once per position and per direction, each empty square gets its **cross-check** mask (letters
   whose perpendicular word is in the lexicon, or every letter when there is no perpendicular
   word) and the **cross-score** (sum of the perpendicular tiles' values, ``-1`` for none).
2. **Anchors** are the empty squares next to a tile (the centre square on an empty board). Each play
   is generated from exactly one anchor: the leftmost (topmost) anchor among its new tiles. So from
   anchor ``a`` the left part may cross tiles and non-anchor empty squares, never another anchor.
3. From the anchor, the GADDAG is read leftwards (the reversed prefix), then, after the separator,
   rightwards. At an empty square only arcs in ``node_mask & cross_mask & rack_mask`` are tried
   (every letter when a blank is left); the score is carried along incrementally.
4. A play is recorded when the arc just taken accepts and both ends of the word are free.
5. For the top N only (:func:`top_raw`), each anchor gets an upper bound of the score of any play
   from it; anchors are searched best bound first, and the search stops once N plays are known and
   no remaining bound reaches the N-th best score.

The recursion lives in :func:`line_search` (one closure set per line, one call per anchor).

A one-tile play is recorded once: in the horizontal pass if it has a horizontal neighbour, else in
the vertical pass (so a vertical single-tile play is skipped when its square has a horizontal word).
"""

from __future__ import annotations

import gc
import heapq
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol

from engine.alphabet import BLANK, Alphabet
from engine.board import CENTER, HORIZONTAL, LETTER_MULTIPLIERS, SIZE, VERTICAL, WORD_MULTIPLIERS, Board
from engine.cgp import MAX_RACK, Position
from engine.scoring import BINGO_BONUS, BINGO_TILES, Move

CHILD = 0x7FFFFFFF
LAST = SIZE - 1

# A raw play, as produced by the hot loop: (score, direction 0=H/1=V, line, start, word, tiles).
RawPlay = tuple[int, int, int, int, str, int]


class MoveGenLexicon(Protocol):
    words: Sequence[int]
    root: int
    alphabet: Alphabet


class MoveGenError(ValueError):
    """A position the generator cannot work on (e.g. a rack letter outside the lexicon's alphabet)."""


# -- per-position preparation: plain lists, line-major per direction ------------------------------

def _square(d: int, line: int, p: int) -> int:
    """Board index of position ``p`` on ``line`` for direction ``d`` (0 = rows, 1 = columns)."""
    return line * SIZE + p if d == 0 else p * SIZE + line


def _cross_sets(words: Sequence[int], root: int, line: list[int], full: int) -> tuple[list[int], list[int]]:
    """Cross-check masks for the empty squares of one line, from that line's tiles (codes, 0 = empty).

    The masks serve the *perpendicular* direction: a letter is allowed on square ``p`` when the run
    of tiles through ``p`` in this line, with the letter on ``p``, is a word. Returns ``(masks,
    touching)``; ``touching[p]`` is 1 when ``p`` has a tile next to it in this line (the mask of any
    other square is every letter). With tiles before ``p``: read ``REV(prefix)``, the separator, then
    each letter and the suffix forwards; with only a suffix: read ``REV(suffix)``, then accepting
    letters are the front hooks.
    """
    masks = [full] * SIZE
    touching = [0] * SIZE
    for p in range(SIZE):
        if line[p]:
            continue
        before = p > 0 and line[p - 1]
        after = p < LAST and line[p + 1]
        if not before and not after:
            continue
        touching[p] = 1
        a = p
        while a > 0 and line[a - 1]:
            a -= 1
        b = p
        while b < LAST and line[b + 1]:
            b += 1
        allowed = 0
        node = root
        ok = True
        if a < p:
            for q in range(p - 1, a - 1, -1):  # REV(prefix)
                c = line[q]
                mask = words[node]
                if not mask >> c & 1:
                    ok = False
                    break
                node = words[node + 1 + (mask & ((1 << c) - 1)).bit_count()] & CHILD
            if ok:
                mask = words[node]
                if mask & 1:
                    node = words[node + 1] & CHILD  # the separator: the word continues rightwards
                else:
                    ok = False
            if ok:
                mask = words[node]
                m = mask & full
                while m:
                    low = m & -m
                    m ^= low
                    arc = words[node + 1 + (mask & (low - 1)).bit_count()]
                    for q in range(p + 1, b + 1):  # the suffix, forwards
                        n2 = arc & CHILD
                        c = line[q]
                        mk = words[n2]
                        if not mk >> c & 1:
                            arc = 0
                            break
                        arc = words[n2 + 1 + (mk & ((1 << c) - 1)).bit_count()]
                    if arc >> 31:
                        allowed |= low
        else:
            for q in range(b, p, -1):  # REV(suffix), then the letter in front accepts
                c = line[q]
                mask = words[node]
                if not mask >> c & 1:
                    ok = False
                    break
                node = words[node + 1 + (mask & ((1 << c) - 1)).bit_count()] & CHILD
            if ok:
                mask = words[node]
                m = mask & full
                while m:
                    low = m & -m
                    m ^= low
                    if words[node + 1 + (mask & (low - 1)).bit_count()] >> 31:
                        allowed |= low
        masks[p] = allowed
    return masks, touching


class Prepared:
    """Per-position plain arrays (index ``d * 225 + line * 15 + p``) fed to :func:`generate_raw`."""

    __slots__ = ("tiles", "chars", "values", "cross", "xsum", "lm", "wm", "anchors", "rack", "blanks",
                 "letter_values", "full", "upper", "lower")

    def __init__(self, board: Board, rack: str, alphabet: Alphabet, words: Sequence[int], root: int) -> None:
        n = SIZE * SIZE
        code_of = alphabet.code_of
        full = alphabet.all_letters_mask
        board_codes = [0] * n
        board_values = [0] * n
        for i, tile in enumerate(board.cells):
            if tile:
                code = code_of.get(tile.upper())
                if code is None:
                    raise MoveGenError(f"tile {tile!r} on the board is not in the {alphabet.language} alphabet")
                board_codes[i] = code
                board_values[i] = alphabet.value(tile)
        counts = [0] * (alphabet.size + 1)
        blanks = 0
        if len(rack) > MAX_RACK:
            raise MoveGenError(f"rack {rack!r} has {len(rack)} tiles, at most {MAX_RACK}")
        for ch in rack:
            if ch == BLANK:
                blanks += 1
            elif ch.upper() in code_of:
                counts[code_of[ch.upper()]] += 1
            else:
                raise MoveGenError(f"rack {rack!r}: {ch!r} is not a {alphabet.language} letter or '?'")
        empty_board = not any(board_codes)
        tiles: list[int] = []
        chars: list[str] = []
        values: list[int] = []
        lm: list[int] = []
        wm: list[int] = []
        anchors: list[int] = []
        for d in (0, 1):
            for line in range(SIZE):
                for p in range(SIZE):
                    i = _square(d, line, p)
                    tiles.append(board_codes[i])
                    chars.append(board.cells[i])
                    values.append(board_values[i])
                    lm.append(LETTER_MULTIPLIERS[i])
                    wm.append(WORD_MULTIPLIERS[i])
                    r, c = divmod(i, SIZE)
                    if board_codes[i]:
                        anchor = 0
                    elif empty_board:
                        anchor = int((r, c) == CENTER)
                    else:
                        anchor = int(any(
                            0 <= r + a < SIZE and 0 <= c + b < SIZE and board_codes[(r + a) * SIZE + c + b]
                            for a, b in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        ))
                    anchors.append(anchor)
        # Cross-sets of direction d come from the lines of the other direction.
        cross = [full] * (2 * n)
        xsum = [-1] * (2 * n)
        for d in (0, 1):
            other = 1 - d
            for line in range(SIZE):
                base = other * n + line * SIZE
                codes = tiles[base:base + SIZE]
                if not any(codes):
                    continue
                masks, touching = _cross_sets(words, root, codes, full)
                vals = values[base:base + SIZE]
                for p in range(SIZE):
                    if touching[p]:
                        # square p of `line` in direction `other` is square `line` of line `p` in d
                        j = d * n + p * SIZE + line
                        cross[j] = masks[p]
                        total = 0
                        q = p - 1
                        while q >= 0 and codes[q]:
                            total += vals[q]
                            q -= 1
                        q = p + 1
                        while q < SIZE and codes[q]:
                            total += vals[q]
                            q += 1
                        xsum[j] = total
        self.tiles, self.chars, self.values = tiles, chars, values
        self.cross, self.xsum, self.lm, self.wm, self.anchors = cross, xsum, lm, wm, anchors
        self.rack, self.blanks = counts, blanks
        self.letter_values = [0] + [alphabet.values[ch] for ch in alphabet.letters]
        self.full = full
        self.upper = [""] + list(alphabet.letters)
        self.lower = [""] + list(alphabet.letters.lower())


# -- the hot loop ---------------------------------------------------------------------------------

def generate_raw(words: Sequence[int], root: int, prep: Prepared) -> list[RawPlay]:
    """All plays of a prepared position as raw tuples ``(score, d, line, start, word, tiles)``."""
    out: list[RawPlay] = []
    n2 = SIZE * SIZE
    for d in (0, 1):
        for line in range(SIZE):
            base = d * n2 + line * SIZE
            anchors = [a for a in range(SIZE) if prep.anchors[base + a]]
            if anchors:
                search = line_search(words, root, prep, d, line, out)
                for anchor in anchors:
                    search(anchor)
    return out


def anchor_bounds(prep: Prepared) -> list[tuple[int, int, int, int]]:
    """``(bound, d, line, anchor)`` for every anchor: no play generated from it scores more.

    The bound lets :func:`top_raw` search the most promising anchors first and skip the rest. It
    pairs the rack's best values with the best letter premiums reachable from the anchor (the
    squares a play from it could cover with at most ``rack size`` new tiles, not crossing another
    anchor leftwards nor a square no rack letter fits), multiplies by the best word premiums, adds
    the tiles it could play through, the best cross-words and the bingo when 7 tiles fit.
    """
    rack_size = sum(prep.rack) + prep.blanks
    if not rack_size:
        return []
    values = sorted([prep.letter_values[c] for c, k in enumerate(prep.rack) for _ in range(k)]
                    + [0] * prep.blanks, reverse=True)
    top_value = values[0]
    rmask = sum(1 << c for c, k in enumerate(prep.rack) if k)
    avail = prep.full if prep.blanks else rmask
    T, V, X, S, LM, WM, A = prep.tiles, prep.values, prep.cross, prep.xsum, prep.lm, prep.wm, prep.anchors
    bounds: list[tuple[int, int, int, int]] = []
    for d in (0, 1):
        for line in range(SIZE):
            base = d * SIZE * SIZE + line * SIZE
            for a in range(SIZE):
                i = base + a
                if not A[i] or not X[i] & avail:
                    continue
                usable = [i]
                through = 0
                for step, stop_at_anchor in ((-1, True), (1, False)):
                    q = a + step
                    budget = rack_size - 1
                    while 0 <= q < SIZE:
                        j = base + q
                        if T[j]:
                            through += V[j]
                        elif not budget or (stop_at_anchor and A[j]) or not X[j] & avail:
                            break
                        else:
                            usable.append(j)
                            budget -= 1
                        q += step
                letters = sum(v * m for v, m in zip(values, sorted((LM[j] for j in usable), reverse=True), strict=False))
                word_mult = 1
                for m in sorted((WM[j] for j in usable), reverse=True)[:rack_size]:
                    word_mult *= m
                cross = sum(sorted(((S[j] + top_value * LM[j]) * WM[j] for j in usable if S[j] >= 0),
                                   reverse=True)[:rack_size])
                bingo = BINGO_BONUS if rack_size >= BINGO_TILES and len(usable) >= BINGO_TILES else 0
                bounds.append(((through + letters) * word_mult + cross + bingo, d, line, a))
    return bounds


def top_raw(words: Sequence[int], root: int, prep: Prepared, n: int) -> list[RawPlay]:
    """Raw plays including the ``n`` best (and every play scoring at least the ``n``-th best).

    Anchors are searched in decreasing order of :func:`anchor_bounds`; once ``n`` plays are known,
    an anchor whose bound is below the ``n``-th best score so far cannot add to the top: it and all
    later anchors are skipped. Ties with the ``n``-th score are kept, so the final order is exact.
    """
    out: list[RawPlay] = []
    if n <= 0:
        return out
    bounds = anchor_bounds(prep)
    bounds.sort(reverse=True)
    best: list[int] = []  # min-heap of the n best scores so far
    searches: dict[tuple[int, int], Callable[[int], None]] = {}
    for bound, d, line, anchor in bounds:
        if len(best) == n and bound < best[0]:
            break
        search = searches.get((d, line))
        if search is None:
            search = searches[(d, line)] = line_search(words, root, prep, d, line, out)
        done = len(out)
        search(anchor)
        for play in out[done:]:
            if len(best) < n:
                heapq.heappush(best, play[0])
            elif play[0] > best[0]:
                heapq.heapreplace(best, play[0])
    return out


def line_search(words: Sequence[int], root: int, prep: Prepared, d: int, line: int,
                 out: list[RawPlay]) -> Callable[[int], None]:
    """Gen/GoOn over one line (row if ``d == 0``, column if ``d == 1``): returns ``search(anchor)``,
    which appends to ``out`` every play whose leftmost new tile on an anchor is ``anchor``.

    ``rack`` (counts per letter code) is modified during a search and restored at its end; the
    bit mask ``rmask`` of the letters still in it and the blank count ``b`` travel as arguments.
    For speed, the step after a letter is written inline in the letter loops, its per-square tests
    are hoisted out of them, and a recursive call is made only when the next square can take an arc
    of the child node: ``NEED[q]`` is the bit of the tile on ``q``, or ``q``'s cross-check mask
    (``0`` off the board). A new tile and a blank for the same letter are two variants of one arc.
    """
    record = out.append
    join = "".join
    full = prep.full
    letter_values = prep.letter_values
    upper, lower = prep.upper, prep.lower
    rack = prep.rack.copy()
    rmask0 = sum(1 << c for c, k in enumerate(rack) if k)
    blanks = prep.blanks
    base = d * SIZE * SIZE + line * SIZE
    end = base + SIZE
    A = prep.anchors[base:end]
    T = prep.tiles[base:end]
    CH = prep.chars[base:end]
    V = prep.values[base:end]
    X = prep.cross[base:end]
    S = prep.xsum[base:end]
    LM = prep.lm[base:end]
    WM = prep.wm[base:end]
    NEED = [(1 << t) if t else x for t, x in zip(T, X, strict=True)] + [0]
    cur = [""] * SIZE
    only_tile, only_blank, both = (0,), (1,), (0, 1)
    anchor = 0
    right_free = True  # the square after the anchor is empty or off the board
    skip_single = False  # vertical pass, anchor with a horizontal word: its 1-tile plays are H's

    def right(pos: int, node: int, start: int, msum: int, wmul: int, xtot: int, n: int,
              rmask: int, b: int) -> None:
        """Fill square ``pos`` (right of the anchor), the word spanning ``start..pos`` so far."""
        mask = words[node]
        ends = pos == LAST or not T[pos + 1]  # the word may end on pos
        need = NEED[pos + 1]
        c = T[pos]
        if c:  # a tile on the board: read it
            if mask >> c & 1:
                arc = words[node + 1 + (mask & ((1 << c) - 1)).bit_count()]
                cur[pos] = CH[pos]
                msum += V[pos]
                if ends and arc >> 31 and not (n == 1 and skip_single):
                    record((msum * wmul + xtot + (BINGO_BONUS if n == BINGO_TILES else 0), d, line,
                            start, join(cur[start:pos + 1]), n))
                child = arc & CHILD
                nm = words[child] & need
                if nm and (not ends or b or nm & rmask):
                    right(pos + 1, child, start, msum, wmul, xtot, n, rmask, b)
            return
        m = mask & X[pos] & (full if b else rmask)
        lmul = LM[pos]
        wsq = WM[pos]
        wmul2 = wmul * wsq
        xs = S[pos]
        n1 = n + 1  # >= 2: the anchor holds a new tile, so no single-tile check here
        bonus = BINGO_BONUS if n1 == BINGO_TILES else 0
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            arc = words[node + 1 + (mask & (low - 1)).bit_count()]
            accept = ends and arc >> 31
            child = arc & CHILD
            nm = words[child] & need
            if not (nm or accept):
                continue
            k = rack[c]
            for blank in (both if b else only_tile) if k else only_blank:
                if blank:
                    ms = msum
                    xt = xtot if xs < 0 else xtot + xs * wsq
                    cur[pos] = lower[c]
                    rm, bb = rmask, b - 1
                else:
                    v = letter_values[c] * lmul
                    ms = msum + v
                    xt = xtot if xs < 0 else xtot + (xs + v) * wsq
                    cur[pos] = upper[c]
                    rm, bb = (rmask if k > 1 else rmask ^ low), b
                if accept:
                    record((ms * wmul2 + xt + bonus, d, line, start, join(cur[start:pos + 1]), n1))
                if nm and (not ends or bb or nm & rm):
                    if blank:
                        right(pos + 1, child, start, ms, wmul2, xt, n1, rm, bb)
                    else:
                        rack[c] = k - 1
                        right(pos + 1, child, start, ms, wmul2, xt, n1, rm, bb)
                        rack[c] = k

    def left(pos: int, node: int, msum: int, wmul: int, xtot: int, n: int, rmask: int, b: int) -> None:
        """Fill square ``pos`` (the anchor or left of it), the word spanning ``pos+1..anchor`` so far."""
        mask = words[node]
        c = T[pos]
        if c:  # a tile on the board: read it
            if mask >> c & 1:
                cur[pos] = CH[pos]
                left_step(pos, words[node + 1 + (mask & ((1 << c) - 1)).bit_count()],
                          msum + V[pos], wmul, xtot, n, rmask, b)
            return
        m = mask & X[pos] & (full if b else rmask)
        if not m:
            return
        lmul = LM[pos]
        wsq = WM[pos]
        wmul2 = wmul * wsq
        xs = S[pos]
        n1 = n + 1
        bonus = BINGO_BONUS if n1 == BINGO_TILES else 0
        forced = pos and T[pos - 1]  # a tile on the left: the word must go through it
        may_end = not forced and right_free and pos < anchor and not (n1 == 1 and skip_single)
        may_turn = not forced and anchor < LAST
        need_turn = NEED[anchor + 1]
        need_left = NEED[pos - 1] if forced or (pos and not A[pos - 1]) else 0
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            arc = words[node + 1 + (mask & (low - 1)).bit_count()]
            child = arc & CHILD
            accept = may_end and arc >> 31
            nl = words[child] & need_left
            turn = nt = 0
            if may_turn and words[child] & 1:
                turn = words[child + 1] & CHILD  # the separator has code 0: rank 0
                nt = words[turn] & need_turn
            if not (accept or nt or nl):
                continue
            k = rack[c]
            for blank in (both if b else only_tile) if k else only_blank:
                if blank:
                    ms = msum
                    xt = xtot if xs < 0 else xtot + xs * wsq
                    cur[pos] = lower[c]
                    rm, bb = rmask, b - 1
                else:
                    v = letter_values[c] * lmul
                    ms = msum + v
                    xt = xtot if xs < 0 else xtot + (xs + v) * wsq
                    cur[pos] = upper[c]
                    rack[c] = k - 1
                    rm, bb = (rmask if k > 1 else rmask ^ low), b
                if accept:
                    record((ms * wmul2 + xt + bonus, d, line, pos, join(cur[pos:anchor + 1]), n1))
                if nt and (not right_free or bb or nt & rm):
                    right(anchor + 1, turn, pos, ms, wmul2, xt, n1, rm, bb)
                if nl and (forced or bb or nl & rm):
                    left(pos - 1, child, ms, wmul2, xt, n1, rm, bb)
                if not blank:
                    rack[c] = k

    def left_step(pos: int, arc: int, msum: int, wmul: int, xtot: int, n: int, rmask: int, b: int) -> None:
        """After reading a board tile on ``pos`` leftwards: the same three moves as in ``left``."""
        child = arc & CHILD
        if pos and T[pos - 1]:
            if words[child] & NEED[pos - 1]:
                left(pos - 1, child, msum, wmul, xtot, n, rmask, b)
            return
        if arc >> 31 and right_free and pos < anchor and not (n == 1 and skip_single):
            record((msum * wmul + xtot + (BINGO_BONUS if n == BINGO_TILES else 0), d, line,
                    pos, join(cur[pos:anchor + 1]), n))
        if anchor < LAST and words[child] & 1:
            turn = words[child + 1] & CHILD
            nt = words[turn] & NEED[anchor + 1]
            if nt and (not right_free or b or nt & rmask):
                right(anchor + 1, turn, pos, msum, wmul, xtot, n, rmask, b)
        if pos and not A[pos - 1]:
            nl = words[child] & NEED[pos - 1]
            if nl and (b or nl & rmask):
                left(pos - 1, child, msum, wmul, xtot, n, rmask, b)

    def search(at: int) -> None:
        nonlocal anchor, right_free, skip_single
        anchor = at
        right_free = anchor == LAST or not T[anchor + 1]
        skip_single = d == 1 and S[anchor] >= 0
        left(anchor, root, 0, 1, 0, 0, rmask0, blanks)

    return search


# -- public API -----------------------------------------------------------------------------------

def _move(raw: RawPlay) -> Move:
    score, d, line, start, word, tiles = raw
    if d == 0:
        return Move(line, start, HORIZONTAL, word, score, tiles)
    return Move(start, line, VERTICAL, word, score, tiles)


def _raw_key(raw: RawPlay) -> tuple[int, int, int, int, str]:
    score, d, line, start, word, _ = raw
    return (-score, line, start, d, word) if d == 0 else (-score, start, line, d, word)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector around a search.

    A search allocates tens of thousands of small acyclic tuples and strings; each allocation burst
    triggers collector passes that find nothing to free yet cost up to a third of the run time.
    Reference counting still frees everything; the collector is restored (if it was on) at the end.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def raw_plays(lexicon: MoveGenLexicon, position: Position, rack: str | None = None) -> list[RawPlay]:
    """The unsorted raw tuples (for callers that only count or filter plays, e.g. the bench)."""
    prep = Prepared(position.board, position.rack if rack is None else rack, lexicon.alphabet,
                    lexicon.words, lexicon.root)
    with _collector_paused():
        return generate_raw(lexicon.words, lexicon.root, prep)


def generate_moves(lexicon: MoveGenLexicon, position: Position, rack: str | None = None) -> list[Move]:
    """Every legal play for the player to move (or for ``rack``), sorted by :meth:`Move.sort_key`.

    Sorted by score descending, then row, column, direction (H first), then word.
    """
    raws = raw_plays(lexicon, position, rack)
    with _collector_paused():
        raws.sort(key=_raw_key)
        return [_move(raw) for raw in raws]


def top_moves(lexicon: MoveGenLexicon, position: Position, n: int, rack: str | None = None) -> list[Move]:
    """The ``n`` best plays, exactly the first ``n`` of :func:`generate_moves`.

    Faster for small ``n``: anchors are searched best bound first and the search stops when no
    remaining anchor can beat the ``n``-th best score (:func:`top_raw`); only ``n`` Move objects
    are built and there is no full sort.
    """
    if n < 0:
        raise ValueError(f"top N must be >= 0, got {n}")
    prep = Prepared(position.board, position.rack if rack is None else rack, lexicon.alphabet,
                    lexicon.words, lexicon.root)
    with _collector_paused():
        raws = top_raw(lexicon.words, lexicon.root, prep, n)
        return [_move(raw) for raw in heapq.nsmallest(n, raws, key=_raw_key)]
