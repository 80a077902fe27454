"""Candidate placements of ONE word through a support square already on the board.

Why a module of its own: the move generator answers "every play of a rack", CBIC asks the narrower
question "where can THIS word go so that it crosses the board exactly at one of these letters of
it". Anchoring on the board's tiles of the support letter (a list kept per letter by the state) makes
that a handful of checks per word instead of a full move generation.

A placement is proposed only when it is a legal Scrabble play whose main word is exactly the word:

* in bounds; the span holds exactly one tile, the support square, with the support letter; every
  other square of the span is empty (so the rack is the word minus the support letter);
* the squares just before and after the span are empty (the word is not extended);
* every perpendicular word a new tile forms is in the lexicon;
* a one-tile vertical play never forms a horizontal word (the move generator would report that play
  horizontally, with another main word);
* in bag mode, every new tile is taken from what is left in the bag, a blank (lower case) when its
  letter has run out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from engine.alphabet import Alphabet
from engine.cbic.state import Bag, GridState, Placement
from engine.cbic.words import WordLexicon
from engine.cores import load_core
from engine.scrabble.board import LETTER_MULTIPLIERS, SIZE, WORD_MULTIPLIERS
from engine.scrabble.scoring import BINGO_BONUS, BINGO_TILES

H, V = "H", "V"

# The compiled search (engine/cbic/_placements.c) unless TIRAGE_PURE_PYTHON is set (engine.cores).
_CORE, _CORE_PROBLEM = load_core("engine.cbic", "_placements")


def implementation() -> str:
    """``"compiled"`` when the C core checks the candidates' geometry, ``"python"`` otherwise."""
    return "compiled" if _CORE is not None else "python"

REFUSALS = {
    "cbic_runs_off": "runs off the board",
    "cbic_touches_end": "a tile touches an end of the word",
    "cbic_in_the_way": "another tile is in the way",
    "cbic_forms_invalid": "it would form {word}, not a word",
    "cbic_one_tile_across": "a one-tile play that the rules read across",
    "cbic_bag_empty": "the bag has no tile left for it",
}
"""Why a candidate placement is refused: ``code`` → English (``{word}``: the cross-word formed, for
``cbic_forms_invalid``). :func:`placements_through` counts refusals under ``(code, word)`` keys."""


def refusal_text(code: str, word: str = "") -> str:
    """The English words of a refusal counted by :func:`placements_through`."""
    return REFUSALS.get(code, code).format(word=word)


class WordCheck:
    """``lexicon.contains`` with a memo: the same cross-words come back at every search node."""

    __slots__ = ("lexicon", "alphabet", "tile_values", "_memo")

    def __init__(self, lexicon: WordLexicon) -> None:
        self.lexicon = lexicon
        self.alphabet: Alphabet = lexicon.alphabet
        #: Value of every tile: a letter's, 0 for a blank (lower case): one lookup in the scoring loop.
        self.tile_values: dict[str, int] = {**{letter.lower(): 0 for letter in self.alphabet.values},
                                            **self.alphabet.values}
        self._memo: dict[str, bool] = {}

    def __call__(self, word: str) -> bool:
        known = self._memo.get(word)
        if known is None:
            known = self._memo[word] = bool(self.lexicon.contains(word))
        return known


def assign_tiles(letters: Iterable[tuple[int, int, str]], state: GridState,
                 bag: Bag | None) -> tuple[tuple[int, int, str], ...] | None:
    """New tiles for ``letters`` (upper case): letter tiles while the bag has them, then blanks.

    ``None`` when bag mode runs out of both the letter and the blanks. Without a bag every tile is a
    plain letter.
    """
    if bag is None:
        return tuple(letters)
    taken: Counter[str] = Counter()
    blanks = bag.blanks - state.blanks_used
    out = []
    for r, c, letter in letters:
        if state.used.get(letter, 0) + taken[letter] < bag.counts.get(letter, 0):
            taken[letter] += 1
            out.append((r, c, letter))
        elif blanks > 0:
            blanks -= 1
            out.append((r, c, letter.lower()))
        else:
            return None
    return tuple(out)


