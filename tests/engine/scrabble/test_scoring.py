"""Scores computed by hand (premiums on new tiles only, cross-words, blanks, bingo) and every refusal."""

from __future__ import annotations

import pytest

from engine.gaddag import build_gaddag
from engine.scrabble.board import Board
from engine.scrabble.cgp import Position
from engine.scrabble.movegen import generate_moves
from engine.scrabble.scoring import IllegalPlay, Move, rack_shortfall, validate_placement, validate_play

WORDS = sorted({"ZESTE", "TIRE", "TIRES", "ES", "SA", "TES", "ARTISTE", "RESTAIT", "TE", "ET", "SET",
                "TA", "AS", "RAT", "RATE", "TAS", "ETE"})
LEX = build_gaddag(WORDS, "fr")


def board_with(*plays: tuple[int, int, str, str]) -> Board:
    board = Board()
    for row, col, direction, word in plays:
        board.place(row, col, direction, word)
    return board


def play(board: Board, rack: str, coord: str, word: str, style: str = "fr") -> Move:
    return validate_play(LEX, Position(board, (rack, "")), coord, word, style)


def test_first_move_letter_and_word_premiums() -> None:
    # Z on H4 (double letter) = 20, E S T = 3, E on H8 (centre, double word): (20 + 4) * 2
    move = play(Board(), "ZESTEAB", "H4", "ZESTE")
    assert (move.row, move.col, move.dir, move.score, move.tiles) == (7, 3, "H", 48, 5)
    assert move.words == ("ZESTE",)


def test_blank_is_worth_zero_even_on_a_premium() -> None:
    move = play(Board(), "ESTE?", "H4", "zESTE")
    assert move.word == "zESTE" and move.score == 8


def test_same_play_in_english_notation() -> None:
    move = play(Board(), "ZESTE", "8D", "ZESTE", style="en")
    assert (move.row, move.col, move.dir, move.score) == (7, 3, "H", 48)
    assert move.coord_in("en") == "8D" and move.coord == "H4"


def test_bingo_adds_fifty() -> None:
    # A on the centre (double word), S on H12 (double letter): (1+1+1+1+2+1+1) * 2 + 50
    move = play(Board(), "ARTISTE", "H8", "ARTISTE")
    assert (move.score, move.tiles) == (66, 7)


def test_cross_word_counted_and_premium_of_new_tile() -> None:
    board = board_with((7, 4, "H", "TIRE"))  # H5 TIRE, E on the centre
    # S on I8 under the E (cross-word ES = 2), A on I9 (double letter): SA = 1 + 2
    move = play(board, "SA", "I8", "SA")
    assert move.score == 5
    assert move.words == ("SA", "ES")


def test_premium_under_an_old_tile_does_not_count() -> None:
    board = board_with((7, 4, "H", "TIRE"))
    move = play(board, "TS", "8G", "TES")  # through the E on the centre double word
    assert (move.dir, move.score, move.tiles) == ("V", 3, 2)


def test_two_double_words_multiply() -> None:
    board = board_with((7, 4, "H", "TIRE"))
    # RESTAIT down column 5 from E5 (double word) to K5 (double word), through the T on H5
    move = play(board, "RESAIT", "5E", "RESTAIT")
    assert (move.score, move.tiles) == (28, 6)


def test_played_through_blank_scores_zero_and_keeps_its_case() -> None:
    board = board_with((7, 4, "H", "tIRE"))  # a blank T on H5
    move = play(board, "RAE", "5F", "RATE")  # R on F5, A on G5, the blank t, E on I5
    assert (move.word, move.score, move.tiles) == ("RAtE", 3, 3)


def test_one_tile_play_is_returned_in_its_canonical_direction() -> None:
    board = board_with((7, 6, "H", "TA"), (5, 8, "V", "TE"))
    across = play(board, "S", "H7", "TAS")
    down = play(board, "S", "9F", "TES")
    assert across == down
    assert (across.coord, across.word, across.score, across.words) == ("H7", "TAS", 6, ("TAS", "TES"))


def test_validation_agrees_with_generation() -> None:
    board = board_with((7, 4, "H", "TIRE"))
    position = Position(board, ("ASTE?RI", ""))
    for move in generate_moves(LEX, position):
        assert validate_play(LEX, position, move.coord, move.word) == move


