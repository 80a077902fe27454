import pytest

from engine.crossword import GridError, default_max_word_length, generate_pattern, parse_grid
from engine.crossword.grid import BLACK


@pytest.mark.parametrize(("size", "style"), [(5, "fr"), (9, "fr"), (10, "fr"), (11, "us"), (13, "us"), (15, "us")])
@pytest.mark.parametrize("seed", range(3))
def test_generated_patterns_are_valid_for_their_style(size, style, seed):
    rows = generate_pattern(size, style, seed)
    assert len(rows) == size and all(len(r) == size for r in rows)
    assert set("".join(rows)) <= {".", BLACK}
    grid = parse_grid(rows, style)  # raises if any rule is broken
    if style == "us":
        blacks = sum(r.count(BLACK) for r in rows)
        assert blacks * 6 <= size * size
        assert all(s.length >= 3 for s in grid.slots)


def test_same_seed_same_pattern_and_seeds_differ():
    assert generate_pattern(11, "us", 4) == generate_pattern(11, "us", 4)
    assert len({tuple(generate_pattern(9, "fr", s)) for s in range(3)}) > 1


def test_max_word_length_and_rectangles():
    grid = parse_grid(generate_pattern(12, "us", 1, max_word_length=6), "us")
    assert max(s.length for s in grid.slots) <= 6
    rows = generate_pattern(8, "fr", 2, height=5)
    assert len(rows) == 5 and len(rows[0]) == 8


def test_big_french_grids_keep_words_short_by_default():
    # Long slots are what make a big French grid hard to fill: above 15x15 the default caps them.
    assert default_max_word_length(15, "fr") == 10
    assert default_max_word_length(21, "fr") == 9
    grid = parse_grid(generate_pattern(21, "fr", 0), "fr")
    assert max(s.length for s in grid.slots) == 9
    assert max(s.length for s in parse_grid(generate_pattern(21, "fr", 0, max_word_length=14), "fr").slots) > 9


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((2, "us"), {}, "grid size must be between 3"),
        ((40, "fr"), {}, "grid size must be between 2"),
        ((9, "xx"), {}, "unknown style"),
        ((9, "us"), {"height": 7}, "square"),
        ((9, "us"), {"max_word_length": 2}, "max_word_length"),
        ((9, "us"), {"black_fraction": 0.5}, "black_fraction"),
    ],
)
def test_bad_parameters(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        generate_pattern(*args, **kwargs)


def test_impossible_request_is_a_grid_error():
    with pytest.raises(GridError, match="no 7x7 'us' pattern with words of at most 3 letters"):
        generate_pattern(7, "us", 0, max_word_length=3, attempts=3)
