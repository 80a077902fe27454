"""The ``fill`` and ``grid`` command contracts: JSON shape, exit codes, messages on stderr."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

FIVE = ["HOUSE", "RIDGE", "SORRY", "HURTS", "UNDER", "EVERY", "APPLE", "AGILE", "ANKLE", "ARISE", "STONE", "CRANE", "TRAIN", "PLANT", "GHOST", "LEMON", "MANGO", "OLIVE", "PEARL", "QUIET", "ROBIN", "SHINE", "TIGER", "UNCLE", "VOICE", "WATER"]
SEED_5X5 = "...../.#.#./...../.#.#./....."


@pytest.fixture()
def words(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(w.lower() for w in FIVE) + "\npeut-être\n", encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_fill_json_contract(capsys, words):
    code, out, err = run(capsys, "fill", str(words), "--grid", SEED_5X5, "--seed", "3", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert list(doc) == ["grid", "slots", "stats", "algorithm", "time", "nodes", "backtracks"]
    assert doc["algorithm"] == "mac"
    assert (doc["nodes"], doc["backtracks"], doc["time"]) == (
        doc["stats"]["nodes"], doc["stats"]["backtracks"], doc["stats"]["seconds"])
    assert len(doc["grid"]) == 5 and all(len(r) == 5 and "." not in r for r in doc["grid"])
    assert doc["grid"][1][1] == "#"
    assert {"seconds", "nodes", "backtracks", "restarts", "mean_score"} <= set(doc["stats"])
    slots = doc["slots"]
    assert [(s["number"], s["dir"], s["row"], s["col"]) for s in slots] == [
        (1, "A", 0, 0), (4, "A", 2, 0), (5, "A", 4, 0), (1, "D", 0, 0), (2, "D", 0, 2), (3, "D", 0, 4)]
    for s in slots:
        assert s["answer"] in FIVE
        assert s["clue"] == "".join(sorted(s["answer"])) + " (5)"
    assert doc["grid"][0] == slots[0]["answer"]


def test_fill_with_definitions_scores_theme_and_grid_file(capsys, words, tmp_path):
    grid = tmp_path / "grid.txt"
    grid.write_text(SEED_5X5.replace("/", "\n") + "\n", encoding="utf-8")
    defs = tmp_path / "defs.tsv"
    defs.write_text("house\tA home\n", encoding="utf-8")
    scores = tmp_path / "scores.tsv"
    scores.write_text("house\t9\nsorry\t1\n", encoding="utf-8")
    code, out, err = run(capsys, "fill", str(words), "--grid", str(grid), "--definitions", str(defs),
                         "--scores", str(scores), "--theme", "sorry", "--json", "--min-score", "0")
    assert code == 0, err
    doc = json.loads(out)
    clues = {s["answer"]: s["clue"] for s in doc["slots"]}
    assert clues["HOUSE"] == "A home"
    assert doc["stats"]["theme_placed"] == ["SORRY"]


def test_fill_compiled_lexicon(capsys, tmp_path):
    from engine.gaddag import build_gaddag

    path = tmp_path / "en.gaddag"
    build_gaddag(sorted(FIVE), "en").save(path)
    code, out, err = run(capsys, "fill", str(path), "--grid", SEED_5X5, "--style", "fr", "--json")
    assert code == 0, err
    assert sorted(s["answer"] for s in json.loads(out)["slots"]) == sorted(
        ["HOUSE", "RIDGE", "SORRY", "HURTS", "UNDER", "EVERY"])


def test_fill_text_output(capsys, words):
    code, out, err = run(capsys, "fill", str(words), "--grid", SEED_5X5)
    assert code == 0
    assert "Across" in out and "Down" in out and "backtracks" in err


def test_unsolvable_is_exit_2(capsys, tmp_path):
    path = tmp_path / "w.txt"
    path.write_text("aa\nab\nba\nbb\n", encoding="utf-8")
    code, out, err = run(capsys, "fill", str(path), "--grid", "../..")
    assert code == 2 and out == "" and "unsolvable" in err
    code, out, err = run(capsys, "fill", str(path), "--grid", "x./..")
    assert code == 2 and "no word for slot 1A with pattern 'X.'" in err


def test_time_limit_is_exit_3(capsys, tmp_path):
    import random

    rng = random.Random(7)
    path = tmp_path / "w.txt"
    path.write_text("\n".join({"".join(rng.choice("abcdefgh") for _ in range(9)) for _ in range(3000)}),
                    encoding="utf-8")
    grid = "/".join(["........."] * 9)
    code, out, err = run(capsys, "fill", str(path), "--grid", grid, "--time-limit", "0.3")
    assert code == 3 and "time limit of 0.3 s" in err and "slots fixed" in err
    code, out, err = run(capsys, "fill", str(path), "--grid", grid, "--time-limit", "1.2", "--progress")
    assert code == 3
    reports = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    assert reports and {"seconds", "nodes", "backtracks", "fixed", "slots"} <= set(reports[0])
    code, out, err = run(capsys, "fill", str(path), "--grid", grid, "--max-backtracks", "5")
    assert code == 3 and "backtrack limit" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--grid", "../..."], "bad grid: ragged grid"),
        (["--grid", "..?/..."], "unknown character '?'"),
        (["--grid", "..#/.../#..", "--style", "us"], "needs 3+"),
        (["--grid", "../..", "--time-limit", "-1"], "time limit must be positive"),
        (["--grid", "../..", "--theme", "a b"], "theme entry"),
        (["--grid", "../..", "--scores", "/nonexistent/scores.tsv"], "cannot read"),
        (["--grid", "../..", "--scores", "{words}", "--uniform-scores"], "exclude each other"),
    ],
)
def test_bad_input_is_exit_1(capsys, words, argv, message):
    argv = [a.replace("{words}", str(words)) for a in argv]
    code, out, err = run(capsys, "fill", str(words), *argv)
    assert code == 1 and out == ""
    assert message in err


def test_missing_or_bad_lexicon_is_exit_1(capsys, tmp_path):
    code, _, err = run(capsys, "fill", str(tmp_path / "none.txt"), "--grid", "../..")
    assert code == 1 and "cannot read" in err
    bad = tmp_path / "bad.txt"
    bad.write_text("-\n'\n", encoding="utf-8")
    code, _, err = run(capsys, "fill", str(bad), "--grid", "../..")
    assert code == 1 and "no valid word" in err


def test_grid_command(capsys):
    code, out, _ = run(capsys, "grid", "--size", "11", "--style", "us", "--seed", "2")
    assert code == 0
    rows = out.split()
    assert len(rows) == 11 and all(len(r) == 11 for r in rows)
    code2, out2, _ = run(capsys, "grid", "--size", "11", "--style", "us", "--seed", "2", "--json")
    doc = json.loads(out2)
    assert doc["grid"] == rows and {"number", "dir", "row", "col", "length"} <= set(doc["slots"][0])
    code, _, err = run(capsys, "grid", "--size", "2", "--style", "us")
    assert code == 1 and "grid size" in err


def test_python_dash_m_engine_entry_point(words):
    done = subprocess.run([sys.executable, "-m", "engine", "fill", str(words), "--grid", SEED_5X5, "--json"],
                          capture_output=True, text=True, cwd=Path(__file__).resolve().parents[3])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["grid"][1] [1] == "#"
