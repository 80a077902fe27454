"""Reading a typed play into the engine's notation (engine.scrabble.entry): case, accents, blanks, squares."""

from __future__ import annotations

import pytest

from engine.alphabet import InvalidWord, get_alphabet
from engine.scrabble.board import Board
from engine.scrabble.entry import MAX_WORD_LENGTH, fit_blanks, play_squares, read_typed_word
from engine.scrabble.notation import NotationError

FRENCH = get_alphabet("fr")
EMPTY_BOARD = [""] * 225


@pytest.mark.parametrize("typed, engine", [
    ("maison", "MAISON"),    # all lower case, as phones type: plain letters, not six blanks
    ("MAISON", "MAISON"),    # all capitals: plain letters
    ("MAiSON", "MAiSON"),    # mixed case: the lower-case I is the blank (the engine's notation)
    ("Za", "Za"),
    ("élève", "ELEVE"),      # accents fold, in one case...
    ("ÉLÈVE", "ELEVE"),
    ("ÉLèVE", "ELeVE"),      # ...and letter by letter in a mixed word, keeping each one's case
    ("cœur", "COEUR"),       # ligatures split
    ("  maison ", "MAISON"),
])
def test_one_case_is_plain_letters_only_mixed_case_marks_blanks(typed, engine):
    assert read_typed_word(FRENCH, typed) == engine


@pytest.mark.parametrize("typed", ["mai-son", "MAi SON", "", "   ", "a1"])
def test_characters_outside_the_alphabet_are_refused(typed):
    with pytest.raises(InvalidWord):
        read_typed_word(FRENCH, typed)


@pytest.mark.parametrize("word, rack, placed", [
    ("MAISON", "AIMNOS?", "MAISON"),   # every letter on the rack: the blank stays on it
    ("MAISON", "AIMNO??", "MAIsON"),   # no S: the blank is the S
    ("MAISON", "MAISO?E", "MAISOn"),   # no N
    ("MAISON", "MASON?E", "MAiSON"),   # no I
    ("MAiSON", "MAISON?", "MAiSON"),   # the blank chosen by the player, though the rack has an I
    ("MAISON", "MAIS???", "MAISon"),   # two missing letters, two blanks: the later ones
    ("MAISON", "MAISO?E", "MAISOn"),
    ("MAISON", "MAISXYZ", "MAISON"),   # no blank to spare: left for validate_play to refuse
])
def test_the_blank_goes_where_the_rack_lacks_a_letter(word, rack, placed):
    assert fit_blanks(rack, word, EMPTY_BOARD, "H8", "fr") == placed


def test_letters_already_on_the_board_need_no_tile():
    cells = [""] * 225
    cells[7 * 15 + 7] = "I"  # the centre square holds an I: MAISON through it needs no I from the rack
    cells = Board(cells).cells
    assert fit_blanks("MASON?E", "MAISON", cells, "H6", "fr") == "MAISON"
    # Played down through the same square in English notation (column H, row 6: "H6" is vertical).
    assert fit_blanks("MASON?E", "MAISON", cells, "H6", "en") == "MAISON"


def test_letters_past_the_edge_are_left_for_the_rules_to_refuse():
    assert fit_blanks("MAIS???", "MAISONS", EMPTY_BOARD, "H12", "fr") == "MAISONS"


def test_an_unreadable_coordinate_is_refused():
    with pytest.raises(NotationError):
        fit_blanks("MAISON?", "MAISON", EMPTY_BOARD, "Z99", "fr")


def test_play_squares_follow_the_direction():
    assert play_squares(7, 3, "H", 3) == [(7, 3), (7, 4), (7, 5)]
    assert play_squares(7, 3, "V", 2) == [(7, 3), (8, 3)]
    assert MAX_WORD_LENGTH == 15
