"""Eliot's history table (``Eliot 1.5`` saved games such as ``test/test.elt``, the ``Game: history:`` tables of
its regression references) reads as the same game as the plain-text layout, and its faults are refused with
the line and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.duplicate.records import RecordError, detect_format, read_record, replay
from engine.duplicate.records.model import GameRecord, format_rack

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "duplicate"
HEADER = "    N |   RACK   |    SOLUTION     | REF | PTS | P | BONUS\n   ===|==========|=================|=====|=====|===|======\n"
REFERENCE_HEADER = "    N | P |   RACK   |    SOLUTION    | REF | PTS | BONUS\n   ===|===|==========|================|=====|=====|======\n"


def table(record: GameRecord, *, mode: str = "Training", reference: bool = False, total: int | None = None) -> str:
    """``record`` as Eliot writes its history: a saved game (``Eliot 1.5``), or a reference's output (a
    coordinate in one field: ``H4`` across, ``10F`` down)."""
    rows = []
    for number, rnd in enumerate(record.rounds, start=1):
        rack = format_rack(rnd.kept, rnd.drawn, rnd.rejected)
        bonus = "*" if rnd.bingo else " "
        if reference:
            rows.append(f"   {number:>2} | 0 | {rack:>8} | {rnd.word:<14} | {rnd.coord:>3} | {rnd.points:>3} | {bonus}")
        else:
            rows.append(f"   {number:>2} | {rack:>8} | {rnd.word:<15} | {rnd.coord:>3} | {rnd.points:>3} | 0 | {bonus}")
    stated = record.total if total is None else total
    if reference:
        return (f"Game: player 1 out of 1\nGame: mode={mode}\nGame: history:\n" + REFERENCE_HEADER
                + "\n".join(rows) + "\n\n\n")
    return (f"Eliot 1.5\n\nGame type: {mode}\nPlayer 0: Computer\n\n" + HEADER + "\n".join(rows)
            + f"\n\n   Total: {stated}\n\nRack 0: {record.final_rack}\n")


def plain(name: str) -> GameRecord:
    return read_record((FIXTURES / name).read_text(encoding="utf-8"), "eliot")


@pytest.mark.parametrize("name", ["partie-1.txt", "partie-7.txt"])
def test_a_saved_games_table_reads_as_the_plain_layout_and_replays(name: str) -> None:
    expected = plain(name)
    text = table(expected)
    assert detect_format(text) == "eliot"
    record = read_record(text, "eliot")
    assert record.rounds == expected.rounds
    assert record.stated_total == expected.total
    done = replay(record)
    assert [d.move.score for d in done] == [r.points for r in expected.rounds]


def test_a_references_output_reads_its_last_history_table() -> None:
    expected = plain("partie-1.txt")
    early = GameRecord(rounds=expected.rounds[:3])
    text = ("Using seed: 5\n[?] pour l'aide\ncommande> d 0 2\nmode duplicate\ncommande> a p\n"
            + table(early, mode="Duplicate", reference=True) + "commande> n\ncommande> a p\n"
            + table(expected, mode="Duplicate", reference=True)
            + "Rack 0: TTV\ncommande> a g\n     1  2  3\n A   -  -  -\ncommande> q\n")
    assert detect_format(text) == "eliot"
    record = read_record(text, "eliot")
    assert record.rounds == expected.rounds
    assert len(replay(record)) == len(expected.rounds)


def _lines(text: str) -> list[str]:
    return text.splitlines()


def refusal(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(read_record(text, "eliot"))
    return caught.value


def test_a_free_game_is_refused_at_its_mode_line() -> None:
    error = refusal(table(plain("partie-1.txt"), mode="Free game"))
    assert (error.code, error.line) == ("xml_mode", 3)


@pytest.mark.parametrize("old, new, code", [
    ("| ARPEGEZ        ", "| (-MN)          ", "word_letters"),
    ("|  H6 |", "|  Z6 |", "coord_form"),
    ("| 108 |", "| abc |", "points_number"),
    ("| 108 | 0 | *", "| 108", "round_form"),
])
def test_a_faulty_row_is_refused_with_its_line(old: str, new: str, code: str) -> None:
    text = table(plain("partie-1.txt"))
    assert old in text
    error = refusal(text.replace(old, new, 1))
    assert error.code == code
    assert _lines(text)[error.line - 1].lstrip().startswith("1 |")


def test_the_total_line_is_checked() -> None:
    record = plain("partie-1.txt")
    text = table(record, total=record.total + 1)
    error = refusal(text)
    assert error.code == "total"
    assert _lines(text)[error.line - 1].strip() == f"Total: {record.total + 1}"
    assert refusal(text.replace(f"Total: {record.total + 1}", "Total: many")).code == "total_form"
