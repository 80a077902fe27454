"""The kinds of tops: what a play *is* (a scrabble, a joker play, a word laid along others...), as tags.

Why tags: the coach tells a learner which kinds of tops they miss ("you find the scrabbles, you miss the
collantes") and draws puzzles of one kind. French coaches name tops this way (``docs/coach.md``, "Kinds of
tops"); each tag here is one of those names, given an exact definition so that a machine and a player agree
on every board.

Tags are stored as a bit mask (tag ``i`` of :data:`TAGS` is bit ``1 << i``): one integer column, queried
with ``mask & bit``. So :data:`TAGS` keeps its order forever; a new tag is appended at the end, never
inserted, and the stored rounds are tagged again.

The definitions (the contract; ``docs/coach.md`` says the same with boards). For a play on a board, its
**main word** W is the whole run of tiles along the play once it is laid (board tiles included); for a play
of a single new tile, W runs along the tile's row when the tile has a neighbour in that row, else along its
column (a stored play may say otherwise for a single tile: it is normalised here). Its **new tiles** are the
squares of W empty before the play; its **cross-words** are the words of 2+ letters formed across each new
tile, perpendicular to W.

- ``scrabble``: 7 new tiles (the whole rack);
- ``joker``: a new tile is a blank (lower case);
- ``collante``: at least two cross-words;
- ``rallonge``: the board tiles of W form exactly one run, of 2+ letters (a whole word already on the board),
  and the new tiles are only before and/or after it (CHAT → ACHATS);
- ``chere``: a new tile that is not a blank is worth :data:`EXPENSIVE_VALUE` points or more;
- ``triple``: a new tile covers a word-triple square.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.alphabet import Alphabet, get_alphabet
from engine.scrabble.board import HORIZONTAL, SIZE, VERTICAL, WORD_MULTIPLIERS, Board
from engine.scrabble.cgp import parse_cgp

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from typing import Any

    from engine.scrabble.scoring import Move

TAGS: tuple[str, ...] = ("scrabble", "joker", "collante", "rallonge", "chere", "triple")
"""Every tag, in bit order: tag ``i`` is bit ``1 << i`` of a stored mask. Append only, never reorder."""

EXPENSIVE_VALUE = 8
"""The value from which a tile is a "lettre chère": J Q (8) and K W X Y Z (10) in French."""

SCRABBLE_TILES = 7
"""New tiles of a scrabble: the whole rack."""

_BITS: dict[str, int] = {tag: 1 << i for i, tag in enumerate(TAGS)}
_ALL_BITS = (1 << len(TAGS)) - 1


def tag_bit(tag: str) -> int:
    """The bit of ``tag`` in a mask (``ValueError`` naming the known tags for any other name)."""
    try:
        return _BITS[tag]
    except KeyError:
        raise ValueError(f"unknown tag {tag!r}; expected one of {', '.join(TAGS)}") from None


def tags_mask(tags: Iterable[str]) -> int:
    """The mask of ``tags`` (any order, repeats allowed); ``ValueError`` for an unknown name."""
    mask = 0
    for tag in tags:
        mask |= tag_bit(tag)
    return mask


def tags_of_mask(mask: int) -> tuple[str, ...]:
    """The tags of ``mask``, in :data:`TAGS` order; ``ValueError`` for a negative mask or an unknown bit
    (a mask written by a newer list of tags than this one)."""
    if mask < 0 or mask & ~_ALL_BITS:
        raise ValueError(f"mask {mask} has bits outside the {len(TAGS)} known tags")
    return tuple(tag for tag in TAGS if mask & _BITS[tag])


def play_tags(board: Board, move: Move, values: Alphabet | Mapping[str, int]) -> tuple[str, ...]:
    """The tags of ``move`` played on ``board`` (the board before the play), in :data:`TAGS` order.

    ``values`` gives the tile values (an :class:`~engine.alphabet.Alphabet`, or letter → points) for
    ``chere``. Only ``row``, ``col``, ``dir`` and ``word`` of the move are read, so a play read back from
    JSON is tagged the same. Raises ``ValueError`` for a play that puts no tile down, leaves the board or
    disagrees with a tile already there. The words are not looked up: legality is the generator's business.
    """
    letter_values = values.values if isinstance(values, Alphabet) else values
    return _tags(board.cells, move.row, move.col, move.dir, move.word, letter_values)


def top_tags(cgp: str, move_json: Mapping[str, Any], language: str) -> tuple[str, ...]:
    """The tags of a stored play (``Move.to_json()``: ``row``, ``col``, ``dir``, ``word``) on a stored
    position (CGP text, the board before the play), with the tile values of ``language``."""
    cells = parse_cgp(cgp).board.cells
    return _tags(cells, int(move_json["row"]), int(move_json["col"]), str(move_json["dir"]), str(move_json["word"]),
                 get_alphabet(language).values)


def _filled(cells: list[str], r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE and bool(cells[r * SIZE + c])


def _tags(cells: list[str], row: int, col: int, direction: str, word: str,
          values: Mapping[str, int]) -> tuple[str, ...]:
    if direction not in (HORIZONTAL, VERTICAL):
        raise ValueError(f"direction must be 'H' or 'V', got {direction!r}")
    dr, dc = (0, 1) if direction == HORIZONTAL else (1, 0)
    if not word or not (0 <= row < SIZE and 0 <= col < SIZE) or \
            not (row + dr * (len(word) - 1) < SIZE and col + dc * (len(word) - 1) < SIZE):
        raise ValueError(f"{word!r} at ({row}, {col}) {direction} does not fit on the board")
    new: list[tuple[int, int, str]] = []
    for k, letter in enumerate(word):
        r, c = row + dr * k, col + dc * k
        there = cells[r * SIZE + c]
        if not there:
            new.append((r, c, letter))
        elif there.upper() != letter.upper():
            raise ValueError(f"square ({r}, {c}) holds {there!r}, not {letter!r} of {word!r}")
    if not new:
        raise ValueError(f"{word!r} at ({row}, {col}) {direction} puts no tile on the board")
    if len(new) == 1:  # the one-tile rule: along the row when the tile has a neighbour there
        r, c, _ = new[0]
        dr, dc = (0, 1) if _filled(cells, r, c - 1) or _filled(cells, r, c + 1) else (1, 0)

    # W: from the first new tile back over the board tiles before it, to the last new tile and the board
    # tiles after it (the squares between are all covered: the word is contiguous). Its board tiles are the
    # squares filled before the play: count their runs for the rallonge.
    first_r, first_c, _ = new[0]
    last_r, last_c, _ = new[-1]
    while _filled(cells, first_r - dr, first_c - dc):
        first_r, first_c = first_r - dr, first_c - dc
    while _filled(cells, last_r + dr, last_c + dc):
        last_r, last_c = last_r + dr, last_c + dc
    runs = 0
    longest = 0
    run = 0
    r, c = first_r, first_c
    while True:
        if cells[r * SIZE + c]:
            run += 1
        elif run:
            runs, longest, run = runs + 1, max(longest, run), 0
        if (r, c) == (last_r, last_c):
            break
        r, c = r + dr, c + dc
    if run:
        runs, longest = runs + 1, max(longest, run)

    cross = 0
    for r, c, _ in new:  # across W: only board tiles can touch a new tile there
        if _filled(cells, r - dc, c - dr) or _filled(cells, r + dc, c + dr):
            cross += 1

    found = (
        len(new) == SCRABBLE_TILES,
        any(letter.islower() for _, _, letter in new),
        cross >= 2,
        runs == 1 and longest >= 2,
        any(letter.isupper() and values.get(letter, 0) >= EXPENSIVE_VALUE for _, _, letter in new),
        any(WORD_MULTIPLIERS[r * SIZE + c] == 3 for r, c, _ in new),
    )
    return tuple(tag for tag, yes in zip(TAGS, found, strict=True) if yes)
