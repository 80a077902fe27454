"""Patterns with ``*`` (any run of letters) equal the brute force of ``oracle.glob`` on random lexicons."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.alphabet import InvalidWord
from engine.gaddag import build_gaddag
from tests.engine.gaddag import oracle
from tests.engine.strategies import LETTERS, lexicons, racks

PROPERTY = settings(max_examples=300, deadline=None)


def globs(letters: str = LETTERS, max_length: int = 6) -> st.SearchStrategy[str]:
    """Patterns mixing letters, dots and stars, with at least one star: ``"*S"``, ``"A*E.*"``."""
    return st.text(alphabet=letters + "..**", min_size=1, max_size=max_length).filter(lambda p: "*" in p)


@PROPERTY
@given(lexicons(), globs())
def test_glob_without_rack(lexicon, pat):
    g = build_gaddag(lexicon)
    assert g.pattern(pat) == oracle.glob(lexicon, pat)


@PROPERTY
@given(lexicons(), globs(), racks())
def test_glob_limited_to_a_rack(lexicon, pat, rack):
    g = build_gaddag(lexicon)
    assert g.pattern(pat, rack) == oracle.glob(lexicon, pat, rack)


def test_examples():
    lexicon = {"NATION", "STATION", "TION", "ACTION", "AZ", "ZA", "A", "ARBRE"}
    g = build_gaddag(lexicon)
    assert g.pattern("*TION") == ["TION", "ACTION", "NATION", "STATION"]  # the star may match nothing
    assert g.pattern("*") == oracle.glob(lexicon, "*")
    assert g.pattern("A*") == ["A", "AZ", "ARBRE", "ACTION"]
    assert g.pattern("**Z**") == ["AZ", "ZA"]
    assert g.pattern(".*.") == oracle.glob(lexicon, ".*.")
    assert g.pattern("*TION", "?C") == ["TION", "ACTION"]  # A from the blank, C from the rack
    assert g.pattern("*tion") == g.pattern("*TION")  # any case


def test_bad_patterns():
    g = build_gaddag({"AB"})
    with pytest.raises(InvalidWord, match="neither"):
        g.pattern("A*1")
    with pytest.raises(ValueError, match="fixed_from_rack"):
        g.pattern("A*", "AB", fixed_from_rack=True)


def test_too_broad_patterns_are_refused_not_run():
    from engine.gaddag.glob import GlobTooBroad, glob

    lexicon = {a + b + c for a in "AEMSZ" for b in "AEMSZ" for c in "AEMSZ"}
    g = build_gaddag(lexicon)
    with pytest.raises(GlobTooBroad) as caught:
        glob(g, "*", max_steps=20)
    assert caught.value.code == "pattern_too_broad" and isinstance(caught.value, ValueError)
    assert glob(g, "*", max_steps=10_000) == oracle.glob(lexicon, "*")


def test_an_infix_pattern_reads_only_the_words_holding_its_letters():
    """``*ZZ*`` starts the walk at ``ZZ`` (the GADDAG read from inside the word): a budget far below
    the lexicon's size is enough, where a walk over every word would be refused."""
    from engine.gaddag.glob import GlobTooBroad, glob

    lexicon = {a + b + c + d for a in "AEMS" for b in "AEMS" for c in "AEMS" for d in "AEMS"} | {"JAZZ", "ZZAM"}
    g = build_gaddag(lexicon)
    assert glob(g, "*ZZ*", max_steps=60) == ["JAZZ", "ZZAM"]
    assert glob(g, "*Z*", max_steps=60) == ["JAZZ", "ZZAM"]
    with pytest.raises(GlobTooBroad):
        glob(g, "*M*", max_steps=60)
