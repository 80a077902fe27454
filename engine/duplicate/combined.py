"""One ranking over several rooms that play the same duplicate game: a simultané.

A simultané is one game (the same draws, the same tops) played at the same time in several rooms, each with
its own arbitre and its own clock; the results are then put together into one ranking, as a federation does
with the results its clubs send in (``docs/duplicate.md``, "Simultanés"). Rooms may be at different rounds
while they play, so each player is measured against the tops of the rounds **their room** has closed.

- **total**: the sum of the player's play scores (0 for an invalid play or none) plus the simultané's solo
  bonuses; a room's own solo bonus is not counted (a solo is decided over the whole simultané);
- **solo**: a round's top found by exactly one player **across every room** that closed that round, when the
  simultané has at least ``solo_min_players`` players in those rooms (:func:`standings.solo_player`, the
  same rule as a room's, over more players);
- **négatif** and **% of the top**: against the sum of the tops of the rounds the player's room closed;
- players ranked by total, equal totals sharing a rank and listed by name (:func:`standings.rank_players`).

Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.duplicate.standings import negatif, percent_of_top, rank_players, solo_player


@dataclass(frozen=True)
class Play:
    """A player's judged play of one round in their room: ``score`` the play's own points (bonus aside)."""

    player: str
    round: int
    score: int


@dataclass(frozen=True)
class Solo:
    round: int
    player: str
    room: str


@dataclass(frozen=True)
class Line:
    """One line of the combined ranking."""

    rank: int
    player: str
    room: str
    total: int
    negatif: int
    percent: float
    solos: int
    rounds: int
    """How many rounds the player's room has closed (what the négatif and the % are measured on)."""


@dataclass(frozen=True)
class Combined:
    lines: list[Line]
    solos: list[Solo]


def combine(players: Mapping[str, str], closed: Mapping[str, Iterable[int]], plays: Iterable[Play],
            tops: Mapping[int, int], *, solo_bonus: int, solo_min_players: int) -> Combined:
    """The combined ranking.

    ``players`` maps each player to their room; ``closed`` each room to the round numbers it has closed;
    ``plays`` the judged plays of those rounds (a player without one scores 0 for the round); ``tops`` each
    round's top score. Plays of rounds a room has not closed, or of unknown players, are ignored."""
    closed_sets = {room: set(numbers) for room, numbers in closed.items()}
    scores: dict[int, dict[str, int]] = {}
    for room_numbers in closed_sets.values():
        for number in room_numbers:
            scores.setdefault(number, {})
    for player, room in players.items():  # everyone of a room that closed a round has a score for it
        for number in closed_sets.get(room, ()):
            scores[number][player] = 0
    for play in plays:
        player_room = players.get(play.player)
        if player_room is not None and play.round in closed_sets.get(player_room, ()):
            scores[play.round][play.player] = play.score
    totals = {player: 0 for player in players}
    for round_scores in scores.values():
        for player, score in round_scores.items():
            totals[player] += score
    solos: list[Solo] = []
    for number in sorted(scores):
        alone = solo_player(scores[number], tops.get(number, 0), min_players=solo_min_players)
        if alone is not None:
            solos.append(Solo(number, alone, players[alone]))
            totals[alone] += max(0, solo_bonus)
    solo_count: dict[str, int] = {}
    for solo in solos:
        solo_count[solo.player] = solo_count.get(solo.player, 0) + 1
    room_tops = {room: sum(tops.get(n, 0) for n in numbers) for room, numbers in closed_sets.items()}
    lines = []
    for standing in rank_players(totals, 0):  # the order and shared ranks; the columns per room below
        room = players[standing.player]
        tops_total = room_tops.get(room, 0)
        lines.append(Line(standing.rank, standing.player, room, standing.total,
                          negatif(standing.total, tops_total), percent_of_top(standing.total, tops_total),
                          solo_count.get(standing.player, 0), len(closed_sets.get(room, ()))))
    return Combined(lines, solos)
