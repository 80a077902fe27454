"""The seed's unified placement score, with every weight in ONE dataclass.

Why one formula: the seed replaced a pile of ad-hoc rules by a single weighted sum, so tuning is a
matter of numbers in :class:`Weights`, never of code. The components (all computed for one candidate
placement on the current grid):

* ``base``: the play's Scrabble score (the seed's POIDS_SCORE_BASE);
* ``cross_words``: perpendicular words the new tiles form (POIDS_MOTS_CROISES);
* ``support``: remaining revision words whose support letter one of the new tiles offers, with room
  on the board for that word across it (the seed's BONUS_LETTRE_APPUI, read forward: every revision
  word is placed through its support, so what matters is supplying the *next* words' supports);
* ``density``: occupied squares around the new tiles, per new tile (POIDS_DENSITE);
* ``centrality``: mean distance of the new tiles from the centre (POIDS_CENTRALITE; a negative
  weight pulls the words towards the centre);
* ``connections``: words the placement touches (POIDS_CONNEXIONS).

A small seeded random ``jitter`` breaks ties differently per seed and per restart.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cbic.state import GridState, Placement
from engine.scrabble.board import SIZE

_NEIGHBOURS = tuple((a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b)


@dataclass(frozen=True)
class Weights:
    """The weights of :func:`unified_score`, all in one place.

    The defaults re-sign the seed's for room rather than compactness (crowding and accidental
    cross-words cost, supplying the next words' support letters pays). ``bench/cbic.py`` showed the
    share of sets placed insensitive to them over wide ranges: the look-ahead (``mobility``) and the
    helper words matter more. :data:`SEED_WEIGHTS` are the seed's own values.
    """

    base: float = 0.05
    cross_words: float = -3.0
    support: float = 10.0
    density: float = -4.0
    centrality: float = -1.0
    connections: float = 0.0
    jitter: float = 2.0
    mobility: float = 10.0
    """Look-ahead (generator): per unit of sum(log(1 + placements)) left to the other words."""
    top: float = 60.0
    """Generator: a placement that scores the top of its board for its rack (no other play of those tiles
    scores more), so that the situation's word to find is also its top. One move generation per search
    node (:meth:`engine.cbic.generator.Builder.top_bonus`); 0 turns it off."""


SEED_WEIGHTS = Weights(base=1.0, cross_words=1.5, support=50.0, density=20.0, centrality=-0.1,
                       connections=30.0, jitter=0.0, mobility=0.0, top=0.0)
"""The seed document's weights (POIDS_* constants), used by the baseline in the benchmark."""

Demand = tuple[tuple[int, tuple[tuple[int, str], ...]], ...]
"""Remaining revision words as ``(length, ((support index, letter), ...))``."""


def support_supply(state: GridState, placement: Placement, demand: Demand) -> int:
    """How many remaining words could cross one of the new tiles at their support letter.

    A word crossing a new tile runs perpendicular to the placement; it needs ``i`` squares before the
    tile and ``n - 1 - i`` after it, empty on the board now, and free squares at both ends (later
    tiles and cross-words may still block it: this is a cheap look-ahead, not a promise).
    """
    cells = state.cells
    across = placement.dir == "V"  # the future word runs across when the placement runs down
    step = 1 if across else SIZE
    count = 0
    for n, options in demand:
        found = False
        for r, c, tile in placement.tiles:
            p = c if across else r
            here = r * SIZE + c
            letter = tile.upper()
            for i, wanted in options:
                if wanted != letter or p - i < 0 or p + n - 1 - i >= SIZE:
                    continue
                first = here - i * step
                if (p - i > 0 and cells[first - step]) or (p + n - i < SIZE and cells[first + n * step]):
                    continue
                if any(cells[first + k * step] for k in range(n) if k != i):
                    continue
                found = True
                break
            if found:
                break
        count += found
    return count


def density(state: GridState, placement: Placement) -> float:
    """Occupied squares (before the play) in the 8 neighbours of each new tile, per new tile."""
    cells = state.cells
    total = 0
    for r, c, _ in placement.tiles:
        for a, b in _NEIGHBOURS:
            rr, cc = r + a, c + b
            if 0 <= rr < SIZE and 0 <= cc < SIZE and cells[rr * SIZE + cc]:
                total += 1
    return total / len(placement.tiles)


def centre_distance(placement: Placement) -> float:
    """Mean Chebyshev distance of the new tiles from the centre square."""
    return sum(max(abs(r - 7), abs(c - 7)) for r, c, _ in placement.tiles) / len(placement.tiles)


def unified_score(state: GridState, placement: Placement, demand: Demand, weights: Weights,
                  noise: float = 0.0) -> float:
    """The weighted sum of the components above; ``noise`` in [0, 1) is scaled by ``weights.jitter``."""
    w = weights
    score = w.base * placement.score + w.cross_words * len(placement.cross_words)
    if w.support:
        score += w.support * support_supply(state, placement, demand)
    if w.density:
        score += w.density * density(state, placement)
    if w.centrality:
        score += w.centrality * centre_distance(placement)
    if w.connections:
        score += w.connections * len(placement.touched)
    return score + w.jitter * noise
