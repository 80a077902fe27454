"""Lexicons the CBIC tests build themselves (never /usr/share/dict)."""

from __future__ import annotations

import random

import pytest

from engine.alphabet import get_alphabet
from engine.gaddag import Gaddag, build_gaddag

SEED_WORDS = ["DATAIS", "BACCARAT", "BACCARAS", "CACABERA"]
"""The seed's example: central DATAIS; BACCARAT:T, BACCARAS:S, CACABERA:A."""


def synthetic_words(count: int, seed: int) -> list[str]:
    """Random strings with the French bag's letter frequencies, 2 to 8 letters, plus every 2-letter
    word of common letters: a lexicon dense enough for grids to be built, and built here."""
    rng = random.Random(seed)
    fr = get_alphabet("fr")
    bag = "".join(x * k for x, k in fr.counts.items())
    words = {"".join(rng.choice(bag) for _ in range(rng.choice((2, 3, 3, 4, 4, 5, 6, 7, 7, 8, 8))))
             for _ in range(count)}
    common = "AEIOSTRNLU"
    words.update(a + b for a in common for b in common if rng.random() < 0.5)
    return sorted(words)


@pytest.fixture(scope="session")
def seed_lexicon() -> Gaddag:
    return build_gaddag(SEED_WORDS, "fr")


@pytest.fixture(scope="session")
def synthetic() -> tuple[Gaddag, set[str]]:
    words = synthetic_words(6000, 5)
    return build_gaddag(words, "fr"), set(words)