def _play_score(values: dict[str, int], cells: list[str], tiles: tuple[tuple[int, int, str], ...],
                support_sq: int, crosses: Sequence[tuple[int, Sequence[int]]]) -> int:
    """Exact score: main word (support tile at face value) + each cross-word, premiums on new tiles.

    ``values``: every tile's value, a blank (lower case) worth 0 (:attr:`WordCheck.tile_values`)."""
    main = values[cells[support_sq]] if support_sq >= 0 else 0
    mult = 1
    new_value: dict[int, int] = {}
    for r, c, tile in tiles:
        sq = r * SIZE + c
        v = values[tile] * LETTER_MULTIPLIERS[sq]
        new_value[sq] = v
        main += v
        mult *= WORD_MULTIPLIERS[sq]
    total = main * mult
    for sq, others in crosses:
        total += (new_value[sq] + sum(values[cells[o]] for o in others)) * WORD_MULTIPLIERS[sq]
    if len(tiles) == BINGO_TILES:
        total += BINGO_BONUS
    return total


def _cross(cells: list[str], sq: int, perp: int) -> tuple[str, str, list[int]]:
    """Tiles before and after ``sq`` along ``perp`` (1 = the row, 15 = the column): text and squares."""
    before: list[int] = []
    after: list[int] = []
    if perp == 1:
        lo, hi = sq - sq % SIZE, sq - sq % SIZE + SIZE - 1
    else:
        lo, hi = sq % SIZE, sq % SIZE + SIZE * (SIZE - 1)
    s = sq - perp
    while s >= lo and cells[s]:
        before.append(s)
        s -= perp
    s = sq + perp
    while s <= hi and cells[s]:
        after.append(s)
        s += perp
    before.reverse()
    return ("".join(cells[s] for s in before).upper(), "".join(cells[s] for s in after).upper(),
            before + after)


def placements_through(state: GridState, check: WordCheck, word: str, supports: Iterable[int],
                       bag: Bag | None = None, reasons: Counter[tuple[str, str]] | None = None,
                       squares: Collection[int] | None = None, direction: str | None = None) -> list[Placement]:
    """Every legal placement of ``word`` crossing the board at one of its ``supports`` indices.

    ``reasons`` (optional) counts why candidates were refused, to explain a word that cannot go: keys
    ``(code, word)`` (:data:`REFUSALS`; ``word`` is the invalid cross-word for ``cbic_forms_invalid``, else "").
    ``squares`` (optional) limits the support squares to these board indices (``row * 15 + col``),
    ``direction`` (optional, ``H`` or ``V``) the placements to those running that way. Order: support index,
    then the squares of that letter in the order they were placed, H then V.

    The candidates' geometry runs in the compiled core when it is built (:data:`implementation`);
    :func:`placements_through_python` is its specification, with the same plays in the same order.
    """
    if _CORE is None:
        found = placements_through_python(state, check, word, supports, bag, reasons, squares)
        return found if direction is None else [p for p in found if p.dir == direction]
    at = [(i, state.by_letter.get(word[i], ())) for i in supports]
    candidates, refusals = _CORE.scan(state.text, word.encode("ascii"), at, squares, check, reasons is not None)
    out: list[Placement] = []
    for i, sq, vertical, crosses in candidates:
        if direction is not None and (V if vertical else H) != direction:
            continue
        placement = _placement(state, check, word, i, sq, V if vertical else H,
                               [(s, others) for s, others, _cross_word in crosses],
                               [cross_word for _s, _others, cross_word in crosses], bag)
        if placement is not None:
            out.append(placement)
        elif reasons is not None:
            refusals.append(("cbic_bag_empty", ""))
    if reasons is not None:
        reasons.update(refusals)
    return out


