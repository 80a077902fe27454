"""Every legal play of a position with its exact score: Gordon's GADDAG move generation.

Why it is shaped like this: the search itself (:mod:`engine.scrabble.movegen_search`) only touches plain data —
ints, lists of ints and one flat ``uint32`` array (the GADDAG, ``docs/gaddag-format.md``) — so that
it translates function by function to C (``engine/scrabble/_movegen.c``, the compiled core used when
it is built). Everything with objects (positions, :class:`~engine.scrabble.scoring.Move`) stays in the
thin wrappers at the bottom.

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

The search lives in :mod:`engine.scrabble.movegen_search` (plain data only): :func:`line_search`
holds the recursion (one closure set per line, one call per anchor). It is the specification; the
same search compiled (``engine/scrabble/_movegen.c``, built by ``pip install`` when a C compiler is
there) does the work when it is available, reading the same GADDAG buffer, and returns exactly the
same plays in the same order. :func:`implementation` says which one runs; the environment variable
``TIRAGE_PURE_PYTHON=1`` (read at import) or :func:`pure_python` forces the Python one.

A one-tile play is recorded once: in the horizontal pass if it has a horizontal neighbour, else in
the vertical pass (so a vertical single-tile play is skipped when its square has a horizontal word).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from engine.alphabet import BLANK, Alphabet
from engine.cores import PURE_PYTHON_VARIABLE, load_core
from engine.scrabble import cgp
from engine.scrabble.board import (
    CENTER,
    HORIZONTAL,
    LETTER_MULTIPLIERS,
    SIZE,
    VERTICAL,
    WORD_MULTIPLIERS,
    Board,
)
from engine.scrabble.cgp import MAX_RACK, Position
from engine.scrabble.scoring import Move

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from typing import Any

    from engine.scrabble.movegen_search import (
        NodeWords,
        RawPlay,
        anchor_bounds,
        generate_raw,
        line_search,
        top_raw,
    )
    from engine.scrabble.protocols import MoveGenLexicon

_SEARCH_NAMES = frozenset(("NodeWords", "RawPlay", "anchor_bounds", "generate_raw", "line_search", "top_raw"))


def __getattr__(name: str) -> object:
    """The Python search's names, from :mod:`engine.scrabble.movegen_search` on first use: with the
    compiled core a command never runs the Python search, and need not import it (nor heapq)."""
    if name in _SEARCH_NAMES:
        from engine.scrabble import movegen_search

        return getattr(movegen_search, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "PURE_PYTHON_VARIABLE", "MoveGenError", "Prepared", "beats", "compiled_text_lines", "RawPlay", "anchor_bounds",
    "generate_moves", "generate_raw", "implementation", "line_search", "pure_python", "ranked_top",
    "raw_plays", "top_moves", "top_raw", "unavailable_reason",
]


class MoveGenError(ValueError):
    """A position the generator cannot work on (e.g. a rack letter outside the lexicon's alphabet)."""


# -- per-position preparation: plain lists, line-major per direction ------------------------------

# Board index of each position of the line-major arrays: rows (d = 0), then columns (d = 1).
_ORDER = [line * SIZE + p for line in range(SIZE) for p in range(SIZE)] + \
         [p * SIZE + line for line in range(SIZE) for p in range(SIZE)]
_LM = [LETTER_MULTIPLIERS[i] for i in _ORDER]
_WM = [WORD_MULTIPLIERS[i] for i in _ORDER]
_NEIGHBOURS = [
    tuple((r + a) * SIZE + c + b for a, b in ((-1, 0), (1, 0), (0, -1), (0, 1))
          if 0 <= r + a < SIZE and 0 <= c + b < SIZE)
    for r in range(SIZE) for c in range(SIZE)
]


class Prepared:
    """Per-position plain arrays (index ``d * 225 + line * 15 + p``) fed to :func:`generate_raw`.

    ``tiles`` (codes, 0 = empty), ``chars`` (board text), ``values`` (tile values, 0 for blanks),
    ``cross`` (cross-check masks), ``xsum`` (cross-scores, -1 = no perpendicular word), ``lm`` /
    ``wm`` (premiums), ``anchors`` (0/1); ``rack`` (count per letter code), ``blanks``.
    """

    __slots__ = ("tiles", "chars", "values", "cross", "xsum", "lm", "wm", "anchors", "rack", "blanks",
                 "letter_values", "full", "upper", "lower")

    def __init__(self, board: Board, rack: str, alphabet: Alphabet, words: NodeWords, root: int) -> None:
        from engine.scrabble.movegen_search import cross_sets

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
        if any(board_codes):
            anchor_at = [0 if code else int(any(board_codes[j] for j in _NEIGHBOURS[i]))
                         for i, code in enumerate(board_codes)]
        else:
            anchor_at = [0] * n
            anchor_at[CENTER[0] * SIZE + CENTER[1]] = 1
        cells = board.cells
        tiles = [board_codes[i] for i in _ORDER]
        chars = [cells[i] for i in _ORDER]
        values = [board_values[i] for i in _ORDER]
        anchors = [anchor_at[i] for i in _ORDER]
        lm, wm = _LM, _WM
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
                masks, touching = cross_sets(words, root, codes, full)
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


# -- the compiled core ---------------------------------------------------------------------------

# Modes of the core's ``run``: raw tuples, every Move sorted, the top N Moves, top N + rank + count,
# whether a play scores more than N.
_RAW, _SORTED, _TOP, _RANKED, _BEATS = 0, 1, 2, 3, 4


def _load_core() -> tuple[ModuleType | None, str | None]:
    """The compiled extension, configured, or ``None`` and why not."""
    core, problem = load_core("engine.scrabble", "_movegen")
    if core is not None:
        core.configure(Move, LETTER_MULTIPLIERS, WORD_MULTIPLIERS)
        cgp._fast_board = core.parse_board
    return core, problem


_CORE, _CORE_PROBLEM = _load_core()
_core_enabled = True
# id(alphabet) -> (alphabet, letters, (0, value of code 1, ...)): what the core needs of an alphabet.
_ALPHABET_TABLES: dict[int, tuple[Alphabet, str, tuple[int, ...]]] = {}


def implementation() -> str:
    """``"compiled"`` when the C core generates the plays, ``"python"`` otherwise."""
    return "compiled" if _CORE is not None and _core_enabled else "python"


def unavailable_reason() -> str | None:
    """Why the compiled core is not in use (``None`` when it is)."""
    if _CORE is None:
        return _CORE_PROBLEM
    return None if _core_enabled else "pure_python() is active"


@contextmanager
def pure_python() -> Iterator[None]:
    """Use the pure-Python generator inside the block (tests and the bench compare the two).

    Process-wide, not per thread: meant for tests and benchmarks, not for serving requests.
    """
    global _core_enabled
    saved = _core_enabled
    _core_enabled = False
    try:
        yield
    finally:
        _core_enabled = saved


def _run_core(lexicon: MoveGenLexicon, position: Position, rack: str | None, mode: int, n: int = 0,
              target: tuple[int, int, int, str, str] | None = None) -> Any:
    """The core's answer, or ``NotImplemented`` when the Python generator must answer instead.

    The core declines what it does not handle (no core, a lexicon array that is not a uint32
    buffer, a letter outside the alphabet, a rack over 7 tiles): the Python path then gives the
    same plays or raises the same :class:`MoveGenError`.
    """
    if _CORE is None or not _core_enabled:
        return NotImplemented
    alphabet = lexicon.alphabet
    tables = _ALPHABET_TABLES.get(id(alphabet))
    if tables is None or tables[0] is not alphabet:
        tables = (alphabet, alphabet.letters, (0, *(alphabet.values[ch] for ch in alphabet.letters)))
        _ALPHABET_TABLES[id(alphabet)] = tables
    # The collector paused as in _collector_paused, without allocating a context manager first (an
    # allocation may itself start a collection).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _CORE.run(lexicon.words, lexicon.root, position.board.cells,
                         position.rack if rack is None else rack, tables[1], tables[2], mode, n, target)
    finally:
        if was_enabled:
            gc.enable()


