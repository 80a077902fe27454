"""A play as a player types it, read into the engine's notation: which letters are blanks, which squares.

Players type words on phones and keyboards, in whatever case comes: ``maison``, ``MAISON``, ``MAiSON``,
``élève``. The engine's notation (:mod:`engine.scrabble.scoring`) writes a tile in capitals and a blank in
lower case. Reading one into the other is a rule of the board game, the same for every mode that takes a
typed play (duplicate rounds today, live rooms and training answers tomorrow), so it lives here and the
apps only add their messages.

- :func:`read_typed_word`: a word in one case throughout is plain letters (a phone types lower case); only a
  word mixing cases marks its lower-case letters as blanks (``MAiSON``: the I is the blank). Accents fold
  (é → E) and ligatures split (œ → OE) either way.
- :func:`fit_blanks`: the rack's blanks go on the new tiles the rack lacks, so a player may type the word
  in one case and still use a blank.
- :func:`play_squares`: the squares a play covers.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.alphabet import Alphabet
from engine.scrabble.board import HORIZONTAL, SIZE
from engine.scrabble.notation import parse_coord

BLANK = "?"
"""The blank on a rack."""

MAX_WORD_LENGTH = SIZE
"""No play is longer than the board is wide."""


def read_typed_word(alphabet: Alphabet, text: str) -> str:
    """``text`` (stripped) in the engine's notation: capitals for tiles, lower case for blanks.

    A word in one case throughout (all lower case, as phones type, or all capitals) is plain letters;
    in a word mixing cases the lower-case letters are blanks. Raises :class:`engine.alphabet.InvalidWord`
    when a character is outside ``alphabet`` once accents are folded, or the word is empty.
    """
    text = text.strip()
    if not text or text.islower() or text.isupper():
        return alphabet.normalise(text)
    letters = []
    for char in text:
        folded = alphabet.normalise(char)
        letters.append(folded.lower() if char.islower() else folded)
    return "".join(letters)


def play_squares(row: int, col: int, direction: str, length: int) -> list[tuple[int, int]]:
    """The ``(row, col)`` squares of a play of ``length`` letters from ``(row, col)``, 0-based, in order;
    squares past the board's edge are included (the caller refuses such a play)."""
    dr, dc = (0, 1) if direction == HORIZONTAL else (1, 0)
    return [(row + dr * k, col + dc * k) for k in range(length)]


def fit_blanks(rack: str, word: str, board_cells: Sequence[str], coord: str, style: str = "fr") -> str:
    """``word`` with the rack's blanks on the letters the rack lacks.

    ``word`` is in the engine's notation (:func:`read_typed_word`), ``board_cells`` the board's 225 cells
    row by row (``""`` for an empty square, :attr:`engine.scrabble.board.Board.cells`), ``coord`` where the
    play starts (raises :class:`engine.scrabble.notation.NotationError` when it cannot be read).

    Letters already in lower case are blanks the player chose. For the others, going along the new tiles
    (the squares still empty), a letter the rack (without the chosen blanks) has no more of becomes a blank
    while the rack has blanks left. Anything else is left as it is, for :func:`engine.scrabble.scoring.
    validate_play` to refuse in words (a letter neither on the rack nor a blank).
    """
    row, col, direction = parse_coord(coord, style)
    have: dict[str, int] = {}
    for tile in rack:
        have[tile] = have.get(tile, 0) + 1
    new_tiles = []
    for k, (r, c) in enumerate(play_squares(row, col, direction, len(word))):
        if 0 <= r < SIZE and 0 <= c < SIZE and not board_cells[r * SIZE + c]:
            new_tiles.append(k)
            if word[k].islower():
                have[BLANK] = have.get(BLANK, 0) - 1
    letters = list(word)
    for k in new_tiles:
        letter = letters[k]
        if letter.isupper():
            if have.get(letter, 0) > 0:
                have[letter] -= 1
            elif have.get(BLANK, 0) > 0:
                have[BLANK] -= 1
                letters[k] = letter.lower()
    return "".join(letters)
