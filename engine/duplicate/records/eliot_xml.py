"""Eliot's XML save files (format 2: what current Eliot opens and writes), for duplicate games.

Learnt from Eliot's ``game/xml_writer.cpp`` and ``game/xml_reader.cpp`` (public repository ``cjlano/eliot``);
the code here is Tirage's own. The parts Tirage reads and writes::

    <?xml version="1.0" encoding="UTF-8"?>
    <EliotGame format="2">
        <Dictionary><Name>ODS9</Name><Type>dawg</Type><Letters>A B ... Z ?</Letters><WordNb>N</WordNb></Dictionary>
        <Game><Mode>duplicate</Mode>[<Variant>bingo</Variant>]<Player id="0">...</Player><Turns>N</Turns></Game>
        <History>
            <Turn>
                <GameRack>EEEL+IJX</GameRack>                       the rack as announced ('-' first: rejected)
                <PlayerRack playerId="0">EEEL+IJX</PlayerRack>
                <PlayerMove playerId="0" points="12" type="valid" word="JEU" coord="4F" />
                <MasterMove points="54" type="valid" word="EXIlE" coord="H4" />
                <GameMove points="54" type="valid" word="EXIlE" coord="H4" />   the play put on the board
            </Turn>
            <Turn><GameRack>R</GameRack></Turn>                    the rack left at the end (no move)
        </History>
    </EliotGame>

Eliot calls its joker variant ``bingo`` in the file. ``word`` is the whole word (blanks in lower case),
``coord`` French notation. Eliot checks ``Letters`` and ``WordNb`` against the dictionary it has loaded, so
a file opens in Eliot with the dictionary of the same name and word count. The statistics block Eliot writes
is informative; Tirage writes it and ignores it when reading.

The reader refuses (with the line) any document type declaration or entity, a format other than 2, a mode
other than duplicate, training or arbitration, a variant Tirage does not play (explosive, 7among8), a turn
whose game move is not a play.
"""

from __future__ import annotations

from typing import Any
from xml.parsers import expat

from engine.alphabet import get_alphabet
from engine.duplicate.draws import CLASSIC, JOKER
from engine.duplicate.records.model import (
    GameRecord,
    PlayerPlay,
    RecordError,
    RecordRound,
    format_rack,
    parse_rack,
)

FORMAT = "2"
MODES = ("duplicate", "training", "arbitration")


class _Reader:
    def __init__(self) -> None:
        self.parser = expat.ParserCreate("UTF-8")
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.CharacterDataHandler = self.chars
        self.parser.StartDoctypeDeclHandler = self.forbidden
        self.parser.EntityDeclHandler = self.forbidden
        self.stack: list[str] = []
        self.text = ""
        self.record = GameRecord()
        self.player_id: str | None = None
        self.player_attrs: dict[str, str] = {}
        self.turn: dict[str, Any] | None = None
        self.turns: list[dict[str, Any]] = []  # values: a rack (text, line), a game move (dict), a line

    @property
    def line(self) -> int:
        return int(self.parser.CurrentLineNumber)

    def fail(self, code: str, **params: object) -> RecordError:
        return RecordError(self.line, code, **params)

    def forbidden(self, *_args: object) -> None:
        raise self.fail("xml_doctype")

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        parent = self.stack[-1] if self.stack else None
        self.stack.append(tag)
        self.text = ""
        if parent is None:
            if tag != "EliotGame":
                raise self.fail("xml_root", tag=tag[:40])
            if attrs.get("format") != FORMAT:
                raise self.fail("xml_format", format=str(attrs.get("format", ""))[:20])
        elif tag == "Player" and parent == "Game":
            self.player_attrs = {"id": attrs.get("id", "")}
        elif tag == "Turn":
            self.turn = {"line": self.line}
        elif tag in ("GameRack", "PlayerRack"):
            self.player_attrs["rack_player"] = attrs.get("playerId", attrs.get("playerid", ""))
        elif tag in ("GameMove", "PlayerMove", "MasterMove") and self.turn is not None:
            move = dict(attrs)
            move["line"] = str(self.line)
            if tag == "PlayerMove":
                pid = attrs.get("playerId", attrs.get("playerid", ""))
                if pid == self.player_id:
                    self.turn["player"] = move
            else:
                self.turn[tag] = move

    def chars(self, data: str) -> None:
        self.text += data

    def end(self, tag: str) -> None:
        self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        value = self.text.strip()
        if parent == "Dictionary" and tag == "Name":
            self.record.lexicon = value or None
        elif parent == "Game" and tag == "Mode":
            if value not in MODES:
                raise self.fail("xml_mode", mode=value[:40])
        elif parent == "Game" and tag == "Variant":
            if value == "bingo":
                self.record.variant = JOKER
            elif value:
                raise self.fail("xml_variant", variant=value[:40])
        elif parent == "Player" and tag in ("Name", "Type"):
            self.player_attrs[tag] = value
        elif tag == "Player" and parent == "Game":
            if self.player_id is None and self.player_attrs.get("Type", "human") == "human":
                self.player_id = self.player_attrs.get("id", "")
                self.record.player_name = self.player_attrs.get("Name") or None
        elif tag == "GameRack" and self.turn is not None:
            self.turn["rack"] = (value, self.line)
        elif tag == "Turn" and self.turn is not None:
            self.turns.append(self.turn)
            self.turn = None


