"""Duplicate game records: Eliot's XML save files and plain-text format, GCG; read, write, replay, import.

Public API::

    from engine.duplicate.records import read_record, write_record, replay, import_record, record_from_game
    record = read_record(text, "eliot")            # or "eliot-xml", "gcg"; RecordError(line, code, **params)
    replay(record)                                 # every round checked on the board (no lexicon)
    result = import_record(record, gaddag)         # Tirage's top of every round, the differences
    text = write_record(record_from_game(game), "eliot-xml")

See ``docs/duplicate.md`` ("Game records").
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.duplicate.records import eliot_text, eliot_xml, gcg
from engine.duplicate.records.convert import record_from_game, record_from_json
from engine.duplicate.records.model import (
    REASONS,
    GameRecord,
    PlayerPlay,
    RecordError,
    RecordRound,
    format_rack,
    parse_rack,
)
from engine.duplicate.records.replay import END_RECORD, Difference, ImportResult, import_record, replay

FORMATS = ("eliot", "eliot-xml", "gcg")


class _Format(Protocol):
    """A format's module: a reader and a writer."""

    def read(self, text: str) -> GameRecord: ...

    def write(self, record: GameRecord, **options: Any) -> str: ...


_MODULES: dict[str, _Format] = {"eliot": eliot_text, "eliot-xml": eliot_xml, "gcg": gcg}


def detect_format(text: str) -> str | None:
    """The format of a record from its first line: XML, the ``Eliot`` header, or GCG's ``#``/``>`` lines; or
    Eliot's history table anywhere in the text (a table copied out of Eliot's output)."""
    for line in text.splitlines():
        line = line.strip().lstrip("\ufeff")
        if not line:
            continue
        if line.startswith("<"):
            return "eliot-xml"
        if line.split()[0] == "Eliot":
            return "eliot"
        if line.startswith(("#", ">")):
            return "gcg"
        return "eliot" if eliot_text.has_history_table(text) else None
    return None


def read_record(text: str, fmt: str, *, language: str | None = None, variant: str | None = None) -> GameRecord:
    """Read a record in ``fmt`` (one of :data:`FORMATS`); :class:`RecordError` when it is malformed.

    Eliot's formats do not name the game's language (French unless ``language`` says otherwise); GCG is
    English unless the file says otherwise. Eliot's plain text does not name the variant either (classic
    unless ``variant`` says otherwise)."""
    if fmt not in _MODULES:
        raise RecordError(0, "unknown_format", format=str(fmt)[:20], formats=", ".join(FORMATS))
    record = _MODULES[fmt].read(text)
    if language is not None and fmt != "gcg":
        record.language = language
    if variant is not None and fmt == "eliot":
        record.variant = variant
    return record


def write_record(record: GameRecord, fmt: str, **options: object) -> str:
    """Write ``record`` in ``fmt``; options go to the writer (``word_count`` for ``eliot-xml``)."""
    if fmt not in _MODULES:
        raise RecordError(0, "unknown_format", format=str(fmt)[:20], formats=", ".join(FORMATS))
    return _MODULES[fmt].write(record, **options)


__all__ = [
    "Difference", "END_RECORD", "FORMATS", "detect_format", "GameRecord", "ImportResult", "PlayerPlay", "REASONS", "RecordError", "RecordRound",
    "format_rack", "import_record", "parse_rack", "read_record", "record_from_game", "record_from_json", "replay", "write_record",
]
