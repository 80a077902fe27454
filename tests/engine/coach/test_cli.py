"""``python -m engine coach tags|bank``: the output contracts, the errors, and the quick reading of both."""

from __future__ import annotations

import json

import pytest

from engine import cli
from engine.cli import main
from engine.coach import bank_positions
from engine.scrabble.cgp import Position, format_cgp
from tests.engine.coach.support import board_with
from tests.engine.duplicate.test_game import GADDAG

CGP = format_cgp(Position(board_with("H4 CHAT"), ("ASEIRTU", "")))


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("lex") / "small.gaddag"
    GADDAG.save(path)
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tags_of_a_play(capsys) -> None:
    assert run(capsys, "coach", "tags", CGP, "--play", "H3 ACHATS") == (0, "rallonge\n", "")
    assert run(capsys, "coach", "tags", CGP, "--play", "G5 Je") == (0, "joker collante chere\n", "")
    assert run(capsys, "coach", "tags", CGP, "--play", "4H CE") == (0, "\n", "")
    code, out, _ = run(capsys, "coach", "tags", CGP, "--play", "4G ACHETE", "--json", "--language", "en")
    assert code == 0 and json.loads(out) == {"coord": "4G", "word": "ACHETE", "tags": []}
    code, out, _ = run(capsys, "coach", "tags", CGP, "--play", "8C ACHATS", "--style", "en")
    assert (code, out) == (0, "rallonge\n")


@pytest.mark.parametrize(("play", "exit_code", "message"), [
    ("H4 CHOU", 1, "holds"), ("H4 CHAT", 1, "no tile"), ("Z9 AB", 1, "coordinate"), ("H3", 2, "COORD WORD"),
])
def test_a_bad_play_is_refused_in_words(capsys, play: str, exit_code: int, message: str) -> None:
    code, out, err = run(capsys, "coach", "tags", CGP, "--play", play)
    assert code == exit_code and out == "" and err.startswith("error: ") and message in err


def test_a_bad_cgp_is_refused_in_words(capsys) -> None:
    code, _, err = run(capsys, "coach", "tags", "15/15 A/ 0/0 0", "--play", "H4 AB")
    assert code == 1 and "rows" in err


def test_a_bank(capsys, lexicon) -> None:
    code, out, _ = run(capsys, "coach", "bank", lexicon, "--tag", "collante", "--count", "4", "--seed", "1",
                       "--lexicon-name", "small")
    expected = bank_positions(GADDAG, "collante", 4, seed=1, lexicon_name="small")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4
    for line, p in zip(lines, expected, strict=True):
        cgp, rack, top, tags = line.split("\t")
        assert (cgp, rack, tags) == (p.cgp, p.rack, ",".join(p.tags))
        assert top == f"{p.top['coord']} {p.top['word']} {p.top['score']}"
    code, out, _ = run(capsys, "coach", "bank", lexicon, "--tag", "collante", "--count", "4", "--seed", "1",
                       "--lexicon-name", "small", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [(r["cgp"], r["top"], r["round"], r["game_seed"]) for r in rows] == \
        [(p.cgp, p.top, p.round_number, p.game_seed) for p in expected]


def test_a_bank_stops_at_its_games(capsys, lexicon) -> None:
    code, out, _ = run(capsys, "coach", "bank", lexicon, "--tag", "scrabble", "--max-games", "2")
    assert (code, out) == (0, "")
    code, _, err = run(capsys, "coach", "bank", lexicon, "--tag", "scrabble", "--count", "-1")
    assert code == 2 and "--count" in err


def test_a_bank_with_an_unknown_tag_is_a_usage_error(capsys, lexicon) -> None:
    with pytest.raises(SystemExit) as info:
        main(["coach", "bank", lexicon, "--tag", "bingo"])
    assert info.value.code == 2 and "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["coach-tags", CGP, "--play", "H3 ACHATS"],
    ["coach-bank", "L.gaddag", "--tag", "joker", "--count", "3", "--seed", "2", "--json"],
])
def test_the_usual_coach_lines_are_read_without_argparse(argv: list[str]) -> None:
    assert cli.quick_parse(cli.COMMANDS[argv[0]], argv) is not None
