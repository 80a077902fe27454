"""Play coordinates as players write them, in the French and the English conventions.

Both conventions name a square by a letter (A..O) and a number (1..15) and tell the direction by
which comes first, but they disagree on what the letter means:

- French (``"fr"``, duplicate tradition): the letter is the **row** (A = top), the number the
  column. Letter first = horizontal: ``H4`` is row H, column 4, across; ``4H`` is the same square
  played down.
- English (``"en"``): the letter is the **column**, the number the row (1 = top). Number first =
  horizontal: ``8H`` is row 8, column H, across; ``H8`` is the same square played down.

So ``H8`` is the centre square in both, horizontal in French and vertical in English: the style
must always be known, never guessed. Internally coordinates are 0-based ``(row, col, dir)`` with
``dir`` in ``{"H", "V"}``.
"""

from __future__ import annotations

from collections import namedtuple

from engine.scrabble.board import HORIZONTAL, SIZE, VERTICAL

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    import re
    from typing import NamedTuple

STYLES = ("fr", "en")
_LETTERS = "ABCDEFGHIJKLMNO"
_PATTERN_TEXT = r"^(?:([A-Za-z])(\d{1,2})|(\d{1,2})([A-Za-z]))$"
_pattern: re.Pattern[str] | None = None  # compiled on the first parse: printing plays needs no re


class NotationError(ValueError):
    """A coordinate that cannot be read; the message names the text and what is wrong."""


if TYPE_CHECKING:
    class Coord(NamedTuple):
        row: int
        col: int
        dir: str
else:  # the same class as typing.NamedTuple would make, without importing typing
    Coord = namedtuple("Coord", ("row", "col", "dir"))


def _check_style(style: str) -> None:
    if style not in STYLES:
        raise NotationError(f"unknown notation style {style!r}; expected one of {', '.join(STYLES)}")


def parse_coord(text: str, style: str = "fr") -> Coord:
    """Read ``H4`` / ``4H`` (French) or ``8H`` / ``H8`` (English) into a 0-based :class:`Coord`."""
    _check_style(style)
    global _pattern
    if _pattern is None:
        import re

        _pattern = re.compile(_PATTERN_TEXT)
    match = _pattern.match(text.strip())
    if not match:
        raise NotationError(f"coordinate {text!r}: expected a letter A-O and a number 1-15, such as H4 or 4H")
    letter_first = match.group(1) is not None
    letter = (match.group(1) or match.group(4)).upper()
    number = int(match.group(2) or match.group(3))
    if letter not in _LETTERS:
        raise NotationError(f"coordinate {text!r}: letter {letter!r} is off the board (A-O)")
    if not 1 <= number <= SIZE:
        raise NotationError(f"coordinate {text!r}: number {number} is off the board (1-{SIZE})")
    a, n = _LETTERS.index(letter), number - 1
    if style == "fr":
        return Coord(a, n, HORIZONTAL if letter_first else VERTICAL)
    return Coord(n, a, VERTICAL if letter_first else HORIZONTAL)


def format_coord(row: int, col: int, direction: str, style: str = "fr") -> str:
    """The text of a 0-based coordinate: ``(7, 3, "H")`` is ``H4`` in French, ``4H`` vertical."""
    _check_style(style)
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise NotationError(f"square ({row}, {col}) is off the {SIZE}x{SIZE} board")
    if direction not in (HORIZONTAL, VERTICAL):
        raise NotationError(f"direction must be 'H' or 'V', got {direction!r}")
    if style == "fr":
        letter, number = _LETTERS[row], col + 1
        return f"{letter}{number}" if direction == HORIZONTAL else f"{number}{letter}"
    letter, number = _LETTERS[col], row + 1
    return f"{number}{letter}" if direction == HORIZONTAL else f"{letter}{number}"


def square_name(row: int, col: int, style: str = "fr") -> str:
    """A square without direction, for messages: the letter then the number in both styles
    (``H4`` = row H, column 4 in French; ``D8`` = column D, row 8 in English)."""
    _check_style(style)
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise NotationError(f"square ({row}, {col}) is off the {SIZE}x{SIZE} board")
    if style == "fr":
        return f"{_LETTERS[row]}{col + 1}"
    return f"{_LETTERS[col]}{row + 1}"
