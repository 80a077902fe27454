"""One malformed game file (or record) per refusal of the record readers and the replay, by its stable code:
the engine's tests check the code, the line and the English text; the web app's tests check the same
refusals in French and English. A code of ``engine.duplicate.records.REASONS`` without a case here fails
``test_every_refusal_code_has_a_case``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.duplicate.records import GameRecord, RecordRound, import_record, read_record, replay, write_record

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "duplicate"

TWO = "Eliot\n\n   ERZAGEP     ARPEGEZ         * 108  H  6\n   OOUMEDR     MOUDREZ            36 12  B\n"
"""Two rounds of ``partie-1.txt``: ARPEGEZ uses the whole rack, MOUDREZ leaves O."""


def _xml(turns: str, head: str = "<Game><Mode>duplicate</Mode></Game>") -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<EliotGame format="2">\n{head}\n<History>\n{turns}\n</History>\n</EliotGame>\n'


def _joker_xml(old: str, new: str) -> str:
    text = (FIXTURES / "partie-joker-4.xml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


_PLAYER = '<PlayerMove playerId="0" points="28" type="valid" word="VIDaME" coord="H4" />'


@dataclass(frozen=True)
class Case:
    code: str
    line: int
    fmt: str = "eliot"
    text: str = ""
    run: Callable[[], object] | None = None
    """For refusals that no text alone gives (a record made by code, a lexicon, a writer)."""

    def trigger(self) -> object:
        if self.run is not None:
            return self.run()
        return replay(read_record(self.text, self.fmt))


def _not_a_tile() -> object:
    return replay(GameRecord([RecordRound("", "AÉLNRS", "LIRE", "H5", 8, line=3)]))


def _language_mismatch() -> object:
    from tests.engine.duplicate.test_game import GADDAG

    return import_record(read_record((FIXTURES / "english-sample.gcg").read_text(encoding="utf-8"), "gcg"), GADDAG)


CASES = [
    Case("unknown_format", 0, run=lambda: read_record("x", "pdf")),
    Case("unknown_variant", 0, run=lambda: replay(read_record(TWO, "eliot", variant="explosive"))),
    Case("unknown_language", 0, run=lambda: replay(read_record(TWO, "eliot", language="xx"))),
    Case("language_mismatch", 0, run=_language_mismatch),
    Case("empty", 0, text="  \n"),
    Case("no_round", 0, text="Eliot\n"),
    Case("rack_plus", 3, text="Eliot\n\n   AEIL+NRS+  SALINER  *  64  H  4\n"),
    Case("rack_tile", 3, text="Eliot\n\n   AE1LNRS  SALINER  *  64  H  4\n"),
    Case("rack_empty", 3, text="Eliot\n\n   -  LIRE  8  H  5\n"),
    Case("not_a_tile", 3, run=_not_a_tile),
    Case("rack_size", 3, text="Eliot\n\n   AEILNRST  LIRE  8  H  5\n"),
    Case("rejected_kept", 3, text="Eliot\n\n   -AE+ILNRS  LIRE  8  H  5\n"),
    Case("kept", 4, text=TWO.replace("OOUMEDR", "O+OUMEDR")),
    Case("too_many_tiles", 3, text="Eliot\n\n   ZZAEILR  LIRE  8  H  5\n"),
    Case("bad_coord", 3, text="Eliot\n\n   AEILNRS  LIRE  8  H  16\n"),
    Case("dot_empty", 1, "gcg", ">Top: AEINRST 8D RETAIN. +10 10\n"),
    Case("does_not_fit", 3, text="Eliot\n\n   AEILNRS  LIRE  8  A  4\n"),
    Case("points", 3, text="Eliot\n\n   AEILNRS  LIRE  9  H  5\n"),
    Case("bingo_marked", 3, text="Eliot\n\n   AEILNRS  LIRE  *  8  H  5\n"),
    Case("bingo_unmarked", 3, text=TWO.replace("* 108", "  108")),
    Case("player_bad_coord", 25, "eliot-xml", _joker_xml(_PLAYER, _PLAYER.replace('coord="H4"', 'coord="H44"'))),
    Case("player_does_not_fit", 25, "eliot-xml", _joker_xml(_PLAYER, _PLAYER.replace('coord="H4"', 'coord="A1"'))),
    Case("player_points", 25, "eliot-xml", _joker_xml(_PLAYER, _PLAYER.replace('points="28"', 'points="31"'))),
    Case("total", 6, text="Eliot\n\n   AEILNRS  LIRE  8  H  5\n   AENS\n\n   total  11\n"),
    Case("final_rack", 5, text=TWO + "   XY\n"),
    Case("header", 1, text="Elliot\n\n   ABCDEFG  BAC  10 H 8\n"),
    Case("eliot_saved_format", 1, text="Eliot 1.5\n\nGame type: Duplicate\n"),
    Case("after_total", 7, text=TWO + "   O\n   total  144\n   ABC\n"),
    Case("total_form", 5, text=TWO + "   total  abc\n"),
    Case("round_after_end", 6, text=TWO + "   O\n" + "   ABCDEFG  BAC  10 H 8\n"),
    Case("final_rack_form", 5, text=TWO + "   A+B\n"),
    Case("round_form", 3, text="Eliot\n\n   AEILNRS  LIRE  8\n"),
    Case("word_letters", 3, text="Eliot\n\n   AEILNRS  LI1E  8  H  5\n"),
    Case("points_number", 3, text="Eliot\n\n   AEILNRS  LIRE  *  abc  H  4\n"),
    Case("coord_form", 3, text="Eliot\n\n   AEILNRS  LIRE  10  Z  4\n"),
    Case("coord_missing", 3, text="Eliot\n\n   AEILNRS  LIRE  8  H  5  X\n"),
    Case("xml_malformed", 1, "eliot-xml", "<EliotGame format='2'><Game><Mode>duplicate"),
    Case("xml_doctype", 2, "eliot-xml", '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]>\n<EliotGame format="2"/>'),
    Case("xml_root", 1, "eliot-xml", '<Game format="2"/>'),
    Case("xml_format", 1, "eliot-xml", '<EliotGame format="1"></EliotGame>'),
    Case("xml_mode", 2, "eliot-xml", '<EliotGame format="2">\n<Game><Mode>freegame</Mode></Game></EliotGame>'),
    Case("xml_variant", 2, "eliot-xml",
         '<EliotGame format="2">\n<Game><Mode>duplicate</Mode><Variant>explosive</Variant></Game></EliotGame>'),
    Case("xml_variant_name", 0, run=lambda: write_record(GameRecord(variant="explosive"), "eliot-xml")),
    Case("xml_rack_without_move", 5, "eliot-xml", _xml(
        "<Turn>\n<GameRack>AEILNRS</GameRack>\n</Turn>\n<Turn><GameRack>AEILNRS</GameRack>\n"
        '<GameMove points="8" type="valid" word="LIRE" coord="H5" /></Turn>')),
    Case("xml_move_without_rack", 6, "eliot-xml", _xml('<Turn>\n<GameMove points="8" type="valid" word="LIRE" coord="H5" />\n</Turn>')),
    Case("xml_move_type", 6, "eliot-xml", _xml('<Turn><GameRack>ABC</GameRack>\n<GameMove points="0" type="pass"/></Turn>')),
    Case("xml_points", 6, "eliot-xml", _xml('<Turn><GameRack>AEILNRS</GameRack>\n<GameMove points="x" type="valid" '
                                            'word="LIRE" coord="H5" /></Turn>')),
    Case("xml_coord_missing", 6, "eliot-xml", _xml('<Turn><GameRack>AEILNRS</GameRack>\n<GameMove points="8" '
                                                   'type="valid" word="LIRE" /></Turn>')),
    Case("gcg_line", 1, "gcg", "hello\n"),
    Case("gcg_move_form", 1, "gcg", ">Top AEINRST 8D RETAINS +66 66\n"),
    Case("gcg_coord", 1, "gcg", ">Top: AEINRST Z9 RETAINS +66 66\n"),
    Case("gcg_word", 1, "gcg", ">Top: AEINRST 8D RET1INS +66 66\n"),
    Case("gcg_running_total", 1, "gcg", ">Top: AEINRST 8D RETAINS +66 60\n"),
    Case("gcg_language_late", 2, "gcg", ">Top: AEINRST 8D RETAINS +66 66\n#note Tirage: language fr\n"),
    Case("gcg_players", 3, "gcg", ">A: AEINRST 8D RETAINS +66 66\n>B: ABC - +0 0\n>C: ABC - +0 0\n"),
    Case("gcg_withdrawn", 1, "gcg", ">A: AEINRST -- -10 -10\n"),
    Case("gcg_exchange", 1, "gcg", ">A: AEINRST -XYZ +0 0\n"),
]
