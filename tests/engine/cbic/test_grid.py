"""Whole grids: the seed's example, random sets on a synthetic lexicon, bag mode, determinism.

Every grid goes through :func:`oracle.check_grid`, which re-derives each promise from the JSON alone
(legal connected board, support squares, racks, expected plays among the generated moves, tops).
"""

from __future__ import annotations

import json
import random

import pytest

from engine.cbic import GREEDY, RevisionWord, SearchConfig, generate_training_grid
from tests.engine.cbic.conftest import SEED_WORDS
from tests.engine.cbic.oracle import check_grid


def random_set(words: set[str], rng: random.Random, count: int) -> list[RevisionWord]:
    pool = sorted(w for w in words if 6 <= len(w) <= 8)
    items = []
    for word in rng.sample(pool, count):
        i = rng.randrange(len(word))
        items.append(RevisionWord(word, word[i] if rng.random() < 0.5 else i))
    return items


def specs(items: list[RevisionWord]) -> list[tuple[str, str | int]]:
    return [(i.word, i.support) for i in items]


def test_seed_example(seed_lexicon) -> None:
    """The seed's example asks the rack AAABCCR twice (BACCARAT through T, BACCARAS through S): laid as the seed
    lays it, without the rule of distinct racks (``SearchConfig.distinct_racks``, off by default)."""
    items = [RevisionWord("BACCARAT", 7), RevisionWord("BACCARAS", "S"), RevisionWord("CACABERA", "A")]
    grid = generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=10)
    data = grid.to_json()
    check_grid(data, seed_lexicon, set(SEED_WORDS), specs(items), top_n=10, distinct_racks=False)
    assert grid.complete and not grid.helpers
    assert data["central"]["word"] == "DATAIS" and data["stats"]["components"] == 1
    by_word = {p["word"]: p for p in data["placed"]}
    assert by_word["BACCARAT"]["support"]["letter"] == "T" and by_word["BACCARAT"]["support"]["index"] == 7
    assert by_word["BACCARAS"]["support"]["letter"] == "S"
    assert by_word["CACABERA"]["support"]["letter"] == "A"
    assert sorted(by_word["BACCARAT"]["situation"]["rack"]) == sorted("BACCARA")
    # "your word" and "the top": the expected play is flagged when it is among the top.
    for placed in data["placed"]:
        situation = placed["situation"]
        rank = situation["expected_rank"]
        assert rank is not None and rank >= 1
        flagged = [k for k, m in enumerate(situation["top"]) if m["expected"]]
        assert flagged == ([rank - 1] if rank <= len(situation["top"]) else [])


@pytest.mark.parametrize("case", range(10))
def test_random_sets_are_legal_and_explained(synthetic, case: int) -> None:
    lexicon, words = synthetic
    rng = random.Random(100 + case)
    items = random_set(words, rng, rng.randint(4, 8))
    grid = generate_training_grid(lexicon, items, seed=case, top_n=5)
    check_grid(grid.to_json(), lexicon, words, specs(items), top_n=5)
    assert grid.stats["components"] == 1
    assert len(grid.placed) >= len(items) - 1  # the synthetic lexicon is rich enough


@pytest.mark.parametrize("case", range(6))
def test_bag_mode_stays_within_the_bag(synthetic, case: int) -> None:
    lexicon, words = synthetic
    rng = random.Random(200 + case)
    items = random_set(words, rng, 8)
    grid = generate_training_grid(lexicon, items, seed=case, bag=True, top_n=0)
    check_grid(grid.to_json(), lexicon, words, specs(items), bag=True)


def test_bag_mode_puts_blanks_in_lower_case(seed_lexicon) -> None:
    # BACCARAT, BACCARAS and CACABERA need 6 C; the French bag has 2 C and 2 blanks.
    items = [RevisionWord("BACCARAT", 7), RevisionWord("BACCARAS", "S"), RevisionWord("CACABERA", "A")]
    grid = generate_training_grid(seed_lexicon, items, central="DATAIS", bag=True, top_n=3)
    data = grid.to_json()
    check_grid(data, seed_lexicon, set(SEED_WORDS), specs(items), bag=True, top_n=3)
    assert data["stats"]["blanks"] == 2
    assert any("?" in p["situation"]["rack"] for p in data["placed"])
    assert data["unplaced"] and "bag" in data["unplaced"][0]["reason"]


