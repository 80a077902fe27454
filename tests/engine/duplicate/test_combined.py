"""The combined ranking of a simultané: totals over the rooms, solos decided over every room (and the
simultané's size), négatif and % against the tops of the rounds each player's room has closed."""

from __future__ import annotations

import pytest

from engine.duplicate.combined import Play, Solo, combine
from engine.duplicate.standings import rank_players

TOPS = {1: 30, 2: 50, 3: 40}


def test_a_top_found_in_two_rooms_is_no_solo_and_one_found_once_is():
    players = {"ana": "A", "ben": "A", "cyd": "B", "dan": "B"}
    closed = {"A": [1, 2], "B": [1, 2]}
    plays = [Play("ana", 1, 30), Play("ben", 1, 20), Play("cyd", 1, 12), Play("dan", 1, 0),  # ana alone: solo
             Play("ana", 2, 40), Play("ben", 2, 50), Play("cyd", 2, 50), Play("dan", 2, 8)]  # ben and cyd: none
    result = combine(players, closed, plays, TOPS, solo_bonus=10, solo_min_players=4)
    assert result.solos == [Solo(1, "ana", "A")]
    lines = {line.player: line for line in result.lines}
    assert lines["ana"].total == 30 + 40 + 10 and lines["ana"].solos == 1
    assert lines["ben"].total == 70 and lines["cyd"].total == 62 and lines["dan"].total == 8
    assert lines["ana"].negatif == 80 - 80 and lines["ben"].negatif == 70 - 80
    assert lines["ana"].percent == pytest.approx(100.0) and lines["dan"].percent == pytest.approx(10.0)
    assert [line.player for line in result.lines] == ["ana", "ben", "cyd", "dan"]
    assert [line.rank for line in result.lines] == [1, 2, 3, 4]


def test_the_simultane_size_decides_solos_not_the_room_size():
    players = {"ana": "A", "ben": "A", "cyd": "B", "dan": "B"}
    plays = [Play("ana", 1, 30), Play("ben", 1, 20), Play("cyd", 1, 12), Play("dan", 1, 0)]
    assert combine(players, {"A": [1], "B": [1]}, plays, TOPS, solo_bonus=10, solo_min_players=5).solos == []
    assert combine(players, {"A": [1], "B": [1]}, plays, TOPS, solo_bonus=10, solo_min_players=4).solos \
        == [Solo(1, "ana", "A")]
    # room B has not closed round 1: only room A's two players count (too few for 4)
    assert combine(players, {"A": [1], "B": []}, plays, TOPS, solo_bonus=10, solo_min_players=4).solos == []


def test_rooms_at_different_rounds_are_measured_on_their_own_closed_rounds():
    players = {"ana": "A", "cyd": "B"}
    plays = [Play("ana", 1, 30), Play("ana", 2, 50), Play("ana", 3, 40), Play("cyd", 1, 30),
             Play("cyd", 2, 25)]  # cyd's round 2 is not closed in room B yet: ignored
    result = combine(players, {"A": [1, 2, 3], "B": [1]}, plays, TOPS, solo_bonus=10, solo_min_players=2)
    lines = {line.player: line for line in result.lines}
    assert lines["cyd"].total == 30 and lines["cyd"].negatif == 0 and lines["cyd"].rounds == 1
    assert lines["ana"].total == 120 and lines["ana"].negatif == 0 and lines["ana"].rounds == 3
    # round 2 and 3 were closed by room A only: ana alone among the players of the rooms that closed them
    assert result.solos == []  # ... but one player is below the solo's minimum of 2


def test_equal_totals_share_a_rank_as_in_a_room_and_no_play_scores_zero():
    players = {"zoe": "A", "amy": "B", "bob": "B"}
    plays = [Play("zoe", 1, 20), Play("amy", 1, 20)]  # bob handed in nothing
    result = combine(players, {"A": [1], "B": [1]}, plays, TOPS, solo_bonus=10, solo_min_players=2)
    expected = rank_players({"zoe": 20, "amy": 20, "bob": 0}, 30)
    assert [(line.rank, line.player, line.total, line.negatif) for line in result.lines] \
        == [(s.rank, s.player, s.total, s.negatif) for s in expected]
    assert [line.rank for line in result.lines] == [1, 1, 3]


def test_a_negative_bonus_is_no_bonus_and_unknown_players_are_ignored():
    players = {"ana": "A", "ben": "A"}
    plays = [Play("ana", 1, 30), Play("ben", 1, 0), Play("ghost", 1, 30)]
    result = combine(players, {"A": [1]}, plays, TOPS, solo_bonus=-5, solo_min_players=2)
    assert result.solos == [Solo(1, "ana", "A")]
    assert {line.player: line.total for line in result.lines} == {"ana": 30, "ben": 0}
