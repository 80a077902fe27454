"""The crossword lab: grid files (text and 0/1), random grids with exactly K black cells, several
lexicons at once, algorithm choice on the command line and the comparison table."""

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.cli import main
from engine.crossword import (
    ALGORITHMS,
    GridError,
    combine_lexicons,
    compare_fills,
    format_comparison,
    lexicon_from_words,
    parse_grid,
    random_pattern,
    read_grid_file,
    write_grid_file,
)
from tests.engine.crossword.test_cli import FIVE, SEED_5X5, run

# -- grid files ------------------------------------------------------------------------------------


def test_01_file_reads_ones_as_black_with_separators_and_blank_edges():
    assert read_grid_file("\n0 0 1\n0,1,0\n100\n\n", "01") == ["..#", ".#.", "#.."]


def test_text_file_keeps_letters_and_round_trips():
    rows = read_grid_file("AB#\n...\n", "text")
    assert rows == ["AB#", "..."]
    assert read_grid_file(write_grid_file(rows, "text"), "text") == rows
    assert write_grid_file(rows, "01") == "001\n000\n"


@pytest.mark.parametrize(("text", "fmt", "message"), [
    ("000\n0x0\n", "01", "line 2: unknown character 'x'"),
    ("000\n00\n", "01", "ragged grid: line 2"),
    ("...\n.?.\n", "text", "row 2, column 2: unknown character '?'"),
    ("...\n....\n", "text", "ragged grid: line 2"),
    ("0" * 26 + "\n", "01", "line 1: 26 cells"),
    ("0\n" * 26, "01", "line 26: more than 25 rows"),
    ("000\n\n000\n", "01", "line 2: empty row"),
    ("\n\n", "text", "empty"),
])
def test_bad_grid_files_name_the_line(text, fmt, message):
    with pytest.raises(GridError, match=message.replace("?", r"\?").replace("(", r"\(")):
        read_grid_file(text, fmt)


def test_unknown_grid_format_is_refused():
    with pytest.raises(GridError, match="unknown grid format"):
        read_grid_file("0", "csv")


# -- random grids ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rows", "cols", "blocks", "style", "seed"), [
    (9, 9, 12, "fr", 1), (10, 10, 0, "fr", 2), (7, 11, 9, "fr", 3), (15, 15, 30, "us", 4),
    (15, 15, 31, "us", 5), (13, 13, 20, "us", 6), (21, 21, 60, "fr", 7),
])
def test_random_grid_has_exactly_k_blacks_and_is_valid(rows, cols, blocks, style, seed):
    grid = random_pattern(rows, cols, blocks, style, seed)
    assert len(grid) == rows and all(len(r) == cols for r in grid)
    assert sum(r.count("#") for r in grid) == blocks
    parse_grid(grid, style)  # valid for its style (raises otherwise)
    if style == "us":
        assert all(grid[r][c] == grid[rows - 1 - r][cols - 1 - c] for r in range(rows) for c in range(cols))
    assert random_pattern(rows, cols, blocks, style, seed) == grid  # same seed, same grid


def test_random_grids_put_black_cells_where_they_break_the_longest_runs():
    """Uniform draws cluster black cells and leave stacks of 13-15 letter slots that no filler fills in
    seconds; the drawer weights a cell by the runs it breaks (across + down, to the power SPREAD)."""
    import random

    from engine.crossword.patterns import _weighted_order

    # One full row of 9 white cells (row 0) above rows cut into runs of 2 or less.
    cells = [list("........."), list("#..#..#.."), list(".#..#..#."), list("..#..#..#")]
    firsts = Counter()
    for seed in range(300):
        candidates = [(r, c) for r in range(4) for c in range(9) if cells[r][c] == "."]
        firsts[_weighted_order(cells, candidates, random.Random(seed))[0][0]] += 1
    assert firsts[0] >= 290  # a cell of the 9-letter run comes first, all but a few times


def test_random_french_grids_have_no_stack_of_full_rows():
    for seed in range(20):
        grid = random_pattern(15, 15, 36, "fr", seed)
        columns = ["".join(row[c] for row in grid) for c in range(15)]
        runs = sorted((len(run) for line in (*grid, *columns) for run in line.split("#")), reverse=True)
        assert runs[0] <= 13 and runs[2] <= 12, (seed, runs[:5])


@pytest.mark.parametrize(("args", "message"), [
    ((15, 15, 40, "us"), "between 0 and 37"),
    ((14, 14, 3, "us"), "even number"),
    ((30, 30, 3, "fr"), "between 2 and 25"),
    ((5, 5, -1, "fr"), "between 0 and 12"),
    ((5, 5, 1, "xx"), "unknown style"),
])
def test_impossible_random_grids_are_refused(args, message):
    with pytest.raises(ValueError, match=message):
        random_pattern(*args)


# -- several lexicons --------------------------------------------------------------------------------


def test_combined_lexicons_are_the_union_with_the_best_score():
    a = lexicon_from_words(["chat", "chien"], "fr", scores={"CHAT": 2.0, "CHIEN": 1.0})
    b = lexicon_from_words(["chat", "loup"], "fr", scores={"CHAT": 5.0, "LOUP": 3.0})
    both = combine_lexicons([a, b])
    assert set(both.words) == {"CHAT", "CHIEN", "LOUP"}
    assert (both.score("CHAT"), both.score("CHIEN"), both.score("LOUP")) == (5.0, 1.0, 3.0)