def read(text: str) -> GameRecord:
    """Read an Eliot XML save file; :class:`RecordError` with the line and the reason when malformed."""
    reader = _Reader()
    try:
        reader.parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as exc:
        raise RecordError(exc.lineno, "xml_malformed", error=expat.ErrorString(exc.code)) from None
    record = reader.record
    for index, turn in enumerate(reader.turns):
        rack_item = turn.get("rack")
        game_move = turn.get("GameMove")
        if game_move is None:
            if index == len(reader.turns) - 1 and rack_item is not None:
                value, line = rack_item
                kept, drawn, _rejected = parse_rack(value, line)
                record.final_rack, record.final_line = kept + drawn, line
                continue
            if rack_item is None:
                continue
            raise RecordError(int(turn["line"]), "xml_rack_without_move")
        assert isinstance(game_move, dict)
        line = int(game_move["line"])
        if rack_item is None:
            raise RecordError(line, "xml_move_without_rack")
        value, rack_line = rack_item
        kept, drawn, rejected = parse_rack(value, rack_line)
        if game_move.get("type") != "valid":
            raise RecordError(line, "xml_move_type", type=str(game_move.get("type", ""))[:20])
        word, coord, points = _play(game_move, line)
        player = None
        if "player" in turn:
            player_move = turn["player"]
            assert isinstance(player_move, dict)
            if player_move.get("type") == "valid":
                p_word, p_coord, p_points = _play(player_move, int(player_move["line"]))
                player = PlayerPlay(p_word, p_coord, p_points)
            else:
                player = PlayerPlay(points=_points(player_move, int(player_move["line"])))
        record.rounds.append(RecordRound(kept, drawn, word, coord, points, rejected,
                                         bingo=None, player=player, line=line))
    if not record.rounds:
        raise RecordError(0, "no_round")
    return record


def _points(move: dict[str, str], line: int) -> int:
    raw = move.get("points", "0")
    try:
        return int(raw)
    except ValueError:
        raise RecordError(line, "xml_points", points=raw[:20]) from None


def _play(move: dict[str, str], line: int) -> tuple[str, str, int]:
    word, coord = move.get("word", ""), move.get("coord", "")
    if not word or not word.isalpha() or not word.isascii():
        raise RecordError(line, "word_letters", word=word[:40])
    if not coord:
        raise RecordError(line, "xml_coord_missing")
    return word, coord.upper(), _points(move, line)


def write(record: GameRecord, *, word_count: int | None = None, **_options: object) -> str:
    """The game as an Eliot save file (Eliot opens it with the dictionary of the same name and word count)."""
    # Imported here: xml.sax.saxutils imports urllib.request (http, email...), milliseconds that every
    # `python -m engine duplicate` paid at start-up for a writer it rarely uses.
    from xml.sax.saxutils import escape, quoteattr

    alphabet = get_alphabet(record.language)
    letters = " ".join(list(alphabet.letters) + ["?"])
    name = record.player_name or "Tirage"
    out = ['<?xml version="1.0" encoding="UTF-8"?>', f'<EliotGame format="{FORMAT}">', "    <Dictionary>",
           f"        <Name>{escape(record.lexicon or '')}</Name>", "        <Type>dawg</Type>",
           f"        <Letters>{letters}</Letters>", f"        <WordNb>{word_count or 0}</WordNb>", "    </Dictionary>",
           "    <Game>", "        <Mode>duplicate</Mode>"]
    if record.variant == JOKER:
        out.append("        <Variant>bingo</Variant>")
    elif record.variant != CLASSIC:
        raise RecordError(0, "xml_variant_name", variant=record.variant)
    out += ['        <Player id="0">', f"            <Name>{escape(name)}</Name>", "            <Type>human</Type>",
            "            <TableNb>0</TableNb>", "        </Player>",
            f"        <Turns>{len(record.rounds) + (1 if record.final_rack else 0)}</Turns>", "    </Game>",
            "    <History>"]
    player_total = 0
    for rnd in record.rounds:
        rack = format_rack(rnd.kept, rnd.drawn, rnd.rejected)
        out += ["        <Turn>", f"            <GameRack>{escape(rack)}</GameRack>",
                f'            <PlayerRack playerId="0">{escape(rack)}</PlayerRack>']
        if rnd.player is not None:
            if rnd.player.word:
                out.append(f'            <PlayerMove playerId="0" points="{rnd.player.points}" type="valid" '
                           f'word={quoteattr(rnd.player.word)} coord={quoteattr(rnd.player.coord)} />')
            else:
                out.append(f'            <PlayerMove playerId="0" points="{rnd.player.points}" type="none" />')
            player_total += rnd.player.points
        play = f'points="{rnd.points}" type="valid" word={quoteattr(rnd.word)} coord={quoteattr(rnd.coord)}'
        out += [f"            <MasterMove {play} />", f"            <GameMove {play} />", "        </Turn>"]
    if record.final_rack:
        out += ["        <Turn>", f"            <GameRack>{escape(record.final_rack)}</GameRack>",
                f'            <PlayerRack playerId="0">{escape(record.final_rack)}</PlayerRack>', "        </Turn>"]
    total = record.total
    percent = round(100 * player_total / total) if total else 0
    out += ["    </History>",
            "    <!-- These statistics are simply informative, they are not used when loading a game. -->",
            "    <Statistics>", f'        <GameStats totalScore="{total}" />',
            f'        <PlayerStats playerId="0" rawScore="{player_total}" warningsNb="0" penaltiesPoints="0" '
            f'solosPoints="0" totalScore="{player_total}" diffWithTop="{player_total - total}" '
            f'percentTop="{percent}%" rank="1" />',
            "    </Statistics>", "</EliotGame>"]
    return "\n".join(out) + "\n"
