"""The 15x15 Scrabble board: squares, premium layout and tiles (with the blank flag).

The board is deliberately dumb: a flat list of 225 one-character strings, so that copying it is one
list copy and the move generator can turn it into codes in one pass. A tile is an upper-case letter;
a blank standing for a letter is that letter in lower case (the CGP convention); an empty square is
``""``. Rules (connection, words, scores) live in :mod:`engine.scrabble.scoring` and :mod:`engine.scrabble.movegen`.

Coordinates are 0-based ``(row, col)``; row 0 is the top row (``A`` in French notation, ``1`` in
English notation). See :mod:`engine.scrabble.notation` for the text forms.
"""

from __future__ import annotations

from collections.abc import Iterator

SIZE = 15
SQUARES = SIZE * SIZE
CENTER = (7, 7)
EMPTY = ""

HORIZONTAL = "H"
VERTICAL = "V"
DIRECTIONS = (HORIZONTAL, VERTICAL)

# One quadrant (rows 0..7 x cols 0..7, the centre row and column included) of the standard board,
# the same for French and English. T = triple word, D = double word, t = triple letter,
# d = double letter. The other three quadrants are mirror images.
_QUADRANT = (
    "T..d...T",
    ".D...t..",
    "..D...d.",
    "d..D...d",
    "....D...",
    ".t...t..",
    "..d...d.",
    "T..d...D",
)


def _build_premiums() -> tuple[tuple[int, ...], tuple[int, ...]]:
    letter: list[int] = []
    word: list[int] = []
    for row in range(SIZE):
        for col in range(SIZE):
            mark = _QUADRANT[min(row, SIZE - 1 - row)][min(col, SIZE - 1 - col)]
            letter.append({"t": 3, "d": 2}.get(mark, 1))
            word.append({"T": 3, "D": 2}.get(mark, 1))
    return tuple(letter), tuple(word)


LETTER_MULTIPLIERS, WORD_MULTIPLIERS = _build_premiums()
"""Per square (index ``row * 15 + col``): letter multiplier (1, 2, 3) and word multiplier (1, 2, 3)."""


class BoardError(ValueError):
    """A square or tile that does not exist (off the board, not a letter, square already taken)."""


def index(row: int, col: int) -> int:
    """Flat index of a square; raises :class:`BoardError` when it is off the board."""
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise BoardError(f"square ({row}, {col}) is off the {SIZE}x{SIZE} board")
    return row * SIZE + col


def is_tile(text: str) -> bool:
    """True for a valid tile: one ASCII letter (upper case = letter tile, lower case = blank)."""
    return len(text) == 1 and ("A" <= text <= "Z" or "a" <= text <= "z")


def premium_name(row: int, col: int) -> str:
    """``"TW"``, ``"DW"``, ``"TL"``, ``"DL"`` or ``""``: for display and the tests."""
    i = index(row, col)
    return {3: "TW", 2: "DW"}.get(WORD_MULTIPLIERS[i]) or {3: "TL", 2: "DL"}.get(LETTER_MULTIPLIERS[i], "")


class Board:
    """A 15x15 grid of tiles. Cheap to copy (:meth:`copy`), mutable through :meth:`set` and :meth:`place`."""

    __slots__ = ("cells",)

    def __init__(self, cells: list[str] | None = None) -> None:
        if cells is None:
            cells = [EMPTY] * SQUARES
        elif len(cells) != SQUARES:
            raise BoardError(f"a board has {SQUARES} squares, got {len(cells)}")
        else:
            for i, tile in enumerate(cells):
                if tile != EMPTY and not is_tile(tile):
                    raise BoardError(f"square ({i // SIZE}, {i % SIZE}): {tile!r} is not a tile")
        self.cells = cells

    def copy(self) -> Board:
        board = Board.__new__(Board)
        board.cells = self.cells.copy()
        return board

    def get(self, row: int, col: int) -> str:
        """The tile on a square (lower case for a blank), ``""`` when empty."""
        return self.cells[index(row, col)]

    def set(self, row: int, col: int, tile: str) -> None:
        """Put ``tile`` on a square (``""`` empties it)."""
        if tile != EMPTY and not is_tile(tile):
            raise BoardError(f"{tile!r} is not a tile (one letter; lower case for a blank)")
        self.cells[index(row, col)] = tile

    def is_empty(self) -> bool:
        return not any(self.cells)

    def tile_count(self) -> int:
        return sum(1 for tile in self.cells if tile)

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """``(row, col, tile)`` for every occupied square, row by row."""
        for i, tile in enumerate(self.cells):
            if tile:
                yield i // SIZE, i % SIZE, tile

    def place(self, row: int, col: int, direction: str, word: str) -> list[tuple[int, int, str]]:
        """Write ``word`` from ``(row, col)`` in ``direction``, through the tiles already there.

        Letters on occupied squares must match the tile there (case-insensitively: a played-through
        blank may be written either way); the other letters become new tiles (lower case = blank).
        Returns the new tiles as ``(row, col, tile)``. No rule is checked here (see
        :func:`engine.scrabble.scoring.validate_play` for that); the board is left unchanged on error.
        """
        if direction not in DIRECTIONS:
            raise BoardError(f"direction must be 'H' or 'V', got {direction!r}")
        dr, dc = (0, 1) if direction == HORIZONTAL else (1, 0)
        placed: list[tuple[int, int, str]] = []
        for k, letter in enumerate(word):
            r, c = row + dr * k, col + dc * k
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                raise BoardError(f"{word!r} runs off the board at ({r}, {c})")
            if not is_tile(letter):
                raise BoardError(f"{letter!r} in {word!r} is not a tile letter")
            there = self.cells[r * SIZE + c]
            if there:
                if there.upper() != letter.upper():
                    raise BoardError(f"square ({r}, {c}) holds {there!r}, not {letter!r}")
            else:
                placed.append((r, c, letter))
        for r, c, letter in placed:
            self.cells[r * SIZE + c] = letter
        return placed

    def rows(self) -> list[str]:
        """Each row as 15 characters, ``.`` for an empty square (a readable dump)."""
        return ["".join(tile or "." for tile in self.cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    __hash__ = None  # type: ignore[assignment]  # mutable

    @classmethod
    def from_rows(cls, rows: list[str]) -> Board:
        """Build from 15 strings of 15 characters (``.`` or space = empty): handy in tests."""
        if len(rows) != SIZE:
            raise BoardError(f"expected {SIZE} rows, got {len(rows)}")
        cells: list[str] = []
        for r, line in enumerate(rows):
            if len(line) != SIZE:
                raise BoardError(f"row {r} has {len(line)} characters, expected {SIZE}")
            for c, ch in enumerate(line):
                if ch in ". ":
                    cells.append(EMPTY)
                elif is_tile(ch):
                    cells.append(ch)
                else:
                    raise BoardError(f"row {r}, column {c}: {ch!r} is not a tile")
        return cls(cells)
