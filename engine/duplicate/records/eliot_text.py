"""Eliot's plain-text game format, still the common way a duplicate game is written out.

The layout (learnt from the games in Eliot's repository history, ``test/fumee`` and ``test/hutte``)::

    Eliot

       EUOFMIE     FUMEE              26  H  4
       IO+EOKAN    KIMONO             38  6  F
       A+EAVSLS    LAVASSE         *  86 10  H
       R

       total                        1023

- the first line is ``Eliot``;
- one line per round: the rack as announced (letters kept, ``+``, new letters; ``-`` first after a rejected
  draw; ``?`` a blank), the word (whole, blanks in lower case), ``*`` for a bingo, the points, the
  coordinate in French notation written in two fields (``H  4`` across = row H column 4, ``6  F`` down =
  column 6 row F; ``H4`` in one field is read too);
- an optional line with the rack left at the end, then ``total`` and the sum of the points.

Fields are separated by blanks; the reader does not depend on the columns. Lines ending in CR LF are read.

Eliot also writes a game out as its **history table** (``Eliot 1.5`` files such as ``test/test.elt``, and the
``Game: history:`` tables of its regression references ``test/*/*.ref``)::

    Eliot 1.5

    Game type: Training
    Player 0: Computer

        N |   RACK   |    SOLUTION     | REF | PTS | P | BONUS
       ===|==========|=================|=====|=====|===|======
        1 |  TSL?ENU | LUTiNES         |  H7 |  64 | 0 | *
        4 | QT+SAPIO | PORTAIS         |  K5 |  36 | 0 |

       Total: 285

The reader takes the columns by their header (``RACK``, ``SOLUTION``, ``REF``, ``PTS``, ``BONUS``; ``N`` and the
player column ``P`` may stand anywhere), reads the last table of the text (a reference prints the history
several times as the game goes on, the last one is the whole game), and checks ``Total:`` as the plain
layout's ``total``. A table needs no ``Eliot`` line above it, so a table copied out of a reference reads too.
"""

from __future__ import annotations

import re

from engine.duplicate.records.model import GameRecord, RecordError, RecordRound, format_rack, parse_rack

HEADER = "Eliot"
_COORD_ACROSS = re.compile(r"^[A-Oa-o]$")
_NUMBER = re.compile(r"^\d{1,2}$")


def read(text: str) -> GameRecord:
    """Read a game; raise :class:`RecordError` with the line and the reason when it is malformed."""
    record = GameRecord()
    lines = text.splitlines()
    index = 0
    while index < len(lines) and not lines[index].strip():
        index += 1
    if index == len(lines):
        raise RecordError(0, "empty")
    tables = [number for number, line in enumerate(lines) if _table_columns(line)]
    if tables:
        return _read_table(lines, tables[-1])
    first = lines[index].split()
    if first[0] != HEADER:
        raise RecordError(index + 1, "header", found=lines[index].strip()[:40])
    if len(first) > 1:
        raise RecordError(index + 1, "eliot_saved_format", version=first[1][:10])
    total: int | None = None
    for number, raw in enumerate(lines[index + 1:], start=index + 2):
        fields = raw.split()
        if not fields:
            continue
        if total is not None:
            raise RecordError(number, "after_total", found=raw.strip()[:40])
        if fields[0] == "total":
            if len(fields) != 2 or not fields[1].isdigit():
                raise RecordError(number, "total_form")
            total = int(fields[1])
            record.stated_total, record.total_line = total, number
            continue
        if record.final_rack:
            raise RecordError(number, "round_after_end")
        if len(fields) == 1:
            kept, drawn, rejected = parse_rack(fields[0], number)
            if rejected or kept:
                raise RecordError(number, "final_rack_form", rack=fields[0])
            record.final_rack, record.final_line = drawn, number
            continue
        record.rounds.append(_read_round(fields, number))
    if not record.rounds:
        raise RecordError(0, "no_round")
    return record


def _read_round(fields: list[str], number: int) -> RecordRound:
    kept, drawn, rejected = parse_rack(fields[0], number)
    rest = fields[1:]
    if len(rest) < 3:
        raise RecordError(number, "round_form")
    word = rest.pop(0)
    if not word.isalpha() or not word.isascii():
        raise RecordError(number, "word_letters", word=word[:40])
    bingo = rest[0] == "*"
    if bingo:
        rest.pop(0)
    if not rest or not rest[0].isdigit():
        raise RecordError(number, "points_number", found=rest[0][:20] if rest else "")
    points = int(rest.pop(0))
    coord = "".join(rest)
    if len(rest) == 2 and not (_COORD_ACROSS.match(rest[0]) and _NUMBER.match(rest[1])
                               or _NUMBER.match(rest[0]) and _COORD_ACROSS.match(rest[1])):
        raise RecordError(number, "coord_form", coord=" ".join(rest)[:20])
    if not 1 <= len(rest) <= 2 or not coord:
        raise RecordError(number, "coord_missing", found=" ".join(rest)[:20])
    return RecordRound(kept, drawn, word, coord.upper(), points, rejected, bingo, line=number)


