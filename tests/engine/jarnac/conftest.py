"""Lexicons the Jarnac tests build themselves (never /usr/share/dict)."""

from __future__ import annotations

import random

import pytest

from engine.jarnac.bag import full_bag
from engine.jarnac.tree import AnagramTree

WORDS = [
    "RAT", "ART", "TAR", "RATS", "STAR", "ASTER", "RATES", "TASER", "STARE", "TRESSA",
    "MAISON", "MAISONS", "CHAT", "CHATS", "ACHAT", "ACHATS", "NIE", "NIER", "RENIA", "RENIAS",
    "SEL", "LES", "ELUS", "OSE", "ROSE", "ROSEE", "ARROSE", "ARROSEE", "ARROSEES", "DESARROIS",
]


@pytest.fixture(scope="session")
def small_tree() -> AnagramTree:
    return AnagramTree.from_words(WORDS, "fr")


def synthetic_words(count: int, seed: int) -> list[str]:
    """Random strings drawn from the Jarnac bag's letter frequencies: dense enough in anagrams that
    seeded AI games are long and eventful, and built here, so tests depend on no dictionary file."""
    rng = random.Random(seed)
    letters = full_bag()
    return ["".join(rng.choice(letters) for _ in range(rng.choice((3, 3, 4, 4, 5, 6, 7, 8, 9))))
            for _ in range(count)]


@pytest.fixture(scope="session")
def synthetic_tree() -> AnagramTree:
    return AnagramTree.from_words(synthetic_words(30_000, seed=7), "fr")
