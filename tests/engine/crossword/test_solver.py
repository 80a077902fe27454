import time

import pytest

from engine.crossword import (
    BacktrackLimit,
    EmptyDomain,
    ListWordSource,
    SearchOptions,
    Timeout,
    Unsolvable,
    consistent_domains,
    fill_grid,
    parse_grid,
    verify_fill,
)
from engine.crossword.domains import LengthIndex, order_by_score
from tests.engine.crossword.helpers import brute_force_fills, lexicon

SEED_5X5 = ".....\n.#.#.\n.....\n.#.#.\n....."
FIVE = ("HOUSE RIDGE SORRY HURTS UNDER EVERY APPLE AGILE ANKLE ARISE STONE CRANE TRAIN "
        "PLANT GHOST LEMON MANGO OLIVE PEARL QUIET ROBIN SHINE TIGER UNCLE VOICE WATER")


def hard_instance():
    """A 9x9 open grid and 3000 random 9-letter words over 8 letters: neither filled nor refuted fast."""
    import random

    rng = random.Random(7)
    words = sorted({"".join(rng.choice("ABCDEFGH") for _ in range(9)) for _ in range(3000)})
    return "\n".join(["........."] * 9), lexicon(words)


def answers(result):
    return [a.answer for a in result.answers]


def test_seed_test_1_simple_5x5_grid():
    grid = parse_grid(SEED_5X5, "fr")
    lex = lexicon(FIVE)
    result = fill_grid(grid, lex, seed=0)
    assert len(result.answers) == 6
    assert result.stats["backtracks"] < 100
    assert verify_fill(grid, answers(result), lambda w: w in lex) == []
    # the only fill (up to the transposition) uses these six words
    assert sorted(answers(result)) == sorted(["HOUSE", "RIDGE", "SORRY", "HURTS", "UNDER", "EVERY"])


def test_seed_test_2_pattern_filter():
    words, scores = order_by_score(["APPLE", "AGILE", "ANKLE", "ARISE", "XENON"], [1.0] * 5)
    index = LengthIndex(5, words, scores)
    assert set(index.words_of(index.pattern_mask("A..LE"))) == {"APPLE", "AGILE", "ANKLE"}
    assert set(index.words_of(index.pattern_mask("....."))) == set(words)
    assert index.words_of(index.pattern_mask("APPLE")) == ["APPLE"]
    assert index.pattern_mask("A..L") == 0  # AXLE's length: no 5-letter word can match


def test_seed_test_3_arc_consistency_revise():
    # Slot X (5 letters) across, slot Y (4 letters) down, sharing their first cell.
    grid = "...../.####/.####/.####"
    domains = consistent_domains(grid, lexicon("APPLE XENON AREA ARCH"))
    assert domains == {"1A": ["APPLE"], "1D": ["ARCH", "AREA"]}


def test_seed_test_4_backtracking_recovery():
    grid = parse_grid(".../#../...", "fr")
    words = "ABB ACA BA BB BBD BCB BD BDB BDC CB CEC DCA DDE EBC EC EEA"
    only = brute_force_fills(grid, set(words.split()), limit=2)
    assert len(only) == 1
    result = fill_grid(grid, lexicon(words), options=SearchOptions(value_jitter=0, var_jitter=0))
    assert result.stats["backtracks"] >= 1
    assert answers(result) == only[0]


def test_backjumping_skips_irrelevant_levels_and_stays_correct():
    grid = parse_grid("..#../.#.../...../..#.#", "fr")
    from tests.engine.crossword.test_oracle import random_case

    same_grid, words = random_case(38)
    assert same_grid.rows == grid.rows
    opts = SearchOptions(value_jitter=0, var_jitter=0, restart_base=10_000)
    with_cbj = fill_grid(grid, lexicon(sorted(words)), options=opts)
    assert with_cbj.stats["backjumps"] >= 1
    assert verify_fill(grid, answers(with_cbj), lambda w: w in words) == []


def test_prefilled_letters_are_kept():
    grid = parse_grid("H..../.#.#./..D../.#.#./....Y", "fr")
    result = fill_grid(grid, lexicon(FIVE))
    assert result.rows[0][0] == "H" and result.rows[2][2] == "D" and result.rows[4][4] == "Y"


def test_unsolvable_grid_is_reported_as_such():
    with pytest.raises(Unsolvable) as info:
        fill_grid(SEED_5X5, lexicon(FIVE.replace("EVERY", "EVERT")))
    assert info.value.stats["seconds"] >= 0


def test_all_different_is_enforced():
    # A 2x2 block needs 4 distinct words: over {A, B} every fill (rows AA/BB, AB/BA...) repeats one.
    with pytest.raises(Unsolvable):
        fill_grid("../..", lexicon("AA AB BA BB"))
    result = fill_grid("../..", lexicon("AB CD AC BD"))
    assert sorted(answers(result)) == ["AB", "AC", "BD", "CD"]


def test_empty_domain_names_the_slot_and_pattern():
    with pytest.raises(EmptyDomain) as info:
        fill_grid("...../.#.#./..X../.#.#./.....", lexicon(FIVE))
    assert info.value.slot == "4A" and info.value.pattern == "..X.."
    assert "4A" in str(info.value) and "..X.." in str(info.value)


def test_word_source_fills_a_slot_the_lexicon_cannot():
    lex = lexicon(FIVE)
    # Sources are asked in order; words that do not fit the pattern are ignored.
    sources = [ListWordSource(["zzzzz"]), ListWordSource(["quirk", "quick1"]), ListWordSource(["quack"])]
    result = fill_grid("QUIR.", lex, sources=sources)
    assert result.rows == ["QUIRK"]
    with pytest.raises(EmptyDomain):
        fill_grid("X....", lex, sources=sources)
    # The lexicon comes first: sources are not asked when it has a word.
    assert fill_grid("HO...", lex, sources=sources).rows == ["HOUSE"]