TABLE_COLUMNS = ("RACK", "SOLUTION", "REF", "PTS", "BONUS")
"""The history table's columns the reader needs, by their header names."""


def has_history_table(text: str) -> bool:
    """The text holds an Eliot history table (so it is Eliot's format even without the ``Eliot`` line)."""
    return any(_table_columns(line) for line in text.splitlines())


def _table_columns(line: str) -> dict[str, int] | None:
    """The column of each header name when ``line`` is a history table's header, else None."""
    if "|" not in line:
        return None
    cells = [cell.strip().upper() for cell in line.split("|")]
    if not all(name in cells for name in TABLE_COLUMNS):
        return None
    return {name: cells.index(name) for name in TABLE_COLUMNS}


_GAME_MODE = re.compile(r"^\s*#?\s*Game(?: type:|: mode=)\s*(.+?)\s*$")
"""The game's mode above a table: ``Game type: Training`` (a saved game), ``Game: mode=Duplicate`` (a reference)."""
DUPLICATE_MODES = ("duplicate", "training", "arbitration")
"""Modes whose every round puts the round's play on the board from one rack (not a free game's players)."""


def _read_table(lines: list[str], header: int) -> GameRecord:
    columns = _table_columns(lines[header])
    assert columns is not None
    modes = [(number, match.group(1)) for number, line in enumerate(lines[:header], start=1)
             if (match := _GAME_MODE.match(line))]
    if modes and modes[-1][1].lower() not in DUPLICATE_MODES:
        raise RecordError(modes[-1][0], "xml_mode", mode=modes[-1][1][:20])
    record = GameRecord()
    rows_done = False
    for number, raw in enumerate(lines[header + 1:], start=header + 2):
        stripped = raw.strip()
        if not rows_done and "|" in raw:
            cells = [cell.strip() for cell in raw.split("|")]
            if all(set(cell) <= {"="} for cell in cells):
                continue  # the header's underline
            if len(cells) <= max(columns.values()):
                raise RecordError(number, "round_form")
            record.rounds.append(_read_table_row(cells, columns, number))
            continue
        if record.rounds:
            rows_done = True
        fields = stripped.split()
        if fields[:1] == ["Total:"]:
            if len(fields) != 2 or not fields[1].isdigit():
                raise RecordError(number, "total_form")
            record.stated_total, record.total_line = int(fields[1]), number
            break
        if fields and rows_done and not fields[0].startswith("Rack"):
            break  # what follows the table (a reference's next command) is not the game's
    if not record.rounds:
        raise RecordError(0, "no_round")
    return record


def _read_table_row(cells: list[str], columns: dict[str, int], number: int) -> RecordRound:
    kept, drawn, rejected = parse_rack(cells[columns["RACK"]], number)
    word = cells[columns["SOLUTION"]]
    if not word.isalpha() or not word.isascii():
        raise RecordError(number, "word_letters", word=word[:40])
    points = cells[columns["PTS"]]
    if not points.isdigit():
        raise RecordError(number, "points_number", found=points[:20])
    coord = cells[columns["REF"]].replace(" ", "")
    if not (re.fullmatch(r"[A-Oa-o]\d{1,2}", coord) or re.fullmatch(r"\d{1,2}[A-Oa-o]", coord)):
        raise RecordError(number, "coord_form", coord=coord[:20])
    bingo = cells[columns["BONUS"]] == "*"
    return RecordRound(kept, drawn, word, coord.upper(), int(points), rejected, bingo, line=number)


def write(record: GameRecord, **_options: object) -> str:
    """The game in Eliot's plain-text layout (the reader reads it back as the same record)."""
    out = [HEADER, ""]
    for rnd in record.rounds:
        rack = format_rack(rnd.kept, rnd.drawn, rnd.rejected)
        coord = rnd.coord
        place = f" {coord[0]:>2}{coord[1:]:>3}" if coord[0].isalpha() else f" {coord[:-1]:>2}{coord[-1]:>3}"
        out.append(f"   {rack:<12}{rnd.word:<16}{'*' if rnd.bingo else ' '}{rnd.points:>4}{place}")
    if record.final_rack:
        out.append(f"   {record.final_rack}")
    out.append("")
    out.append(f"   {'total':<5}{record.total:>28}")
    return "\n".join(out) + "\n"
