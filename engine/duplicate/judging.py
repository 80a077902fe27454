"""Judging a round's bulletins as an arbitre does at the close of a live duplicate round.

Every player hands in one bulletin (a coordinate and a word, or nothing). At the close:

- each **distinct** (coordinate, word) is judged **once** against the round's position with the engine's play
  validation (:func:`engine.scrabble.scoring.validate_play`): hundreds of players mostly send the same few
  plays, so the cost of a close is the number of distinct plays, not of players;
- an invalid, misplaced or unconnected play scores **0** and keeps the engine's reason code (``invalid_word``,
  ``not_connected``, ``not_in_rack``...); a bulletin received after the deadline (``late``) scores 0 with the
  reason ``late``; a player without a bulletin scores 0 with the reason ``none``;
- the **solo** of the round (:func:`engine.duplicate.standings.solo_player`): the top found by exactly one
  player, in a room of at least ``solo_min_players``; it earns ``solo_bonus`` points (both room settings; the
  defaults, 10 points from 16 players, are the values Eliot's arbitration mode gives as the ODS's, see
  ``docs/duplicate.md``).

Pure Python: no Django. The words are expected as the engine writes them (upper case, blanks in lower case).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.duplicate.standings import solo_player
from engine.scrabble.scoring import IllegalPlay, validate_play

SOLO_BONUS = 10
"""Points a solo earns by default (Eliot's ``arbitration.solo-value``, "10 is the ODS value")."""
SOLO_MIN_PLAYERS = 16
"""Players a room needs by default for a solo to count (Eliot's ``arbitration.solo-players``, "16 is the ODS
value")."""

LATE = "late"
NONE = "none"


@dataclass(frozen=True)
class Bulletin:
    """A player's bulletin as received: ``coord`` and ``word`` empty for none; ``late`` after the deadline."""

    player: str
    coord: str = ""
    word: str = ""
    late: bool = False


@dataclass(frozen=True)
class Verdict:
    """The judgement of one distinct (coordinate, word): the move when valid, else the engine's reason."""

    coord: str
    word: str
    valid: bool
    score: int
    move: Any = None
    reason: str = ""
    """The engine's stable code (``invalid_word``, ``not_connected``...), empty when valid."""
    message: str = ""
    """The engine's words for the reason (English; pages translate by ``reason``)."""
    words: tuple[str, ...] = ()
    """For ``invalid_word``: the words not in the lexicon."""


@dataclass(frozen=True)
class Result:
    """One player's outcome of the round."""

    player: str
    coord: str
    word: str
    score: int
    """The points the play earns this round (0 when invalid, late or none), the solo bonus aside."""
    valid: bool
    reason: str
    bonus: int = 0
    solo: bool = False
    move: Any = None

    @property
    def points(self) -> int:
        """What the round adds to the player's total: the play's score and the solo bonus."""
        return self.score + self.bonus


@dataclass
class RoundJudgement:
    results: list[Result]
    top_score: int
    solo: str | None
    verdicts: dict[tuple[str, str], Verdict] = field(default_factory=dict)

    @property
    def distinct_plays(self) -> int:
        return len(self.verdicts)

    def by_player(self) -> dict[str, Result]:
        return {r.player: r for r in self.results}


def judge_play(lexicon: Any, position: Any, coord: str, word: str, style: str = "fr") -> Verdict:
    """Judge one play against the position (the engine's validation, nothing else)."""
    try:
        move = validate_play(lexicon, position, coord, word, style)
    except IllegalPlay as exc:
        return Verdict(coord, word, False, 0, None, exc.code, exc.reason, tuple(exc.words))
    return Verdict(coord, word, True, int(move.score), move)


def judge_round(lexicon: Any, position: Any, bulletins: Iterable[Bulletin], top_score: int, *,
                solo_bonus: int = SOLO_BONUS, solo_min_players: int = SOLO_MIN_PLAYERS, style: str = "fr",
                cache: Mapping[tuple[str, str], Verdict] | None = None) -> RoundJudgement:
    """Score every bulletin of a round (one per player: give the last one received), judging each distinct
    play once. ``top_score`` is the round's top (a valid play can never exceed it on the same position).

    ``cache``: verdicts already known for this position (judged earlier), reused as they are."""
    verdicts: dict[tuple[str, str], Verdict] = dict(cache or {})
    results: list[Result] = []
    for bulletin in bulletins:
        coord, word = (bulletin.coord or "").strip(), (bulletin.word or "").strip()
        if not coord or not word:
            results.append(Result(bulletin.player, coord, word, 0, False, NONE))
            continue
        key = (coord, word)
        verdict = verdicts.get(key)
        if verdict is None:
            verdict = verdicts[key] = judge_play(lexicon, position, coord, word, style)
        if bulletin.late:
            results.append(Result(bulletin.player, coord, word, 0, verdict.valid, LATE, move=verdict.move))
        elif verdict.valid:
            results.append(Result(bulletin.player, coord, word, verdict.score, True, "", move=verdict.move))
        else:
            results.append(Result(bulletin.player, coord, word, 0, False, verdict.reason))
    scores = {r.player: r.score for r in results}
    solo = solo_player(scores, top_score, min_players=solo_min_players)
    if solo is not None:
        results = [Result(r.player, r.coord, r.word, r.score, r.valid, r.reason, max(0, solo_bonus), True, r.move)
                   if r.player == solo else r for r in results]
    return RoundJudgement(results, top_score, solo, verdicts)
