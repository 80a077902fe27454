"""Every legal play of hundreds of positions, tagged by ``play_tags`` and by a deliberately naive oracle.

The oracle shares nothing with the module: it lays the play on a copy of the board, lists every word of 2+
letters of every row and column that holds a new tile, and reads each tag off that list (the main word is
the one holding every new tile, the row's for a single tile when it has one; the cross-words are the others;
a rallonge is a main word that, stripped of its new tiles at both ends, is 2+ board letters). Positions: the
rounds of duplicate games on a small lexicon (classic and joker), random boards with loose tiles and blanks,
and a few rounds of games on the French fixture (where scrabbles and dear letters are common).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.coach import TAGS, play_tags
from engine.duplicate import CLASSIC, JOKER, make_game
from engine.scrabble.board import HORIZONTAL, SIZE, VERTICAL, WORD_MULTIPLIERS, Board
from engine.scrabble.cgp import Position, parse_cgp
from engine.scrabble.movegen import generate_moves
from engine.scrabble.scoring import Move
from tests.engine.coach.support import FR, french_gaddag
from tests.engine.duplicate.test_game import GADDAG as SMALL_GADDAG
from tests.engine.scrabble.test_movegen import GADDAG as MOVEGEN_GADDAG
from tests.engine.scrabble.test_movegen import _random_board, _random_rack


def oracle_tags(board: Board, move: Move) -> tuple[str, ...]:
    after = board.copy()
    move.apply(after)
    new = {i for i in range(SIZE * SIZE) if after.cells[i] and not board.cells[i]}
    words: list[tuple[str, list[int]]] = []
    for direction in (HORIZONTAL, VERTICAL):
        for line in range(SIZE):
            squares = [line * SIZE + p if direction == HORIZONTAL else p * SIZE + line for p in range(SIZE)]
            run: list[int] = []
            for i in [*squares, None]:
                if i is not None and after.cells[i]:
                    run.append(i)
                    continue
                if len(run) >= 2 and new & set(run):
                    words.append((direction, run))
                run = []
    if len(new) >= 2:
        main = next(word for word in words if new <= set(word[1]))
    else:
        across = [word for word in words if word[0] == HORIZONTAL]
        main = across[0] if across else words[0]
    crosses = [word for word in words if word is not main]
    inner = list(main[1])
    while inner and inner[0] in new:
        inner.pop(0)
    while inner and inner[-1] in new:
        inner.pop()
    found = {
        "scrabble": len(new) == 7,
        "joker": any(after.cells[i].islower() for i in new),
        "collante": len(crosses) >= 2,
        "rallonge": len(inner) >= 2 and not new & set(inner),
        "chere": any(after.cells[i].isupper() and FR.values[after.cells[i]] >= 8 for i in new),
        "triple": any(WORD_MULTIPLIERS[i] == 3 for i in new),
    }
    return tuple(tag for tag in TAGS if found[tag])


def flipped(board: Board, move: Move) -> Move:
    """A one-tile play stored in the other direction: the word is the run through the tile that way (one
    letter when it has no neighbour that way)."""
    (r, c, letter), = move.placements(board)
    dr, dc = (1, 0) if move.dir == HORIZONTAL else (0, 1)
    start_r, start_c = r, c
    while start_r >= dr and start_c >= dc and board.get(start_r - dr, start_c - dc):
        start_r, start_c = start_r - dr, start_c - dc
    word = []
    rr, cc = start_r, start_c
    while rr < SIZE and cc < SIZE and ((rr, cc) == (r, c) or board.get(rr, cc)):
        word.append(letter if (rr, cc) == (r, c) else board.get(rr, cc))
        rr, cc = rr + dr, cc + dc
    return Move(start_r, start_c, VERTICAL if move.dir == HORIZONTAL else HORIZONTAL, "".join(word), 0, 1)


def check_position(lexicon, position: Position, seen: Counter) -> int:
    moves = generate_moves(lexicon, position)
    for move in moves:
        expected = oracle_tags(position.board, move)
        assert play_tags(position.board, move, FR) == expected, (str(position.board), move)
        if move.tiles == 1:
            assert play_tags(position.board, flipped(position.board, move), FR) == expected, move
        seen.update(expected)
        seen["plays"] += 1
        seen["untagged"] += not expected
    return len(moves)


def game_positions(lexicon, seeds, variants=(CLASSIC, JOKER)) -> list[Position]:
    return [parse_cgp(rnd.cgp) for seed in seeds for variant in variants
            for rnd in make_game(lexicon, seed, variant, subtops=0).rounds]


def test_every_play_of_small_lexicon_games_is_tagged_as_the_oracle_says() -> None:
    seen: Counter = Counter()
    positions = game_positions(SMALL_GADDAG, range(8))
    for position in positions:
        check_position(SMALL_GADDAG, position, seen)
    assert len(positions) >= 250 and seen["plays"] >= 20_000
    assert all(seen[tag] > 0 for tag in TAGS if tag != "scrabble"), seen  # no seven-letter top on 219 words
    assert seen["untagged"] > 0


def test_every_play_of_random_boards_is_tagged_as_the_oracle_says() -> None:
    """Loose tiles and blanks on the board: runs of one letter, blanks played through, crowded squares."""
    rng = random.Random(2024)
    seen: Counter = Counter()
    for _ in range(100):
        board = _random_board(rng, rng.randrange(0, 25), rng.randrange(0, 7))
        check_position(MOVEGEN_GADDAG, Position(board, (_random_rack(rng, rng.choice((0, 0, 0, 1))), "")), seen)
    assert seen["plays"] >= 20_000 and all(seen[tag] > 0 for tag in TAGS if tag != "scrabble"), seen


@pytest.mark.parametrize("seed", [1, 2])
def test_every_play_of_some_french_rounds_is_tagged_as_the_oracle_says(seed: int) -> None:
    seen: Counter = Counter()
    positions = game_positions(french_gaddag(), [seed], (JOKER,) if seed % 2 else (CLASSIC,))
    for position in positions[::4]:
        check_position(french_gaddag(), position, seen)
    assert seen["scrabble"] > 0 and seen["chere"] > 0 and seen["collante"] > 0, seen
