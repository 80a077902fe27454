"""The board: premium layout (checked against a literal map), tiles, placing words, copies."""

from __future__ import annotations

import pytest

from engine.scrabble.board import (
    LETTER_MULTIPLIERS,
    SIZE,
    WORD_MULTIPLIERS,
    Board,
    BoardError,
    index,
    premium_name,
)

# The standard board, row A at the top: 3 = triple word, 2 = double word, t = triple letter,
# d = double letter. Written out in full (not derived) so the symmetry code is really checked.
LITERAL = [
    "3..d...3...d..3",
    ".2...t...t...2.",
    "..2...d.d...2..",
    "d..2...d...2..d",
    "....2.....2....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "3..d...2...d..3",
    "..d...d.d...d..",
    ".t...t...t...t.",
    "....2.....2....",
    "d..2...d...2..d",
    "..2...d.d...2..",
    ".2...t...t...2.",
    "3..d...3...d..3",
]


def test_premiums_match_the_literal_map() -> None:
    for r, line in enumerate(LITERAL):
        for c, mark in enumerate(line):
            i = r * SIZE + c
            assert WORD_MULTIPLIERS[i] == {"3": 3, "2": 2}.get(mark, 1), (r, c)
            assert LETTER_MULTIPLIERS[i] == {"t": 3, "d": 2}.get(mark, 1), (r, c)


def test_premium_counts_and_names() -> None:
    assert WORD_MULTIPLIERS.count(3) == 8
    assert WORD_MULTIPLIERS.count(2) == 17  # 16 on the diagonals + the centre
    assert LETTER_MULTIPLIERS.count(3) == 12
    assert LETTER_MULTIPLIERS.count(2) == 24
    assert premium_name(0, 0) == "TW"
    assert premium_name(7, 7) == "DW"
    assert premium_name(1, 5) == "TL"
    assert premium_name(7, 3) == "DL"
    assert premium_name(7, 4) == ""


def test_index_refuses_off_board() -> None:
    assert index(14, 14) == 224
    with pytest.raises(BoardError, match="off the"):
        index(15, 0)
    with pytest.raises(BoardError, match="off the"):
        index(0, -1)


def test_set_get_and_blank_flag() -> None:
    board = Board()
    assert board.is_empty()
    board.set(7, 7, "a")
    assert board.get(7, 7) == "a"
    assert not board.is_empty()
    assert list(board.tiles()) == [(7, 7, "a")]
    for bad in ("?", "AB", "1", "é"):
        with pytest.raises(BoardError, match="not a tile"):
            board.set(0, 0, bad)


def test_place_through_tiles_and_copy_is_independent() -> None:
    board = Board()
    assert board.place(7, 7, "H", "CAT") == [(7, 7, "C"), (7, 8, "A"), (7, 9, "T")]
    copy = board.copy()
    assert copy.place(5, 8, "V", "BaaN") == [(5, 8, "B"), (6, 8, "a"), (8, 8, "N")]  # through the A
    assert board.get(5, 8) == ""
    assert copy.get(7, 8) == "A"
    assert copy.tile_count() == 6 and board.tile_count() == 3


def test_place_refuses_clash_and_off_board_without_changing_the_board() -> None:
    board = Board()
    board.place(7, 7, "H", "CAT")
    with pytest.raises(BoardError, match="holds 'A', not 'O'"):
        board.place(6, 8, "V", "NO")
    with pytest.raises(BoardError, match="holds"):
        board.place(7, 6, "H", "SCOT")
    with pytest.raises(BoardError, match="off the board"):
        board.place(14, 12, "H", "TEST")
    with pytest.raises(BoardError, match="direction"):
        board.place(0, 0, "X", "AB")
    assert board.tile_count() == 3


def test_from_rows_and_rows_round_trip() -> None:
    rows = ["." * 15] * 7 + ["....BaC........"] + ["." * 15] * 7
    board = Board.from_rows(rows)
    assert board.rows() == rows
    assert board == Board.from_rows(rows)
    with pytest.raises(BoardError, match="row 1 has 3"):
        Board.from_rows(["." * 15, "..."] + ["." * 15] * 13)
    with pytest.raises(BoardError, match="row 0, column 2"):
        Board.from_rows(["..#" + "." * 12] + ["." * 15] * 14)
    with pytest.raises(BoardError, match="expected 15 rows"):
        Board.from_rows(["." * 15])