def compiled_text_lines(moves: list[Move], style: str) -> str | None:
    """The text lines of ``python -m engine moves`` for ``moves`` (each ending in a newline), made
    by the compiled core, or ``None`` when it is not in use or declines (the caller then formats the
    plays itself with ``engine.cli.moves_commands._text``, the specification of these lines).

    Why here: printing thousands of plays costs the command more than finding them when each line
    is a Python format call; the core writes them all into one string.
    """
    if _CORE is None or not _core_enabled:
        return None
    text = _CORE.lines(moves, style)
    if text is NotImplemented:
        return None
    lines: str = text
    return lines


# -- public API -----------------------------------------------------------------------------------

def raw_to_move(raw: RawPlay) -> Move:
    """The :class:`Move` of a raw tuple from :func:`raw_plays`."""
    score, d, line, start, word, tiles = raw
    if d == 0:
        return Move(line, start, HORIZONTAL, word, score, tiles)
    return Move(start, line, VERTICAL, word, score, tiles)


def raw_sort_key(raw: RawPlay) -> tuple[int, int, int, str, str]:
    """:meth:`Move.sort_key` of a raw tuple, without building the Move (comparable with it).

    Callers that rank thousands of plays (e.g. training situations) sort the tuples and build Moves
    only for the few they keep.
    """
    score, d, line, start, word, _ = raw
    return (-score, line, start, "H", word) if d == 0 else (-score, start, line, "V", word)


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
    raws = _run_core(lexicon, position, rack, _RAW)
    if raws is not NotImplemented:
        core_raws: list[RawPlay] = raws  # the core's answer, typed (typing.cast would import typing)
        return core_raws
    prep = Prepared(position.board, position.rack if rack is None else rack, lexicon.alphabet,
                    lexicon.words, lexicon.root)
    from engine.scrabble.movegen_search import generate_raw

    with _collector_paused():
        return generate_raw(lexicon.words, lexicon.root, prep)


