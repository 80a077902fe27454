"""The anagram tree's structure and the bag helpers."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.alphabet import InvalidWord
from engine.jarnac import bag
from engine.jarnac.tree import AnagramTree, alphagram


def test_words_are_grouped_by_alphagram_and_filtered_by_length():
    tree = AnagramTree.from_words(["RAT", "TAR", "ART", "AS", "ABCDEFGHIJ", "RATS"], "fr")
    assert len(tree) == 2 and tree.word_count == 4
    assert tree.anagrams("TRA") == ("ART", "RAT", "TAR")
    assert "AS" not in tree and "ABCDEFGHIJ" not in tree and "RAT" in tree and "ATR" not in tree
    assert tree.is_word("RATS") and not tree.is_word("STRA")
    assert sorted(tree.iter_words()) == ["ART", "RAT", "RATS", "TAR"]
    assert alphagram("TARS") == "ARST"


def test_children_exist_for_any_letters():
    tree = AnagramTree.from_words(["RATS", "TRAIN", "ABCDEFGHI"], "fr")
    assert tree.children("TAR") == {"S": "ARST"}   # TAR itself is not a word here
    assert tree.children("ABCDEFGHI") == {}        # nothing is longer than 9 letters


def test_sub_alphagrams_respect_bounds():
    tree = AnagramTree.from_words(["AAB", "AABB", "AABBB", "ABBBBBBBB"], "fr")
    found = tree.sub_alphagrams(Counter("AB"), Counter("AABBBBBBBB"), min_length=4)
    assert sorted(found) == ["AABB", "AABBB", "ABBBBBBBB"]
    assert sorted(tree.sub_alphagrams(Counter("AB"), Counter("AABBB"), max_length=4)) == ["AAB", "AABB"]
    assert tree.sub_alphagrams(Counter("C"), Counter("AB")) == []   # required beyond available


@pytest.mark.parametrize("word, reason", [("rat", "'r'"), ("", "empty word"), ("R4T", "'4'")])
def test_bad_words_are_named(word, reason):
    with pytest.raises(InvalidWord, match=reason):
        AnagramTree.from_words(["ART", word], "fr")


def test_bag_draws_and_put_back():
    drawn, rest = bag.draw("ABCDE", 3)
    assert (drawn, rest) == ("ABC", "DE")
    assert bag.draw("AB", 5) == ("AB", "")
    with pytest.raises(ValueError, match="negative"):
        bag.draw("AB", -1)
    again = bag.put_back("DE", "ABC", "seed")
    assert again == bag.put_back("DE", "ABC", "seed") and Counter(again) == Counter("ABCDE")
    assert bag.new_bag(1) == bag.new_bag("1")