def test_same_seed_same_grid_other_seed_may_differ(synthetic) -> None:
    lexicon, words = synthetic
    items = random_set(words, random.Random(7), 7)
    first = generate_training_grid(lexicon, items, seed=3, top_n=2).to_json()
    again = generate_training_grid(lexicon, items, seed=3, top_n=2).to_json()
    assert json.dumps(first) == json.dumps(again)
    boards = {tuple(generate_training_grid(lexicon, items, seed=s, top_n=0).board.rows()) for s in range(6)}
    assert len(boards) > 1


def test_unplaceable_word_is_reported_with_its_reason(seed_lexicon) -> None:
    # Without helpers, DATAIS offers no C and nothing else brings one before CACABERA:C.
    items = [RevisionWord("CACABERA", "B")]
    grid = generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=0,
                                  config=SearchConfig(helpers=0))
    data = grid.to_json()
    check_grid(data, seed_lexicon, set(SEED_WORDS), specs(items))
    assert data["placed"] == []
    assert data["unplaced"] == [{"word": "CACABERA", "spec": "CACABERA:B",
                                 "reason": "its support letter B is nowhere on the board and helper "
                                           "words are off",
                                 "code": "cbic_no_support", "params": {"letters": "B", "helpers": False}}]


def test_helper_words_bring_missing_support_letters(synthetic) -> None:
    lexicon, words = synthetic
    rng = random.Random(11)
    # Supports on letters the central word will rarely offer.
    pool = sorted(w for w in words if 6 <= len(w) <= 8 and any(x in w for x in "KWXYZJQ"))
    items = []
    for word in rng.sample(pool, 4):
        rare = next(i for i, ch in enumerate(word) if ch in "KWXYZJQ")
        items.append(RevisionWord(word, rare))
    grid = generate_training_grid(lexicon, items, seed=1, top_n=0)
    data = grid.to_json()
    check_grid(data, lexicon, words, specs(items))
    assert grid.helpers, "expected helper words for rare support letters"
    for helper in data["helpers"]:
        assert helper["word"] in words


def test_greedy_baseline_is_legal_too(synthetic) -> None:
    lexicon, words = synthetic
    items = random_set(words, random.Random(3), 8)
    central = next(w for w in sorted(words) if len(w) == 6)
    grid = generate_training_grid(lexicon, items, central=central, top_n=0, config=GREEDY)
    check_grid(grid.to_json(), lexicon, words, specs(items))
    assert not grid.helpers


def test_progress_is_monotonic_and_ends_at_100(synthetic) -> None:
    lexicon, words = synthetic
    items = random_set(words, random.Random(4), 6)
    calls: list[tuple[int, str]] = []
    generate_training_grid(lexicon, items, top_n=1, progress=lambda p, m: calls.append((p, m)))
    percents = [p for p, _ in calls]
    assert percents == sorted(percents) and percents[-1] == 100 and all(0 <= p <= 100 for p in percents)
    assert all(isinstance(m, str) and m for _, m in calls)


def test_central_word_is_chosen_for_the_set(synthetic) -> None:
    lexicon, words = synthetic
    items = random_set(words, random.Random(9), 5)
    grid = generate_training_grid(lexicon, items, top_n=0)
    data = grid.to_json()
    assert data["stats"]["central_auto"] is True
    central = data["central"]["word"]
    assert central in words and 2 <= len(central) <= 7 and central not in {i.word for i in items}


def test_json_shape(seed_lexicon) -> None:
    grid = generate_training_grid(seed_lexicon, ["BACCARAT:T"], central="DATAIS", top_n=2,
                                  lexicon_name="TEST")
    data = json.loads(json.dumps(grid.to_json()))
    assert list(data)[:4] == ["board", "placed", "unplaced", "helpers"]
    placed = data["placed"][0]
    assert {"word", "row", "col", "dir", "support", "situation"} <= set(placed)
    assert set(placed["support"]) >= {"row", "col", "letter"}
    assert set(placed["situation"]) >= {"cgp", "rack", "top"}
    assert placed["situation"]["cgp"].endswith("lex TEST;")
    assert placed["coord"] == "8A"
    assert {"coord", "row", "col", "dir", "word", "score", "tiles", "expected"} <= set(placed["situation"]["top"][0])


