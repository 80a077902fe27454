"""``python -m engine duplicate``: the JSON contract, reproducibility, the summary and the errors."""

from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.duplicate import make_game
from tests.engine.duplicate.test_game import GADDAG

ROUND_KEYS = {"number", "rack", "kept", "new", "rejected", "bag", "cgp", "top", "subtops", "board", "drawn", "announced",
              "replaced"}


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("lex") / "small.gaddag"
    GADDAG.save(path)
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_contract_and_same_seed_same_output(capsys, lexicon):
    code, out, _ = run(capsys, "duplicate", lexicon, "--seed", "2", "--lexicon-name", "small")
    assert code == 0
    data = json.loads(out)
    assert {"language", "lexicon", "seed", "variant", "total", "end", "rounds"} <= set(data)
    assert data["lexicon"] == "small" and data["variant"] == "classic" and data["seed"] == 2
    assert data["rounds"] and all(set(r) == ROUND_KEYS for r in data["rounds"])
    assert all(r["cgp"].endswith("lex small;") for r in data["rounds"])
    assert data == make_game(GADDAG, 2, "classic", lexicon_name="small").to_json()
    assert run(capsys, "duplicate", lexicon, "--seed", "2", "--lexicon-name", "small")[1] == out


def test_joker_english_style_and_subtops(capsys, lexicon):
    code, out, _ = run(capsys, "duplicate", lexicon, "--seed", "5", "--variant", "joker", "--style", "en",
                       "--subtops", "3")
    data = json.loads(out)
    assert code == 0 and data["variant"] == "joker" and all(len(r["subtops"]) <= 3 for r in data["rounds"])
    first = make_game(GADDAG, 5, "joker").rounds[0].top
    assert data["rounds"][0]["top"]["coord"] == first.coord_in("en")


def test_summary(capsys, lexicon):
    code, out, _ = run(capsys, "duplicate", lexicon, "--seed", "2", "--summary")
    lines = out.splitlines()
    game = make_game(GADDAG, 2, "classic")
    assert code == 0 and len(lines) == len(game.rounds) + 1 and lines[-1].startswith(f"total {game.total}")
    assert all(line.split()[1] == r.announced for line, r in zip(lines, game.rounds, strict=False))


def test_errors(capsys, lexicon, tmp_path):
    code, _, err = run(capsys, "duplicate", str(tmp_path / "missing.gaddag"))
    assert code == 1 and "error:" in err
    code, _, err = run(capsys, "duplicate", lexicon, "--subtops", "-1")
    assert code == 2 and "--subtops" in err
    with pytest.raises(SystemExit) as exc:
        main(["duplicate", lexicon, "--variant", "scrabble"])
    assert exc.value.code == 2


def test_export_then_import_a_game_in_every_format(capsys, lexicon, tmp_path):
    code, game_json, _ = run(capsys, "duplicate", lexicon, "--seed", "3", "--lexicon-name", "small")
    assert code == 0
    source = tmp_path / "game.json"
    source.write_text(game_json)
    game = json.loads(game_json)
    for fmt, name in (("eliot", "game.txt"), ("eliot-xml", "game.xml"), ("gcg", "game.gcg")):
        out = tmp_path / name
        code, _, err = run(capsys, "duplicate", "export", str(source), "--format", fmt, "-o", str(out))
        assert code == 0, err
        code, printed, err = run(capsys, "duplicate", "import", str(out), "--lexicon", lexicon, "--json")
        assert code == 0, err
        data = json.loads(printed)
        assert data["differences"] == [] and data["end"]["reason"] == "record"
        assert [r["top"]["word"] for r in data["rounds"]] == [r["top"]["word"] for r in game["rounds"]]
        assert data["total"] == game["total"]
    # made directly from the lexicon and a seed: the same file as through the JSON
    code, direct, _ = run(capsys, "duplicate", "export", "--lexicon", lexicon, "--seed", "3", "--format", "eliot")
    assert code == 0 and direct == (tmp_path / "game.txt").read_text()
    code, summary, _ = run(capsys, "duplicate", "import", str(tmp_path / "game.txt"), "--lexicon", lexicon)
    assert code == 0 and "0 round(s) where Tirage's top differs" in summary


def test_import_of_a_malformed_file_says_the_line_and_the_reason(capsys, lexicon, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("Eliot\n\n   AEILNRS  LIRE  9  H  5\n")
    code, out, err = run(capsys, "duplicate", "import", str(bad), "--lexicon", lexicon)
    assert code == 1 and out == ""
    assert "bad.txt: line 3: round 1: LIRE H5 is written for 9 points but scores 8 on the board" in err
    unknown = tmp_path / "what.txt"
    unknown.write_text("hello\n")
    code, _, err = run(capsys, "duplicate", "import", str(unknown), "--lexicon", lexicon)
    assert code == 1 and "cannot tell the format" in err
    code, _, err = run(capsys, "duplicate", "export", "--format", "eliot")
    assert code == 2 and "--lexicon and --seed" in err
