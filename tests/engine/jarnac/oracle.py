"""Brute-force oracles: each query re-done by scanning the whole word list with letter multisets.

Deliberately naive (no tree, no pruning) so that agreement with :mod:`engine.jarnac.queries` means
something.
"""

from __future__ import annotations

from collections import Counter


def _within(small: Counter[str], big: Counter[str]) -> bool:
    return all(big[letter] >= count for letter, count in small.items())


def _jarnac_words(words: list[str]) -> list[str]:
    return sorted({w for w in words if 3 <= len(w) <= 9})


def brute_extend(words: list[str], base: str, rack: str) -> set[tuple[str, str]]:
    base_count, rack_count = Counter(base), Counter(rack)
    found = set()
    for word in _jarnac_words(words):
        count = Counter(word)
        if len(word) > len(base) and _within(base_count, count):
            added = count - base_count
            if _within(added, rack_count):
                found.add((word, "".join(sorted(added.elements()))))
    return found


def brute_create(words: list[str], rack: str) -> set[tuple[str, str]]:
    rack_count = Counter(rack)
    return {(w, "".join(sorted(w))) for w in _jarnac_words(words) if _within(Counter(w), rack_count)}


def brute_rallonges(words: list[str], base: str) -> set[tuple[str, str]]:
    base_count = Counter(base)
    found = set()
    for word in _jarnac_words(words):
        count = Counter(word)
        if len(word) == len(base) + 1 and _within(base_count, count):
            found.add((word, "".join((count - base_count).elements())))
    return found


def brute_steals(words: list[str], bases: list[str], rack: str) -> set[tuple[str, str, str | None, int]]:
    """(word, added, base, swing) of every steal."""
    found = {(w, a, None, len(w) ** 2) for w, a in brute_create(words, rack)}
    for base in bases:
        found |= {(w, a, base, len(w) ** 2 + len(base) ** 2) for w, a in brute_extend(words, base, rack)}
    return found
