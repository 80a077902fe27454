"""Standings of a duplicate game as French clubs read them: négatif, % of the top, sous-top, solos, ranks.

Every mode that ranks duplicate players (solo and shared games, live rooms, simultanés, imported games)
computes its columns here, so a "négatif" or a "solo" means the same thing on every page, API and export.

Vocabulary (French duplicate practice, see ``docs/duplicate.md``):

- **top**: the best score of a round; the sum of the tops is 100 % of a game;
- **négatif**: a player's total minus the sum of the tops (0 for a player who found every top, below 0
  otherwise); clubs rank and compare players by it;
- **sous-top**: the best score of a round below the top;
- **solo**: a top found by exactly one player of the room (only counted when the room is large enough,
  and optionally worth a bonus: both are room settings).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


def negatif(total: int, tops_total: int) -> int:
    """A player's total minus the sum of the tops: 0 when every top was found, negative otherwise."""
    return total - tops_total


def percent_of_top(total: int, tops_total: int) -> float:
    """A player's total as a share of the sum of the tops (0.0 when there is no top yet)."""
    return 100.0 * total / tops_total if tops_total > 0 else 0.0


def sous_top(scores: Iterable[int], top: int) -> int | None:
    """The best of ``scores`` strictly below ``top`` (None when none is below it)."""
    below = [s for s in scores if s < top]
    return max(below) if below else None


def solo_player(round_scores: Mapping[str, int], top: int, *, min_players: int = 0) -> str | None:
    """The player who alone found the top of a round, or None.

    ``round_scores`` maps each player of the room to the score of their play this round (0 for no play or
    an invalid one). A solo needs at least ``min_players`` players in the room and a top above 0.
    """
    if top <= 0 or len(round_scores) < max(min_players, 2):
        return None
    found = [player for player, score in round_scores.items() if score >= top]
    return found[0] if len(found) == 1 else None


@dataclass(frozen=True)
class Standing:
    """One line of a ranking."""

    rank: int
    player: str
    total: int
    negatif: int
    percent: float


def rank_players(totals: Mapping[str, int], tops_total: int) -> list[Standing]:
    """Players ranked by total, highest first; equal totals share a rank ("1, 2, 2, 4"), listed by name."""
    ordered = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    standings: list[Standing] = []
    for index, (player, total) in enumerate(ordered):
        rank = standings[-1].rank if standings and standings[-1].total == total else index + 1
        standings.append(Standing(rank, player, total, negatif(total, tops_total),
                                  percent_of_top(total, tops_total)))
    return standings