def test_lexicons_of_two_languages_are_not_combined():
    with pytest.raises(ValueError, match="different languages"):
        combine_lexicons([lexicon_from_words(["chat"], "fr"), lexicon_from_words(["cat"], "en")])


# -- the comparison table ------------------------------------------------------------------------------


def test_comparison_table_counts_every_run():
    lex = lexicon_from_words(FIVE, "en", score_source="uniform")
    grids = [("seed", parse_grid(SEED_5X5, "fr")), ("none", parse_grid(["ZZ.", "...", "..."], "fr"))]
    calls = []
    table = compare_fills(grids, lex, ["fc", "mac"], seeds=2, time_limit=5,
                          progress=lambda done, total: calls.append((done, total)))
    assert [(r["grid"], r["algorithm"]) for r in table] == [
        ("seed", "fc"), ("seed", "mac"), ("none", "fc"), ("none", "mac")]
    assert all(r["runs"] == 2 and r["solved"] + r["unsolvable"] + r["timeouts"] == 2 for r in table)
    assert [r["solved"] for r in table[:2]] == [2, 2]
    assert [r["unsolvable"] for r in table[2:]] == [2, 2]
    assert calls[-1] == (8, 8) and len(calls) == 8
    text = format_comparison(table)
    assert text.splitlines()[0].split()[:3] == ["grid", "algorithm", "solved"]
    assert "2/2" in text


# -- the command line ---------------------------------------------------------------------------------


@pytest.fixture()
def two_lists(tmp_path: Path) -> tuple[Path, Path]:
    half = len(FIVE) // 2
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("\n".join(FIVE[:half]) + "\n", encoding="utf-8")
    second.write_text("\n".join(FIVE[half:]) + "\n", encoding="utf-8")
    return first, second


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_fill_from_the_union_of_two_lexicons_with_each_algorithm(capsys, two_lists, tmp_path, algorithm):
    grid = tmp_path / "grid.01"
    grid.write_text("00000\n01010\n00000\n01010\n00000\n", encoding="utf-8")
    code, out, err = run(capsys, "fill", str(two_lists[0]), str(two_lists[1]), "--grid", str(grid),
                         "--grid-format", "01", "--algorithm", algorithm, "--order", "static",
                         "--values", "alpha", "--uniform-scores", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["algorithm"] == algorithm
    assert all(s["answer"] in FIVE for s in doc["slots"])
    assert isinstance(doc["nodes"], int) and isinstance(doc["backtracks"], int) and doc["time"] >= 0


def test_fill_reports_bad_grid_file_lines(capsys, two_lists, tmp_path):
    grid = tmp_path / "bad.01"
    grid.write_text("000\n002\n", encoding="utf-8")
    code, _out, err = run(capsys, "fill", str(two_lists[0]), "--grid", str(grid), "--grid-format", "01")
    assert code == 1
    assert "bad.01" in err and "line 2: unknown character '2'" in err


def test_fill_refuses_an_unknown_algorithm(capsys, two_lists):
    with pytest.raises(SystemExit) as exit_info:
        main(["fill", str(two_lists[0]), "--grid", SEED_5X5, "--algorithm", "nope"])
    assert exit_info.value.code == 2
    assert "nope" in capsys.readouterr().err


def test_grid_command_writes_a_random_01_file(capsys, tmp_path):
    out_file = tmp_path / "g.01"
    code, out, err = run(capsys, "grid", "--rows", "9", "--cols", "11", "--blocks", "14", "--style", "fr",
                         "--seed", "5", "--format", "01", "-o", str(out_file))
    assert code == 0, err
    assert out == ""
    rows = read_grid_file(out_file.read_text(encoding="utf-8"), "01")
    assert len(rows) == 9 and len(rows[0]) == 11 and sum(r.count("#") for r in rows) == 14


def test_grid_command_refuses_impossible_blocks(capsys):
    code, _out, err = run(capsys, "grid", "--size", "15", "--blocks", "100", "--style", "us")
    assert code == 1 and "black cells" in err


def test_fill_compare_prints_the_table_and_json(capsys, two_lists, tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text(SEED_5X5.replace("/", "\n"), encoding="utf-8")
    args = ["fill-compare", str(two_lists[0]), str(two_lists[1]), "--grid", str(grid), "...#/..../....",
            "--algorithms", "bt,fc,fc-cbj,mac", "--seeds", "2", "--time-limit", "5"]
    code, out, err = run(capsys, *args)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["grid", "algorithm"] and len(lines) == 1 + 2 * 4
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    rows = json.loads(out)["rows"]
    assert [r["algorithm"] for r in rows] == ["bt", "fc", "fc-cbj", "mac"] * 2
    assert all(r["solved"] == 2 for r in rows[:4])


@pytest.mark.parametrize(("extra", "message"), [
    (["--algorithms", "fc,quick"], "unknown algorithm quick"),
    (["--seeds", "0"], "--seeds must be at least 1"),
    (["--time-limit", "0"], "--time-limit must be positive"),
])
def test_fill_compare_bad_options(capsys, two_lists, extra, message):
    code, _out, err = run(capsys, "fill-compare", str(two_lists[0]), "--grid", SEED_5X5, *extra)
    assert code == 1 and message in err
