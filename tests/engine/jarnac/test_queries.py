"""The queries against brute force over the word list, on random lexicons and racks (hypothesis),
plus the fixed orders and the error paths."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.jarnac.queries import (
    QueryError,
    best_steals,
    creations,
    extensions,
    longest_extensions,
    rallonges,
    steals,
)
from engine.jarnac.tree import AnagramTree
from tests.engine.jarnac.oracle import brute_create, brute_extend, brute_rallonges, brute_steals

# A small alphabet makes anagram hits frequent; lengths 1..11 include words the tree must leave out.
LETTERS = "AEINRST"
word_strategy = st.text(alphabet=LETTERS, min_size=1, max_size=11)
lexicon_strategy = st.lists(word_strategy, min_size=1, max_size=300)
rack_strategy = st.text(alphabet=LETTERS, min_size=0, max_size=12)
base_strategy = st.text(alphabet=LETTERS, min_size=1, max_size=9)


@st.composite
def hitting_case(draw):
    """A lexicon, and a base + rack cut from one of its words (plus noise), so that most cases have
    answers; purely random bases rarely extend to anything."""
    words = draw(lexicon_strategy)
    target = draw(st.sampled_from(words))
    letters = draw(st.permutations(list(target)))
    cut = draw(st.integers(min_value=1, max_value=len(letters)))
    noise = draw(st.text(alphabet=LETTERS, max_size=4))
    return words, "".join(letters[:cut])[:9], "".join(letters[cut:]) + noise


def pairs(found) -> set[tuple[str, str]]:
    return {(f.word, f.added) for f in found}


@settings(max_examples=200, deadline=None)
@given(lexicon_strategy, base_strategy, rack_strategy)
def test_extend_equals_brute_force(words, base, rack):
    tree = AnagramTree.from_words(words, "fr")
    found = extensions(tree, base, rack)
    assert pairs(found) == brute_extend(words, base, rack)
    assert len(found) == len(pairs(found))  # no duplicates


@settings(max_examples=200, deadline=None)
@given(lexicon_strategy, base_strategy, rack_strategy)
def test_extend_can_use_a_base_that_is_one_of_the_words(words, base, rack):
    words = [*words, base * 2][:300]
    tree = AnagramTree.from_words(words, "fr")
    for word in words[:5]:
        if len(word) <= 9:
            assert pairs(extensions(tree, word, rack)) == brute_extend(words, word, rack)


@settings(max_examples=300, deadline=None)
@given(hitting_case())
def test_extend_equals_brute_force_on_cases_with_answers(case):
    words, base, rack = case
    tree = AnagramTree.from_words(words, "fr")
    assert pairs(extensions(tree, base, rack)) == brute_extend(words, base, rack)
    assert pairs(creations(tree, base + rack)) == brute_create(words, base + rack)
    assert pairs(rallonges(tree, base)) == brute_rallonges(words, base)
    found = {(s.word, s.added, s.base, s.swing) for s in steals(tree, [base, rack[:9] or "A"], rack)}
    assert found == brute_steals(words, [base, rack[:9] or "A"], rack)


@settings(max_examples=200, deadline=None)
@given(lexicon_strategy, rack_strategy)
def test_create_equals_brute_force(words, rack):
    tree = AnagramTree.from_words(words, "fr")
    assert pairs(creations(tree, rack)) == brute_create(words, rack)


@settings(max_examples=200, deadline=None)
@given(lexicon_strategy, base_strategy)
def test_rallonges_equal_brute_force(words, base):
    tree = AnagramTree.from_words(words, "fr")
    assert pairs(rallonges(tree, base)) == brute_rallonges(words, base)


@settings(max_examples=150, deadline=None)
@given(lexicon_strategy, st.lists(st.text(alphabet=LETTERS, min_size=3, max_size=9), max_size=4),
       rack_strategy)
def test_steal_equals_brute_force(words, bases, rack):
    tree = AnagramTree.from_words(words, "fr")
    found = steals(tree, bases, rack)
    assert {(s.word, s.added, s.base, s.swing) for s in found} == brute_steals(words, bases, rack)
    swings = [s.swing for s in found]
    assert swings == sorted(swings, reverse=True)
    best = best_steals(tree, bases, rack)
    if found:
        assert best and all(s.swing == found[0].swing for s in best)
        assert len(best) == swings.count(found[0].swing)
    else:
        assert best == []
    by_gain = steals(tree, bases, rack, by="gain")
    assert set(by_gain) == set(found)
    keys = [(-s.gain, -s.swing) for s in by_gain]
    assert keys == sorted(keys)
    best_gain = best_steals(tree, bases, rack, by="gain")
    assert best_gain == [s for s in by_gain if by_gain and s.gain == by_gain[0].gain]


@settings(max_examples=100, deadline=None)
@given(lexicon_strategy, base_strategy, rack_strategy)
def test_results_are_longest_first_then_alphabetical(words, base, rack):
    tree = AnagramTree.from_words(words, "fr")
    for found in (extensions(tree, base, rack), creations(tree, rack)):
        keys = [(-len(f.word), f.word) for f in found]
        assert keys == sorted(keys)
    longest = longest_extensions(tree, base, rack)
    everything = extensions(tree, base, rack)
    expected = [f for f in everything if len(f.word) == len(everything[0].word)] if everything else []
    assert longest == expected


@pytest.fixture()
def tree() -> AnagramTree:
    return AnagramTree.from_words(
        ["RAT", "ART", "TAR", "RATS", "STAR", "TARS", "ARTS", "ASTER", "RATES", "STARE", "TASER",
         "TREATS", "STATER", "MAISON", "MAISONS", "CHAT", "CHATS", "ACHAT", "OS"], "fr")


def test_extend_adds_several_letters_at_once_without_an_intermediate_word(tree):
    # RAT + E + S = ASTER/RATES/...: "RATE" is not a word of this lexicon, yet the jump is allowed.
    found = extensions(tree, "RAT", "ES")
    assert ("RATES", "ES") in pairs(found)
    assert [f.word for f in found] == ["ASTER", "RATES", "STARE", "TASER", "ARTS", "RATS", "STAR", "TARS"]


def test_extend_normalises_accents_and_case(tree):
    assert pairs(extensions(tree, "rât", "és")) == pairs(extensions(tree, "RAT", "ES"))


def test_extend_json_has_word_and_added_first(tree):
    first = extensions(tree, "RAT", "ES")[0].to_json()
    assert list(first)[:2] == ["word", "added"]
    assert first == {"word": "ASTER", "added": "ES", "length": 5, "score": 25}


def test_short_words_are_not_jarnac_words(tree):
    assert "OS" not in tree
    assert creations(tree, "OS") == []


def test_steal_prefers_the_highest_swing(tree):
    best = best_steals(tree, ["MAISON", "RAT"], "SES")
    # MAISONS extends MAISON: 49 + 36 = 85; RATES from RAT: 25 + 9 = 34.
    assert [(s.word, s.base, s.line, s.swing) for s in best] == [("MAISONS", "MAISON", 0, 85)]
    assert best[0].to_json() == {"word": "MAISONS", "added": "S", "base": "MAISON", "line": 0,
                                 "length": 7, "gain": 49, "swing": 85}


def test_steal_by_gain_prefers_the_longest_word(tree):
    # CHATS from loose letters gains 25; RATS extends RAT: gains 16 but swings 16 + 9 = 25.
    assert [(s.word, s.base) for s in best_steals(tree, ["RAT"], "CHATS")] == [
        ("CHATS", None), ("ARTS", "RAT"), ("RATS", "RAT"), ("STAR", "RAT"), ("TARS", "RAT")]
    assert [(s.word, s.base) for s in best_steals(tree, ["RAT"], "CHATS", by="gain")] == [("CHATS", None)]
    with pytest.raises(QueryError, match="steal order 'length'"):
        steals(tree, ["RAT"], "S", by="length")


def test_steal_lists_creations_from_loose_letters(tree):
    found = steals(tree, [], "TAR")
    assert {(s.word, s.base) for s in found} == {("ART", None), ("RAT", None), ("TAR", None)}


def test_rallonges_are_one_letter_longer(tree):
    assert [(f.word, f.added) for f in rallonges(tree, "CHAT")] == [("ACHAT", "A"), ("CHATS", "S")]
    assert rallonges(tree, "MAISONS") == []


def test_tree_node_has_words_and_children(tree):
    node = tree.node("TAR")
    assert node is not None
    assert node.alphagram == "ART"
    assert node.words == ("ART", "RAT", "TAR")
    assert node.children == {"S": "ARST"}
    assert tree.node("XYZ") is None


@pytest.mark.parametrize("call, message", [
    (lambda t: extensions(t, "", "ES"), "word is empty"),
    (lambda t: extensions(t, "RA-T", "ES"), "word 'RA-T'"),
    (lambda t: extensions(t, "RAT", "E1"), "rack 'E1'"),
    (lambda t: extensions(t, "ABCDEFGHIJ", "E"), "at most 9"),
    (lambda t: creations(t, "A?B"), "rack 'A?B'"),
    (lambda t: rallonges(t, "  "), "word is empty"),
    (lambda t: steals(t, ["RAT", "B2"], "ES"), "opponent word 2 'B2'"),
])
def test_bad_input_is_named(tree, call, message):
    with pytest.raises(QueryError, match=re.escape(message)):
        call(tree)


def test_empty_rack_finds_nothing(tree):
    assert extensions(tree, "RAT", "") == []
    assert creations(tree, "") == []