@pytest.mark.parametrize(("rack", "coord", "word", "code", "message"), [
    ("ZESTE", "A1", "ZESTE", "no_centre", "must cover the centre square H8"),
    ("ZESTE", "H12", "ZESTE", "off_board", "runs off the board"),
    ("ZESTX", "H4", "ZESTX", "invalid_word", "invalid word ZESTX"),
    ("ZESTE", "H4", "Z3STE", "bad_letter", "'3'"),
    ("ZESTA", "H4", "ZESTE", "not_in_rack", "tiles not in rack 'ZESTA': E"),
    ("ZEST?", "H4", "ZeSTe", "not_in_rack", "tiles not in rack 'ZEST?': ?"),
    ("ZEST?", "H4", "ZESTE", "not_in_rack", "tiles not in rack 'ZEST?': E (a blank is written in lower case)"),
    ("ZESTE", "H8", "Z", "too_short", "fewer than 2 letters"),
    ("ZESTE", "Q4", "ZESTE", "bad_coord", "letter 'Q' is off the board"),
])
def test_refusals_on_empty_board(rack: str, coord: str, word: str, code: str, message: str) -> None:
    with pytest.raises(IllegalPlay) as caught:
        play(Board(), rack, coord, word)
    assert caught.value.code == code
    assert message in caught.value.reason


@pytest.mark.parametrize(("rack", "coord", "word", "code", "message"), [
    ("TES", "A1", "TES", "not_connected", "not connected"),
    ("TES", "5G", "TES", "overlap", "H5 holds 'T', not 'E'"),
    ("TES", "H5", "TIRE", "no_tiles", "places no tile"),
    ("S", "H5", "TIR", "incomplete_word", "'E' on H8 touches it after"),
    ("S", "H6", "IRES", "incomplete_word", "'T' on H5 touches it before"),
    ("TE", "I7", "TE", "invalid_word", "invalid words RT, EE"),
    ("SA", "G8", "SA", "invalid_word", "invalid word SE"),
])
def test_refusals_on_a_board(rack: str, coord: str, word: str, code: str, message: str) -> None:
    board = board_with((7, 4, "H", "TIRE"))
    with pytest.raises(IllegalPlay) as caught:
        play(board, rack, coord, word)
    assert caught.value.code == code
    assert message in caught.value.reason


def test_invalid_words_are_listed() -> None:
    board = board_with((7, 4, "H", "TIRE"))
    with pytest.raises(IllegalPlay) as caught:
        play(board, "TE", "I7", "TE")
    assert caught.value.words == ("RT", "EE")


def test_placement_refusals_gap_line_overlap() -> None:
    board = board_with((7, 4, "H", "TIRE"))
    position = Position(board, ("SATE", ""))
    cases = [
        ([], "no_tiles"),
        ([(8, 4, "A"), (8, 6, "S")], "gap"),
        ([(8, 4, "A"), (9, 5, "S")], "not_in_line"),
        ([(7, 4, "S")], "overlap"),
        ([(8, 4, "A"), (8, 4, "S")], "overlap"),
        ([(15, 4, "A")], "off_board"),
        ([(8, 4, "1")], "bad_letter"),
    ]
    for placements, code in cases:
        with pytest.raises(IllegalPlay) as caught:
            validate_placement(LEX, position, placements)
        assert caught.value.code == code, placements
    with pytest.raises(IllegalPlay, match="gap at I6"):
        validate_placement(LEX, position, [(8, 4, "A"), (8, 6, "S")])


def test_placement_through_a_tile_is_not_a_gap() -> None:
    board = board_with((7, 4, "H", "TIRE"))
    move = validate_placement(LEX, Position(board, ("EE", "")), [(6, 4, "E"), (8, 4, "E")])
    assert (move.coord, move.word, move.score, move.tiles) == ("5G", "ETE", 3, 2)


def test_rack_shortfall() -> None:
    assert rack_shortfall("AB?", ["A", "b", "c"]) == ["?"]
    assert rack_shortfall("AAB", ["A", "A", "A", "C"]) == ["A", "C"]
    assert rack_shortfall("", []) == []


def test_tile_values_come_from_the_lexicon_language() -> None:
    english = build_gaddag(["QI", "ZA"], "en")
    french = build_gaddag(["QI", "ZA"], "fr")
    position = Position(Board(), ("QIZ", ""))
    # Q on H7, I on the centre (double word): English Q = 10, French Q = 8
    assert validate_play(english, position, "H7", "QI").score == 22
    assert validate_play(french, position, "H7", "QI").score == 18
    assert {m.word: m.score for m in generate_moves(english, position) if m.coord == "H7"}["QI"] == 22
