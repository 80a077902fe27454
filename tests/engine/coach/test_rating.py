"""Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system", and its properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.coach import Rating, rate, rate_pair
from engine.coach.rating import SCALE

PLAYER = Rating(1500, 200, 0.06)
PAPER_GAMES = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_papers_worked_example() -> None:
    after = rate(PLAYER, PAPER_GAMES, tau=0.5)
    # The paper rounds its intermediate values (mu' = -0.2069, phi' = 0.8722) and prints 1464.06 / 151.52:
    # the exact computation gives 1464.0507, within its rounding.
    assert after.rating == pytest.approx(1464.06, abs=0.015)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)  # 0.0599960
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.deviation / SCALE, 4) == 0.8722


def test_an_empty_period_only_widens_the_deviation() -> None:
    after = rate(PLAYER, [])
    assert after.rating == PLAYER.rating and after.volatility == PLAYER.volatility
    assert after.deviation == pytest.approx(math.sqrt((200 / SCALE) ** 2 + 0.06**2) * SCALE)  # 200.2714
    assert after.deviation == pytest.approx(200.2714, abs=1e-4)


def test_the_default_rating_is_a_newcomers() -> None:
    assert Rating() == Rating(1500.0, 350.0, 0.06)


ratings = st.builds(Rating, st.floats(800, 2500), st.floats(30, 350), st.floats(0.03, 0.09))


@given(ratings, ratings)
def test_a_win_raises_and_a_loss_lowers(player: Rating, opponent: Rating) -> None:
    won = rate(player, [(opponent, 1.0)])
    lost = rate(player, [(opponent, 0.0)])
    drawn = rate(player, [(opponent, 0.5)])
    assert won.rating > player.rating > lost.rating
    assert lost.rating < drawn.rating < won.rating
    for after in (won, lost, drawn):  # a game always narrows what the period alone would leave
        assert after.deviation < math.sqrt(player.deviation**2 + (after.volatility * SCALE) ** 2)


@given(st.floats(120, 350), st.floats(0.03, 0.07), st.floats(-400, 400), st.floats(30, 350),
       st.sampled_from([0.0, 0.5, 1.0]))
def test_games_shrink_the_deviation(deviation: float, volatility: float, gap: float, opponent_deviation: float,
                                    score: float) -> None:
    """Against an opponent within 400 points, for a player not yet settled (an unexpected result from a player
    rated to within a few dozen points may raise the volatility, and with it the deviation, a little)."""
    player = Rating(1500, deviation, volatility)
    after = rate(player, [(Rating(1500 + gap, opponent_deviation), score)])
    assert after.deviation < player.deviation
    assert rate(after, [(Rating(1500 + gap, opponent_deviation), score)]).deviation < after.deviation


@given(ratings, ratings, st.sampled_from([0.0, 0.5, 1.0]))
def test_a_puzzle_attempt_moves_both_sides_in_opposite_directions(player: Rating, puzzle: Rating, score: float) -> None:
    new_player, new_puzzle = rate_pair(player, puzzle, score)
    assert new_player == rate(player, [(puzzle, score)])
    assert new_puzzle == rate(puzzle, [(player, 1.0 - score)])
    if score == 1.0:
        assert new_player.rating > player.rating and new_puzzle.rating < puzzle.rating
    if score == 0.0:
        assert new_player.rating < player.rating and new_puzzle.rating > puzzle.rating


def test_a_newcomer_moves_more_than_an_established_player() -> None:
    opponent = Rating(1500, 50)
    newcomer = rate(Rating(1500, 350), [(opponent, 1.0)])
    established = rate(Rating(1500, 60), [(opponent, 1.0)])
    assert newcomer.rating - 1500 > 5 * (established.rating - 1500) > 0


@pytest.mark.parametrize("call", [
    lambda: rate(PLAYER, [(PLAYER, 1.5)]), lambda: rate(PLAYER, [(PLAYER, -0.1)]), lambda: rate(PLAYER, [], tau=0),
    lambda: Rating(1500, 0), lambda: Rating(1500, 200, -0.06), lambda: Rating(math.nan),
])
def test_impossible_scores_and_ratings_are_refused(call) -> None:
    with pytest.raises(ValueError):
        call()
