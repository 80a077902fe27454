"""Small parts: union-find, central word choice, helper words, the unified score's weights."""

from __future__ import annotations

import random

import pytest

from engine.cbic import RevisionWord, Weights
from engine.cbic.central import central_candidates, support_demand
from engine.cbic.helpers import helper_words, words_with_letter
from engine.cbic.placements import WordCheck, central_placement
from engine.cbic.scoring import SEED_WEIGHTS, support_supply, unified_score
from engine.cbic.state import GridState
from engine.cbic.unionfind import UnionFind
from engine.cbic.words import resolve_words
from engine.gaddag import build_gaddag
from engine.scrabble.board import WORD_MULTIPLIERS, Board
from engine.scrabble.cgp import Position
from engine.scrabble.scoring import validate_placement


def test_union_find_against_naive_labels() -> None:
    rng = random.Random(1)
    for _ in range(50):
        n = rng.randint(1, 30)
        uf = UnionFind(n)
        label = list(range(n))
        for _ in range(rng.randint(0, 40)):
            a, b = rng.randrange(n), rng.randrange(n)
            merged = uf.union(a, b)
            assert merged == (label[a] != label[b])
            old, new = label[b], label[a]
            label = [new if x == old else x for x in label]
        assert uf.components() == len(set(label))
        for a in range(n):
            for b in range(n):
                assert (uf.find(a) == uf.find(b)) == (label[a] == label[b])
    uf = UnionFind()
    assert uf.add() == 0 and uf.add() == 1 and uf.components() == 2


def test_central_prefers_words_with_the_needed_support_letters() -> None:
    lexicon = build_gaddag(["KAWA", "TATA", "KIWI", "WAKE", "ZOO", "BAKEWZ", "AWAKE", "RATE"], "fr")
    words = resolve_words(lexicon, [RevisionWord("KIWI", "W"), RevisionWord("WAKE", "K")])
    assert support_demand(words) == {"W": 1, "K": 1}
    ranked = central_candidates(lexicon, words, limit=3)
    assert ranked[0] in {"KAWA", "AWAKE", "BAKEWZ"}  # one K and one W, the revision words excluded
    assert "KIWI" not in ranked and "WAKE" not in ranked and "TATA" not in ranked[:1]
    assert all(len(w) <= 7 for w in ranked)


def test_central_candidates_are_seeded() -> None:
    lexicon = build_gaddag(["ABC", "BCA", "CAB", "ACB", "BAC", "CBA", "ABCD"], "fr")
    words = resolve_words(lexicon, [RevisionWord("ABCD", "A")])
    orders = {tuple(central_candidates(lexicon, words, limit=6, seed=s)) for s in range(10)}
    assert len(orders) > 1
    assert central_candidates(lexicon, words, seed=4) == central_candidates(lexicon, words, seed=4)


def test_helper_words_hold_the_letter() -> None:
    lexicon = build_gaddag(["KA", "SKI", "KIWI", "AS", "OKAPI", "TAXI", "KAKIS"], "fr")
    assert words_with_letter(lexicon, "K", 4) == ["KIWI"]
    found = helper_words(lexicon, frozenset("K"), {"KIWI"}, random.Random(0), 10)
    assert set(found) == {"KA", "SKI", "OKAPI", "KAKIS"}
    assert found.index("SKI") < found.index("KA") < found.index("OKAPI")  # lengths 3, 4, 2, 5


def test_weights_change_the_score() -> None:
    lexicon = build_gaddag(["DATAIS", "TA"], "fr")
    state = GridState()
    p = central_placement(state, WordCheck(lexicon), "DATAIS", 7, 5, "H")
    assert p is not None
    move = validate_placement(lexicon, Position(Board(), ("AADIST", "")), list(p.tiles))
    assert p.score == move.score == 14  # DATAIS = 7 on H6, centre square doubled
    demand = ((2, ((0, "T"),)),)
    assert support_supply(state, p, demand) == 1
    base_only = Weights(base=1, cross_words=0, support=0, density=0, centrality=0, connections=0, jitter=0)
    assert unified_score(state, p, demand, base_only) == 14
    assert unified_score(state, p, demand, SEED_WEIGHTS) != unified_score(state, p, demand, Weights(jitter=0))


def test_central_falls_back_to_any_short_word_and_errs_without_one() -> None:
    import pytest

    from engine.cbic import CbicInputError, generate_training_grid

    lexicon = build_gaddag(["BACCARAT", "DATAIS"], "fr")
    words = resolve_words(lexicon, [RevisionWord("BACCARAT", "T")])
    assert central_candidates(lexicon, words) == ["DATAIS"]
    alone = build_gaddag(["BACCARAT"], "fr")
    with pytest.raises(CbicInputError, match="no central word"):
        generate_training_grid(alone, ["BACCARAT:T"])


def test_targeted_helpers_put_the_support_letter_on_an_open_spot() -> None:
    from engine.cbic.helpers import targeted_helpers
    from engine.cbic.placements import placements_through
    from engine.cbic.state import HELPER, REVISION

    lexicon = build_gaddag(["DATAIS", "KIWI", "SKI", "TSAR"], "fr")
    check = WordCheck(lexicon)
    state = GridState()
    p = central_placement(state, check, "DATAIS", 7, 5, "H")
    assert p is not None
    state = state.apply(p, REVISION)
    stuck = resolve_words(lexicon, [RevisionWord("KIWI", 0)])
    assert placements_through(state, check, "KIWI", (0,)) == []
    found = targeted_helpers(state, check, lexicon, stuck, {"KIWI"}, None, random.Random(0), 50)
    assert found and all(h.word in {"SKI", "TSAR"} for h in found)
    ski = next(h for h in found if (h.word, h.row, h.col, h.dir) == ("SKI", 7, 10, "V"))
    assert placements_through(state.apply(ski, HELPER), check, "KIWI", (0,))  # KIWI from I11 across


