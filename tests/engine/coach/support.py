"""Shared by the coach's tests: hand-made boards and plays in French notation, the French fixture's GADDAG."""

from __future__ import annotations

from functools import lru_cache

from engine.alphabet import get_alphabet
from engine.coach import play_tags
from engine.gaddag import Gaddag, build_gaddag
from engine.scrabble.board import Board
from engine.scrabble.notation import parse_coord
from engine.scrabble.scoring import Move
from tests.support import french_dict_words

FR = get_alphabet("fr")


def move(play: str) -> Move:
    """``"H4 CHAT"`` (French notation: row H, column 4, across) as a move (score and tile count unread)."""
    coord, word = play.split()
    row, col, direction = parse_coord(coord, "fr")
    return Move(row, col, direction, word, 0, 0)


def board_with(*plays: str) -> Board:
    """A board holding the words of ``plays`` (``"H4 CHAT"``, ``"4H CHAT"`` down; lower case for a blank)."""
    board = Board()
    for play in plays:
        move(play).apply(board)
    return board


def tags(board: Board, play: str) -> tuple[str, ...]:
    return play_tags(board, move(play), FR)


@lru_cache(maxsize=1)
def french_gaddag() -> Gaddag:
    """The French fixture's words of 2 to 8 letters, compiled (``tests/fixtures/README.md``)."""
    return build_gaddag(french_dict_words(8), "fr")
