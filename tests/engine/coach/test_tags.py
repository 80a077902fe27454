"""The kinds of tops on hand-made boards: a case on each side of every definition (``docs/coach.md``), the
stored masks, the stored-play reader and its speed."""

from __future__ import annotations

import time

import pytest

from engine.coach import TAGS, play_tags, tag_bit, tags_mask, tags_of_mask, top_tags
from engine.duplicate import make_game
from engine.scrabble.board import Board
from engine.scrabble.cgp import Position, format_cgp
from tests.engine.coach.support import FR, board_with, french_gaddag, move, tags

CHAT = board_with("H4 CHAT")  # row H, columns 4 to 7, across
CHAT_DOWN = board_with("4H CHAT")  # column 4, rows H to K, down


# -- masks -------------------------------------------------------------------------------------------------

def test_the_tags_keep_their_order_and_bits() -> None:
    assert TAGS == ("scrabble", "joker", "collante", "rallonge", "chere", "triple")
    assert [tag_bit(tag) for tag in TAGS] == [1, 2, 4, 8, 16, 32]


def test_masks_round_trip_in_tag_order() -> None:
    for mask in range(1 << len(TAGS)):
        assert tags_mask(tags_of_mask(mask)) == mask
    assert tags_mask(["triple", "scrabble", "triple"]) == 33
    assert tags_of_mask(33) == ("scrabble", "triple")
    assert tags_mask([]) == 0 and tags_of_mask(0) == ()


@pytest.mark.parametrize("call", [lambda: tags_mask(["scrabble", "bingo"]), lambda: tag_bit("Scrabble"),
                                  lambda: tags_of_mask(64), lambda: tags_of_mask(-1)])
def test_unknown_names_and_bits_are_refused(call) -> None:
    with pytest.raises(ValueError):
        call()


# -- scrabble ----------------------------------------------------------------------------------------------

def test_seven_new_tiles_are_a_scrabble() -> None:
    assert tags(Board(), "H2 ARTISTE") == ("scrabble",)


def test_eight_letters_through_a_board_tile_are_a_scrabble() -> None:
    board = board_with("8G AS")  # S on H8
    assert tags(board, "H1 ARTISTES") == ("scrabble", "triple")


def test_six_new_tiles_are_not_a_scrabble() -> None:
    board = board_with("8G AE")  # E on H8
    assert tags(board, "H2 RATISSE") == ()
    assert tags(Board(), "H4 ART") == ()


# -- joker -------------------------------------------------------------------------------------------------

def test_a_new_blank_is_a_joker_play_and_a_blank_on_the_board_is_not() -> None:
    assert tags(Board(), "H4 ARt") == ("joker",)
    assert tags(board_with("4H cHAT"), "4H cHATS") == ("rallonge",)


# -- collante ----------------------------------------------------------------------------------------------

def test_two_cross_words_make_a_collante() -> None:
    assert tags(CHAT, "G5 EL") == ("collante",)  # EH, LA
    assert tags(CHAT, "I4 EH") == ("collante",)  # CE, HH under CHAT


def test_one_cross_word_is_not_a_collante() -> None:
    assert tags(CHAT, "G7 ES") == ()  # ET only: S stands above an empty square


def test_a_single_tile_forms_one_cross_word_at_most() -> None:
    board = board_with("H4 CHAT", "8I ES")  # E on I8 under the square after CHAT
    assert tags(board, "H4 CHATS") == ("rallonge",)


# -- rallonge ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("play", ["H3 ACHATS", "H3 ACHAT", "H4 CHATS"])
def test_new_tiles_before_and_after_a_whole_word_are_a_rallonge(play: str) -> None:
    assert tags(CHAT, play) == ("rallonge",)


def test_a_rallonge_down() -> None:
    assert tags(CHAT_DOWN, "4G ACHATS") == ("rallonge",)


def test_a_run_of_one_letter_is_not_a_rallonge() -> None:
    assert tags(CHAT_DOWN, "H3 ACE") == ()  # through the C of CHAT, played down


def test_two_runs_are_not_a_rallonge() -> None:
    assert tags(board_with("H4 RA", "H7 ES"), "H4 RATES") == ()


def test_a_new_tile_inside_the_board_letters_is_not_a_rallonge() -> None:
    assert tags(board_with("H4 CH", "H7 T"), "H3 ACHATS") == ()


