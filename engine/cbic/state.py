"""The grid under construction: tiles, who placed them, bag usage, and the steps taken so far.

Why immutable-by-convention states: the search backtracks and restarts, so every placement makes a
*new* state (one 225-item list copy, cheap) and the old one stays valid as the situation "just before"
the word was placed. Nothing here checks rules: :mod:`engine.cbic.placements` only ever proposes legal
plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.alphabet import Alphabet
from engine.scrabble.board import SIZE

CENTRAL = "central"
REVISION = "revision"
HELPER = "helper"


@dataclass(frozen=True, slots=True)
class Placement:
    """One legal play of a whole word: where it goes and what it adds.

    ``support`` is the index in ``word`` of the one board tile it goes through (``-1`` for the central
    word, which goes through nothing). ``tiles`` are the new tiles ``(row, col, tile)``, a blank in
    lower case. ``score`` is the play's Scrabble score; ``touched`` the steps whose tiles it uses or
    touches (for the union-find).
    """

    word: str
    row: int
    col: int
    dir: str
    support: int
    tiles: tuple[tuple[int, int, str], ...]
    cross_words: tuple[str, ...]
    score: int
    touched: tuple[int, ...]

    @property
    def support_square(self) -> tuple[int, int]:
        if self.dir == "H":
            return self.row, self.col + self.support
        return self.row + self.support, self.col

    @property
    def rack(self) -> str:
        """The tiles the learner needs, in word order (``?`` for a blank)."""
        return "".join("?" if t.islower() else t for _, _, t in self.tiles)

    @property
    def sorted_rack(self) -> str:
        """The rack as the learner is shown it: letters sorted alphabetically, blanks (``?``) last, so it
        gives no hint; also what makes two situations "the same rack" (:attr:`GridState.racks`)."""
        letters = self.rack
        return "".join(sorted(letters.replace("?", ""))) + "?" * letters.count("?")


@dataclass(frozen=True, slots=True)
class Step:
    """A word put on the grid: the central word, a revision word (``word_id``) or a helper word."""

    kind: str
    placement: Placement
    word_id: int
    before: tuple[str, ...]


class Bag:
    """Tile limits of bag mode: each letter's count in the language's bag, plus its blanks."""

    __slots__ = ("counts", "blanks")

    def __init__(self, alphabet: Alphabet) -> None:
        self.counts = dict(alphabet.counts)
        self.blanks = alphabet.blanks


class GridState:
    """Board cells, the step that placed each tile, squares by letter, bag usage and the steps."""

    __slots__ = ("cells", "text", "owner", "by_letter", "used", "blanks_used", "steps", "racks")

    def __init__(self) -> None:
        self.cells: list[str] = [""] * (SIZE * SIZE)
        #: The cells as 225 ASCII bytes, ``.`` for an empty square: what the compiled placement search reads.
        self.text: bytes = b"." * (SIZE * SIZE)
        self.owner: list[int] = [-1] * (SIZE * SIZE)
        self.by_letter: dict[str, tuple[int, ...]] = {}
        self.used: dict[str, int] = {}
        self.blanks_used = 0
        self.steps: tuple[Step, ...] = ()
        #: The sorted racks of the revision steps: one grid never asks the same rack twice, since the second
        #: situation would be answered from memory of the first, not found (:meth:`Placement.sorted_rack`).
        self.racks: frozenset[str] = frozenset()

    def apply(self, placement: Placement, kind: str, word_id: int = -1) -> GridState:
        """A new state with ``placement`` played (this one is left as it was)."""
        new = GridState.__new__(GridState)
        cells = self.cells.copy()
        text = bytearray(self.text)
        owner = self.owner.copy()
        by_letter = dict(self.by_letter)
        used = dict(self.used)
        blanks = self.blanks_used
        step_id = len(self.steps)
        for r, c, tile in placement.tiles:
            sq = r * SIZE + c
            cells[sq] = tile
            text[sq] = ord(tile)
            owner[sq] = step_id
            letter = tile.upper()
            by_letter[letter] = by_letter.get(letter, ()) + (sq,)
            if tile.islower():
                blanks += 1
            else:
                used[letter] = used.get(letter, 0) + 1
        new.cells, new.text, new.owner, new.by_letter = cells, bytes(text), owner, by_letter
        new.used, new.blanks_used = used, blanks
        new.steps = self.steps + (Step(kind, placement, word_id, tuple(self.cells)),)
        new.racks = self.racks | {placement.sorted_rack} if kind == REVISION else self.racks
        return new

    def racks_distinct(self) -> bool:
        """Does every revision step lay a different sorted rack (see :attr:`racks`)?"""
        return len(self.racks) == sum(1 for s in self.steps if s.kind == REVISION)

    def placed_ids(self) -> set[int]:
        return {s.word_id for s in self.steps if s.kind == REVISION}

    def helper_count(self) -> int:
        return sum(1 for s in self.steps if s.kind == HELPER)

    def rows(self) -> list[str]:
        return ["".join(t or "." for t in self.cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]
