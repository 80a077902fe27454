"""A duplicate game as a record file holds it: racks as announced, the play of each round and its points.

A record says nothing about how the game was made: it is what a game sheet, Eliot or a GCG file writes. The
readers (:mod:`.eliot_text`, :mod:`.eliot_xml`, :mod:`.gcg`) turn text into a :class:`GameRecord` and refuse
malformed text with :class:`RecordError` (the line and the reason); :mod:`.replay` checks every round on the
board; the writers turn a record back into text. Reading what a writer wrote gives the same record.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.duplicate.draws import CLASSIC
from engine.duplicate.game import announced_rack


class RecordError(ValueError):
    """A record that cannot be read or does not replay. ``line`` is the 1-based line of the file (0 when
    the problem is the file as a whole), ``reason`` says what is wrong in words."""

    def __init__(self, line: int, reason: str, code: str = "", **params: object) -> None:
        self.line = line
        self.reason = reason
        self.code = code
        """A stable key for the most common refusals (``points``, ``does_not_fit``, ``too_many_tiles``,
        ``kept``, ``header``, ``total``), with ``params`` for a translated message; "" for the others."""
        self.params = params
        super().__init__(f"line {line}: {reason}" if line else reason)


@dataclass(frozen=True)
class PlayerPlay:
    """A player's play in a round (Eliot's XML keeps them): a word at a coordinate and its points, or
    nothing (``word`` empty: no play, 0 points)."""

    word: str = ""
    coord: str = ""
    points: int = 0


@dataclass
class RecordRound:
    """One round: the rack as announced (letters kept + letters drawn; ``rejected`` when the last draw was
    put back), the play placed on the board (``word`` whole, played-through letters included, blanks in
    lower case; ``coord`` in French notation) and the points the file gives it."""

    kept: str
    drawn: str
    word: str
    coord: str
    points: int
    rejected: bool = False
    bingo: bool | None = False
    """``*`` on the line; None when the file does not say (XML, GCG): the replay sets it from the tiles."""
    player: PlayerPlay | None = None
    line: int = field(default=0, compare=False)
    split_known: bool = field(default=True, compare=False)
    """False when the file gives the rack as plain letters (GCG): the replay splits it into the letters the
    last play left and the new ones."""

    @property
    def rack(self) -> str:
        return self.kept + self.drawn


@dataclass
class GameRecord:
    """A whole duplicate game as a record: the language, the lexicon named by the file (free text), the
    variant, the rounds, the rack left at the end and, when the file has one, the player whose plays it
    keeps."""

    rounds: list[RecordRound] = field(default_factory=list)
    language: str = "fr"
    lexicon: str | None = None
    variant: str = CLASSIC
    final_rack: str = ""
    player_name: str | None = None
    final_line: int = field(default=0, compare=False)
    stated_total: int | None = field(default=None, compare=False)
    """The total the file writes (Eliot's ``total`` line): the replay checks it once every round replays."""
    total_line: int = field(default=0, compare=False)

    @property
    def total(self) -> int:
        return sum(r.points for r in self.rounds)


def parse_rack(text: str, line: int) -> tuple[str, str, bool]:
    """An announced rack (``EEEL+IJX``, ``-?PITMLI``, ``ABCDEFG``) as ``(kept, drawn, rejected)``; without
    ``+`` every letter is new (the replay reads a rack equal to the letters left as kept, the end of the
    bag). Letters are upper case, ``?`` is a blank."""
    raw = text.strip()
    rejected = raw.startswith("-")
    body = raw[1:] if rejected else raw
    if body.count("+") > 1:
        raise RecordError(line, f"rack {raw!r}: at most one '+' between the letters kept and the new ones")
    kept, _plus, drawn = body.partition("+") if "+" in body else ("", "", body)
    for ch in kept + drawn:
        if not (ch == "?" or ("A" <= ch <= "Z")):
            raise RecordError(line, f"rack {raw!r}: {ch!r} is not a tile (letters A-Z, ? for a blank)")
    if not kept + drawn:
        raise RecordError(line, f"rack {raw!r} holds no tile")
    return kept, drawn, rejected


def format_rack(kept: str, drawn: str, rejected: bool) -> str:
    """The rack as announced: see :func:`engine.duplicate.game.announced_rack`."""
    return announced_rack(kept, drawn, rejected)
