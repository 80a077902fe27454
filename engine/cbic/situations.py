"""Training situations: the position just before a revision word was placed, and its tops.

Why: the learner is shown the board as it was, with the rack the word needs, and must find the word
through its support letter; afterwards the move generator's best plays of that same situation show
"your word" next to "the top". The expected play is re-validated here by :mod:`engine.scrabble.scoring` (an
independent statement of the rules) and looked up among the move generator's plays, so a
situation that is not a legal, findable play can never be handed out silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cbic.state import Placement, Step
from engine.scrabble.board import Board
from engine.scrabble.cgp import Position
from engine.scrabble.movegen import ranked_top
from engine.scrabble.scoring import IllegalPlay, Move, validate_placement


class SituationError(RuntimeError):
    """An internal inconsistency: a constructed play that the rules refuse (a bug, never bad input)."""


@dataclass(frozen=True)
class Situation:
    """The position before the play (rack = the word minus its support letter) and what to find."""

    position: Position
    expected: Move
    top: tuple[Move, ...]
    expected_rank: int | None
    move_count: int | None

    @property
    def cgp(self) -> str:
        return self.position.to_cgp()

    @property
    def rack(self) -> str:
        return self.position.rack

    def to_json(self, style: str = "fr") -> dict[str, Any]:
        expected_key = _key(self.expected)
        return {
            "cgp": self.cgp,
            "rack": self.rack,
            "top": [{**m.to_json(style), "expected": _key(m) == expected_key} for m in self.top],
            "expected": self.expected.to_json(style),
            "expected_rank": self.expected_rank,
            "moves": self.move_count,
        }


def _key(move: Move) -> tuple[int, int, str, str]:
    return move.row, move.col, move.dir, move.word


def training_rack(placement: Placement) -> str:
    """The rack shown: the new tiles sorted alphabetically, blanks (``?``) last, so it gives no hint."""
    return placement.sorted_rack


def build_situation(lexicon: Any, step: Step, top_n: int, ops: dict[str, str] | None = None) -> Situation:
    """The situation of one revision step; ``top_n = 0`` skips the move generation (no tops, no rank)."""
    placement = step.placement
    position = Position(Board(list(step.before)), (training_rack(placement), ""), ops=dict(ops or {}))
    try:
        expected = validate_placement(lexicon, position, list(placement.tiles))
    except IllegalPlay as exc:
        raise SituationError(f"{placement.word} at ({placement.row}, {placement.col}) {placement.dir}: "
                             f"refused by the rules: {exc.reason}") from None
    if _key(expected)[:3] != (placement.row, placement.col, placement.dir) or \
            expected.word.upper() != placement.word or expected.score != placement.score:
        raise SituationError(f"{placement.word}: the rules read the play as {expected.word} at "
                             f"{expected.coord} for {expected.score}, not as constructed")
    if top_n <= 0:
        return Situation(position, expected, (), None, None)
    top, rank, count = ranked_top(lexicon, position, top_n, expected)
    return Situation(position, expected, tuple(top), rank, count)
