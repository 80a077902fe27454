"""Every rack query equals the brute force of ``oracle`` on random small lexicons."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.alphabet import InvalidWord
from engine.gaddag import BlankedWord, build_gaddag
from tests.engine.gaddag import oracle
from tests.engine.strategies import LETTERS, lexicons, patterns, racks, words

PROPERTY = settings(max_examples=200, deadline=None)


@PROPERTY
@given(lexicons(), racks())
def test_exact_anagrams(lexicon, rack):
    g = build_gaddag(lexicon)
    assert g.anagrams(rack) == oracle.anagrams(lexicon, rack)


@PROPERTY
@given(lexicons(), racks(), st.data())
def test_sub_anagrams_down_to_a_minimum_length(lexicon, rack, data):
    g = build_gaddag(lexicon)
    min_length = data.draw(st.integers(1, len(rack) + 1))  # above the rack size: no answer
    assert g.anagrams(rack, min_length) == oracle.anagrams(lexicon, rack, min_length)


@PROPERTY
@given(lexicons(), racks(max_blanks=3))
def test_blanked_results_spell_the_word_with_canonical_blanks(lexicon, rack):
    g = build_gaddag(lexicon)
    results = g.anagrams_blanked(rack, 1)
    assert [b.word for b in results] == oracle.anagrams(lexicon, rack, 1)
    counts, blanks = oracle.split_rack(rack)
    for item in results:
        assert isinstance(item, BlankedWord) and item.tiles.upper() == item.word
        assert len(item.blanks) == sum(ch.islower() for ch in item.tiles) <= blanks
        for letter, needed in Counter(item.word).items():
            real = min(needed, counts[letter])
            # rack letters first; blanks on the last occurrences of a letter the rack lacks
            positions = [ch for ch in item.tiles if ch.upper() == letter]
            assert positions == [letter] * real + [letter.lower()] * (needed - real)


@PROPERTY
@given(lexicons(), patterns())
def test_pattern_without_rack(lexicon, pat):
    g = build_gaddag(lexicon)
    assert g.pattern(pat) == oracle.pattern(lexicon, pat)


@PROPERTY
@given(lexicons(), patterns(), racks(), st.booleans())
def test_pattern_limited_to_a_rack(lexicon, pat, rack, fixed_from_rack):
    g = build_gaddag(lexicon)
    assert (g.pattern(pat, rack, fixed_from_rack=fixed_from_rack)
            == oracle.pattern(lexicon, pat, rack, fixed_from_rack))


@PROPERTY
@given(lexicons(), words(max_length=5))
def test_hooks(lexicon, word):
    g = build_gaddag(lexicon)
    assert g.front_hooks(word) == oracle.front_hooks(lexicon, word, g.alphabet.letters)
    assert g.back_hooks(word) == oracle.back_hooks(lexicon, word, g.alphabet.letters)


@PROPERTY
@given(lexicons(), words(max_length=4), st.none() | racks(max_size=4),
       st.none() | st.integers(1, 4), st.booleans())
def test_extensions(lexicon, word, rack, max_added, contiguous):
    g = build_gaddag(lexicon)
    assert (g.extensions(word, rack, max_added=max_added, contiguous=contiguous)
            == oracle.extensions(lexicon, word, rack, max_added, contiguous))


@settings(max_examples=50, deadline=None)
@given(lexicons(letters="ABCDEFGHIJKLMNOPQRSTUVWXYZ", max_size=60, max_length=6),
       racks(letters="AEIRSTZ", max_size=7))
def test_full_alphabet_anagrams(lexicon, rack):
    g = build_gaddag(lexicon)
    assert g.anagrams(rack, 1) == oracle.anagrams(lexicon, rack, 1)


def test_results_order_is_length_then_alphabetical():
    g = build_gaddag(["SEA", "AS", "SEAS", "ASS", "A", "ES", "SAE"])
    assert g.anagrams("SEAS", 1) == ["A", "AS", "ES", "ASS", "SAE", "SEA", "SEAS"]


def test_user_text_is_normalised():
    g = build_gaddag(["ETE", "ETES", "OEUF", "SOEUR"])
    assert g.anagrams("été") == ["ETE"]
    assert g.anagrams("Œuf") == ["OEUF"]
    assert g.pattern("é.é") == ["ETE"]
    assert g.front_hooks("œur") == "S"
    assert g.back_hooks("été") == "S"
    assert g.extensions("été") == ["ETES"]
    assert g.contains("sœur") and not g.contains("soeu")


@pytest.mark.parametrize(("call", "fragment"), [
    (lambda g: g.anagrams("AB1"), "'1'"),
    (lambda g: g.anagrams(""), "empty rack"),
    (lambda g: g.anagrams("A B"), "' '"),
    (lambda g: g.anagrams("AB", 0), "min_length"),
    (lambda g: g.anagrams("AB", True), "min_length"),
    (lambda g: g.pattern("A#B"), "'#'"),  # '*' is a wildcard now (test_glob.py)
    (lambda g: g.pattern(""), "empty pattern"),
    (lambda g: g.pattern("A.", "X!"), "'!'"),
    (lambda g: g.pattern("A.", fixed_from_rack=True), "needs a rack"),
    (lambda g: g.contains("L'EAU"), "\"'\""),
    (lambda g: g.contains(""), "empty word"),
    (lambda g: g.front_hooks("A-B"), "'-'"),
    (lambda g: g.back_hooks(""), "empty word"),
    (lambda g: g.extensions("AB", max_added=0), "max_added"),
    (lambda g: g.extensions("A2"), "'2'"),
])
def test_bad_input_raises_a_value_error_naming_it(call, fragment):
    g = build_gaddag(["AB", "ABC"])
    with pytest.raises(ValueError) as info:
        call(g)
    assert fragment in str(info.value)


def test_invalid_word_is_a_value_error_with_the_word():
    g = build_gaddag(["AB"])
    with pytest.raises(InvalidWord) as info:
        g.anagrams("A#")
    assert info.value.word == "A#"


@given(lexicons(), st.text(alphabet=LETTERS + "?", min_size=1, max_size=3))
@settings(max_examples=50, deadline=None)
def test_only_blanks_and_tiny_racks(lexicon, rack):
    assume(rack)
    g = build_gaddag(lexicon)
    assert g.anagrams(rack, 1) == oracle.anagrams(lexicon, rack, 1)


@pytest.mark.parametrize("word", ["E", "Z", "EZ", "ESE", "MAZE"])  # one common letter: forward scan;
@pytest.mark.parametrize("rack", [None, "S?", "E"])                  # otherwise anchored on the rarest
def test_both_extension_searches(word, rack):
    lexicon = {"E", "ES", "SE", "ZEE", "EZE", "MAZES", "AMEZ", "SEZE", "ZZZ", "ESSE", "EMEZ", "MAZE", "ZESE"}
    g = build_gaddag(lexicon)
    for contiguous in (False, True):
        assert (g.extensions(word, rack, contiguous=contiguous)
                == oracle.extensions(lexicon, word, rack, None, contiguous))


def test_non_text_input_is_a_type_error():
    g = build_gaddag(["AB"])
    with pytest.raises(TypeError, match="rack must be str"):
        g.anagrams(7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pattern must be str"):
        g.pattern(None)  # type: ignore[arg-type]
