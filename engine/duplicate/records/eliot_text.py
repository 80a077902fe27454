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