def _room(cells: list[str], s: int, direction: str, n: int, i: int, premium: bool = False) -> int:
    from engine.cbic.helpers import _EmptyRuns

    return _EmptyRuns(cells).room(s, direction, n, i, premium)


def test_a_premium_spot_covers_a_word_multiplier() -> None:
    cells = [""] * 225
    assert _room(cells, 4 * 15 + 5, "H", 4, 0) and not _room(cells, 4 * 15 + 5, "H", 4, 0, premium=True)  # F5-I5
    assert _room(cells, 4 * 15 + 5, "H", 4, 2, premium=True)  # D5-G5 covers the double word square E5
    assert _room(cells, 2 * 15 + 4, "V", 3, 0, premium=True)  # E3-E5 down covers E5
    assert not _room(cells, 2 * 15 + 5, "V", 3, 0, premium=True)  # F3-F5: none
    cells[4 * 15 + 4] = "A"
    assert not _room(cells, 4 * 15 + 5, "H", 4, 2, premium=True)  # the span is not empty any more


def test_a_spot_s_multiplier_leaves_out_the_support_square() -> None:
    cells = [""] * 225
    assert _room(cells, 4 * 15 + 6, "H", 7, 2, premium=True) == 4  # E5-E11: both double word squares, x4
    assert _room(cells, 4 * 15 + 4, "H", 7, 0, premium=True) == 2  # the support letter on E5: the helper's
    assert _room(cells, 4 * 15 + 4, "H", 3, 0, premium=True) == 0  # E5-E7: only the support's square
    assert _room(cells, 0 * 15 + 3, "H", 7, 3, premium=True) == 3  # A1-A7 covers the triple A1
    assert _room(cells, 0 * 15 + 3, "H", 7, 3) == 3 and _room(cells, 5 * 15 + 5, "H", 3, 1) == 1


def _walked_room(cells: list[str], s: int, direction: str, n: int, i: int, premium: bool) -> int:
    """The spot's answer the long way: walk the span and its two ends square by square."""
    r, c = divmod(s, 15)
    p, step = (c, 1) if direction == "H" else (r, 15)
    first = p - i
    if first < 0 or first + n > 15:
        return 0
    squares = [s + (k - i) * step for k in range(n)]
    if any(cells[q] for q in squares):
        return 0
    if (first > 0 and cells[squares[0] - step]) or (first + n < 15 and cells[squares[-1] + step]):
        return 0
    multiplier = 1
    for k, q in enumerate(squares):
        if k != i:
            multiplier *= WORD_MULTIPLIERS[q]
    return 0 if premium and multiplier == 1 else multiplier


@pytest.mark.parametrize("density", [0.05, 0.2, 0.45])
def test_the_empty_runs_answer_every_spot_as_the_walk_does(density: float) -> None:
    from engine.cbic.helpers import _EmptyRuns

    rng = random.Random(int(density * 100))
    for _ in range(20):
        cells = ["A" if rng.random() < density else "" for _ in range(225)]
        runs = _EmptyRuns(cells)
        for s in (q for q in range(225) if not cells[q]):
            for direction in "HV":
                for n in range(2, 9):
                    for i in range(n):
                        for premium in (False, True):
                            assert runs.room(s, direction, n, i, premium) == _walked_room(
                                cells, s, direction, n, i, premium), (s, direction, n, i, premium)


def test_central_from_the_tiles_the_racks_leave() -> None:
    from collections import Counter

    lexicon = build_gaddag(["KAWA", "AWAKE", "TATA", "RATE", "ETE", "KIWI", "WAKE"], "fr")
    words = resolve_words(lexicon, [RevisionWord("KIWI", "W"), RevisionWord("WAKE", "K")])
    found = central_candidates(lexicon, words, available=Counter("TATAREE"))
    assert found and all(Counter(w) <= Counter("TATAREE") for w in found)
    assert central_candidates(lexicon, words, available=Counter("Q")) == []


def test_bag_bound_is_exact_for_racks() -> None:
    from collections import Counter

    from engine.alphabet import get_alphabet
    from engine.cbic.bagbound import BagBound, bag_shortfall, rack_letters
    from engine.cbic.state import Bag

    lexicon = build_gaddag(["ZAZA", "ZOZO", "KAKI", "ETE"], "fr")
    words = resolve_words(lexicon, [RevisionWord("ZAZA", "A"), RevisionWord("ZOZO", 1), RevisionWord("ETE", "E")])
    assert rack_letters(words[0]) == Counter("ZZA") and rack_letters(words[2]) == Counter("TE")
    bag = Bag(get_alphabet("fr"))  # 1 Z, 2 blanks
    bound = BagBound(bag, words)
    empty = GridState()
    assert bag_shortfall(words, bag) == {"Z": 3}
    assert bound.deficit(empty, [0]) == 0  # Z + one blank
    assert bound.deficit(empty, [0, 1]) == 1  # 4 Z: 1 + 2 blanks, one short
    assert bound.deficit(empty, [2], extra="E" * 16) == 0  # 17 E = 15 + 2 blanks
    assert bound.deficit(empty, [2], extra="E" * 17) == 1
    kept, dropped = bound.split([0, 1, 2], {0: 0, 1: 1, 2: 2})
    assert len(dropped) == 1 and dropped[0] in (0, 1) and 2 in kept
    assert bound.available([0])["Z"] == 0 and bound.available([0])["A"] == 8
