"""Standings: négatif, % of the top, sous-top, solos and shared ranks, against direct definitions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.duplicate.standings import negatif, percent_of_top, rank_players, solo_player, sous_top


def test_negatif_and_percent():
    assert negatif(950, 1000) == -50
    assert negatif(1000, 1000) == 0
    assert percent_of_top(950, 1000) == 95.0
    assert percent_of_top(0, 0) == 0.0


def test_sous_top_is_the_best_score_below_the_top():
    assert sous_top([80, 80, 72, 40], 80) == 72
    assert sous_top([80, 80], 80) is None
    assert sous_top([], 10) is None


def test_solo_needs_exactly_one_finder_and_enough_players():
    assert solo_player({"ann": 80, "bob": 72, "cid": 0}, 80) == "ann"
    assert solo_player({"ann": 80, "bob": 80, "cid": 0}, 80) is None
    assert solo_player({"ann": 80, "bob": 72}, 80, min_players=3) is None
    assert solo_player({"ann": 80}, 80) is None  # alone in the room: nobody to be alone against
    assert solo_player({"ann": 0, "bob": 0}, 0) is None


def test_equal_totals_share_a_rank():
    ranking = rank_players({"cid": 90, "ann": 100, "bob": 90, "dan": 80}, 100)
    assert [(s.rank, s.player) for s in ranking] == [(1, "ann"), (2, "bob"), (2, "cid"), (4, "dan")]
    assert ranking[3].negatif == -20 and ranking[3].percent == 80.0


@given(st.dictionaries(st.text("abcdef", min_size=1, max_size=3), st.integers(0, 2000), max_size=12),
       st.integers(0, 2000))
def test_rank_matches_counting_better_players(totals, tops_total):
    for standing in rank_players(totals, tops_total):
        assert standing.rank == 1 + sum(1 for t in totals.values() if t > standing.total)
        assert standing.negatif == standing.total - tops_total