def test_bag_mode_leaves_out_what_the_bag_cannot_hold() -> None:
    from engine.gaddag import build_gaddag

    # Four racks of ZZ... need 8 Z; the French bag has 1 Z and 2 blanks: at most one word fits.
    words = ["ZAZA", "ZOZO", "ZUZU", "ZIZI", "AZ", "ZA", "ZOO", "ZUT", "ZIG", "OUI", "AI", "TU"]
    lexicon = build_gaddag(words, "fr")
    items = [RevisionWord("ZAZA", "A"), RevisionWord("ZOZO", "O"), RevisionWord("ZUZU", "U"),
             RevisionWord("ZIZI", "I")]
    grid = generate_training_grid(lexicon, items, central="OUI", bag=True, top_n=2)
    data = grid.to_json()
    check_grid(data, lexicon, set(words), specs(items), bag=True, top_n=2)
    assert len(data["placed"]) == 1 and len(data["unplaced"]) == 3
    assert len(data["stats"]["bag_dropped"]) == 3
    assert data["stats"]["bag_shortfall"] == {"Z": 7}
    reasons = {u["word"]: u["reason"] for u in data["unplaced"]}
    assert sum("bag and its 2 blanks cannot supply" in r for r in reasons.values()) >= 2


def test_duplicates_two_letter_words_and_the_central_word_as_revision_word() -> None:
    from engine.gaddag import build_gaddag

    words = ["DATAIS", "BACCARAT", "TA", "AS", "DA"]
    lexicon = build_gaddag(words, "fr")
    items = [RevisionWord("TA", "T"), RevisionWord("BACCARAT", "T"), RevisionWord("BACCARAT", "A"),
             RevisionWord("DATAIS", "S")]
    grid = generate_training_grid(lexicon, items, central="DATAIS", top_n=3)
    check_grid(grid.to_json(), lexicon, set(words), specs(items), top_n=3)
    assert grid.complete
    ta = next(p for p in grid.placed if p.word == "TA")
    assert ta.situation.rack == "A" and ta.situation.expected.tiles == 1


def test_a_tiny_time_budget_still_gives_a_legal_grid(synthetic) -> None:
    lexicon, words = synthetic
    items = random_set(words, random.Random(21), 8)
    grid = generate_training_grid(lexicon, items, time_budget=1e-6, top_n=0)
    check_grid(grid.to_json(), lexicon, words, specs(items))
    assert grid.stats["stopped_by_time"] is True
    for unplaced in grid.unplaced:
        assert "time budget" in unplaced.reason and unplaced.params["time_budget"] == 1e-6 and unplaced.code


def test_english_lexicon() -> None:
    from engine.gaddag import build_gaddag

    words = ["QUIZ", "ZOO", "ZEBRA", "BRAZEN", "ARE", "BE", "OE"]
    lexicon = build_gaddag(words, "en")
    items = [RevisionWord("ZEBRA", "Z"), RevisionWord("BRAZEN", "B")]
    grid = generate_training_grid(lexicon, items, top_n=2, bag=True)
    check_grid(grid.to_json(), lexicon, set(words), specs(items), bag=True, top_n=2)
    assert grid.complete


def test_sets_of_ten_words_are_given_up_only_when_the_time_budget_is_spent(synthetic) -> None:
    """Sets of 10 words of 8 letters through a fixed support index (what the web app sends): every
    word is placed, or the search went on restarting until its budget was spent; each grid stays exact."""
    lexicon, words = synthetic
    rng = random.Random(23)
    pool = sorted(w for w in words if len(w) == 8)
    complete = 0
    for k in range(6):
        items = [RevisionWord(w, rng.randrange(8)) for w in rng.sample(pool, 10)]
        grid = generate_training_grid(lexicon, items, seed=k, top_n=0, time_budget=3.0,
                                      config=SearchConfig(restarts=2))
        data = grid.to_json()
        check_grid(data, lexicon, words, specs(items))
        if grid.complete:
            complete += 1
        else:
            assert data["stats"]["stopped_by_time"], data["unplaced"]
            assert all("time budget" in u["reason"] for u in data["unplaced"])
    assert complete >= 1  # the share fully placed is measured by bench/cbic.py, not here


