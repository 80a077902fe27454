"""Hypothesis strategies shared by the engine tests: small random lexicons and racks.

Small alphabets on purpose: with few letters, random words share prefixes, suffixes and anagrams,
so hooks, minimisation merges and blank substitutions are exercised far more than with 26 letters.
The default letters include ``A`` and ``Z`` so the lowest and highest letter codes (bits 1 and 26 of
the node masks) are always in play.
"""

from __future__ import annotations

from hypothesis import strategies as st

LETTERS = "AEMSZ"


def words(letters: str = LETTERS, min_length: int = 1, max_length: int = 7) -> st.SearchStrategy[str]:
    """One normalised upper-case word over ``letters``."""
    return st.text(alphabet=letters, min_size=min_length, max_size=max_length)


def lexicons(letters: str = LETTERS, min_size: int = 1, max_size: int = 40,
             max_length: int = 7) -> st.SearchStrategy[frozenset[str]]:
    """A non-empty set of words, e.g. ``frozenset({"AM", "MAS", "SEZ"})``."""
    return st.frozensets(words(letters, 1, max_length), min_size=min_size, max_size=max_size)


def racks(letters: str = LETTERS, min_size: int = 1, max_size: int = 7,
          max_blanks: int = 2) -> st.SearchStrategy[str]:
    """A rack as user text: letters and up to ``max_blanks`` ``?``, shuffled, e.g. ``"M?AS"``."""

    def with_blanks(blanks: int) -> st.SearchStrategy[str]:
        text = st.text(alphabet=letters, min_size=max(min_size - blanks, 0), max_size=max_size - blanks)
        return text.map(lambda t: t + "?" * blanks)

    return (
        st.integers(0, min(max_blanks, max_size))
        .flatmap(with_blanks)
        .flatmap(lambda r: st.permutations(list(r)).map("".join))
    )


def patterns(letters: str = LETTERS, max_length: int = 7) -> st.SearchStrategy[str]:
    """A pattern such as ``"A..S"`` (``.`` = any letter)."""
    return st.text(alphabet=letters + "..", min_size=1, max_size=max_length)
