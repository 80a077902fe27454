"""Glicko-2 ratings: a player's strength at a kind of top, and a puzzle's difficulty, on one scale.

Why Glicko-2 rather than Elo: a learner plays in bursts, and a rating must say how sure it is. Glicko-2
keeps, beside the rating, a **deviation** (the uncertainty: large for a newcomer or after a long absence,
so the first results move the rating fast) and a **volatility** (how erratic the player is). Puzzles are
rated the same way, against the players who try them: an attempt is a game between the player and the
puzzle, and both ratings move (:func:`rate_pair`), as lichess and Woogles rate their puzzles.

The algorithm is Mark Glickman's, "Example of the Glicko-2 system" (2012), step by step: the paper's
worked example (a 1500/200 player beating a 1400/30 one and losing to 1550/100 and 1700/300) gives
1464.06 / 151.52 / 0.05999 here too (``tests/engine/coach/test_rating.py``). The volatility is found with
the paper's Illinois algorithm (a regula falsi that halves the stale end), to :data:`TOLERANCE`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""The paper's factor between the Glicko scale (1500 ± 350) and Glicko-2's (0 ± 2.01)."""
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5
"""The system constant: how much the volatility may change in a period (the paper: 0.3 to 1.2)."""
TOLERANCE = 1e-6
"""The convergence tolerance of the volatility iteration (the paper's ε)."""


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale: ``rating`` (1500 for a newcomer), ``deviation`` (its uncertainty, 350
    for a newcomer: the true strength is within about two deviations), ``volatility`` (Glicko-2's σ)."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        if not (math.isfinite(self.rating) and math.isfinite(self.deviation) and math.isfinite(self.volatility)):
            raise ValueError(f"a rating is made of finite numbers: {self}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError(f"a rating's deviation and volatility are positive: {self}")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, the root of f by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > TOLERANCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = DEFAULT_TAU) -> Rating:
    """``player`` after one rating period of ``results``: (opponent as rated before the period, score), the
    score 1 for a win, 0.5 for a draw, 0 for a loss. An empty period only grows the deviation (step 6 of the
    paper: the player's uncertainty widens with the time away); rating and volatility stay."""
    if tau <= 0:
        raise ValueError(f"tau must be positive, got {tau}")
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    inverse_v = 0.0
    improvement = 0.0  # Σ g(φj) (sj − E): Δ / v
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is between 0 (loss) and 1 (win), got {score}")
        g = _g(opponent.deviation / SCALE)
        expected = 1.0 / (1.0 + math.exp(-g * (mu - (opponent.rating - DEFAULT_RATING) / SCALE)))
        inverse_v += g * g * expected * (1.0 - expected)
        improvement += g * (score - expected)
    if inverse_v == 0.0:  # opponents so far away that every result was certain: nothing learnt
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v = 1.0 / inverse_v
    new_sigma = _volatility(phi, sigma, v * improvement, v, tau)
    phi_star2 = phi * phi + new_sigma * new_sigma
    new_phi = 1.0 / math.sqrt(1.0 / phi_star2 + inverse_v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + DEFAULT_RATING, new_phi * SCALE, new_sigma)


def rate_pair(a: Rating, b: Rating, score_a: float, tau: float = DEFAULT_TAU) -> tuple[Rating, Rating]:
    """Both sides of one game, each rated against the other as it was before: a puzzle attempt is the
    player (``a``) against the puzzle (``b``), ``score_a`` 1 when solved, 0 when missed."""
    return rate(a, [(b, score_a)], tau), rate(b, [(a, 1.0 - score_a)], tau)
