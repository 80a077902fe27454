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

REASONS: dict[str, str] = {
    # the file as a whole
    "unknown_format": "unknown format {format!r}; expected one of {formats}",
    "unknown_variant": "unknown variant {variant!r}; expected one of {variants}",
    "unknown_language": "unknown language {language!r}",
    "language_mismatch": "the file is a {file} game, the lexicon is {lexicon}",
    "empty": "the file is empty",
    "no_round": "the file holds no round",
    # racks
    "rack_plus": "rack {rack!r}: at most one '+' between the letters kept and the new ones",
    "rack_tile": "rack {rack!r}: {char!r} is not a tile (letters A-Z, ? for a blank)",
    "rack_empty": "rack {rack!r} holds no tile",
    # a round on the board
    "not_a_tile": "round {round}: {char!r} in the rack {rack!r} is not a tile of the {language} bag",
    "rack_size": "round {round}: a rack holds 1 to {max} tiles, {rack!r} has {count}",
    "rejected_kept": "round {round}: after a rejected draw the rack is drawn whole, it keeps no letter ({kept}+{drawn})",
    "kept": "round {round}: the rack keeps {kept!r} but the last play left {left!r} (write the letters kept before "
            "'+', or '-' before a rejected draw)",
    "too_many_tiles": "round {round}: {count} {tile!r} tiles between the board and the rack {rack!r}, the bag holds "
                      "{limit}",
    "bad_coord": "round {round}: coordinate {coord!r}: expected a row letter A-O and a column number 1-15, such as H4 "
                 "or 4H",
    "dot_empty": "round {round}: {word} {coord}: a '.' stands for a tile on the board, but that square is empty",
    "does_not_fit": "round {round}: {word} {coord} does not fit the board and the rack {rack}: {why}",
    "points": "round {round}: {word} {coord} is written for {written} points but scores {scores} on the board",
    "bingo_marked": "round {round}: the line marks a bingo (*) but {word} puts down {tiles} tiles",
    "bingo_unmarked": "round {round}: the line does not mark the bingo (*) but {word} puts down {tiles} tiles",
    "player_bad_coord": "round {round}: the player's play: coordinate {coord!r} cannot be read",
    "player_does_not_fit": "round {round}: the player's play {word} {coord} does not fit the board and the rack "
                           "{rack}: {why}",
    "player_points": "round {round}: the player's play {word} {coord} is written for {written} points but scores "
                     "{scores} on the board",
    "total": "the total line says {written}, the rounds add up to {total}",
    "final_rack": "the rack left at the end is {rack!r} but the last play left {left!r}",
    # Eliot's plain text
    "header": "the first line must be 'Eliot' (Eliot's game format), not {found!r}",
    "eliot_saved_format": "Eliot's saved-game format {version!r} is not read here: open the game in Eliot and save it "
                          "again (XML), or write it in the plain-text format",
    "after_total": "nothing may follow the total line, found {found!r}",
    "total_form": "the total line is 'total' and a number",
    "round_after_end": "a round follows the rack left at the end",
    "final_rack_form": "the rack left at the end is plain letters, not {rack!r}",
    "round_form": "a round is: rack, word, '*' for a bingo, points, coordinate",
    "word_letters": "word {word!r}: letters only (blanks in lower case)",
    "points_number": "points: expected a number after the word, found {found!r}",
    "coord_form": "coordinate {coord!r}: a row letter A-O and a column number 1-15",
    "coord_missing": "coordinate: expected it after the points, found {found!r}",
    # Eliot's XML
    "xml_malformed": "not well-formed XML: {error}",
    "xml_doctype": "document type declarations and entities are not allowed in a game file",
    "xml_root": "the root element is <{tag}>, an Eliot game file starts with <EliotGame>",
    "xml_format": "format {format!r}: Tirage reads Eliot's save format 2",
    "xml_mode": "mode {mode!r}: Tirage reads duplicate games (duplicate, training, arbitration)",
    "xml_variant": "variant {variant!r}: Tirage plays the classic and the joker ('bingo') variants",
    "xml_variant_name": "variant {variant!r} has no Eliot name",
    "xml_rack_without_move": "a turn has a rack but no game move (only the last turn may)",
    "xml_move_without_rack": "a turn has a game move but no <GameRack>",
    "xml_move_type": "the game move is {type!r}: in duplicate every turn puts a play on the board",
    "xml_points": "points {points!r}: expected a whole number",
    "xml_coord_missing": "a play needs a coord attribute",
    # GCG
    "gcg_line": "a GCG line starts with '#' (pragma) or '>' (move), not {found!r}",
    "gcg_move_form": "a move line is '>Player: RACK COORD WORD +POINTS TOTAL' (or an exchange '-LETTERS', a pass "
                     "'-', a withdrawn play '--', end-of-game points '(LETTERS)')",
    "gcg_coord": "coordinate {coord!r}: expected a row number 1-15 and a column letter A-O, such as 8D or D8",
    "gcg_word": "word {word!r}: letters, '.' for a letter on the board, blanks in lower case",
    "gcg_running_total": "the running total of {player} is written {written}, the points add up to {total}",
    "gcg_language_late": "the language note must come before the first move",
    "gcg_players": "a game of {count} players ({players}): Tirage reads the games of one or two players",
    "gcg_withdrawn": "'--' takes back the play just before it, but the turn before is not a play of {player}",
    "gcg_exchange": "exchange {letters!r}: the rack {rack!r} does not hold these letters",
}
"""Every refusal of a record, by its stable code: the English text the engine and the command line show, with
``{name}`` the refusal's ``params``. The web app says the same in the user's language from the code and the
params (``training.duplicate.services.record_refusal``), never from this text."""


class RecordError(ValueError):
    """A record that cannot be read or does not replay. ``line`` is the 1-based line of the file (0 when
    the problem is the file as a whole); ``code`` is a key of :data:`REASONS` and ``params`` what its text
    needs (JSON values only: line numbers, words, racks, points, the play refusal's code); ``reason`` is the
    English text."""

    def __init__(self, line: int, code: str, **params: object) -> None:
        self.line = line
        self.code = code
        self.params = params
        self.reason = REASONS[code].format(**params)
        super().__init__(f"line {line}: {self.reason}" if line else self.reason)


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
    mover: str = ""
    """The player who made the play, in a two-player game (GCG's nick); "" in a duplicate record."""

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
    players: list[tuple[str, str]] = field(default_factory=list)
    """A two-player game's players (nick, name) in the file's order; empty for a duplicate record."""
    free_racks: bool = False
    """The racks are each mover's as played (a two-player game, or a game with passes or exchanges), not
    duplicate draws: the replay does not ask a rack to keep the letters the last play left."""

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
        raise RecordError(line, "rack_plus", rack=raw)
    kept, _plus, drawn = body.partition("+") if "+" in body else ("", "", body)
    for ch in kept + drawn:
        if not (ch == "?" or ("A" <= ch <= "Z")):
            raise RecordError(line, "rack_tile", rack=raw, char=ch)
    if not kept + drawn:
        raise RecordError(line, "rack_empty", rack=raw)
    return kept, drawn, rejected


def format_rack(kept: str, drawn: str, rejected: bool) -> str:
    """The rack as announced: see :func:`engine.duplicate.game.announced_rack`."""
    return announced_rack(kept, drawn, rejected)