def counts_after(state: GridState, check: WordCheck, words: Sequence[tuple[str, Iterable[int]]],
                 played: Placement | Candidate, squares: Collection[int], bag: Bag | None = None) -> list[int]:
    """For each ``(word, supports)``: ``len(placements_through(state.apply(played, ...), check, word, supports,
    bag, squares=squares))``, where ``squares`` are squares of ``played``'s new tiles; without building the
    new state or the plays.

    Why: a helper word is judged by how many ways each stuck word could then cross its new tiles, tens of
    thousands of times per grid; only the counts matter, and without bag mode every candidate the geometry
    accepts is a play (no tile can run out). In bag mode, or without the compiled core, it is the full call.
    """
    if _CORE is None or bag is not None:
        child = state.apply(played.placement() if isinstance(played, Candidate) else played, "helper")
        return [len(placements_through(child, check, word, supports, bag, squares=squares))
                for word, supports in words]
    text = bytearray(state.text)
    by_letter: dict[str, tuple[int, ...]] = {}
    for r, c, tile in played.tiles:
        sq = r * SIZE + c
        text[sq] = ord(tile)
        if sq in squares:
            letter = tile.upper()
            by_letter[letter] = by_letter.get(letter, ()) + (sq,)
    board = bytes(text)
    counts = []
    for word, supports in words:
        at = [(i, by_letter[word[i]]) for i in supports if word[i] in by_letter]
        counts.append(len(_CORE.scan(board, word.encode("ascii"), at, None, check, False)[0]) if at else 0)
    return counts


_Args = tuple[GridState, "WordCheck", str, int, int, str, list[tuple[int, Sequence[int]]], list[str]]
"""What :func:`_finish` needs besides the tiles."""


class Candidate:
    """A placement whose tiles are known and whose play (score, steps touched) is built when asked.

    Why: helper words are judged by their new tiles alone, and only the few kept become plays; building
    every candidate's :class:`Placement` was a large share of a grid's time.
    """

    __slots__ = ("tiles", "_args", "_ready")

    def __init__(self, tiles: tuple[tuple[int, int, str], ...], args: _Args | tuple[()],
                 ready: Placement | None = None) -> None:
        self.tiles = tiles
        self._args = args
        self._ready = ready

    def placement(self) -> Placement:
        if self._ready is None:
            assert self._args
            self._ready = _finish(*self._args, self.tiles)
        return self._ready


def candidates_through(state: GridState, check: WordCheck, word: str, supports: Iterable[int],
                       bag: Bag | None = None) -> list[Candidate]:
    """:func:`placements_through` as :class:`Candidate` objects (same plays, same order)."""
    if _CORE is None:
        return [Candidate(p.tiles, (), p) for p in placements_through_python(state, check, word, supports, bag)]
    at = [(i, state.by_letter.get(word[i], ())) for i in supports]
    found, _ = _CORE.scan(state.text, word.encode("ascii"), at, None, check, False)
    out: list[Candidate] = []
    for i, sq, vertical, crosses in found:
        tiles = _tiles(state, word, i, sq, V if vertical else H, bag)
        if tiles is not None:
            out.append(Candidate(tiles, (state, check, word, i, sq, V if vertical else H,
                                         [(s, others) for s, others, _cross_word in crosses],
                                         [cross_word for _s, _others, cross_word in crosses])))
    return out


def _tiles(state: GridState, word: str, i: int, sq: int, d: str,
           bag: Bag | None) -> tuple[tuple[int, int, str], ...] | None:
    """The new tiles of ``word`` laid along ``d`` with its letter ``i`` on ``sq`` (None: the bag is short)."""
    r, c = divmod(sq, SIZE)
    start, step = (c - i, 1) if d == H else (r - i, SIZE)
    base = r * SIZE + start if d == H else start * SIZE + c
    letters = [divmod(base + k * step, SIZE) + (word[k],) for k in range(len(word)) if k != i]
    return assign_tiles(letters, state, bag)


def _placement(state: GridState, check: WordCheck, word: str, i: int, sq: int, d: str,
               crosses: Sequence[tuple[int, Sequence[int]]], words: Sequence[str], bag: Bag | None) -> Placement | None:
    """The play of a candidate that passed every board rule: its tiles (None when the bag cannot supply
    them), score and the steps it touches."""
    tiles = _tiles(state, word, i, sq, d, bag)
    if tiles is None:
        return None
    return _finish(state, check, word, i, sq, d, crosses, words, tiles)


