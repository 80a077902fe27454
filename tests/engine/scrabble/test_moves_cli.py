"""The ``moves`` and ``play`` command lines: JSON contracts, --cgp-file positions, errors and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.cli.moves_commands import _text
from engine.gaddag import build_gaddag
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import compiled_text_lines, generate_moves, implementation, pure_python
from engine.scrabble.scoring import Move

WORDS = sorted({"BACCARAT", "CARAT", "ARC", "CAR", "RAT", "TA", "AT", "ART", "TAR", "BAC", "CAB", "BAR"})
EMPTY = "/".join(["15"] * 15)
WITH_A = "/".join(["15"] * 7 + ["7A7"] + ["15"] * 7)
KEYS = ["coord", "row", "col", "dir", "word", "score", "tiles"]


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("lex") / "small.gaddag"
    build_gaddag(WORDS, "fr").save(path)
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_moves_json_contract(capsys: pytest.CaptureFixture[str], lexicon: str) -> None:
    cgp = f"{WITH_A} BACCRAT/ 0/0 0"
    code, lines, _ = run(capsys, "moves", lexicon, "--cgp", cgp, "--json")
    assert code == 0
    rows = [json.loads(line) for line in lines]
    assert all(list(row) == KEYS for row in rows)
    expected = generate_moves(build_gaddag(WORDS, "fr"), parse_cgp(cgp))
    assert rows == [m.to_json() for m in expected]
    # BACCARAT bingos through the A tie at 67: row B (down) comes first, H4 (across) is there too
    assert rows[0] == {"coord": "8B", "row": 1, "col": 7, "dir": "V", "word": "BACCARAT", "score": 67, "tiles": 7}
    assert {"coord": "H4", "row": 7, "col": 3, "dir": "H", "word": "BACCARAT", "score": 67, "tiles": 7} in rows


def test_moves_top_and_text(capsys: pytest.CaptureFixture[str], lexicon: str) -> None:
    code, lines, _ = run(capsys, "moves", lexicon, "--cgp", f"{WITH_A} BACCRAT/ 0/0 0", "--top", "2")
    assert code == 0 and len(lines) == 2
    assert [line.split()[:3] for line in lines] == [["67", "8B", "BACCARAT"], ["67", "8D", "BACCARAT"]]


def test_moves_english_style(capsys: pytest.CaptureFixture[str], lexicon: str) -> None:
    code, lines, _ = run(capsys, "moves", lexicon, "--cgp", f"{WITH_A} BACCRAT/ 0/0 0", "--top", "2",
                         "--json", "--style", "en")
    assert [json.loads(line)["coord"] for line in lines] == ["H2", "H4"]  # 8B and 8D in French


def test_moves_cgp_file_positions(capsys: pytest.CaptureFixture[str], lexicon: str, tmp_path: Path) -> None:
    cgps = tmp_path / "positions.cgp"
    cgps.write_text(f"{EMPTY} TAR/ 0/0 0\n\n# a comment\n{WITH_A} BC/ 0/0 0\n{EMPTY} / 0/0 0\n")
    code, lines, _ = run(capsys, "moves", lexicon, "--cgp-file", str(cgps), "--json")
    assert code == 0
    rows = [json.loads(line) for line in lines]
    assert {row["position"] for row in rows} == {0, 1}
    lex = build_gaddag(WORDS, "fr")
    for i, text in enumerate([f"{EMPTY} TAR/ 0/0 0", f"{WITH_A} BC/ 0/0 0"]):
        mine = [{k: v for k, v in row.items() if k != "position"} for row in rows if row["position"] == i]
        assert mine == [m.to_json() for m in generate_moves(lex, parse_cgp(text))]


def test_moves_bad_cgp_file_line_is_named(capsys: pytest.CaptureFixture[str], lexicon: str,
                                          tmp_path: Path) -> None:
    cgps = tmp_path / "bad.cgp"
    cgps.write_text(f"{EMPTY} TAR/ 0/0 0\n{EMPTY} TAR 0/0 0\n")
    code, lines, err = run(capsys, "moves", lexicon, "--cgp-file", str(cgps), "--json")
    assert code == 1 and lines == []
    assert "bad.cgp, line 2: racks field 'TAR'" in err


def test_moves_errors(capsys: pytest.CaptureFixture[str], lexicon: str, tmp_path: Path) -> None:
    code, _, err = run(capsys, "moves", lexicon, "--cgp", f"{EMPTY} TAR/ 0/0")
    assert code == 1 and "--cgp: CGP has 3 field(s); missing: zero-turn count" in err
    code, _, err = run(capsys, "moves", str(tmp_path / "none.gaddag"), "--cgp", f"{EMPTY} TAR/ 0/0 0")
    assert code == 1 and "cannot open the lexicon" in err
    junk = tmp_path / "junk.gaddag"
    junk.write_bytes(b"not a lexicon at all, sorry" * 4)
    code, _, err = run(capsys, "moves", str(junk), "--cgp", f"{EMPTY} TAR/ 0/0 0")
    assert code == 1 and err.startswith("error: ")
    code, _, err = run(capsys, "moves", lexicon, "--cgp", f"{EMPTY} TAR/ 0/0 0", "--top", "-1")
    assert code == 2 and "--top -1" in err
    code, _, err = run(capsys, "moves", lexicon, "--cgp-file", str(tmp_path / "missing.cgp"))
    assert code == 1 and "cannot read" in err


def test_play_json_and_text(capsys: pytest.CaptureFixture[str], lexicon: str) -> None:
    cgp = f"{WITH_A} BACCRAT/ 0/0 0"
    code, lines, _ = run(capsys, "play", lexicon, "--cgp", cgp, "H4", "BACCARAT", "--json")
    assert code == 0
    assert json.loads(lines[0]) == {"coord": "H4", "row": 7, "col": 3, "dir": "H", "word": "BACCARAT",
                                    "score": 67, "tiles": 7, "words": ["BACCARAT"], "legal": True}
    code, lines, _ = run(capsys, "play", lexicon, "--cgp", cgp, "H4", "BACCARAT")
    assert code == 0 and lines[0].split()[:3] == ["67", "H4", "BACCARAT"]


def test_play_refused(capsys: pytest.CaptureFixture[str], lexicon: str) -> None:
    cgp = f"{WITH_A} BACCRAT/ 0/0 0"
    code, lines, err = run(capsys, "play", lexicon, "--cgp", cgp, "A1", "CAR", "--json")
    assert code == 1
    assert json.loads(lines[0]) == {"legal": False, "coord": "A1", "word": "CAR", "error": "not_connected",
                                    "reason": "the play is not connected to the tiles on the board"}
    assert "error: A1 CAR: the play is not connected" in err
    code, lines, err = run(capsys, "play", lexicon, "--cgp", cgp, "8H", "AXE")
    assert code == 1 and lines == [] and "tiles not in rack" in err


def test_python_dash_m_engine_entry_point(lexicon: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "moves", lexicon, "--cgp", f"{EMPTY} TAR/ 0/0 0", "--json", "--top", "1"],
        capture_output=True, text=True, cwd=Path(__file__).resolve().parents[3], check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"coord": "8F", "row": 5, "col": 7, "dir": "V", "word": "ART",
                                         "score": 6, "tiles": 3}


def test_moves_needs_exactly_one_position_source(capsys: pytest.CaptureFixture[str], lexicon: str,
                                                 tmp_path: Path) -> None:
    for argv in (["moves", lexicon], ["moves", lexicon, "--cgp", "x", "--cgp-file", str(tmp_path / "f")]):
        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 2
    assert "--cgp" in capsys.readouterr().err


def test_play_english_style(capsys: pytest.CaptureFixture[str], lexicon: str) -> None:
    code, lines, _ = run(capsys, "play", lexicon, "--cgp", f"{WITH_A} BACCRAT/ 0/0 0", "8D", "BACCARAT",
                         "--json", "--style", "en")
    assert code == 0
    data = json.loads(lines[0])
    assert (data["coord"], data["row"], data["col"], data["dir"], data["score"]) == ("8D", 7, 3, "H", 67)


@pytest.mark.parametrize(("board", "message"), [
    ("/".join(["15"] * 14 + ["99999999999"]), "row 15 (O) describes more than 15 squares"),
    ("/".join(["15"] * 14 + ["9" * 5000]), "row 15 (O) describes more than 15 squares"),
    ("/".join(["15"] * 14 + ["A16"]), "row 15 (O) describes more than 15 squares"),
    ("/".join(["15"] * 1000), "1000 rows, expected 15"),
    ("/".join(["21"] * 21), "21 rows, expected 15"),
])
def test_boards_other_than_15x15_are_refused_with_exit_1(capsys: pytest.CaptureFixture[str], lexicon: str,
                                                         board: str, message: str) -> None:
    """A huge run of empty squares used to be built before being counted (out of memory): refused first."""
    for command in (["moves", lexicon, "--cgp", f"{board} TAR/ 0/0 0"],
                    ["play", lexicon, "--cgp", f"{board} TAR/ 0/0 0", "8H", "ART"]):
        code, lines, err = run(capsys, *command)
        assert code == 1 and lines == []
        assert message in err and "only 15x15" in err


# -- the text lines written by the compiled core (compiled_text_lines) against _text, their specification

def python_lines(moves: list[Move], style: str) -> str:
    return "".join(_text(move, style) + "\n" for move in moves)


moves_strategy = st.lists(st.builds(
    Move,
    st.integers(0, 14), st.integers(0, 14), st.sampled_from(["H", "V"]),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdez", min_size=2, max_size=17),
    st.one_of(st.integers(0, 300), st.integers(-20, 10**6)), st.integers(1, 7),
), max_size=30)


@settings(max_examples=300, deadline=None)
@given(moves_strategy, st.sampled_from(["fr", "en"]))
def test_the_core_writes_the_lines_of_the_moves_command_as_python_does(moves: list[Move], style: str) -> None:
    text = compiled_text_lines(moves, style)
    if implementation() == "compiled":
        assert text == python_lines(moves, style)
    else:  # no core (the pure-Python pass): the command formats them itself
        assert text is None
    with pure_python():
        assert compiled_text_lines(moves, style) is None


def test_the_core_declines_what_it_does_not_write() -> None:
    plain = [Move(7, 3, "H", "BACCARAT", 76, 7)]
    assert compiled_text_lines(plain, "de") is None  # the command then raises the notation error
    assert compiled_text_lines([*plain, "not a move"], "fr") is None  # type: ignore[list-item]
    for odd in (Move(7, 3, "H", "ÉTÉ", 3, 2), Move(7, 3, "D", "AB", 3, 2), Move(15, 3, "H", "AB", 3, 2),
                Move(7, 3, "H", "AB", 2**70, 2)):
        assert compiled_text_lines([*plain, odd], "fr") is None, odd
    assert compiled_text_lines([], "fr") == ("" if implementation() == "compiled" else None)


def test_a_position_with_a_blank_prints_the_same_lines_both_ways(capsys: pytest.CaptureFixture[str],
                                                                   lexicon: str) -> None:
    cgp = f"{WITH_A} BAC?RAT/ 0/0 0"
    code, lines, _ = run(capsys, "moves", lexicon, "--cgp", cgp, "--style", "en")
    with pure_python():
        code_python, lines_python, _ = run(capsys, "moves", lexicon, "--cgp", cgp, "--style", "en")
    assert code == code_python == 0
    assert lines == lines_python and any(ch.islower() for line in lines for ch in line.split()[2])
