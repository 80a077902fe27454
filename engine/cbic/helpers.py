"""Helper words: short lexicon words that bring a missing support letter onto the board.

Why: a revision word whose support letter is nowhere on the board (a K, a W) or nowhere with room
around it cannot be placed by any amount of search. A short word through one board tile that puts
that letter in a fresh spot fixes it. Helpers are ordinary legal plays; they get no training
situation and are listed apart in the result.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

HELPER_LENGTHS = (3, 4, 2, 5)
"""Lengths tried, in this order: 3 and 4 letters leave room around the new letter, 2 is the most
compact, 5 the last resort."""

_CACHE: weakref.WeakKeyDictionary[Any, dict[tuple[str, int], list[str]]] = weakref.WeakKeyDictionary()


def words_with_letter(lexicon: Any, letter: str, length: int) -> list[str]:
    """Lexicon words of ``length`` letters holding ``letter``, alphabetical.

    Cached per lexicon object (a compiled lexicon is loaded once per worker process).
    """
    try:
        per_lexicon = _CACHE.setdefault(lexicon, {})
    except TypeError:  # not weak-referenceable: no cache
        per_lexicon = {}
    key = (letter, length)
    found = per_lexicon.get(key)
    if found is None:
        words: set[str] = set()
        for j in range(length):
            words.update(lexicon.pattern("." * j + letter + "." * (length - j - 1)))
        found = per_lexicon[key] = sorted(words)
    return found


def helper_words(lexicon: Any, letters: frozenset[str], excluded: set[str], rng: random.Random,
                 limit: int) -> list[str]:
    """Up to ``limit`` helpers holding one of ``letters``: an equal share per length, lengths in
    :data:`HELPER_LENGTHS` order (a short length's unused share goes to the next), a seeded random
    sample within each length (so restarts try different helpers)."""
    out: list[str] = []
    seen: set[str] = set(excluded)
    for k, n in enumerate(HELPER_LENGTHS):
        pool: list[str] = []
        for letter in sorted(letters):
            pool.extend(words_with_letter(lexicon, letter, n))
        share = (limit - len(out)) // (len(HELPER_LENGTHS) - k)
        picked = rng.sample(pool, min(len(pool), share))
        for word in picked:
            if word not in seen:
                seen.add(word)
                out.append(word)
        if len(out) >= limit:
            break
    return out
