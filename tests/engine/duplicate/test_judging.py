"""Judging a live round's bulletins against the brute-force move oracle on a small lexicon: every valid play
scores what the oracle says, anything else 0 with the engine's reason, late and missing bulletins 0, each
distinct play judged once, the solo and its bonus, and the standings built on them."""

from __future__ import annotations

import random

import pytest

import engine.duplicate.judging as judging
from engine.duplicate import CLASSIC, JOKER, make_game
from engine.duplicate.judging import LATE, NONE, Bulletin, judge_play, judge_round
from engine.duplicate.standings import negatif, rank_players
from engine.scrabble.board import SIZE, Board
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.notation import format_coord
from tests.engine.duplicate.test_game import GADDAG, SMALL
from tests.engine.scrabble.test_movegen import brute_force


def new_tiles(board: Board, row: int, col: int, direction: str, word: str) -> int | None:
    """How many tiles the word puts down there (None when it runs off the board)."""
    dr, dc = (0, 1) if direction == "H" else (1, 0)
    count = 0
    for k in range(len(word)):
        r, c = row + dr * k, col + dc * k
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            return None
        count += not board.cells[r * SIZE + c]
    return count


def candidates(rng: random.Random, board: Board, oracle: dict) -> list[tuple[int, int, str, str]]:
    """Plays a room would hand in: legal ones (the best more often), misspelt and misplaced ones."""
    legal = sorted(oracle, key=lambda key: -oracle[key])
    out = [legal[0], legal[0]] + legal[:8]
    for row, col, direction, word in legal[:6]:
        k = rng.randrange(len(word))
        out.append((row, col, direction, word[:k] + rng.choice("AEIOULNRST") + word[k + 1:]))  # misspelt
        out.append((min(row + 1, SIZE - 1), col, direction, word))  # misplaced
        out.append((row, max(col - 3, 0), direction, word))  # misplaced further
    return out


@pytest.mark.parametrize("variant", [CLASSIC, JOKER])
@pytest.mark.parametrize("seed", [1, 5])
def test_a_room_s_bulletins_score_as_the_brute_force_oracle_says(seed: int, variant: str) -> None:
    game = make_game(GADDAG, seed, variant, lexicon_name="small")
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(18)]
    totals = dict.fromkeys(players, 0)
    tops_total = 0
    for rnd in game.to_json()["rounds"][:6]:
        position = parse_cgp(rnd["cgp"])
        board = position.board
        oracle = {(r, c, d, w): s for r, c, d, w, s, _t in brute_force(SMALL, board, rnd["rack"])}
        top = rnd["top"]["score"]
        assert max(oracle.values()) == top
        pool = candidates(rng, board, oracle)
        bulletins, expected = [], {}
        for player in players:
            pick = rng.random()
            if pick < 0.08:
                bulletins.append(Bulletin(player))
                expected[player] = (0, NONE)
                continue
            row, col, direction, word = rng.choice(pool)
            tiles = new_tiles(board, row, col, direction, word)
            valid = (row, col, direction, word) in oracle
            if not valid and tiles == 1:
                row, col, direction, word = pool[0]  # a one-tile play has two spellings: keep it out
                valid = True
            late = pick > 0.93
            bulletins.append(Bulletin(player, format_coord(row, col, direction, "fr"), word, late=late))
            expected[player] = (oracle[(row, col, direction, word)] if valid and not late else 0,
                                LATE if late else ("" if valid else None))
        judged = judge_round(GADDAG, position, bulletins, top, solo_bonus=10, solo_min_players=16)
        by_player = judged.by_player()
        for player in players:
            score, reason = expected[player]
            result = by_player[player]
            assert result.score == score, (player, result)
            if reason is None:  # refused by the engine: its code, never a score
                assert not result.valid and result.reason not in ("", LATE, NONE)
            else:
                assert result.reason == reason
        found = [p for p in players if by_player[p].score == top]
        assert judged.solo == (found[0] if len(found) == 1 else None)
        for p in players:
            assert by_player[p].solo == (p == judged.solo)
            assert by_player[p].bonus == (10 if p == judged.solo else 0)
            totals[p] += by_player[p].points
        assert judged.distinct_plays == len({(b.coord, b.word) for b in bulletins if b.word})
        tops_total += top
    for line in rank_players(totals, tops_total):
        assert line.negatif == negatif(totals[line.player], tops_total) == totals[line.player] - tops_total


def test_each_distinct_play_is_judged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game(GADDAG, 2, CLASSIC, lexicon_name="small")
    rnd = game.to_json()["rounds"][0]
    position = parse_cgp(rnd["cgp"])
    calls = []
    real = judging.validate_play
    monkeypatch.setattr(judging, "validate_play", lambda *a, **k: calls.append(a[2:4]) or real(*a, **k))
    top = rnd["top"]
    coord = format_coord(top["row"], top["col"], top["dir"], "fr")
    bulletins = [Bulletin(f"p{i}", coord, top["word"]) for i in range(300)] + [Bulletin("x", "A1", "ZZZ")]
    judged = judge_round(GADDAG, position, bulletins, top["score"], solo_min_players=2)
    assert sorted(calls) == sorted([(coord, top["word"]), ("A1", "ZZZ")])
    assert judged.solo is None  # 300 players found the top: nobody alone
    assert all(r.score == top["score"] for r in judged.results[:300])
    x = judged.by_player()["x"]
    assert x.score == 0 and not x.valid and x.reason not in ("", LATE, NONE)


def test_a_solo_needs_the_room_size_and_earns_the_bonus_setting() -> None:
    game = make_game(GADDAG, 2, CLASSIC, lexicon_name="small")
    rnd = game.to_json()["rounds"][0]
    position = parse_cgp(rnd["cgp"])
    top = rnd["top"]
    coord = format_coord(top["row"], top["col"], top["dir"], "fr")
    bulletins = [Bulletin("alice", coord, top["word"]), Bulletin("bob"), Bulletin("carol", "H4", "ZZ")]
    small = judge_round(GADDAG, position, bulletins, top["score"])  # defaults: 16 players needed
    assert small.solo is None and all(r.bonus == 0 for r in small.results)
    judged = judge_round(GADDAG, position, bulletins, top["score"], solo_bonus=5, solo_min_players=3)
    alice = judged.by_player()["alice"]
    assert judged.solo == "alice" and alice.solo and alice.bonus == 5 and alice.points == top["score"] + 5
    no_bonus = judge_round(GADDAG, position, bulletins, top["score"], solo_bonus=0, solo_min_players=3)
    assert no_bonus.by_player()["alice"].solo and no_bonus.by_player()["alice"].bonus == 0
    late = judge_round(GADDAG, position, [Bulletin("alice", coord, top["word"], late=True), Bulletin("bob")],
                       top["score"], solo_min_players=2)
    assert late.solo is None and late.by_player()["alice"].reason == LATE and late.by_player()["alice"].score == 0


def test_judge_play_gives_the_engine_s_reason_code() -> None:
    rnd = make_game(GADDAG, 0, CLASSIC).to_json()["rounds"][0]
    position = parse_cgp(rnd["cgp"])
    verdict = judge_play(GADDAG, position, "A1", rnd["top"]["word"])  # the top, off the centre
    assert not verdict.valid and verdict.score == 0 and verdict.reason == "no_centre"
    verdict = judge_play(GADDAG, position, "Z99", "AS")
    assert not verdict.valid and verdict.reason == "bad_coord"