def _finish(state: GridState, check: WordCheck, word: str, i: int, sq: int, d: str,
            crosses: Sequence[tuple[int, Sequence[int]]], words: Sequence[str],
            tiles: tuple[tuple[int, int, str], ...]) -> Placement:
    r, c = divmod(sq, SIZE)
    start = c - i if d == H else r - i
    owner = state.owner
    touched = {owner[sq]}
    for _, others in crosses:
        touched.update(owner[o] for o in others)
    row, col = (r, start) if d == H else (start, c)
    return Placement(word, row, col, d, i, tiles, tuple(words),
                     _play_score(check.tile_values, state.cells, tiles, sq, crosses), tuple(sorted(touched)))


def placements_through_python(state: GridState, check: WordCheck, word: str, supports: Iterable[int],
                              bag: Bag | None = None, reasons: Counter[tuple[str, str]] | None = None,
                              squares: Collection[int] | None = None) -> list[Placement]:
    """:func:`placements_through` in pure Python: the specification of the compiled core's search."""
    cells = state.cells
    n = len(word)
    out: list[Placement] = []
    for i in supports:
        for sq in state.by_letter.get(word[i], ()):
            if squares is not None and sq not in squares:
                continue
            r, c = divmod(sq, SIZE)
            for d in (H, V):
                if d == H:
                    start, step, perp = c - i, 1, SIZE
                    base = r * SIZE + start
                else:
                    start, step, perp = r - i, SIZE, 1
                    base = start * SIZE + c
                if start < 0 or start + n > SIZE:
                    if reasons is not None:
                        reasons["cbic_runs_off", ""] += 1
                    continue
                if (start > 0 and cells[base - step]) or (start + n < SIZE and cells[base + n * step]):
                    if reasons is not None:
                        reasons["cbic_touches_end", ""] += 1
                    continue
                if sum(map(bool, cells[base:base + n * step:step])) != 1:  # only the support square is taken
                    if reasons is not None:
                        reasons["cbic_in_the_way", ""] += 1
                    continue
                crosses: list[tuple[int, list[int]]] = []
                words: list[str] = []
                bad = ""
                for k in range(n):
                    if k == i:
                        continue
                    s = base + k * step
                    # Most squares have no neighbour across the word: test both before walking.
                    if perp == 1:
                        col = s % SIZE
                        if not ((col and cells[s - 1]) or (col < SIZE - 1 and cells[s + 1])):
                            continue
                    elif not ((s >= SIZE and cells[s - SIZE]) or (s < SIZE * (SIZE - 1) and cells[s + SIZE])):
                        continue
                    pre, post, others = _cross(cells, s, perp)
                    if others:
                        cross = pre + word[k] + post
                        if not check(cross):
                            bad = cross
                            break
                        words.append(cross)
                        crosses.append((s, others))
                if bad:
                    if reasons is not None:
                        reasons["cbic_forms_invalid", bad] += 1
                    continue
                if n == 2 and d == V and crosses:
                    if reasons is not None:
                        reasons["cbic_one_tile_across", ""] += 1
                    continue
                placement = _placement(state, check, word, i, sq, d, crosses, words, bag)
                if placement is None:
                    if reasons is not None:
                        reasons["cbic_bag_empty", ""] += 1
                    continue
                out.append(placement)
    return out


def central_placement(state: GridState, check: WordCheck, word: str, row: int, col: int, direction: str,
                      bag: Bag | None = None) -> Placement | None:
    """The first play: ``word`` on an empty board from ``(row, col)``; None if the bag cannot supply it."""
    dr, dc = (0, 1) if direction == H else (1, 0)
    tiles = assign_tiles([(row + dr * k, col + dc * k, ch) for k, ch in enumerate(word)], state, bag)
    if tiles is None:
        return None
    return Placement(word, row, col, direction, -1, tiles, (),
                     _play_score(check.tile_values, state.cells, tiles, -1, []), ())