def test_a_word_a_restart_could_not_place_goes_first_in_the_next(synthetic) -> None:
    from engine.cbic.words import resolve_words
    from tests.engine.cbic.support import make_builder

    lexicon, words = synthetic
    rng = random.Random(3)
    items = [RevisionWord(w, rng.randrange(8)) for w in rng.sample(sorted(w for w in words if len(w) == 8), 6)]
    resolved = resolve_words(lexicon, items)
    plain = make_builder(lexicon, resolved, 1, time_budget=5.0)
    first = plain.build().state.steps[1].word_id
    # A word that could go first too (it has a placement on the central word alone), but did not.
    from engine.cbic.placements import central_placement
    from engine.cbic.state import CENTRAL, GridState

    word, (row, col, direction) = plain.attempts()[0]
    start = GridState().apply(central_placement(GridState(), plain.check, word, row, col, direction, None), CENTRAL)
    other = next(w.order for w in resolved if w.order != first and plain.options(start, w.order))
    builder = make_builder(lexicon, resolved, 1, time_budget=5.0)
    builder.priority = {other}
    assert builder.build().state.steps[1].word_id == other


def test_unplaced_reasons_and_progress_carry_codes_for_translations(seed_lexicon) -> None:
    """Interfaces translate by code (the English stays for the command line): every unplaced reason and
    progress message has a code, and the refusals behind "no legal placement" are listed by code."""
    messages = []
    items = [RevisionWord("BACCARAT", 7), RevisionWord("CACABERA", "A"), RevisionWord("BACCARAS", "S")]
    grid = generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=0, bag=True,
                                  progress=lambda percent, message: messages.append(message))
    assert messages and all(getattr(m, "code", "").startswith("cbic_") and isinstance(m, str) for m in messages)
    assert {"cbic_words_checked", "cbic_choosing_central", "cbic_grid_built"} <= {m.code for m in messages}
    last = messages[-1]
    assert (last.code, last.params["total"]) == ("cbic_words_placed", 3) and str(last).endswith("words placed")
    for unplaced in grid.to_json()["unplaced"]:
        assert unplaced["reason"] and unplaced["code"].startswith("cbic_")
        json.dumps(unplaced["params"])  # plain JSON, stored as is by the web app
        for refusal in unplaced["params"].get("refusals", []):
            assert refusal["code"].startswith("cbic_") and refusal["count"] >= 1


def test_a_grid_never_asks_the_same_rack_twice() -> None:
    """RAINETS and ENTRAIS through their T both leave the rack AEINRS: the second situation would be answered
    from memory of the first, so one of them is left out, with the reason."""
    from engine.gaddag import build_gaddag

    words = ["TETAIT", "RAINETS", "ENTRAIS"]
    lexicon = build_gaddag(words, "fr")
    items = [RevisionWord("RAINETS", "T"), RevisionWord("ENTRAIS", "T")]
    # Restarts cannot help (every grid asks AEINRS first): a short budget ends them.
    grid = generate_training_grid(lexicon, items, central="TETAIT", top_n=3, time_budget=0.5,
                                  config=SearchConfig(distinct_racks=True))
    check_grid(grid.to_json(), lexicon, set(words), specs(items), top_n=3)
    assert len(grid.placed) == 1 and grid.placed[0].situation.rack == "AEINRS"
    [left_out] = grid.unplaced
    assert left_out.code == "cbic_same_rack" and left_out.params["rack"] == "AEINRS"
    assert "AEINRS" in left_out.reason
    both = generate_training_grid(lexicon, items, central="TETAIT", top_n=3)  # the rule off: both laid
    assert {p.word for p in both.placed} == {"RAINETS", "ENTRAIS"}
