"""Plays: their exact score, and the validation of a proposed play with a refusal said in words.

This is the slow, readable statement of the rules; :mod:`engine.scrabble.movegen` applies the same rules in
its hot loop and the tests check the two against each other and against a brute-force oracle.

Rules:
- a play puts >= 1 tile from the rack on empty squares of one line, contiguous once the tiles
  already on the board are counted, and its main word (the whole contiguous run) has >= 2 letters;
- the first play covers the centre square; later plays touch a tile already on the board;
- the main word and every perpendicular word of >= 2 letters it creates are in the lexicon;
- score = main word + each new perpendicular word; letter and word premiums count only on the
  newly placed tiles; a blank is worth 0; playing 7 tiles adds 50.

A one-tile play forms words in up to two directions; it is reported **once**, in the direction of
its main word: horizontal when it has a horizontal neighbour, vertical otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.alphabet import BLANK, Alphabet
from engine.scrabble.board import (
    CENTER,
    HORIZONTAL,
    LETTER_MULTIPLIERS,
    SIZE,
    VERTICAL,
    WORD_MULTIPLIERS,
    Board,
    is_tile,
)
from engine.scrabble.cgp import Position
from engine.scrabble.notation import format_coord, parse_coord, square_name

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from typing import Any

    from engine.scrabble.protocols import Lexicon

BINGO_TILES = 7
BINGO_BONUS = 50


class IllegalPlay(ValueError):
    """A refused play. ``code`` is a stable key for programs, the message is for people.

    For ``invalid_word``, ``words`` lists the words not in the lexicon (upper case). ``params`` holds what
    a translated message needs: ``letter`` for ``bad_letter``, ``coord`` for ``bad_coord``.
    """

    def __init__(self, code: str, message: str, words: tuple[str, ...] = (),
                 params: dict[str, Any] | None = None) -> None:
        self.code = code
        self.reason = message
        self.words = words
        self.params = dict(params or {})
        super().__init__(message)


class Move:
    """A play: where its main word starts, its direction and letters, its score and tile count.

    ``word`` is the whole main word, played-through letters included, new blanks in lower case
    (a blank already on the board keeps its lower case too). ``words`` lists the words formed
    (main word first) when the producer computed them (validation does; generation does not).

    Immutable, compared and hashed on everything but ``words``. Written by hand rather than as a
    dataclass: the ``dataclasses`` module (and ``inspect`` under it) costs every ``python -m
    engine`` command about 8 ms of start-up. The compiled move generator fills the slots directly.
    """

    __slots__ = ("row", "col", "dir", "word", "score", "tiles", "words")
    __match_args__ = ("row", "col", "dir", "word", "score", "tiles", "words")

    row: int
    col: int
    dir: str
    word: str
    score: int
    tiles: int
    words: tuple[str, ...]

    def __init__(self, row: int, col: int, dir: str, word: str, score: int, tiles: int,
                 words: tuple[str, ...] = ()) -> None:
        setter = object.__setattr__
        setter(self, "row", row)
        setter(self, "col", col)
        setter(self, "dir", dir)
        setter(self, "word", word)
        setter(self, "score", score)
        setter(self, "tiles", tiles)
        setter(self, "words", words)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Move is immutable: cannot assign to {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Move is immutable: cannot delete {name!r}")

    def _key(self) -> tuple[int, int, str, str, int, int]:
        return (self.row, self.col, self.dir, self.word, self.score, self.tiles)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return bool(self._key() == other._key())  # type: ignore[attr-defined]  # a Move: checked above

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Move(row={self.row!r}, col={self.col!r}, dir={self.dir!r}, word={self.word!r}, "
                f"score={self.score!r}, tiles={self.tiles!r}, words={self.words!r})")

    def __getstate__(self) -> tuple[Any, ...]:
        return (*self._key(), self.words)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        Move.__init__(self, *state)

    @property
    def coord(self) -> str:
        """French coordinate (``H4`` across, ``4H`` down)."""
        return format_coord(self.row, self.col, self.dir, "fr")

    def coord_in(self, style: str) -> str:
        return format_coord(self.row, self.col, self.dir, style)

    def squares(self) -> list[tuple[int, int, str]]:
        """``(row, col, letter)`` for every letter of the main word, played-through ones included."""
        dr, dc = (0, 1) if self.dir == HORIZONTAL else (1, 0)
        return [(self.row + dr * k, self.col + dc * k, ch) for k, ch in enumerate(self.word)]

    def placements(self, board: Board) -> list[tuple[int, int, str]]:
        """The new tiles of this play on ``board`` (the board before the play)."""
        return [(r, c, ch) for r, c, ch in self.squares() if not board.cells[r * SIZE + c]]

    def apply(self, board: Board) -> None:
        """Put the play's tiles on ``board`` (no rule checked)."""
        board.place(self.row, self.col, self.dir, self.word)

    def sort_key(self) -> tuple[int, int, int, str, str]:
        """Output order: score descending, then coordinate (row, column, H before V), then word."""
        return (-self.score, self.row, self.col, self.dir, self.word)

    def to_json(self, style: str = "fr") -> dict[str, Any]:
        data: dict[str, Any] = {
            "coord": self.coord_in(style),
            "row": self.row,
            "col": self.col,
            "dir": self.dir,
            "word": self.word,
            "score": self.score,
            "tiles": self.tiles,
        }
        if self.words:
            data["words"] = list(self.words)
        return data


