"""The duplicate draw rules as property tests over many seeds: every rack keeps the vowel/consonant rule of
its round, a failing rack goes back whole, tiles are never created or lost, and the game stops exactly when
no rack can keep the rule (the end of the bag), in both variants.

The "can a good rack still be drawn" oracle below counts tile kinds by brute force, independently of
``engine.duplicate.rules.pool_can_keep_rule``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.alphabet import get_alphabet
from engine.duplicate import CLASSIC, JOKER, Bag, full_bag, rack_keeps_rule, requirement
from engine.duplicate.rules import counts, kind, pool_can_keep_rule

FR = get_alphabet("fr")
EN = get_alphabet("en")


def test_requirement_changes_at_round_16() -> None:
    assert [(requirement(n).vowels, requirement(n).consonants) for n in (1, 15, 16, 30)] == [
        (2, 2), (2, 2), (1, 1), (1, 1)]
    with pytest.raises(ValueError):
        requirement(0)


def test_blank_and_y_count_on_both_sides() -> None:
    assert kind("?") == kind("Y") == "both"
    assert counts("?Y") == (2, 2)
    assert rack_keeps_rule("?YBCDFG", 1)      # blank + Y: 2 vowels, 7 consonants
    assert rack_keeps_rule("?AEIOUB", 1)      # 6 vowels, blank + B: 2 consonants
    assert not rack_keeps_rule("AEIOUEB", 1)  # one consonant before round 16
    assert rack_keeps_rule("AEIOUEB", 16)
    assert not rack_keeps_rule("BCDFGHJ", 16)
    assert rack_keeps_rule("?BCDFGH", 16)


def good_rack_exists(pool: list[str], round_number: int) -> bool:
    """Brute force over how many vowels, consonants and both-kind tiles a rack could hold."""
    have = Counter(kind(t) for t in pool)
    size = min(7, len(pool))
    if size == 0:
        return False
    need = requirement(round_number)
    for nb in range(min(have["both"], size) + 1):
        for nv in range(min(have["vowel"], size - nb) + 1):
            nc = size - nb - nv
            if nc <= have["consonant"] and nv + nb >= need.vowels and nc + nb >= need.consonants:
                return True
    return False


def play_out(seed: int, variant: str, used_per_round: list[int], alphabet=FR) -> None:
    """Draw round after round, a pretend top taking some tiles each time, checking every rule on the way."""
    bag = Bag(alphabet, seed, variant)
    total = Counter(full_bag(alphabet, variant))
    assert BLANK_COUNT(variant, alphabet) == total["?"]
    on_board: Counter[str] = Counter()
    kept = ""
    for number in range(1, 200):
        pool = list(bag.tiles) + [t for t in kept if not (variant == JOKER and t == "?")]
        blank_kept = variant == JOKER and "?" in kept
        permanent = ["?"] if blank_kept or (variant == JOKER and bag.tiles) else []
        draw = bag.draw(kept, number)
        if draw is None:
            # Over only when nothing at all (the blank kept alone included) can keep the rule.
            assert not good_rack_exists(pool + permanent, number)
            assert not pool_can_keep_rule(pool + permanent, number)
            return
        assert good_rack_exists(pool + permanent, number)
        rack = draw.rack
        assert rack_keeps_rule(rack, number), (number, rack)
        assert len(rack) == min(7, len(pool) + (1 if variant == JOKER and "?" in rack else 0))
        for rejected in draw.rejected:
            assert not rack_keeps_rule(rejected, number)
        if draw.rejected:
            assert draw.kept in ("", "?"), "a failing rack goes back whole"
        if variant == JOKER:
            assert "?" not in bag.tiles
            assert rack.count("?") == 1 or not bag.tiles
        # tiles are conserved: bag + rack + board = the full bag (joker: blanks come from outside the bag)
        now = Counter(bag.tiles) + Counter(rack) + on_board
        if variant == CLASSIC:
            assert now == total
        else:
            assert now - Counter({"?": now["?"]}) == total
        used = max(1, min(len(rack), used_per_round[number % len(used_per_round)]))
        on_board.update(rack[-used:])
        kept = rack[:-used]
    pytest.fail("the game never ended")


def BLANK_COUNT(variant: str, alphabet) -> int:  # noqa: N802 - reads like the constant it checks
    return alphabet.blanks if variant == CLASSIC else 0


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), variant=st.sampled_from([CLASSIC, JOKER]),
       used=st.lists(st.integers(1, 7), min_size=1, max_size=8), english=st.booleans())
def test_draws_keep_the_rules_to_the_end_of_the_bag(seed: int, variant: str, used: list[int], english: bool) -> None:
    play_out(seed, variant, used, EN if english else FR)


def test_same_seed_same_draws_and_seeds_differ() -> None:
    a, b, c = Bag(FR, 7), Bag(FR, 7), Bag(FR, 8)
    assert a.draw("", 1).rack == b.draw("", 1).rack
    racks = {Bag(FR, s).draw("", 1).rack for s in range(20)}
    assert len(racks) > 15
    assert c.draw("", 1) is not None


def test_end_of_bag_with_only_consonants_left() -> None:
    bag = Bag(FR, 1)
    bag.tiles = list("BCDFG")
    assert bag.draw("HJ", 16) is None           # no vowel anywhere: over
    bag.tiles = list("BCDFG")
    draw = bag.draw("AJ", 16)                    # 7 tiles left, one vowel: the whole rest is the rack
    assert draw is not None and sorted(draw.rack) == sorted("AJBCDFG")
    bag.tiles = list("BCDFGA")
    assert bag.draw("E", 1) is not None          # early rounds: 2 vowels and 2 consonants exist
    bag.tiles = list("BCDFGA")
    assert bag.draw("K", 1) is None              # only one vowel before round 16


def test_joker_variant_keeps_a_blank_and_stops_giving_one_when_the_bag_is_empty() -> None:
    bag = Bag(FR, 3, JOKER)
    assert "?" not in bag.tiles and len(bag) == FR.bag_size - FR.blanks
    first = bag.draw("", 1)
    assert first.rack.count("?") == 1 and len(first.rack) == 7
    again = bag.draw("?AB", 2)                   # the unused blank stays, no second one
    assert again.rack.count("?") == 1
    bag.tiles = []
    last = bag.draw("AB", 20)                    # empty bag: no new blank
    assert last is not None and last.rack == "AB"
    assert bag.draw("", 21) is None


def test_a_blank_kept_alone_at_the_end_of_the_bag_counts_in_both_variants() -> None:
    """The rack ``?`` is 1 vowel + 1 consonant: with the bag empty it keeps the rule from round 16 (not
    before), whether the blank is the classic bag's or the joker's, so both variants go on with it."""
    for variant in (CLASSIC, JOKER):
        bag = Bag(FR, 4, variant)
        bag.tiles = []
        draw = bag.draw("?", 16)
        assert draw is not None and draw.rack == "?" and draw.rejected == [], variant
        bag.tiles = []
        assert bag.draw("?", 15) is None, variant   # 2 vowels and 2 consonants needed before round 16
        assert bag.draw("", 16) is None, variant    # nothing left at all
        bag.tiles = []
        assert bag.draw("?B", 30).rack == "?B", variant


@st.composite
def end_of_bag(draw_value):
    """A small end-of-game state: the bag, the letters kept from the last top, the round, the variant (the
    joker's bag never holds a blank; at most one blank is kept in that variant)."""
    variant = draw_value(st.sampled_from([CLASSIC, JOKER]))
    tiles = "AEBCDY?" if variant == CLASSIC else "AEBCDY"
    bag = draw_value(st.lists(st.sampled_from(tiles), max_size=9))
    kept = draw_value(st.text(alphabet="AEBCDY?" if variant == CLASSIC else "AEBCDY", max_size=6))
    if variant == JOKER and draw_value(st.booleans()):
        kept = "?" + kept[:5]
    return variant, bag, kept, draw_value(st.integers(1, 30)), draw_value(st.integers(0, 2**31 - 1))


@settings(max_examples=400, deadline=None)
@given(state=end_of_bag())
@example(state=(JOKER, [], "?", 16, 0))   # the joker's blank kept alone once the bag is empty
@example(state=(CLASSIC, [], "?", 16, 0))
def test_a_draw_exists_exactly_when_the_tiles_left_can_keep_the_rule(state) -> None:
    """Classic and joker alike: the game goes on exactly when some rack from everything that can still be on
    the rack (bag, kept letters, a blank kept or, while the bag holds tiles, the joker's new blank) keeps the
    rule of the round, counted by the brute-force oracle; the rack drawn then keeps it and uses only those."""
    variant, tiles, kept, number, seed = state
    bag = Bag(FR, seed, variant)
    bag.tiles = list(tiles)
    available = list(tiles) + list(kept)
    if variant == JOKER and "?" not in kept and tiles:
        available.append("?")  # a new blank while the bag still holds tiles
    draw = bag.draw(kept, number)
    assert (draw is not None) == good_rack_exists(available, number)
    if draw is not None:
        assert rack_keeps_rule(draw.rack, number)
        assert len(draw.rack) == min(7, len(available))
        assert not Counter(draw.rack) - Counter(available)


def test_unknown_variant_is_refused() -> None:
    from engine.duplicate import DrawError

    with pytest.raises(DrawError, match="unknown variant"):
        Bag(FR, 1, "scrabble")