def test_a_play_with_no_board_tile_is_not_a_rallonge() -> None:
    assert tags(Board(), "H4 CHAT") == ()


# -- the one-tile rule -------------------------------------------------------------------------------------

def test_a_single_tile_with_only_a_column_neighbour_runs_down_whatever_the_stored_direction() -> None:
    assert tags(CHAT_DOWN, "4H CHATS") == ("rallonge",)
    assert tags(CHAT_DOWN, "L4 S") == ("rallonge",)  # stored across: normalised


def test_a_single_tile_with_a_row_neighbour_runs_along_its_row_whatever_the_stored_direction() -> None:
    board = board_with("4H CHAT", "5L SE")  # S on L5, right of the square under CHAT
    assert tags(board, "L4 SS") == ()  # W = SS: a run of one letter; CHATS is its one cross-word
    assert tags(board, "4H CHATS") == ()  # stored down: normalised to the row


# -- chere -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("play", ["H7 JE", "H7 QI", "H7 KA", "H7 WU", "H7 XI", "H7 YA", "H7 ZA"])
def test_a_new_letter_worth_8_or_more_is_chere(play: str) -> None:
    assert tags(Board(), play) == ("chere",)


def test_a_blank_standing_for_a_j_is_not_chere() -> None:
    assert tags(Board(), "H7 jE") == ("joker",)


def test_a_letter_worth_less_is_not_chere_nor_one_already_on_the_board() -> None:
    assert tags(Board(), "H7 FA") == ()  # F is worth 4
    assert tags(board_with("H7 JE"), "7G AJ") == ()


def test_chere_follows_the_tile_values_given() -> None:
    cgp = format_cgp(Position(Board(), ("KAXI", "")))
    assert top_tags(cgp, move("H7 KA").to_json(), "fr") == ("chere",)
    assert top_tags(cgp, move("H7 KA").to_json(), "en") == ()  # K is worth 5 in English
    assert top_tags(cgp, move("H7 XI").to_json(), "en") == ("chere",)
    assert play_tags(Board(), move("H7 KA"), {"K": 8}) == ("chere",)


# -- triple ------------------------------------------------------------------------------------------------

def test_a_new_tile_on_a_word_triple_square_is_a_triple() -> None:
    assert tags(Board(), "H1 CHAT") == ("triple",)
    assert tags(Board(), "1A CHAT") == ("triple",)


def test_a_word_triple_square_under_a_board_tile_does_not_count() -> None:
    assert tags(board_with("H1 CHAT"), "H1 CHATS") == ("rallonge",)


# -- stored plays and refusals -----------------------------------------------------------------------------

def test_a_stored_play_is_read_from_its_json() -> None:
    cgp = format_cgp(Position(board_with("H4 CHAT"), ("ASEIRTU", ""), ops={"lex": "ODS"}))
    assert top_tags(cgp, move("H3 ACHATS").to_json(), "fr") == ("rallonge",)
    single = {"row": 7, "col": 7, "dir": "V", "word": "S", "score": 0, "tiles": 1}  # across, stored down
    assert top_tags(cgp, single, "fr") == ("rallonge",)


@pytest.mark.parametrize("play", ["H4 CHAT", "H4 CHOU", "H14 CHATS", "O12 CHATS", "15O AB"])
def test_a_play_without_new_tile_against_the_board_or_off_it_is_refused(play: str) -> None:
    with pytest.raises(ValueError):
        tags(CHAT, play)


def test_tagging_a_whole_game_takes_well_under_20_ms() -> None:
    game = make_game(french_gaddag(), 1, subtops=0).to_json()
    rounds = [(r["cgp"], r["top"]) for r in game["rounds"]]
    assert len(rounds) >= 20
    best = min(_timed(rounds) for _ in range(5))
    assert best < 0.020, f"{len(rounds)} rounds tagged in {best * 1000:.1f} ms"


def _timed(rounds: list[tuple[str, dict]]) -> float:
    start = time.perf_counter()
    for cgp, top in rounds:
        top_tags(cgp, top, "fr")
    return time.perf_counter() - start


def test_every_tag_of_a_game_is_computed_from_its_rounds() -> None:
    game = make_game(french_gaddag(), 1, subtops=0)
    for rnd in game.rounds:
        assert top_tags(rnd.cgp, rnd.top.to_json(), "fr") == play_tags(Position.from_cgp(rnd.cgp).board, rnd.top, FR)
