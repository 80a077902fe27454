"""Choosing the central word automatically: a short lexicon word rich in the support letters needed.

Why: the seed always started from DATAIS, whatever the list. Every revision word must cross the board
at its support letter, so the first word should *offer* those letters: we ask the GADDAG for words
spelled from the most demanded support letters (plus one free letter, a blank in the query) and rank
them by how many revision words they can serve, rare letters first (a common letter will soon be
supplied by the revision words themselves, a K or a Z will not).

The central word is the game's first play, so it has 2 to 7 letters (a rack holds 7 tiles).
"""

from __future__ import annotations

import random
from collections import Counter

from engine.cbic.words import ResolvedWord, WordLexicon
from engine.scrabble.cgp import MAX_RACK


def support_demand(words: list[ResolvedWord]) -> Counter[str]:
    """For each letter, how many revision words could use it as their support."""
    demand: Counter[str] = Counter()
    for w in words:
        demand.update(w.support_letters)
    return demand


def central_score(word: str, demand: Counter[str], rarity: dict[str, float]) -> float:
    """Revision words the word can serve (each letter occurrence serves one), rare letters weigh more."""
    have = Counter(word)
    served = sum(min(k, demand[x]) * (1.0 + rarity.get(x, 0.0)) for x, k in have.items() if demand[x])
    return served + 0.1 * len(word)


def central_candidates(lexicon: WordLexicon, words: list[ResolvedWord], *, limit: int = 6,
                       seed: int = 0, available: Counter[str] | None = None) -> list[str]:
    """Up to ``limit`` central words, best first (ties ordered by ``seed``); revision words excluded.

    ``available`` (bag mode): the tiles the revision words' racks leave in the bag; the central word
    is then spelled from them only (an empty list when nothing fits). Without it, raises
    ``LookupError`` when the lexicon has no word of 2 to 7 letters to start with.
    """
    alphabet = lexicon.alphabet
    demand = support_demand(words)
    bag = alphabet.counts
    rarity = {x: 6.0 / max(1, bag.get(x, 1)) for x in alphabet.letters}
    letters = sorted(demand, key=lambda x: (-demand[x] * (1 + rarity[x]), x))
    excluded = {w.word for w in words}
    if available is not None:
        return _from_available(lexicon, letters, available, demand, rarity, excluded, limit, seed)
    rack: list[str] = []
    for x in letters:
        rack.extend(x * min(2, demand[x]))
    rack = rack[:MAX_RACK]
    found: dict[str, float] = {}
    for blanks in ("?", "??"):
        query = "".join(rack) + blanks
        for hit in lexicon.anagrams_blanked(query, min_length=2):  # type: ignore[attr-defined]
            if len(hit.word) <= MAX_RACK and hit.word not in excluded:
                found[hit.word] = central_score(hit.word, demand, rarity)
        if len(found) >= limit:
            break
    if not found:  # the support letters spell nothing short: any short word of the lexicon will do
        for word in lexicon.iter_words():  # type: ignore[attr-defined]
            if 2 <= len(word) <= MAX_RACK and word not in excluded:
                found[word] = central_score(word, demand, rarity)
    if not found:
        raise LookupError("the lexicon has no word of 2 to 7 letters (other than the revision words) "
                          "to use as the central word")
    return _best(found, limit, seed)


def _best(found: dict[str, float], limit: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    order = {w: rng.random() for w in sorted(found)}
    return sorted(found, key=lambda w: (-round(found[w], 6), order[w]))[:limit]


def _from_available(lexicon: WordLexicon, letters: list[str], available: Counter[str], demand: Counter[str],
                    rarity: dict[str, float], excluded: set[str], limit: int, seed: int) -> list[str]:
    """Central words spelled only from ``available`` tiles: demanded letters first, then the most
    plentiful ones, 9 tiles at most in the query."""
    rack: list[str] = []
    for x in letters:
        rack.extend(x * min(2, available[x]))
    for x in sorted(available, key=lambda x: (-available[x], x)):
        if x not in demand:
            rack.extend(x * min(2, available[x]))
    rack = rack[:9]
    if len(rack) < 2:
        return []
    found = {w: central_score(w, demand, rarity)
             for w in lexicon.anagrams("".join(rack), min_length=2)  # type: ignore[attr-defined]
             if len(w) <= MAX_RACK and w not in excluded}
    return _best(found, limit, seed)
