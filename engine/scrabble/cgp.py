"""Positions and their CGP text (the "crossword game position" of Macondo and wolges).

A CGP line has space-separated fields::

    15/15/15/15/15/15/15/3BACCARAT4/15/15/15/15/15/15/15 EIRST?A/ 76/0 0 lex ODS9;

1. the board: 15 rows joined by ``/``; a number is a run of empty squares, an upper-case letter a
   tile, a lower-case letter a blank standing for that letter;
2. the racks ``RACK1/RACK2`` (``?`` = blank; the first is the player to move; either may be empty);
3. the scores ``S1/S2``;
4. the number of consecutive zero-score turns;
5. optional operations, each ``opcode args;`` (e.g. ``lex ODS9;``), kept in order.

Every error (:class:`CGPError`) says which field, which row and column or which character is wrong,
because CGP lines are typed and pasted by hand.
"""

from __future__ import annotations

from engine.alphabet import BLANK
from engine.scrabble.board import EMPTY, SIZE, Board, is_tile

MAX_RACK = 7
_ROW_NAMES = "ABCDEFGHIJKLMNO"
#: The compiled reader of a well-formed board field (``_movegen.parse_board``: the 225 cells, or
#: ``None`` for anything else), set by :mod:`engine.scrabble.movegen` when its core is in use; the
#: Python loop below stays the specification and reads (and explains) every other field.
_fast_board = None


class CGPError(ValueError):
    """A CGP line that cannot be read; the message says where."""


class Position:
    """A board, both racks (the player to move first), both scores, zero-turn count, operations.

    Compared field by field (not hashable: it is mutable). A plain class rather than a dataclass:
    see :class:`engine.scrabble.scoring.Move`.
    """

    __match_args__ = ("board", "racks", "scores", "zero_turns", "ops")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, board: Board | None = None, racks: tuple[str, str] = ("", ""),
                 scores: tuple[int, int] = (0, 0), zero_turns: int = 0, ops: dict[str, str] | None = None) -> None:
        self.board = Board() if board is None else board
        self.racks = racks
        self.scores = scores
        self.zero_turns = zero_turns
        self.ops = {} if ops is None else ops

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Position:
            return NotImplemented
        return (self.board, self.racks, self.scores, self.zero_turns, self.ops) == \
            (other.board, other.racks, other.scores, other.zero_turns, other.ops)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return (f"Position(board={self.board!r}, racks={self.racks!r}, scores={self.scores!r}, "
                f"zero_turns={self.zero_turns!r}, ops={self.ops!r})")

    @property
    def rack(self) -> str:
        """The rack of the player to move (letters and ``?``)."""
        return self.racks[0]

    @property
    def lexicon(self) -> str | None:
        """The ``lex`` operation's value, if any."""
        return self.ops.get("lex")

    def to_cgp(self) -> str:
        return format_cgp(self)

    @classmethod
    def from_cgp(cls, text: str) -> Position:
        return parse_cgp(text)

    def copy(self) -> Position:
        return Position(self.board.copy(), self.racks, self.scores, self.zero_turns, dict(self.ops))


def parse_rack(text: str, what: str = "rack") -> str:
    """Check a rack (letters and ``?``, at most 7 tiles) and return it in upper case."""
    if len(text) <= MAX_RACK and text.isascii() and (text.replace(BLANK, "").isalpha() or not text.strip(BLANK)):
        return text.upper()  # the usual rack: ASCII letters and blanks only
    if len(text) > MAX_RACK:
        raise CGPError(f"{what} {text!r} has {len(text)} tiles, at most {MAX_RACK}")
    for i, ch in enumerate(text):
        if ch != BLANK and not ("A" <= ch.upper() <= "Z" and len(ch) == 1 and ch.isascii()):
            raise CGPError(f"{what} {text!r}: character {i + 1} {ch!r} is not a letter or '?'")
    return text.upper()


def _too_wide(where: str, row: str) -> str:
    shown = row if len(row) <= 40 else row[:40] + "..."
    return f"{where} describes more than {SIZE} squares (only {SIZE}x{SIZE} boards are supported): {shown!r}"


