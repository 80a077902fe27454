"""The alphagram index against the GADDAG search (the specification) and a brute force over the word list."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.alphabet import InvalidWord
from engine.gaddag import build_gaddag
from engine.wordstudy import AlphagramIndex, alphagram, anagram_question, seven_plus_one_question
from engine.wordstudy.index import _Table
from tests.engine.strategies import lexicons, words

LETTERS = "AEIRSTZ"
SMALL = lexicons(LETTERS, min_size=1, max_size=40, max_length=7)


def holds(word: str, rack: str) -> bool:
    return not (Counter(rack) - Counter(word))


@settings(max_examples=80, deadline=None)
@given(SMALL, st.lists(words(LETTERS, 0, 7), max_size=12))
def test_look_ups_equal_the_gaddag_and_brute_force(lexicon, racks):
    g = build_gaddag(lexicon, "fr")
    index = AlphagramIndex.from_gaddag(g)
    assert index.word_count == len(lexicon)
    assert index.alphagram_count == len({alphagram(w) for w in lexicon})
    for key in {alphagram(w) for w in lexicon} | {alphagram(r) for r in racks if r}:
        assert index.words(key) == sorted(w for w in lexicon if alphagram(w) == key)
    for rack in racks:
        for blanks in (0, 1, 2):
            if not rack and not blanks:
                continue
            brute = sorted(w for w in lexicon if len(w) == len(rack) + blanks and holds(w, rack))
            assert index.with_blanks(rack, blanks) == brute
            assert index.with_blanks(rack, blanks) == g.anagrams(rack + "?" * blanks)
        expected = {}
        for w in sorted(lexicon):
            if len(w) == len(rack) + 1 and holds(w, rack):
                (added,) = (Counter(w) - Counter(rack)).elements()
                expected.setdefault(added, []).append(w)
        assert index.plus_one(rack) == {letter: expected[letter] for letter in sorted(expected)}


@settings(max_examples=60, deadline=None)
@given(SMALL, st.integers(0, 2), st.randoms(use_true_random=False))
def test_anagram_questions_with_the_index_equal_the_gaddag_ones(lexicon, blanks, rng):
    g = build_gaddag(lexicon, "fr")
    index = AlphagramIndex.from_gaddag(g)
    for key in sorted({alphagram(w) for w in lexicon if len(w) > blanks}):
        seed = rng.random()
        by_gaddag = anagram_question(g, key, blanks, random.Random(seed))
        by_index = anagram_question(g, key, blanks, random.Random(seed), index=index)
        assert by_index == by_gaddag  # same rack shown (same use of the random draw), same answers
        rack = by_index.question.replace("?", "")
        assert list(by_index.answers) == sorted(w for w in lexicon if len(w) == len(key) and holds(w, rack))


@settings(max_examples=60, deadline=None)
@given(SMALL, st.lists(words(LETTERS, 1, 7), max_size=8))
def test_seven_plus_one_questions_with_the_index_equal_the_gaddag_ones(lexicon, extra_racks):
    g = build_gaddag(lexicon, "fr")
    index = AlphagramIndex.from_gaddag(g)
    for rack in sorted({alphagram(w) for w in lexicon} | set(extra_racks)):
        by_index = seven_plus_one_question(g, rack, index=index)
        assert by_index == seven_plus_one_question(g, rack)
        assert list(by_index.answers) == sorted(w for w in lexicon if len(w) == len(rack) + 1 and holds(w, rack))


def test_one_blank_is_26_look_ups_two_blanks_351_and_seven_plus_one_26(monkeypatch):
    g = build_gaddag(["MAISON", "AIMONS", "SIMONA", "MAISONS"], "fr")
    index = AlphagramIndex.from_gaddag(g)
    looked_up: list[str] = []
    words_of = _Table.words
    monkeypatch.setattr(_Table, "words", lambda self, key: looked_up.append(key) or words_of(self, key))
    assert index.with_blanks("AIMNO", 1) == ["AIMONS", "MAISON", "SIMONA"]
    assert len(looked_up) == 26
    looked_up.clear()
    assert index.with_blanks("NAIM", 2) == ["AIMONS", "MAISON", "SIMONA"]  # any order of the rack
    assert len(looked_up) == len(set(looked_up)) == 351
    looked_up.clear()
    assert index.plus_one("AIMNOS") == {"S": ["MAISONS"]}
    assert len(looked_up) == 26
    assert index.words("AIMNOS") == ["AIMONS", "MAISON", "SIMONA"]
    assert index.words("AIMNOT") == [] and index.words("Z" * 16) == [] and index.with_blanks("Z" * 15, 2) == []


def test_racks_the_index_does_not_take_go_to_the_gaddag():
    g = build_gaddag(["MAISON", "MAISONS", "ETE", "ETES"], "fr")
    index = AlphagramIndex.from_gaddag(g, max_length=6)
    assert not index.covers(7) and index.covers(6)
    # 7 letters are beyond this index: the GADDAG answers, the same as without an index.
    assert seven_plus_one_question(g, "AIMNOS", index=index) == seven_plus_one_question(g, "AIMNOS")
    assert seven_plus_one_question(g, "AIMNOS", index=index).answers == ("MAISONS",)
    # Lower case is folded by the GADDAG's rack parsing, not by the index: same answers either way.
    assert anagram_question(g, "eet", 1, random.Random(1), index=index) == anagram_question(
        g, "eet", 1, random.Random(1))
    # A letter outside the alphabet is refused as before.
    with pytest.raises(InvalidWord):
        seven_plus_one_question(g, "E1T", index=index)
