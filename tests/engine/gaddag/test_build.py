"""The built automaton: exactly Gordon's strings, the documented layout, minimal, and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.alphabet import InvalidWord
from engine.gaddag import build_gaddag
from tests.engine.gaddag import oracle
from tests.engine.strategies import lexicons, words

SEP = ">"


def contract_arcs(g, node):
    """(code, accepts, child) per arc, read with nothing but docs/gaddag-format.md's primitive."""
    w = g.words[node]
    out = []
    for code in range(27):
        if w >> code & 1:
            if w >> 30:  # a one-word node: its only arc, accept bit 31, child node - 1
                out.append((code, w >> 31, node - 1))
            else:
                arc = g.words[node - 1 - (w & ((1 << code) - 1)).bit_count()]
                out.append((code, arc >> 31, arc & 0x7FFFFFFF))
    return out


def automaton_strings(g, node=None, prefix=""):
    """Every accepted string from ``node``, the separator written '>'."""
    node = g.root if node is None else node
    found = set()
    for code, accepts, child in contract_arcs(g, node):
        text = prefix + (SEP if code == 0 else g.alphabet.letter(code))
        if accepts:
            found.add(text)
        if child:
            found |= automaton_strings(g, child, text)
    return found


def node_starts(g):
    """Split the flat array into nodes, from the top down: each is one word per arc below its mask
    word (the node's index), or a single word with the one-word flag (bit 30)."""
    starts = []
    i = len(g.words) - 1
    while i > 0:
        starts.append(i)
        w = g.words[i]
        i -= 1 if w >> 30 else 1 + w.bit_count()
    assert i == 0, "nodes do not tile the array"
    return [0, *reversed(starts)]


@settings(max_examples=150, deadline=None)
@given(lexicons())
def test_accepted_strings_are_exactly_gordons_strings(lexicon):
    g = build_gaddag(lexicon, "en")
    assert automaton_strings(g) == oracle.gaddag_strings(lexicon)


@settings(max_examples=150, deadline=None)
@given(lexicons(), st.lists(words(), max_size=20))
def test_contains_and_iteration_equal_the_set(lexicon, probes):
    g = build_gaddag(sorted(lexicon) * 2, "fr")  # duplicates are fine
    assert list(g.iter_words()) == sorted(lexicon)
    for longest in (0, 1, 2, 4):  # the walk stops at that length: the same words, the longer ones left out
        assert list(g.iter_words(longest)) == sorted(w for w in lexicon if len(w) <= longest)
    assert g.word_count == len(lexicon) == len(g)
    for word in list(lexicon) + probes:
        assert g.contains(word) == (word in lexicon), word
        assert g.contains(word.lower()) == (word in lexicon)
        assert (word in g) == (word in lexicon)


@settings(max_examples=100, deadline=None)
@given(lexicons(max_size=25, max_length=6))
def test_layout_counts_and_minimality(lexicon):
    g = build_gaddag(lexicon, "fr")
    starts = node_starts(g)
    assert starts[0] == 0 and g.words[0] == 0, "index 0 must be the empty node"
    assert len(starts) == g.node_count
    assert sum(len(contract_arcs(g, s)) for s in starts) == g.arc_count
    assert len(g.words) == g.node_count + g.arc_count - g.one_word_count
    assert g.root in starts
    # Every node but the empty one is reachable from the root.
    seen, todo = {g.root}, [g.root]
    while todo:
        for _, _, child in contract_arcs(g, todo.pop()):
            assert child in starts
            if child and child not in seen:
                seen.add(child)
                todo.append(child)
    assert seen == set(starts) - {0}
    # No dead arc, children stored before parents, no separator after a separator.
    for start in starts:
        for code, accepts, child in contract_arcs(g, start):
            assert accepts or g.words[child], "an arc that leads nowhere"
            assert child < start
            if code == 0:
                assert not any(c == 0 for c, _, _ in contract_arcs(g, child))
    # Minimal: no two nodes accept the same set of strings (the right language of a state).
    languages = [frozenset(automaton_strings(g, s)) for s in starts if s]
    assert len(set(languages)) == len(languages)


def test_small_known_lexicon():
    g = build_gaddag(["CARE", "CAR", "ACRE", "RACE", "CARES", "SCARE", "A", "AS"], "en")
    assert g.contains("CARE") and g.contains("A") and not g.contains("CA") and not g.contains("ACR")
    assert g.front_hooks("CARE") == "S"
    assert g.back_hooks("CARE") == "S"
    assert g.back_hooks("CAR") == "E"
    assert g.front_hooks("A") == ""
    assert g.language == "en" and g.alphabet.language == "en"
    assert repr(g).startswith("<Gaddag en: 8 words")


def test_letters_at_both_ends_of_the_alphabet():
    g = build_gaddag(["ZA", "AZ", "Z", "ZZZ"], "fr")
    assert list(g.iter_words()) == ["AZ", "Z", "ZA", "ZZZ"]
    assert g.front_hooks("Z") == "A" and g.back_hooks("Z") == "A"
    assert g.front_hooks("ZZ") == "Z" and g.back_hooks("ZZ") == "Z"
    assert g.words[g.root] >> 26 & 1  # Z is code 26, bit 26


@pytest.mark.parametrize(("bad", "fragment"), [
    (["MAISON", "maison"], "'m'"),
    (["MAISON", "ÉTÉ"], "'É'"),
    (["L'EAU"], "\"'\""),
    (["OK", ""], "empty word"),
])
def test_bad_words_are_named(bad, fragment):
    with pytest.raises(InvalidWord) as info:
        build_gaddag(bad)
    assert fragment in str(info.value)


def test_empty_list_unknown_language_and_non_strings():
    with pytest.raises(ValueError, match="empty word list"):
        build_gaddag([])
    with pytest.raises(ValueError, match="unknown language 'de'"):
        build_gaddag(["ABC"], "de")
    with pytest.raises(TypeError, match="must be str"):
        build_gaddag(["ABC", b"DEF"])  # type: ignore[list-item]



def test_alphabet_out_of_code_order_is_refused():
    from engine.alphabet import Alphabet
    from engine.gaddag.build import build_array

    odd = Alphabet(language="xx", letters="BA", values={"A": 1, "B": 1}, counts={"A": 1, "B": 1}, blanks=0)
    with pytest.raises(ValueError, match="not in code order"):
        build_array(["AB"], odd)


def test_index_overflow_is_reported(monkeypatch):
    import engine.gaddag.build as build

    monkeypatch.setattr(build, "CHILD_MASK", 8)  # pretend 31-bit indices run out after 8 words
    with pytest.raises(OverflowError, match="31-bit node indices"):
        build_gaddag(["ABCDEF", "GHIJKL"])


def test_the_first_bad_word_in_input_order_is_named():
    with pytest.raises(InvalidWord) as info:
        build_gaddag(["ZZZ", "B-C", "A'B", "a"])
    assert info.value.word == "B-C"
