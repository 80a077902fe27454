"""The search of :mod:`engine.scrabble.movegen`: plain ints, lists and the GADDAG's flat ``uint32`` array.

This module is the specification of the compiled core (``engine/scrabble/_movegen.c`` follows it
function by function) and the fallback when the core is not built: it touches no object of the engine
beyond the :class:`~engine.scrabble.movegen.Prepared` arrays, and each function is a loop over ints.
See :mod:`engine.scrabble.movegen` for the algorithm and the public API built on it.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence

from engine.scrabble.board import SIZE
from engine.scrabble.scoring import BINGO_BONUS, BINGO_TILES

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from engine.scrabble.movegen import Prepared

# The GADDAG words (docs/gaddag-format.md, version 2): a node's word holds its letter mask in bits
# 0..26, so ``words[node] & letter_mask`` tests its arcs whatever its storage. A word >= ONE_WORD is
# a one-word node (its only arc: accept bit ACCEPT of the word, child node - 1); otherwise the arc of
# rank r is the word at node - 1 - r.
CHILD = 0x7FFFFFFF
ACCEPT = 0x80000000
ONE_WORD = 0x40000000
LAST = SIZE - 1

# A raw play, as produced by the search: (score, direction 0=H/1=V, line, start, word, tiles).
RawPlay = tuple[int, int, int, int, str, int]
NodeWords = Sequence[int] | memoryview
"""A compiled lexicon's node words (docs/gaddag-format.md): a list, an ``array`` or the memory-mapped
file's ``memoryview``; the search only indexes them."""


def cross_sets(words: NodeWords, root: int, line: list[int], full: int) -> tuple[list[int], list[int]]:
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
                if mask >= ONE_WORD:
                    node -= 1
                else:
                    node = words[node - 1 - (mask & ((1 << c) - 1)).bit_count()] & CHILD
            if ok:
                mask = words[node]
                if mask & 1:  # the separator (code 0, rank 0): the word continues rightwards
                    node = node - 1 if mask >= ONE_WORD else words[node - 1] & CHILD
                else:
                    ok = False
            if ok:
                mask = words[node]
                m = mask & full
                while m:
                    low = m & -m
                    m ^= low
                    if mask >= ONE_WORD:
                        arc = (mask & ACCEPT) | (node - 1)
                    else:
                        arc = words[node - 1 - (mask & (low - 1)).bit_count()]
                    for q in range(p + 1, b + 1):  # the suffix, forwards
                        n2 = arc & CHILD
                        c = line[q]
                        mk = words[n2]
                        if not mk >> c & 1:
                            arc = 0
                            break
                        if mk >= ONE_WORD:
                            arc = (mk & ACCEPT) | (n2 - 1)
                        else:
                            arc = words[n2 - 1 - (mk & ((1 << c) - 1)).bit_count()]
                    if arc >> 31:
                        allowed |= low
        else:
            for q in range(b, p, -1):  # REV(suffix), then the letter in front accepts
                c = line[q]
                mask = words[node]
                if not mask >> c & 1:
                    ok = False
                    break
                if mask >= ONE_WORD:
                    node -= 1
                else:
                    node = words[node - 1 - (mask & ((1 << c) - 1)).bit_count()] & CHILD
            if ok:
                mask = words[node]
                m = mask & full
                if mask >= ONE_WORD:  # a single arc: a front hook when it accepts
                    allowed = m if mask & ACCEPT else 0
                else:
                    while m:
                        low = m & -m
                        m ^= low
                        if words[node - 1 - (mask & (low - 1)).bit_count()] >> 31:
                            allowed |= low
        masks[p] = allowed
    return masks, touching


def generate_raw(words: NodeWords, root: int, prep: Prepared) -> list[RawPlay]:
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


def top_raw(words: NodeWords, root: int, prep: Prepared, n: int) -> list[RawPlay]:
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


def line_search(words: NodeWords, root: int, prep: Prepared, d: int, line: int,
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
                if mask < ONE_WORD:
                    arc = words[node - 1 - (mask & ((1 << c) - 1)).bit_count()]
                else:
                    arc = (mask & ACCEPT) | (node - 1)
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
            if mask < ONE_WORD:
                arc = words[node - 1 - (mask & (low - 1)).bit_count()]
            else:
                arc = (mask & ACCEPT) | (node - 1)
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
                if mask < ONE_WORD:
                    arc = words[node - 1 - (mask & ((1 << c) - 1)).bit_count()]
                else:
                    arc = (mask & ACCEPT) | (node - 1)
                left_step(pos, arc, msum + V[pos], wmul, xtot, n, rmask, b)
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
            if mask < ONE_WORD:
                arc = words[node - 1 - (mask & (low - 1)).bit_count()]
            else:
                arc = (mask & ACCEPT) | (node - 1)
            child = arc & CHILD
            accept = may_end and arc >> 31
            cw = words[child]
            nl = cw & need_left
            turn = nt = 0
            if may_turn and cw & 1:  # the separator has code 0: rank 0
                turn = child - 1 if cw >= ONE_WORD else words[child - 1] & CHILD
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
        cw = words[child]
        if pos and T[pos - 1]:
            if cw & NEED[pos - 1]:
                left(pos - 1, child, msum, wmul, xtot, n, rmask, b)
            return
        if arc >> 31 and right_free and pos < anchor and not (n == 1 and skip_single):
            record((msum * wmul + xtot + (BINGO_BONUS if n == BINGO_TILES else 0), d, line,
                    pos, join(cur[pos:anchor + 1]), n))
        if anchor < LAST and cw & 1:
            turn = child - 1 if cw >= ONE_WORD else words[child - 1] & CHILD
            nt = words[turn] & NEED[anchor + 1]
            if nt and (not right_free or b or nt & rmask):
                right(anchor + 1, turn, pos, msum, wmul, xtot, n, rmask, b)
        if pos and not A[pos - 1]:
            nl = cw & NEED[pos - 1]
            if nl and (b or nl & rmask):
                left(pos - 1, child, msum, wmul, xtot, n, rmask, b)

    def search(at: int) -> None:
        nonlocal anchor, right_free, skip_single
        anchor = at
        right_free = anchor == LAST or not T[anchor + 1]
        skip_single = d == 1 and S[anchor] >= 0
        left(anchor, root, 0, 1, 0, 0, rmask0, blanks)

    return search
