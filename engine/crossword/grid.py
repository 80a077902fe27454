"""Grid text, style rules, slots and crossword numbering.

Grid text: one row per line (or rows separated by ``/``), ``.`` an empty white cell, ``#`` a black
cell, a letter a prefilled white cell (any case; accents folded, so ``é`` is ``E``).

Styles (the rule every grid is checked against before anything is searched):

- ``fr`` (French *mots croisés*): words of 2+ letters, black cells anywhere, no symmetry. A run of a
  single white cell in one direction is not a word (the cell is "unchecked" that way), but every white
  cell must belong to at least one word of 2+ letters: a white cell boxed in on all four sides could
  never be filled or clued, so it is refused.
- ``us`` (American): every white run in both directions has 3+ letters (so every cell is checked),
  black cells are symmetric under a 180° rotation, the white cells are connected, and at most 1/6 of
  the cells are black.

Numbering follows crossword convention: scanning rows top to bottom, cells left to right, every cell
that starts an across or a down word gets the next number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from engine.alphabet import fold_word
from engine.crossword.errors import GridError

BLACK = "#"
EMPTY = "."
STYLES: dict[str, int] = {"fr": 2, "us": 3}
"""Style name -> minimum word length."""
US_MAX_BLACK_FRACTION = 1 / 6


@dataclass(frozen=True)
class Slot:
    """One word to find: numbered, oriented (``"A"`` across, ``"D"`` down), with its cells."""

    index: int
    number: int
    direction: str
    row: int
    col: int
    length: int
    cells: tuple[tuple[int, int], ...]

    @property
    def key(self) -> str:
        """``"12A"``, ``"3D"``: the name used in errors, partial fills and clue lists."""
        return f"{self.number}{self.direction}"


@dataclass(frozen=True)
class Crossing:
    """Slot ``a`` at position ``pos_a`` shares a cell with slot ``b`` at ``pos_b``."""

    a: int
    pos_a: int
    b: int
    pos_b: int


@dataclass
class Grid:
    """A parsed, style-checked grid: cells, slots in numbering order, crossings."""

    rows: tuple[str, ...]
    style: str
    slots: list[Slot] = field(default_factory=list)
    crossings: list[Crossing] = field(default_factory=list)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def cell(self, row: int, col: int) -> str:
        return self.rows[row][col]

    def is_black(self, row: int, col: int) -> bool:
        return self.rows[row][col] == BLACK

    def pattern(self, slot: Slot) -> str:
        """The slot's letters with ``.`` for empty cells, e.g. ``A..LE``."""
        return "".join(self.rows[r][c] for r, c in slot.cells)

    def slot_by_key(self, key: str) -> Slot:
        for slot in self.slots:
            if slot.key == key:
                return slot
        raise KeyError(f"no slot {key!r} in this grid")

    def neighbours(self) -> list[list[Crossing]]:
        """For each slot, its crossings seen from that slot (``a`` is the slot itself)."""
        result: list[list[Crossing]] = [[] for _ in self.slots]
        for x in self.crossings:
            result[x.a].append(x)
            result[x.b].append(Crossing(x.b, x.pos_b, x.a, x.pos_a))
        return result

    def components(self) -> list[list[int]]:
        """Groups of slots linked by crossings: independent sub-grids (apart from all-different)."""
        parent = list(range(len(self.slots)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for x in self.crossings:
            parent[find(x.a)] = find(x.b)
        groups: dict[int, list[int]] = {}
        for i in range(len(self.slots)):
            groups.setdefault(find(i), []).append(i)
        return list(groups.values())

    def filled_rows(self, answers: Sequence[str]) -> list[str]:
        """The rows with every slot's answer written in (``answers[i]`` for slot ``i``)."""
        cells = [list(row) for row in self.rows]
        for slot, word in zip(self.slots, answers, strict=True):
            for (r, c), letter in zip(slot.cells, word, strict=True):
                cells[r][c] = letter
        return ["".join(row) for row in cells]


def split_rows(text: str | Sequence[str]) -> list[str]:
    """Rows of a grid given as text (newlines or ``/``) or as a sequence of rows."""
    raw = text.replace("/", "\n").splitlines() if isinstance(text, str) else list(text)
    rows = [r.strip() for r in raw]
    while rows and not rows[0]:
        rows.pop(0)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def _normalise_cell(ch: str, row: int, col: int) -> str:
    if ch in (BLACK, EMPTY):
        return ch
    folded = fold_word(ch)
    if len(folded) == 1 and "A" <= folded <= "Z":
        return folded
    raise GridError(f"row {row + 1}, column {col + 1}: unknown character {ch!r} "
                    f"(use '.' for an empty cell, '#' for a black cell, or a letter)",
                    code="grid_bad_character", row=row + 1, col=col + 1, char=ch)


def _runs(cells: list[tuple[int, int]], is_white: Callable[[int, int], bool]) -> Iterable[list[tuple[int, int]]]:
    run: list[tuple[int, int]] = []
    for cell in cells:
        if is_white(*cell):
            run.append(cell)
        else:
            if run:
                yield run
            run = []
    if run:
        yield run


def parse_grid(text: str | Sequence[str], style: str = "fr") -> Grid:
    """Parse grid text and check it against ``style``; :class:`GridError` says what is wrong and where."""
    if style not in STYLES:
        raise GridError(f"unknown style {style!r}; expected one of {', '.join(STYLES)}",
                        code="grid_unknown_style", style=style)
    rows = split_rows(text)
    if not rows:
        raise GridError("the grid is empty", code="grid_empty")
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise GridError(f"ragged grid: row {r + 1} has {len(row)} cells, row 1 has {width}",
                            code="grid_ragged", line=r + 1, cells=len(row), width=width)
    norm = tuple("".join(_normalise_cell(ch, r, c) for c, ch in enumerate(row)) for r, row in enumerate(rows))
    grid = Grid(rows=norm, style=style)
    _find_slots(grid)
    _check_style(grid)
    return grid


def _find_slots(grid: Grid) -> None:
    min_len = STYLES[grid.style]
    h, w = grid.height, grid.width

    def white(r: int, c: int) -> bool:
        return grid.rows[r][c] != BLACK

    across: dict[tuple[int, int], list[tuple[int, int]]] = {}
    down: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r in range(h):
        for run in _runs([(r, c) for c in range(w)], white):
            if len(run) >= 2:
                across[run[0]] = run
            if 2 <= len(run) < min_len or (len(run) == 1 and grid.style == "us"):
                raise GridError(f"across run at row {run[0][0] + 1}, column {run[0][1] + 1} has "
                                f"{len(run)} letter(s); style {grid.style!r} needs {min_len}+",
                                code="grid_short_across", row=run[0][0] + 1, col=run[0][1] + 1,
                                length=len(run), min=min_len)
    for c in range(w):
        for run in _runs([(r, c) for r in range(h)], white):
            if len(run) >= 2:
                down[run[0]] = run
            if 2 <= len(run) < min_len or (len(run) == 1 and grid.style == "us"):
                raise GridError(f"down run at row {run[0][0] + 1}, column {run[0][1] + 1} has "
                                f"{len(run)} letter(s); style {grid.style!r} needs {min_len}+",
                                code="grid_short_down", row=run[0][0] + 1, col=run[0][1] + 1,
                                length=len(run), min=min_len)
    number = 0
    slots: list[Slot] = []
    for r in range(h):
        for c in range(w):
            if (r, c) in across or (r, c) in down:
                number += 1
                for direction, table in (("A", across), ("D", down)):
                    run_cells = table.get((r, c))
                    if run_cells:
                        slots.append(Slot(len(slots), number, direction, r, c, len(run_cells), tuple(run_cells)))
    # Order slots: all across by number, then all down (the order clue lists use).
    slots.sort(key=lambda s: (s.direction, s.number))
    slots = [Slot(i, s.number, s.direction, s.row, s.col, s.length, s.cells) for i, s in enumerate(slots)]
    owner: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for s in slots:
        for pos, cell in enumerate(s.cells):
            owner.setdefault(cell, []).append((s.index, pos))
    for r in range(h):
        for c in range(w):
            if white(r, c) and (r, c) not in owner:
                raise GridError(f"white cell at row {r + 1}, column {c + 1} belongs to no word "
                                f"(boxed in on all sides); make it black", code="grid_boxed_cell",
                                row=r + 1, col=c + 1)
    crossings = [Crossing(a, pa, b, pb) for (a, pa), (b, pb) in (v for v in owner.values() if len(v) == 2)]
    grid.slots = slots
    grid.crossings = crossings
    if not slots:
        raise GridError("the grid has no word slot", code="grid_no_slot")


def _check_style(grid: Grid) -> None:
    if grid.style != "us":
        return
    h, w = grid.height, grid.width
    for r in range(h):
        for c in range(w):
            if grid.is_black(r, c) != grid.is_black(h - 1 - r, w - 1 - c):
                raise GridError(f"style 'us' needs 180° rotational symmetry: row {r + 1}, column {c + 1} "
                                f"and row {h - r}, column {w - c} differ", code="grid_not_symmetric",
                                row=r + 1, col=c + 1, row2=h - r, col2=w - c)
    blacks = sum(row.count(BLACK) for row in grid.rows)
    if blacks * 6 > h * w:
        raise GridError(f"style 'us' allows at most 1/6 black cells: {blacks} of {h * w}",
                        code="grid_too_many_blacks", blacks=blacks, cells=h * w)
    if not is_connected(grid.rows):
        raise GridError("style 'us' needs the white cells to be connected", code="grid_not_connected")


def is_connected(rows: Sequence[str]) -> bool:
    """Whether the white cells form one 4-connected region (an all-black grid counts as connected)."""
    h, w = len(rows), len(rows[0])
    whites = [(r, c) for r in range(h) for c in range(w) if rows[r][c] != BLACK]
    if not whites:
        return True
    seen = {whites[0]}
    stack = [whites[0]]
    while stack:
        r, c = stack.pop()
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < h and 0 <= nc < w and rows[nr][nc] != BLACK and (nr, nc) not in seen:
                seen.add((nr, nc))
                stack.append((nr, nc))
    return len(seen) == len(whites)


GRID_FORMATS = ("text", "01")
MAX_GRID_FILE_SIZE = 25
"""Largest width or height a grid file may have (the lab's editor goes to 21)."""


def read_grid_file(text: str, grid_format: str = "text") -> list[str]:
    """Rows in grid text (``.``, ``#``, letters) from the content of a grid file.

    ``text``: the rows as :func:`parse_grid` reads them. ``01``: the French CSP report's files, one row
    per line, ``1`` a black cell and ``0`` a white one (spaces, tabs and commas between cells are
    allowed). Blank lines at the ends are ignored. Errors name the line: a bad character, a row of
    another length than the first, a grid over :data:`MAX_GRID_FILE_SIZE` cells wide or high.
    """
    if grid_format not in GRID_FORMATS:
        raise GridError(f"unknown grid format {grid_format!r}; expected one of {', '.join(GRID_FORMATS)}",
                        code="grid_unknown_format", format=grid_format)
    lines = text.splitlines()
    numbered = [(n, line.strip()) for n, line in enumerate(lines, start=1)]
    while numbered and not numbered[0][1]:
        numbered.pop(0)
    while numbered and not numbered[-1][1]:
        numbered.pop()
    if not numbered:
        raise GridError("the grid file is empty", code="grid_empty")
    rows: list[str] = []
    for number, line in numbered:
        if grid_format == "01":
            cells = "".join(line.replace(",", " ").split())
            bad = next((ch for ch in cells if ch not in "01"), None)
            if bad is not None:
                raise GridError(f"line {number}: unknown character {bad!r} (a 0/1 grid has only 0 for a "
                                f"white cell and 1 for a black one)", code="grid_bad_01", line=number, char=bad)
            row = cells.replace("0", EMPTY).replace("1", BLACK)
        else:
            row = line
            for col, ch in enumerate(row):
                _normalise_cell(ch, number - 1, col)  # names the line and column of a bad character
        if not row:
            raise GridError(f"line {number}: empty row inside the grid", code="grid_empty_row", line=number)
        if rows and len(row) != len(rows[0]):
            raise GridError(f"ragged grid: line {number} has {len(row)} cells, the first row has "
                            f"{len(rows[0])}", code="grid_ragged", line=number, cells=len(row), width=len(rows[0]))
        if len(row) > MAX_GRID_FILE_SIZE:
            raise GridError(f"line {number}: {len(row)} cells, more than the {MAX_GRID_FILE_SIZE} a grid may have",
                            code="grid_too_wide", line=number, cells=len(row), max=MAX_GRID_FILE_SIZE)
        rows.append(row)
        if len(rows) > MAX_GRID_FILE_SIZE:
            raise GridError(f"line {number}: more than {MAX_GRID_FILE_SIZE} rows", code="grid_too_tall",
                            line=number, max=MAX_GRID_FILE_SIZE)
    return rows


def write_grid_file(rows: Sequence[str], grid_format: str = "text") -> str:
    """The content of a grid file for ``rows`` (``01`` keeps only black and white: letters become 0)."""
    if grid_format not in GRID_FORMATS:
        raise GridError(f"unknown grid format {grid_format!r}; expected one of {', '.join(GRID_FORMATS)}",
                        code="grid_unknown_format", format=grid_format)
    if grid_format == "01":
        return "".join("".join("1" if ch == BLACK else "0" for ch in row) + "\n" for row in rows)
    return "".join(f"{row}\n" for row in rows)
