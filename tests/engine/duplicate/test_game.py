"""Making a duplicate game: every top (and the ten plays after it) equals a brute force on small lexicons,
the board after each round is the board before plus the top, the game is reproducible, and it ends for the
reason it gives. The brute-force move oracle is the one the move generator is tested against."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.alphabet import get_alphabet
from engine.duplicate import CLASSIC, END_NO_PLAY, END_RULE, JOKER, full_bag, make_game
from engine.gaddag import build_gaddag
from engine.scrabble.board import SIZE, Board
from engine.scrabble.cgp import parse_cgp
from tests.engine.duplicate.test_rules import good_rack_exists
from tests.engine.scrabble.test_movegen import WORDS, brute_force

FR = get_alphabet("fr")
_V, _C = "AEIOU", "LNRST"
SMALL = sorted(set(WORDS) | {a + b for a in _V for b in _C} | {b + a for a in _V for b in _C}
               | {a + b + c for a in _C for b in _V for c in _C})
GADDAG = build_gaddag(SMALL, "fr")


def oracle_order(play: tuple, board: Board) -> tuple:
    """The documented order of a round's plays, computed from a brute-force play tuple: score (highest
    first), new blanks (fewest first), across first on the empty board, row, column, across before down,
    word."""
    row, col, direction, word, score, _tiles = play
    dr, dc = (0, 1) if direction == "H" else (1, 0)
    blanks = sum(1 for k, ch in enumerate(word) if ch.islower() and not board.cells[(row + dr * k) * SIZE + col + dc * k])
    down_first = int(direction == "V" and not any(board.cells))
    return (-score, blanks, down_first, row, col, direction, word)


def joker_oracle(board: Board, top: dict, rack_left: str) -> str:
    """The joker variant's replacement computed from the tile counts: the blank the top just put down
    becomes its letter when the bag still holds one (the full bag minus the letters on the board and on
    the rack). Applies it to ``board`` and returns the letter ("" when none)."""
    dr, dc = (0, 1) if top["dir"] == "H" else (1, 0)
    for k, ch in enumerate(top["word"]):
        i = (top["row"] + dr * k) * SIZE + top["col"] + dc * k
        if ch.islower() and board.cells[i] == ch:
            out = Counter(cell for cell in board.cells if cell.isupper()) + Counter(rack_left.replace("?", ""))
            if Counter(full_bag(FR, CLASSIC))[ch.upper()] - out[ch.upper()] > 0:
                board.cells[i] = ch.upper()
                return ch.upper()
            return ""
    return ""


def as_tuple(move_json: dict) -> tuple:
    return (move_json["row"], move_json["col"], move_json["dir"], move_json["word"], move_json["score"],
            move_json["tiles"])


@pytest.mark.parametrize("variant", [CLASSIC, JOKER])
@pytest.mark.parametrize("seed", [0, 3])
def test_tops_and_subtops_equal_a_brute_force(seed: int, variant: str) -> None:
    game = make_game(GADDAG, seed, variant, lexicon_name="small")
    data = game.to_json()
    board = Board()
    for number, rnd in enumerate(data["rounds"][:10], start=1):
        position = parse_cgp(rnd["cgp"])
        assert rnd["number"] == number and position.board == board and position.rack == rnd["rack"]
        assert position.lexicon == "small"
        plays = sorted(brute_force(SMALL, board, rnd["rack"]), key=lambda p: oracle_order(p, board))
        assert plays, "a round is only recorded when a play exists"
        expected = plays[:11]
        got = [as_tuple(rnd["top"])] + [as_tuple(m) for m in rnd["subtops"]]
        assert got == expected
        before = board.copy()
        board.place(rnd["top"]["row"], rnd["top"]["col"], rnd["top"]["dir"], rnd["top"]["word"])
        if variant == JOKER:
            placed = [ch for i, ch in enumerate(board.cells) if ch and not before.cells[i]]
            left = Counter(rnd["rack"]) - Counter("?" if ch.islower() else ch for ch in placed)
            assert rnd["replaced"] == joker_oracle(board, rnd["top"], "".join(left.elements()))
        else:
            assert rnd["replaced"] == ""
        assert board.rows() == rnd["board"]
    if game.end_reason == END_NO_PLAY and len(data["rounds"]) <= 10:
        assert not brute_force(SMALL, board, game.final_rack)


@pytest.mark.parametrize("seed", range(4))
def test_rack_after_the_top_carries_over_and_the_end_is_explained(seed: int) -> None:
    game = make_game(GADDAG, seed, CLASSIC)
    board = Board()
    kept = ""
    for rnd in game.rounds:
        if not rnd.rejected:
            assert rnd.kept == kept
        placed = rnd.top.placements(board)
        left = Counter(rnd.rack) - Counter("?" if ch.islower() else ch for _r, _c, ch in placed)
        kept = rnd.rack
        for _r, _c, ch in placed:
            kept = kept.replace("?" if ch.islower() else ch, "", 1)
        assert Counter(kept) == left
        rnd.top.apply(board)
    assert game.total == sum(r.top.score for r in game.rounds)
    if game.end_reason == END_RULE:
        assert game.final_rack == kept
        # what is left (the full bag minus the board and the kept letters) cannot make a rack keeping the rule
        on_board = Counter("?" if tile.islower() else tile for _r, _c, tile in board.tiles())
        left = Counter(full_bag(FR, CLASSIC)) - on_board - Counter(kept)
        assert sum(left.values()) == game.bag_left
        assert not good_rack_exists(list(left.elements()) + list(kept), len(game.rounds) + 1)
    else:
        assert game.end_reason == END_NO_PLAY and not brute_force(SMALL, board, game.final_rack)


def test_same_seed_same_game_and_json_round_trips() -> None:
    a = make_game(GADDAG, 11, JOKER, lexicon_name="small").to_json()
    b = make_game(GADDAG, 11, JOKER, lexicon_name="small").to_json()
    assert a == b
    assert json.loads(json.dumps(a)) == a
    assert a["variant"] == "joker" and all("?" in r["rack"] for r in a["rounds"][:3])


def test_equal_tops_prefer_the_play_that_keeps_the_blank() -> None:
    """Rack ?ARTESL on an empty board: RATES and raTES-like blank plays tie on score; the top keeps the blank."""
    from engine.duplicate import ranked_plays
    from engine.scrabble.cgp import Position

    position = Position(Board(), ("?ARTESI", ""), (0, 0), 0)
    plays = ranked_plays(GADDAG, position, 30)
    best = plays[0].score
    tied = [p for p in plays if p.score == best]
    blanks = [sum(ch.islower() for ch in p.word) for p in tied]
    assert blanks == sorted(blanks)
