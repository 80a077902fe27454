"""French duplicate conventions, as properties over many seeds: the first top is laid across (row H) at the
exact best score, the joker variant puts the blank's letter on the board when the bag still holds it, and
the rack is written as announced (kept + new letters, "-" after a rejected draw)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.duplicate import CLASSIC, JOKER, announced_rack, make_game, ranked_plays
from engine.scrabble.board import Board
from engine.scrabble.cgp import Position, parse_cgp
from tests.engine.duplicate.test_game import GADDAG, SMALL, joker_oracle
from tests.engine.scrabble.test_movegen import brute_force

SEEDS = range(40)


@pytest.mark.parametrize("variant", [CLASSIC, JOKER])
def test_the_first_top_is_laid_across_at_the_exact_best_score(variant: str) -> None:
    for seed in SEEDS:
        game = make_game(GADDAG, seed, variant, subtops=0)
        if not game.rounds:  # the small lexicon has no play for this first rack: nothing to choose
            assert not brute_force(SMALL, Board(), game.final_rack)
            continue
        first = game.rounds[0]
        best = max(p[4] for p in brute_force(SMALL, Board(), first.rack))
        assert first.top.score == best, seed
        assert first.top.dir == "H" and first.top.row == 7, (seed, first.top)


def test_across_is_chosen_only_among_equal_plays_and_only_on_the_empty_board() -> None:
    """On the empty board every down play has an across twin of the same score (the board is symmetric): the
    across one comes first. Once a tile is down, the engine's order (row first) holds again."""
    for rack in ("ARTESIL", "EAUNTRS", "?ARTESI", "LENTOSA"):
        plays = ranked_plays(GADDAG, Position(Board(), (rack, ""), (0, 0), 0), 40)
        if not plays:
            continue
        top = plays[0].score
        tied = [p for p in plays if p.score == top]
        assert tied[0].dir == "H"
        dirs = [p.dir for p in tied if sum(ch.islower() for ch in p.word) == sum(ch.islower() for ch in tied[0].word)]
        assert dirs == sorted(dirs)  # every across play before every down play of the same score and blanks
    board = Board()
    board.place(7, 7, "H", "RATES")
    plays = ranked_plays(GADDAG, Position(board, ("ELNOSTA", ""), (0, 0), 0), 60)
    for a, b in zip(plays, plays[1:], strict=False):
        if a.score == b.score and sum(c.islower() for c in a.word) == sum(c.islower() for c in b.word):
            assert (a.row, a.col, a.dir) <= (b.row, b.col, b.dir)


def test_joker_variant_replaces_the_blank_while_its_letter_is_in_the_bag() -> None:
    """Over many seeds and every round: the board after a top is the board before, the top, and the blank
    turned into its letter exactly when the tile counts say the bag still holds one; later rounds' positions
    carry the letter (so plays through it score it)."""
    replaced_rounds = kept_blank_rounds = 0
    for seed in range(25):
        game = make_game(GADDAG, seed, JOKER, subtops=0)
        board = Board()
        for rnd in game.rounds:
            assert parse_cgp(rnd.cgp).board == board
            placed = rnd.top.placements(board)
            rnd.top.apply(board)
            left = Counter(rnd.rack) - Counter("?" if ch.islower() else ch for _r, _c, ch in placed)
            expected = joker_oracle(board, rnd.top.to_json(), "".join(left.elements()))
            assert rnd.replaced == expected, (seed, rnd.number)
            assert board.rows() == rnd.board_after
            if any(ch.islower() for _r, _c, ch in placed):
                if expected:
                    replaced_rounds += 1
                else:
                    kept_blank_rounds += 1
    assert replaced_rounds > 20 and kept_blank_rounds > 0  # both branches exercised, not vacuously true


def test_classic_games_never_replace_a_blank() -> None:
    for seed in range(10):
        game = make_game(GADDAG, seed, CLASSIC, subtops=0)
        assert all(r.replaced == "" for r in game.rounds)


def test_the_rack_as_announced() -> None:
    assert announced_rack("EEEL", "IJX") == "EEEL+IJX"
    assert announced_rack("", "ABCDEFG") == "ABCDEFG"
    assert announced_rack("RU", "") == "RU"
    assert announced_rack("", "?PITMLI", rejected=True) == "-?PITMLI"
    seen_rejected = seen_kept = False
    for seed in range(40):
        for rnd in make_game(GADDAG, seed, CLASSIC, subtops=0).rounds:
            data = rnd.to_json()
            assert data["drawn"] == rnd.new and data["kept"] + data["drawn"] == data["rack"]
            assert data["announced"].lstrip("-").replace("+", "") == data["rack"]
            assert data["announced"].startswith("-") == bool(data["rejected"])
            seen_rejected |= bool(rnd.rejected)
            seen_kept |= "+" in data["announced"]
    assert seen_rejected and seen_kept


CLUB_JOKER_GAME = """Eliot

   ?AOILVE     OVALIsE         *  76  H  3
   ?PEBROH     PROHiBES        * 104  8  A
   ?TEMUIA     PErMUTAI        *  83  A  8
   ?SIOEXC     EXCISIOn        * 122  E  5
   ?QSTODU     TOSQUe             46 13  C
"""
"""The first five rounds of a joker game published by an FFSc club (Hiersac, 20 January 2023, the source cited
in docs/duplicate.md), transcribed in Eliot's plain-text layout: racks, tops, coordinates and points as the
club's sheet gives them (the blanks as its commentary names them)."""


def test_a_club_joker_game_scores_as_published_only_with_the_blank_replaced() -> None:
    from engine.duplicate.records import RecordError, read_record, replay

    rounds = replay(read_record(CLUB_JOKER_GAME, "eliot", variant="joker"))
    assert [r.move.score for r in rounds] == [76, 104, 83, 122, 46]
    assert [r.replaced for r in rounds] == ["S", "I", "R", "N", "E"]
    with pytest.raises(RecordError) as caught:  # the blank left on the board: PROHIBES through a 0-point S
        replay(read_record(CLUB_JOKER_GAME, "eliot", variant="classic"))
    assert caught.value.line == 4 and "scores 101" in caught.value.reason