def _run(board: Board, row: int, col: int, dr: int, dc: int, new: dict[tuple[int, int], str]) -> tuple[int, int, int]:
    """Start square and length of the contiguous run through ``(row, col)`` along ``(dr, dc)``."""

    def filled(r: int, c: int) -> bool:
        return 0 <= r < SIZE and 0 <= c < SIZE and (bool(board.cells[r * SIZE + c]) or (r, c) in new)

    r, c = row, col
    while filled(r - dr, c - dc):
        r, c = r - dr, c - dc
    start_r, start_c = r, c
    length = 0
    while filled(r, c):
        length += 1
        r, c = r + dr, c + dc
    return start_r, start_c, length


def _word_and_score(
    board: Board, alphabet: Alphabet, start: tuple[int, int], length: int, dr: int, dc: int,
    new: dict[tuple[int, int], str],
) -> tuple[str, int]:
    letters: list[str] = []
    total = 0
    word_mult = 1
    for k in range(length):
        r, c = start[0] + dr * k, start[1] + dc * k
        i = r * SIZE + c
        if (r, c) in new:
            tile = new[(r, c)]
            total += alphabet.value(tile) * LETTER_MULTIPLIERS[i]
            word_mult *= WORD_MULTIPLIERS[i]
        else:
            tile = board.cells[i]
            total += alphabet.value(tile)
        letters.append(tile)
    return "".join(letters), total * word_mult


def main_direction(board: Board, placements: Sequence[tuple[int, int, str]]) -> str:
    """Direction of a placement's main word (the one-tile rule: horizontal if a horizontal neighbour)."""
    rows = {r for r, _, _ in placements}
    if len(placements) > 1:
        return HORIZONTAL if len(rows) == 1 else VERTICAL
    r, c, _ = placements[0]
    for cc in (c - 1, c + 1):
        if 0 <= cc < SIZE and board.cells[r * SIZE + cc]:
            return HORIZONTAL
    return VERTICAL if any(0 <= rr < SIZE and board.cells[rr * SIZE + c] for rr in (r - 1, r + 1)) else HORIZONTAL


def rack_shortfall(rack: str, tiles: Sequence[str]) -> list[str]:
    """Tiles (``?`` for a blank) that ``tiles`` needs beyond what ``rack`` holds, sorted."""
    have = Counter(rack.upper())
    need = Counter(BLANK if t.islower() else t for t in tiles)
    missing: list[str] = []
    for tile, count in sorted(need.items()):
        missing.extend([tile] * max(0, count - have[tile]))
    return missing


