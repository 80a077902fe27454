"""The GADDAG move generator against a brute-force oracle (every window of every line x every word).

The oracle below is written straight from the rules, sharing no code with the engine's scoring or
movegen (only the premium tables, which test_board.py checks against a literal map).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.alphabet import get_alphabet
from engine.gaddag import build_gaddag
from engine.scrabble.board import LETTER_MULTIPLIERS, SIZE, WORD_MULTIPLIERS, Board
from engine.scrabble.cgp import Position, parse_cgp
from engine.scrabble.movegen import (
    MoveGenError,
    Prepared,
    anchor_bounds,
    generate_moves,
    line_search,
    top_moves,
)
from engine.scrabble.scoring import IllegalPlay, validate_placement, validate_play

FR = get_alphabet("fr")


def brute_force(words: list[str], board: Board, rack: str) -> set[tuple[int, int, str, str, int, int]]:
    """All plays as ``(row, col, dir, word, score, tiles)``, by trying every word in every window."""
    lexicon = set(words)
    cells = board.cells
    empty = not any(cells)
    have = Counter(rack.replace("?", ""))
    blanks = rack.count("?")

    def at(r: int, c: int) -> str:
        return cells[r * SIZE + c] if 0 <= r < SIZE and 0 <= c < SIZE else ""

    plays = set()
    for direction in "HV":
        dr, dc = (0, 1) if direction == "H" else (1, 0)
        for line in range(SIZE):
            for start in range(SIZE):
                r0, c0 = (line, start) if direction == "H" else (start, line)
                if at(r0 - dr, c0 - dc):
                    continue
                for word in words:
                    n = len(word)
                    if n < 2 or start + n > SIZE:
                        continue
                    r1, c1 = r0 + dr * (n - 1), c0 + dc * (n - 1)
                    if at(r1 + dr, c1 + dc):
                        continue
                    squares = [(r0 + dr * k, c0 + dc * k) for k in range(n)]
                    if any(at(r, c) and at(r, c).upper() != word[k] for k, (r, c) in enumerate(squares)):
                        continue
                    new = [k for k, (r, c) in enumerate(squares) if not at(r, c)]
                    if not new:
                        continue
                    if empty:
                        if (7, 7) not in squares:
                            continue
                    elif not any(at(squares[k][0] + a, squares[k][1] + b)
                                 for k in new for a, b in ((-1, 0), (1, 0), (0, -1), (0, 1))):
                        continue
                    if len(new) == 1 and direction == "V":
                        r, c = squares[new[0]]
                        if at(r, c - 1) or at(r, c + 1):
                            continue  # reported as the horizontal play
                    # cross words must be words; collect their parts for scoring
                    crosses = []
                    ok = True
                    for k in new:
                        r, c = squares[k]
                        before = []
                        rr, cc = r - dc, c - dr
                        while at(rr, cc):
                            before.insert(0, at(rr, cc))
                            rr, cc = rr - dc, cc - dr
                        after = []
                        rr, cc = r + dc, c + dr
                        while at(rr, cc):
                            after.append(at(rr, cc))
                            rr, cc = rr + dc, cc + dr
                        if before or after:
                            text = "".join(before).upper() + word[k] + "".join(after).upper()
                            if text not in lexicon:
                                ok = False
                                break
                            crosses.append((k, before + after))
                    if not ok or word not in lexicon:
                        continue
                    for blank_set in _blank_choices(word, new, have, blanks):
                        letters = [word[k].lower() if k in blank_set else word[k] for k in range(n)]
                        main, mult = 0, 1
                        for k, (r, c) in enumerate(squares):
                            i = r * SIZE + c
                            if k in new:
                                value = 0 if k in blank_set else FR.values[word[k]]
                                main += value * LETTER_MULTIPLIERS[i]
                                mult *= WORD_MULTIPLIERS[i]
                            else:
                                tile = at(r, c)
                                main += 0 if tile.islower() else FR.values[tile]
                        score = main * mult
                        for k, others in crosses:
                            r, c = squares[k]
                            i = r * SIZE + c
                            value = 0 if k in blank_set else FR.values[word[k]]
                            part = sum(0 if t.islower() else FR.values[t] for t in others)
                            score += (part + value * LETTER_MULTIPLIERS[i]) * WORD_MULTIPLIERS[i]
                        if len(new) == 7:
                            score += 50
                        shown = "".join(at(r, c) or letters[k] for k, (r, c) in enumerate(squares))
                        plays.add((r0, c0, direction, shown, score, len(new)))
    return plays


def _blank_choices(word: str, new: list[int], have: Counter, blanks: int) -> list[frozenset[int]]:
    """Every set of new positions played with blanks that the rack allows."""
    choices = []
    for size in range(min(blanks, len(new)) + 1):
        for combo in itertools.combinations(new, size):
            need = Counter(word[k] for k in new if k not in combo)
            if all(have[ch] >= count for ch, count in need.items()):
                choices.append(frozenset(combo))
    return choices


def as_set(moves) -> set[tuple[int, int, str, str, int, int]]:
    result = {(m.row, m.col, m.dir, m.word, m.score, m.tiles) for m in moves}
    assert len(result) == len(moves), "a play was reported twice"
    return result


WORDS = sorted({
    "AA", "AE", "AI", "AS", "AT", "EH", "ES", "ET", "HA", "HE", "IL", "IS", "LA", "LE", "LI", "NE", "NI",
    "SA", "SE", "SI", "TA", "TE", "TU", "UT", "ARE", "ART", "EST", "ETE", "RAT", "RIT", "SEL", "SET",
    "TAS", "TES", "TIR", "TRI", "LIT", "LAS", "ILE", "ELU", "RUE", "SUR", "TUE", "AIRE", "RATE", "RITE",
    "SERA", "TARE", "TIRE", "LIER", "TRIE", "SALE", "LAIT", "TISSE", "RATES", "TIRES", "TRAITE",
    "ARTISTE", "LITERIE", "SATIRE", "RESTAIT", "TALISER", "RELIAIT", "ETAIS", "TAIRE", "RATISSE",
    "A", "ZA", "ZEE", "ZESTE", "QI", "QAT",
})
GADDAG = build_gaddag(WORDS, "fr")
LETTERS = "AEILRSTUZQ"


def _random_board(rng: random.Random, tiles: int, words_on_board: int) -> Board:
    board = Board()
    for _ in range(words_on_board):
        word = rng.choice(WORDS)
        direction = rng.choice("HV")
        r, c = rng.randrange(SIZE), rng.randrange(SIZE)
        try:
            board.copy().place(r, c, direction, word)
        except ValueError:
            continue
        board.place(r, c, direction, "".join(ch.lower() if rng.random() < 0.1 else ch for ch in word))
    for _ in range(tiles):
        r, c = rng.randrange(SIZE), rng.randrange(SIZE)
        if not board.get(r, c):
            ch = rng.choice(LETTERS)
            board.set(r, c, ch.lower() if rng.random() < 0.1 else ch)
    return board


def _random_rack(rng: random.Random, blanks: int) -> str:
    return "".join(rng.choice(LETTERS + "AEIST") for _ in range(7 - blanks)) + "?" * blanks


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), tiles=st.integers(0, 25), placed=st.integers(0, 6),
       blanks=st.integers(0, 2))
def test_matches_brute_force_on_random_boards(seed: int, tiles: int, placed: int, blanks: int) -> None:
    rng = random.Random(seed)
    board = _random_board(rng, tiles, placed)
    rack = _random_rack(rng, blanks)
    position = Position(board, (rack, ""))
    assert as_set(generate_moves(GADDAG, position)) == brute_force(WORDS, board, rack)


@pytest.mark.parametrize("rack", ["RATESIT", "RATES?T", "?AT?IRE", "AE", "??", "Z", ""])
def test_matches_brute_force_on_empty_board(rack: str) -> None:
    position = Position(Board(), (rack, ""))
    moves = generate_moves(GADDAG, position)
    assert as_set(moves) == brute_force(WORDS, Board(), rack)
    assert all(m.tiles >= 2 for m in moves)


def test_game_like_positions_match_brute_force() -> None:
    """A few self-played games (best play each turn), compared at every turn."""
    rng = random.Random(7)
    for _game in range(3):
        board = Board()
        for _turn in range(8):
            rack = _random_rack(rng, rng.choice((0, 0, 1, 2)))
            position = Position(board, (rack, ""))
            moves = generate_moves(GADDAG, position)
            assert as_set(moves) == brute_force(WORDS, board, rack)
            if not moves:
                continue
            rng.choice(moves[:5]).apply(board)


def test_one_tile_play_with_words_both_ways_is_reported_once_horizontally() -> None:
    board = Board()
    board.place(7, 6, "H", "TA")  # T on H7, A on H8
    board.place(5, 8, "V", "TE")  # T on F9, E on G9: H9 completes TAS across and TES down
    position = Position(board, ("S", ""))
    moves = generate_moves(GADDAG, position)
    at_h9 = [(m.coord, m.word, m.score, m.tiles) for m in moves if (7, 8, "S") in m.placements(board)]
    assert at_h9 == [("H7", "TAS", 6, 1)]
    assert as_set(moves) == brute_force(WORDS, board, "S")


def test_one_tile_play_with_only_a_vertical_word_is_vertical() -> None:
    board = Board()
    board.place(7, 7, "H", "TA")  # T on H8, A on H9
    position = Position(board, ("S", ""))
    moves = generate_moves(GADDAG, position)
    singles = sorted((m.coord, m.word) for m in moves if m.tiles == 1)
    # below T: TS? no; above/below A: AS (8H down... A on H9 then S on I9) and SA (S on G9)
    assert ("G9", "SA") not in singles
    assert ("9G", "SA") in singles and ("9H", "AS") in singles
    assert as_set(moves) == brute_force(WORDS, board, "S")


def test_blank_and_same_letter_are_distinct_plays() -> None:
    position = Position(Board(), ("TA?", ""))
    words = {(m.row, m.col, m.dir, m.word) for m in generate_moves(GADDAG, position)}
    assert (7, 7, "H", "TA") in words and (7, 7, "H", "tA") in words and (7, 7, "H", "Ta") in words


def test_sorted_by_score_then_coordinate_then_word() -> None:
    position = Position(Board(), ("RATESI?", ""))
    moves = generate_moves(GADDAG, position)
    assert moves == sorted(moves, key=lambda m: (-m.score, m.row, m.col, m.dir, m.word))


@pytest.mark.parametrize("n", [0, 1, 5, 10_000])
def test_top_moves_is_a_prefix_of_all(n: int) -> None:
    position = parse_cgp("15/15/15/15/15/15/15/6TIRE5/15/15/15/15/15/15/15 RATES?I/ 0/0 0")
    everything = generate_moves(GADDAG, position)
    assert top_moves(GADDAG, position, n) == everything[:n]


def test_top_moves_refuses_negative_n() -> None:
    with pytest.raises(ValueError, match="top N"):
        top_moves(GADDAG, Position(), -1)


def test_no_moves_with_empty_rack() -> None:
    position = parse_cgp("15/15/15/15/15/15/15/6TIRE5/15/15/15/15/15/15/15 / 0/0 0")
    assert generate_moves(GADDAG, position) == []


def test_bad_rack_letter_is_refused() -> None:
    with pytest.raises(MoveGenError, match="'1'"):
        generate_moves(GADDAG, Position(Board(), ("AB1", "")))


def test_generated_moves_validate_to_the_same_move() -> None:
    position = parse_cgp("15/15/15/15/15/15/15/5TIRES5/15/15/15/15/15/15/15 AEIST?L/ 0/0 0")
    for move in generate_moves(GADDAG, position):
        again = validate_placement(GADDAG, position, move.placements(position.board))
        assert (again.row, again.col, again.dir, again.word, again.score, again.tiles) == (
            move.row, move.col, move.dir, move.word, move.score, move.tiles)


def test_rack_argument_overrides_the_position_rack_and_long_racks_are_refused() -> None:
    position = Position(Board(), ("ZZ", ""))
    assert generate_moves(GADDAG, position) == []
    assert generate_moves(GADDAG, position, rack="TA") == generate_moves(GADDAG, Position(Board(), ("TA", "")))
    with pytest.raises(MoveGenError, match="at most 7"):
        generate_moves(GADDAG, position, rack="AEIRSTUL")


def test_playing_moves_keeps_cgp_round_trips() -> None:
    position = Position(Board(), ("RATESIL", "AEIOU"), (0, 0), 0, {"lex": "TEST"})
    for _ in range(3):
        moves = generate_moves(GADDAG, position)
        if not moves:
            break
        after = position.copy()
        moves[0].apply(after.board)
        assert parse_cgp(after.to_cgp()) == after
        assert position.board != after.board  # the copy is independent
        position = after


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), tiles=st.integers(0, 25), placed=st.integers(0, 6),
       blanks=st.integers(0, 2), n=st.sampled_from([1, 2, 3, 5, 20]))
def test_top_moves_equals_prefix_on_random_boards(seed: int, tiles: int, placed: int, blanks: int,
                                                   n: int) -> None:
    rng = random.Random(seed)
    board = _random_board(rng, tiles, placed)
    position = Position(board, (_random_rack(rng, blanks), ""))
    assert top_moves(GADDAG, position, n) == generate_moves(GADDAG, position)[:n]


def test_anchor_bounds_are_upper_bounds() -> None:
    rng = random.Random(11)
    for _ in range(30):
        board = _random_board(rng, rng.randrange(20), rng.randrange(6))
        rack = _random_rack(rng, rng.choice((0, 1, 2)))
        prep = Prepared(board, rack, FR, GADDAG.words, GADDAG.root)
        for bound, d, line, anchor in anchor_bounds(prep):
            found: list = []
            line_search(GADDAG.words, GADDAG.root, prep, d, line, found)(anchor)
            assert all(play[0] <= bound for play in found), (bound, max(play[0] for play in found))


def _oracle_by_placement(board: Board, rack: str) -> dict[frozenset, int]:
    plays = {}
    for r0, c0, direction, shown, score, _tiles in brute_force(WORDS, board, rack):
        dr, dc = (0, 1) if direction == "H" else (1, 0)
        new = frozenset((r0 + dr * k, c0 + dc * k, ch) for k, ch in enumerate(shown)
                        if not board.get(r0 + dr * k, c0 + dc * k))
        plays[new] = score
    return plays


def _proposal(rng: random.Random, board: Board, rack: str) -> tuple[int, int, str, str]:
    """A play to propose: half at random, half through a board tile with rack letters (often legal)."""
    direction = rng.choice("HV")
    tiles = list(board.tiles())
    if tiles and rng.random() < 0.5:
        r, c, tile = rng.choice(tiles)
        through = [w for w in WORDS if tile.upper() in w] or WORDS
        word = rng.choice(through)
        k = word.index(tile.upper()) if tile.upper() in word else 0
        row, col = (r, c - k) if direction == "H" else (r - k, c)
        letters = list(rack)
        shown = []
        for ch in word:
            if ch in letters:
                letters.remove(ch)
                shown.append(ch)
            elif "?" in letters:
                letters.remove("?")
                shown.append(ch.lower())
            else:
                shown.append(ch)
        return max(row, 0), max(col, 0), direction, "".join(shown)
    word = "".join(ch.lower() if rng.random() < 0.15 else ch for ch in rng.choice(WORDS))
    return rng.randrange(SIZE), rng.randrange(SIZE), direction, word


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), tiles=st.integers(0, 20), placed=st.integers(0, 5),
       blanks=st.integers(0, 2))
def test_validation_accepts_exactly_the_legal_plays(seed: int, tiles: int, placed: int, blanks: int) -> None:
    """Random proposals (word, square, direction, blanks): legal iff the oracle has the same tiles."""
    rng = random.Random(seed)
    board = _random_board(rng, tiles, placed)
    rack = _random_rack(rng, blanks)
    position = Position(board, (rack, ""))
    legal = _oracle_by_placement(board, rack)
    for _ in range(150):
        row, col, direction, word = _proposal(rng, board, rack)
        coord = ("ABCDEFGHIJKLMNO"[row] + str(col + 1)) if direction == "H" else (str(col + 1) + "ABCDEFGHIJKLMNO"[row])
        try:
            move = validate_play(GADDAG, position, coord, word)
        except IllegalPlay:
            dr, dc = (0, 1) if direction == "H" else (1, 0)
            if row + dr * (len(word) - 1) < SIZE and col + dc * (len(word) - 1) < SIZE:
                new = frozenset((row + dr * k, col + dc * k, ch) for k, ch in enumerate(word)
                                if not board.get(row + dr * k, col + dc * k))
                full_run = not any(
                    0 <= r < SIZE and 0 <= c < SIZE and board.get(r, c)
                    for r, c in ((row - dr, col - dc), (row + dr * len(word), col + dc * len(word))))
                clash = any(board.get(row + dr * k, col + dc * k)
                            and board.get(row + dr * k, col + dc * k).upper() != ch.upper()
                            for k, ch in enumerate(word))
                assert not (new in legal and full_run and not clash and len(word) >= 2), (coord, word)
            continue
        placements = frozenset(move.placements(board))
        assert placements in legal, (coord, word)
        assert legal[placements] == move.score
