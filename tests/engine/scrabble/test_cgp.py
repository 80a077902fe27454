"""CGP: round trips (text -> Position -> text, and random positions) and each kind of bad CGP."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.scrabble.board import SIZE, Board
from engine.scrabble.cgp import CGPError, Position, format_cgp, parse_cgp

EMPTY_ROWS = "/".join(["15"] * 15)
SAMPLE = ("15/15/15/15/15/15/15/3BACCaRAT4/15/15/15/15/15/15/15 EIRST?A/DEF 76/-5 2 lex ODS9; ld french;")


def test_parse_sample() -> None:
    position = parse_cgp(SAMPLE)
    assert position.board.get(7, 3) == "B"
    assert position.board.get(7, 7) == "a"
    assert position.board.tile_count() == 8
    assert position.racks == ("EIRST?A", "DEF")
    assert position.rack == "EIRST?A"
    assert position.scores == (76, -5)
    assert position.zero_turns == 2
    assert position.ops == {"lex": "ODS9", "ld": "french"}
    assert position.lexicon == "ODS9"


def test_round_trip_text() -> None:
    assert format_cgp(parse_cgp(SAMPLE)) == SAMPLE
    assert parse_cgp(SAMPLE).to_cgp() == SAMPLE
    minimal = f"{EMPTY_ROWS} / 0/0 0"
    assert Position.from_cgp(minimal).to_cgp() == minimal


def test_lenient_spacing_lower_case_rack_and_missing_last_semicolon() -> None:
    position = parse_cgp(f"  {EMPTY_ROWS}   abc?/  10/20   0  lex CSW21  ")
    assert position.racks == ("ABC?", "")
    assert position.ops == {"lex": "CSW21"}
    assert position.to_cgp() == f"{EMPTY_ROWS} ABC?/ 10/20 0 lex CSW21;"


def test_runs_of_two_digits_and_full_rows() -> None:
    row = "ABCDEFGHIJKLMNO"
    position = parse_cgp("/".join([row] + ["7A7"] + ["15"] * 13) + " / 0/0 0")
    assert "".join(position.board.get(0, c) for c in range(SIZE)) == row
    assert position.board.get(1, 7) == "A"


tiles = st.sampled_from(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + list("abcz") + [""] * 40)
racks = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ?", max_size=7)


@given(cells=st.lists(tiles, min_size=SIZE * SIZE, max_size=SIZE * SIZE), rack1=racks, rack2=racks,
       s1=st.integers(-500, 1000), s2=st.integers(-500, 1000), zero=st.integers(0, 12),
       lex=st.sampled_from([None, "ODS9", "CSW21"]))
def test_round_trip_random_positions(cells, rack1, rack2, s1, s2, zero, lex) -> None:
    ops = {"lex": lex} if lex else {}
    position = Position(Board(cells), (rack1, rack2), (s1, s2), zero, ops)
    again = parse_cgp(format_cgp(position))
    assert again == position
    assert format_cgp(again) == format_cgp(position)


@pytest.mark.parametrize(("cgp", "message"), [
    ("", "0 field"),
    (EMPTY_ROWS, "missing: racks, scores, zero-turn count"),
    (f"{EMPTY_ROWS} A/B 0/0", "missing: zero-turn count"),
    ("/".join(["15"] * 14) + " / 0/0 0", "14 rows, expected 15"),
    ("/".join(["15"] * 16) + " / 0/0 0", "16 rows"),
    ("/".join(["15"] * 3 + ["7A6"] + ["15"] * 11) + " / 0/0 0", "row 4 (D) describes 14 squares"),
    ("/".join(["15"] * 3 + ["7A8"] + ["15"] * 11) + " / 0/0 0", "row 4 (D) describes more than 15"),
    ("/".join(["15"] * 3 + ["7#7"] + ["15"] * 11) + " / 0/0 0", "row 4 (D), column 8: unexpected character '#'"),
    ("/".join(["15"] * 3 + ["7?7"] + ["15"] * 11) + " / 0/0 0", "column 8: unexpected character '?'"),
    ("/".join(["15"] * 3 + ["07A7"] + ["15"] * 11) + " / 0/0 0", "row 4 (D), column 1: a run of empty squares cannot start with 0"),
    ("/".join(["15"] * 3 + [""] + ["15"] * 11) + " / 0/0 0", "row 4 (D) is empty"),
    ("/".join(["15"] * 3 + ["7A0"] + ["15"] * 11) + " / 0/0 0", "row 4 (D), column 9: a run of empty"),
    (f"{EMPTY_ROWS} ABC 0/0 0", "racks field 'ABC': expected RACK1/RACK2"),
    (f"{EMPTY_ROWS} A1C/ 0/0 0", "rack 1 (player to move) 'A1C': character 2 '1'"),
    (f"{EMPTY_ROWS} /ABCDEFGH 0/0 0", "rack 2 'ABCDEFGH' has 8 tiles"),
    (f"{EMPTY_ROWS} A/B 10 0", "scores field '10': expected S1/S2"),
    (f"{EMPTY_ROWS} A/B 1x/0 0", "score 1: '1x'"),
    (f"{EMPTY_ROWS} A/B 0/ 0", "score 2: ''"),
    (f"{EMPTY_ROWS} A/B 0/0 -1", "zero-turn count (4th field): '-1'"),
    (f"{EMPTY_ROWS} A/B 0/0 0 lex A; lex B;", "opcode 'lex' given twice"),
    (f"{EMPTY_ROWS} A/B 0/0 0 l$x A;", "bad opcode 'l$x'"),
])
def test_bad_cgp_says_where(cgp: str, message: str) -> None:
    with pytest.raises(CGPError) as caught:
        parse_cgp(cgp)
    assert message in str(caught.value)


# -- the compiled reader of the board field: the same board as the Python loop, or None -------------

def _python_board(text: str):
    """The Python loop alone (the specification), whatever reader is installed."""
    from engine.scrabble import cgp

    saved = cgp._fast_board
    cgp._fast_board = None
    try:
        return cgp._parse_board(text).cells
    except CGPError:
        return None
    finally:
        cgp._fast_board = saved


def _fast_reader():
    """The compiled board reader: the one installed, else the built core's (imported directly, so that CI's
    ``TIRAGE_PURE_PYTHON=1`` pass compares it too)."""
    from engine.scrabble import cgp, movegen

    if cgp._fast_board is not None:
        return cgp._fast_board
    assert movegen._CORE is None, "the compiled core is in use but the fast board reader is not installed"
    return importlib.import_module("engine.scrabble._movegen").parse_board


_ROW_PIECES = st.sampled_from(["A", "z", "Q", "1", "2", "7", "9", "10", "15", "16", "0", "05", "3a", "é", "٣", "-", " ", ""])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(_ROW_PIECES, max_size=9).map("".join), min_size=13, max_size=16))
def test_the_compiled_board_reader_agrees_with_the_python_loop(rows):
    fast = _fast_reader()
    text = "/".join(rows)
    assert fast(text) == _python_board(text)


@given(st.lists(st.lists(st.sampled_from("ABCxyz") | st.just(""), min_size=SIZE, max_size=SIZE), min_size=SIZE,
                max_size=SIZE))
def test_the_compiled_board_reader_reads_every_board(cells):
    fast = _fast_reader()
    text = format_cgp(Position(Board([c for row in cells for c in row]))).split()[0]
    assert fast(text) == _python_board(text) == [c for row in cells for c in row]


def test_the_compiled_board_reader_declines_what_it_does_not_read():
    fast = _fast_reader()
    for text in ("", EMPTY_ROWS + "/15", EMPTY_ROWS.replace("15", "16", 1), EMPTY_ROWS.replace("15", "015", 1),
                 EMPTY_ROWS.replace("15", "14", 1), EMPTY_ROWS.replace("15", "15A", 1), "É" + EMPTY_ROWS[1:]):
        assert fast(text) is None
        assert _python_board(text) is None
    assert fast(7) is None


@pytest.mark.parametrize("rack", ["", "?", "??", "abc", "AB?cD", "ZZZZZZZ"])
def test_usual_racks_read_as_before(rack):
    assert parse_cgp(f"{EMPTY_ROWS} {rack}/ 0/0 0").rack == rack.upper()