def validate_placement(
    lexicon: Lexicon, position: Position, placements: Sequence[tuple[int, int, str]], style: str = "fr",
) -> Move:
    """Check new tiles ``(row, col, tile)`` (lower case = blank) against the rules; return the Move.

    Raises :class:`IllegalPlay` with the first broken rule, in this order: no tile, off the board,
    bad letter, square taken, not in one line, gap, not in the rack, centre not covered / not
    connected, fewer than 2 letters, invalid words (all of them named).
    """
    board = position.board
    alphabet = lexicon.alphabet
    if not placements:
        raise IllegalPlay("no_tiles", "the play places no tile")
    new: dict[tuple[int, int], str] = {}
    for r, c, tile in placements:
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            raise IllegalPlay("off_board", f"square ({r}, {c}) is off the board")
        where = square_name(r, c, style)
        if not is_tile(tile) or tile.upper() not in alphabet.code_of:
            raise IllegalPlay("bad_letter", f"{tile!r} at {where} is not a letter of the {alphabet.language} alphabet",
                              params={"letter": tile})
        if board.cells[r * SIZE + c]:
            raise IllegalPlay("overlap", f"{where} already holds {board.cells[r * SIZE + c]!r}")
        if (r, c) in new:
            raise IllegalPlay("overlap", f"two tiles on {where}")
        new[(r, c)] = tile
    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalPlay("not_in_line", "the tiles are not in one row or one column")
    direction = main_direction(board, placements)
    dr, dc = (0, 1) if direction == HORIZONTAL else (1, 0)
    squares = sorted(new)
    (r0, c0), (r1, c1) = squares[0], squares[-1]
    for k in range(max(r1 - r0, c1 - c0) + 1):
        r, c = r0 + dr * k, c0 + dc * k
        if (r, c) not in new and not board.cells[r * SIZE + c]:
            raise IllegalPlay("gap", f"gap at {square_name(r, c, style)} between the tiles")
    missing = rack_shortfall(position.rack, list(new.values()))
    if missing:
        hint = " (a blank is written in lower case)" if BLANK in position.rack and BLANK not in missing else ""
        raise IllegalPlay("not_in_rack", f"tiles not in rack {position.rack or '(empty)'!r}: {''.join(missing)}{hint}")
    if board.is_empty():
        if CENTER not in new:
            raise IllegalPlay("no_centre", f"the first play must cover the centre square {square_name(*CENTER, style)}")
    elif not any(
        0 <= r + a < SIZE and 0 <= c + b < SIZE and board.cells[(r + a) * SIZE + c + b]
        for r, c in new for a, b in ((-1, 0), (1, 0), (0, -1), (0, 1))
    ):
        raise IllegalPlay("not_connected", "the play is not connected to the tiles on the board")
    sr, sc, length = _run(board, r0, c0, dr, dc, new)
    if length < 2:
        raise IllegalPlay("too_short", "the play forms a word of fewer than 2 letters")
    main_word, score = _word_and_score(board, alphabet, (sr, sc), length, dr, dc, new)
    words = [main_word]
    for r, c in squares:
        cr, cc, clen = _run(board, r, c, dc, dr, new)
        if clen >= 2:
            cross, cross_score = _word_and_score(board, alphabet, (cr, cc), clen, dc, dr, new)
            words.append(cross)
            score += cross_score
    invalid = [w.upper() for w in words if not lexicon.contains(w.upper())]
    if invalid:
        listed = ", ".join(invalid)
        raise IllegalPlay("invalid_word", f"invalid word{'s' if len(invalid) > 1 else ''} {listed}", tuple(invalid))
    if len(new) == BINGO_TILES:
        score += BINGO_BONUS
    return Move(sr, sc, direction, main_word, score, len(new), tuple(words))


def placements_of(position: Position, row: int, col: int, direction: str, word: str,
                  style: str = "fr") -> list[tuple[int, int, str]]:
    """The new tiles of ``word`` written from ``(row, col)``: checks the squares, not the words.

    Refuses a word off the board, shorter than 2 letters, clashing with a tile on the board, or not
    the whole run (a tile touching either end).
    """
    board = position.board
    if len(word) < 2:
        raise IllegalPlay("too_short", f"{word!r} has fewer than 2 letters")
    dr, dc = (0, 1) if direction == HORIZONTAL else (1, 0)
    end_r, end_c = row + dr * (len(word) - 1), col + dc * (len(word) - 1)
    if end_r >= SIZE or end_c >= SIZE:
        raise IllegalPlay("off_board", f"{word!r} from {square_name(row, col, style)} runs off the board")
    for ch in word:
        if not is_tile(ch):
            raise IllegalPlay("bad_letter", f"{ch!r} in {word!r} is not a letter", params={"letter": ch})
    for r, c, side in ((row - dr, col - dc, "before"), (end_r + dr, end_c + dc, "after")):
        if 0 <= r < SIZE and 0 <= c < SIZE and board.cells[r * SIZE + c]:
            raise IllegalPlay("incomplete_word", f"the word continues: {board.cells[r * SIZE + c]!r} on "
                              f"{square_name(r, c, style)} touches it {side}, write the whole word")
    placed: list[tuple[int, int, str]] = []
    for k, ch in enumerate(word):
        r, c = row + dr * k, col + dc * k
        there = board.cells[r * SIZE + c]
        if there:
            if there.upper() != ch.upper():
                raise IllegalPlay("overlap", f"{square_name(r, c, style)} holds {there!r}, not {ch!r}")
        else:
            placed.append((r, c, ch))
    if not placed:
        raise IllegalPlay("no_tiles", f"{word!r} is already on the board: the play places no tile")
    return placed


def validate_play(lexicon: Lexicon, position: Position, coord: str, word: str, style: str = "fr") -> Move:
    """Validate and score ``word`` at ``coord`` (e.g. ``H4 BACCARAT``; lower case = blank).

    The word is written in full, played-through letters included. The returned Move is the same
    one :func:`engine.scrabble.movegen.generate_moves` reports (so a one-tile play comes back in its
    canonical direction). Raises :class:`IllegalPlay` with the reason in words.
    """
    try:
        row, col, direction = parse_coord(coord, style)
    except ValueError as exc:
        raise IllegalPlay("bad_coord", str(exc), params={"coord": coord}) from None
    return validate_placement(lexicon, position, placements_of(position, row, col, direction, word, style), style)