def _parse_board(text: str) -> Board:
    if _fast_board is not None:
        fast_cells = _fast_board(text)
        if fast_cells is not None:  # well formed: every cell is "" or one ASCII letter
            board = Board.__new__(Board)
            board.cells = fast_cells
            return board
    rows = text.split("/")
    if len(rows) != SIZE:
        raise CGPError(f"board field: {len(rows)} rows, expected {SIZE} separated by '/' "
                       f"(only {SIZE}x{SIZE} boards are supported)")
    cells = []
    for r, row in enumerate(rows):
        where = f"board row {r + 1} ({_ROW_NAMES[r]})"
        if not row:
            raise CGPError(f"{where} is empty; write 15 for an empty row")
        col = 0
        i = 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit() and ch.isascii():
                j = i
                while j < len(row) and row[j].isdigit() and row[j].isascii():
                    j += 1
                if ch == "0":
                    raise CGPError(f"{where}, column {col + 1}: a run of empty squares cannot start with 0")
                # Counted before anything is built: a run of 10**11 squares would otherwise fill the memory.
                if j - i > len(str(SIZE)) or col + int(row[i:j]) > SIZE:
                    raise CGPError(_too_wide(where, row))
                run = int(row[i:j])
                cells.extend([EMPTY] * run)
                col += run
                i = j
            elif is_tile(ch):
                cells.append(ch)
                col += 1
                i += 1
            else:
                raise CGPError(f"{where}, column {col + 1}: unexpected character {ch!r}")
            if col > SIZE:
                raise CGPError(_too_wide(where, row))
        if col < SIZE:
            raise CGPError(f"{where} describes {col} squares, expected {SIZE}: {row!r}")
    return Board(cells)


def _parse_int(text: str, what: str, allow_negative: bool) -> int:
    body = text[1:] if allow_negative and text.startswith("-") else text
    if not body or not body.isascii() or not body.isdigit():
        raise CGPError(f"{what}: {text!r} is not a{'n' if not allow_negative else ''} "
                       f"{'integer' if allow_negative else 'non-negative integer'}")
    return int(text)


def _parse_ops(text: str) -> dict[str, str]:
    ops: dict[str, str] = {}
    for k, chunk in enumerate(text.split(";")):
        chunk = chunk.strip()
        if not chunk:
            continue
        opcode, _, args = chunk.partition(" ")
        if not opcode.replace("_", "").replace("-", "").isalnum():
            raise CGPError(f"operation {k + 1}: bad opcode {opcode!r}")
        if opcode in ops:
            raise CGPError(f"operation {k + 1}: opcode {opcode!r} given twice")
        ops[opcode] = args.strip()
    return ops


def parse_cgp(text: str) -> Position:
    """Read a CGP line into a :class:`Position`; raise :class:`CGPError` saying where it is wrong."""
    fields = text.strip().split(None, 4)
    names = ("board", "racks", "scores", "zero-turn count")
    if len(fields) < 4:
        missing = ", ".join(names[len(fields):])
        raise CGPError(f"CGP has {len(fields)} field(s); missing: {missing}")
    board = _parse_board(fields[0])
    racks = fields[1].split("/")
    if len(racks) != 2:
        raise CGPError(f"racks field {fields[1]!r}: expected RACK1/RACK2 (either may be empty)")
    rack1 = parse_rack(racks[0], "rack 1 (player to move)")
    rack2 = parse_rack(racks[1], "rack 2")
    scores = fields[2].split("/")
    if len(scores) != 2:
        raise CGPError(f"scores field {fields[2]!r}: expected S1/S2")
    score1 = _parse_int(scores[0], "score 1", allow_negative=True)
    score2 = _parse_int(scores[1], "score 2", allow_negative=True)
    zero_turns = _parse_int(fields[3], "zero-turn count (4th field)", allow_negative=False)
    ops = _parse_ops(fields[4]) if len(fields) == 5 else {}
    return Position(board, (rack1, rack2), (score1, score2), zero_turns, ops)


def format_board(board: Board) -> str:
    rows: list[str] = []
    for r in range(SIZE):
        out: list[str] = []
        run = 0
        for c in range(SIZE):
            tile = board.cells[r * SIZE + c]
            if tile:
                if run:
                    out.append(str(run))
                    run = 0
                out.append(tile)
            else:
                run += 1
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


def format_cgp(position: Position) -> str:
    """The CGP line of a position (round-trips with :func:`parse_cgp`)."""
    parts = [
        format_board(position.board),
        f"{position.racks[0]}/{position.racks[1]}",
        f"{position.scores[0]}/{position.scores[1]}",
        str(position.zero_turns),
    ]
    parts.extend(f"{op} {args};" if args else f"{op};" for op, args in position.ops.items())
    return " ".join(parts)