def generate_moves(lexicon: MoveGenLexicon, position: Position, rack: str | None = None) -> list[Move]:
    """Every legal play for the player to move (or for ``rack``), sorted by :meth:`Move.sort_key`.

    Sorted by score descending, then row, column, direction (H first), then word.
    """
    moves = _run_core(lexicon, position, rack, _SORTED)
    if moves is not NotImplemented:
        core_moves: list[Move] = moves  # the core's answer, typed (typing.cast would import typing)
        return core_moves
    raws = raw_plays(lexicon, position, rack)
    with _collector_paused():
        raws.sort(key=raw_sort_key)
        return [raw_to_move(raw) for raw in raws]


def top_moves(lexicon: MoveGenLexicon, position: Position, n: int, rack: str | None = None) -> list[Move]:
    """The ``n`` best plays, exactly the first ``n`` of :func:`generate_moves`.

    Faster for small ``n``: anchors are searched best bound first and the search stops when no
    remaining anchor can beat the ``n``-th best score (:func:`top_raw`); only ``n`` Move objects
    are built and there is no full sort.
    """
    if n < 0:
        raise ValueError(f"top N must be >= 0, got {n}")
    moves = _run_core(lexicon, position, rack, _TOP, n)
    if moves is not NotImplemented:
        core_moves: list[Move] = moves  # the core's answer, typed (typing.cast would import typing)
        return core_moves
    prep = Prepared(position.board, position.rack if rack is None else rack, lexicon.alphabet,
                    lexicon.words, lexicon.root)
    import heapq

    from engine.scrabble.movegen_search import top_raw

    with _collector_paused():
        raws = top_raw(lexicon.words, lexicon.root, prep, n)
        return [raw_to_move(raw) for raw in heapq.nsmallest(n, raws, key=raw_sort_key)]


def beats(lexicon: MoveGenLexicon, position: Position, score: int, rack: str | None = None) -> bool:
    """Whether some legal play scores more than ``score``: ``top_moves(..., 1)[0].score > score``, cheaper.

    Why: a training grid asks of every candidate situation whether its list word (worth ``score``) is the
    board's top; the compiled core only searches anchors whose score bound exceeds ``score`` and stops at
    the first play that does, instead of finding the top itself. The Python generator answers with
    :func:`top_moves` (same answer, checked equal in the tests).
    """
    answer = _run_core(lexicon, position, rack, _BEATS, score)
    if answer is not NotImplemented:
        core_answer: bool = answer  # the core's answer, typed (typing.cast would import typing)
        return core_answer
    found = top_moves(lexicon, position, 1, rack)
    return bool(found) and found[0].score > score


def ranked_top(lexicon: MoveGenLexicon, position: Position, n: int, target: Move,
               rack: str | None = None) -> tuple[list[Move], int | None, int]:
    """The ``n`` best plays, the 1-based rank of ``target`` among all plays and the number of plays.

    What a training situation shows ("your word" ranked among the tops): one full generation,
    only ``n`` Move objects built. The rank is ``None`` when ``target`` is not among the plays
    (compared by :meth:`Move.sort_key`: score, square, direction and word).
    """
    if n < 0:
        raise ValueError(f"top N must be >= 0, got {n}")
    key = target.sort_key()
    answer = _run_core(lexicon, position, rack, _RANKED, n, key)
    if answer is not NotImplemented:
        top, rank, count = answer
        return top, rank, count
    import heapq

    raws = raw_plays(lexicon, position, rack)
    with _collector_paused():
        keys = [raw_sort_key(raw) for raw in raws]
        found = key in keys
        rank = 1 + sum(1 for k in keys if k < key) if found else None
        top = [raw_to_move(raw) for raw in heapq.nsmallest(n, raws, key=raw_sort_key)]
    return top, rank, len(raws)