def test_time_limit_is_honoured():
    grid, lex = hard_instance()
    start = time.monotonic()
    with pytest.raises(Timeout) as info:
        fill_grid(grid, lex, time_limit=0.5)
    elapsed = time.monotonic() - start
    assert elapsed < 0.5 + 2.0  # the clock is read at every node: overrun is one node at most
    assert info.value.limit == 0.5 and info.value.stats["nodes"] > 0
    assert isinstance(info.value.partial, dict)


def test_backtrack_limit_is_honoured():
    grid, lex = hard_instance()
    with pytest.raises(BacktrackLimit) as info:
        fill_grid(grid, lex, max_backtracks=20, time_limit=30)
    assert info.value.count == 21 and info.value.limit == 20


def test_same_seed_same_fill_and_seeds_vary():
    lex = lexicon("AB AC BA BC CA CB AA BB CC")
    assert fill_grid("../..", lex, seed=1).rows == fill_grid("../..", lex, seed=1).rows
    fills = {tuple(fill_grid("../..", lex, seed=s).rows) for s in range(12)}
    assert len(fills) >= 2


def test_quality_prefers_better_words_and_reports_mean_score():
    words = "AB BA AC CA AD DA BD DB"
    scores = {"AB": 5, "BA": 5, "AD": 1, "DA": 1, "AC": 4, "CA": 4, "BD": 0, "DB": 0}
    result = fill_grid("../..", lexicon(words, scores), options=SearchOptions(value_jitter=0))
    assert result.mean_score == pytest.approx(sum(a.score for a in result.answers) / 4)
    assert result.mean_score > 1.0


def test_min_score_is_relaxed_only_where_a_slot_would_be_empty():
    scores = {w: 5.0 for w in FIVE.split()}
    scores.update({"HOUSE": 0.5, "HURTS": 0.5})
    lex = lexicon(FIVE, scores)
    result = fill_grid("HO...", lex, min_score=3.0)
    assert result.stats["stage"] == "min_score" and result.rows == ["HOUSE"]
    # When the threshold makes the grid unsolvable, the whole lexicon is tried before giving up.
    result = fill_grid(SEED_5X5, lex, min_score=3.0)
    assert result.stats["stage"] == "lexicon" and {"HOUSE", "HURTS"} <= set(answers(result))
    # Words above the threshold are used when they are enough.
    result = fill_grid("S....", lex, min_score=3.0, options=SearchOptions(value_jitter=0))
    assert result.rows[0] in {"SORRY", "STONE", "SHINE"} and result.stats["stage"] == "min_score"


def test_independent_sub_grids_and_all_different_across_them():
    grid = parse_grid("..#../..#..", "fr")
    lex = lexicon("AB CD AC BD EF GH EG FH")
    result = fill_grid(grid, lex)
    assert result.stats["components"] == 2
    assert len(set(answers(result))) == 8
    # Only one set of words fits both blocks: all-different across them must be solved jointly.
    with pytest.raises(Unsolvable):
        fill_grid(grid, lexicon("AB CD AC BD"))


def test_theme_words_are_placed_first():
    lex = lexicon(FIVE)
    result = fill_grid(SEED_5X5, lex, theme=["sorry"])
    assert "SORRY" in answers(result) and result.stats["theme_placed"] == ["SORRY"]
    result = fill_grid(SEED_5X5, lex, theme=["zebra"])  # fits nowhere: ignored, still a fill
    assert result.stats["theme_placed"] == []
    with pytest.raises(ValueError, match="theme entry"):
        fill_grid(SEED_5X5, lex, theme=["two words"])


def test_progress_callback_reports_and_can_cancel():
    grid, lex = hard_instance()
    seen = []

    class Cancelled(Exception):
        pass

    def progress(info):
        seen.append(info)
        raise Cancelled

    with pytest.raises(Cancelled):
        fill_grid(grid, lex, progress=progress, time_limit=20,
                  options=SearchOptions(progress_interval=0.01))
    assert {"seconds", "nodes", "backtracks", "restarts", "fixed", "slots"} <= set(seen[0])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"heuristic": "best"}, "unknown heuristic"),
        ({"time_limit": 0}, "time limit must be positive"),
        ({"max_backtracks": -1}, "max_backtracks"),
        ({"restart_base": 0}, "restart_base"),
        ({"candidates": 0}, "candidates"),
        ({"ac_limit": 0}, "ac_limit"),
        ({"quality_decay": 2}, "quality_decay"),
        ({"locality": -1}, "locality"),
    ],
)
def test_bad_options_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        SearchOptions(**kwargs)


def test_a_complete_grid_is_checked_not_searched():
    result = fill_grid("HOUSE/U#N#V/RIDGE/T#E#R/SORRY", lexicon(FIVE))
    assert result.rows == ["HOUSE", "U#N#V", "RIDGE", "T#E#R", "SORRY"]
    with pytest.raises(EmptyDomain) as info:
        fill_grid("HOUSE/U#N#V/RIDGX/T#E#R/SORRY", lexicon(FIVE))
    assert info.value.slot == "4A" and info.value.pattern == "RIDGX"


def test_a_length_missing_from_the_lexicon_is_an_empty_domain():
    with pytest.raises(EmptyDomain, match="no word for slot 1A with pattern '......'"):
        fill_grid("......", lexicon(FIVE))
