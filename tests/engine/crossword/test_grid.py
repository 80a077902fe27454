import pytest

from engine.crossword import GridError, parse_grid

SEED_5X5 = ".....\n.#.#.\n.....\n.#.#.\n....."
# Seed 003's grille1.txt (0 white, 1 black): 10 words.
SEED_GRILLE1 = "...##/....#/...../#..../##..."


def test_seed_5x5_has_six_slots_numbered_by_convention():
    grid = parse_grid(SEED_5X5, "fr")
    assert len(grid.slots) == 6
    assert [(s.key, s.row, s.col, s.length) for s in grid.slots] == [
        ("1A", 0, 0, 5), ("4A", 2, 0, 5), ("5A", 4, 0, 5),
        ("1D", 0, 0, 5), ("2D", 0, 2, 5), ("3D", 0, 4, 5),
    ]
    assert len(grid.crossings) == 9


def test_seed_003_grid_has_ten_words():
    grid = parse_grid(SEED_GRILLE1, "fr")
    assert len(grid.slots) == 10
    assert sorted(s.length for s in grid.slots) == [3, 3, 3, 3, 4, 4, 4, 4, 5, 5]


def test_numbering_skips_cells_that_start_nothing():
    grid = parse_grid("..#/.../#..", "fr")
    numbers = {(s.row, s.col): s.number for s in grid.slots}
    assert numbers == {(0, 0): 1, (0, 1): 2, (1, 0): 3, (1, 2): 4, (2, 1): 5}
    assert [s.key for s in grid.slots] == ["1A", "3A", "5A", "1D", "2D", "4D"]


def test_slash_newlines_sequences_and_blank_edges_are_equivalent():
    a = parse_grid("..\n..", "fr")
    b = parse_grid("../..", "fr")
    c = parse_grid(["..", ".."], "fr")
    d = parse_grid("\n  ..\n..  \n\n", "fr")
    assert a.rows == b.rows == c.rows == d.rows == ("..", "..")


def test_prefilled_letters_are_upper_cased_and_folded():
    grid = parse_grid("aé/..", "fr")
    assert grid.rows == ("AE", "..")
    assert grid.pattern(grid.slot_by_key("1A")) == "AE"
    assert grid.pattern(grid.slot_by_key("1D")) == "A."


@pytest.mark.parametrize(
    ("text", "style", "message"),
    [
        ("", "fr", "empty"),
        ("../...", "fr", "ragged grid: row 2 has 3 cells"),
        ("..*/...", "fr", "row 1, column 3: unknown character '*'"),
        ("..1/...", "fr", "unknown character '1'"),
        ("#.#/.../#.#", "fr", None),  # fine: every white cell is in a word
        ("#.#/###/#.#", "fr", "belongs to no word"),
        ("###/###", "fr", "no word slot"),
        ("..#/.../#..", "us", r"has 2 letter\(s\); style 'us' needs 3\+"),
        ("....../....../....../....../....../.....#", "us", "symmetry"),
        ("#...##/#...../....../....../.....#/##...#", "us", "at most 1/6 black cells: 8 of 36"),
        ("..", "xx", "unknown style"),
    ],
)
def test_bad_grids_are_refused_with_a_precise_message(text, style, message):
    if message is None:
        parse_grid(text, style)
        return
    with pytest.raises(GridError, match=message):
        parse_grid(text, style)


def test_us_refuses_disconnected_white_cells():
    rows = ["...#...", "...#...", "...#...", "#######", "...#...", "...#...", "...#..."]
    with pytest.raises(GridError):  # 1/6 rule or connectivity: both are broken here
        parse_grid(rows, "us")
    rows = ["....#....", "....#....", "....#....", "....#....", "#########"]
    with pytest.raises(GridError):
        parse_grid(rows, "us")


def test_us_connectivity_is_checked_on_its_own():
    from engine.crossword.grid import is_connected

    assert is_connected(["..#", "..#", "###"])
    assert not is_connected(["..#", "###", "#.."])


def test_us_refuses_unchecked_cells():
    with pytest.raises(GridError, match="1 letter"):
        parse_grid(SEED_5X5, "us")


def test_components_are_independent_sub_grids():
    grid = parse_grid("..#../..#..", "fr")
    comps = sorted(sorted(grid.slots[i].key for i in comp) for comp in grid.components())
    assert comps == [["1A", "1D", "2D", "5A"], ["3A", "3D", "4D", "6A"]]


def test_filled_rows_writes_answers():
    grid = parse_grid("../..", "fr")
    assert grid.filled_rows(["AB", "CD", "AC", "BD"]) == ["AB", "CD"]
