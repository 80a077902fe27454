"""Jarnac's 144-letter bag and its seeded, replayable draws.

The bag is kept as a plain string in drawing order: the rules engine stores it in the game state, so
replaying a game from its seed and moves gives the same draws on any machine (``random.Random`` with a
``str`` seed is stable across Python versions and platforms).

Distribution (144 tiles, no blank): 14 A, 4 B, 7 C, 5 D, 19 E, 2 F, 4 G, 2 H, 11 I, 1 J, 1 K, 6 L,
5 M, 9 N, 8 O, 4 P, 1 Q, 10 R, 7 S, 9 T, 8 U, 2 V, 1 W, 1 X, 1 Y, 2 Z. Sources: French Wikipedia,
article "Jarnac (jeu)", section "Matériel de jeu"; cruciverbiste.com, "Règles du Jarnac". Both give the
same figures. No source for the English edition's bag was found, so the English game uses the same
distribution (documented choice, not a fact about the English box).
"""

from __future__ import annotations

import random
from collections import Counter

JARNAC_DISTRIBUTION: dict[str, int] = {
    "A": 14, "B": 4, "C": 7, "D": 5, "E": 19, "F": 2, "G": 4, "H": 2, "I": 11, "J": 1, "K": 1,
    "L": 6, "M": 5, "N": 9, "O": 8, "P": 4, "Q": 1, "R": 10, "S": 7, "T": 9, "U": 8, "V": 2,
    "W": 1, "X": 1, "Y": 1, "Z": 2,
}
BAG_SIZE = 144
assert sum(JARNAC_DISTRIBUTION.values()) == BAG_SIZE


def full_bag() -> str:
    """All 144 letters, in alphabetical order (unshuffled)."""
    return "".join(letter * count for letter, count in JARNAC_DISTRIBUTION.items())


def shuffled(letters: str, seed: str) -> str:
    """``letters`` in a random order fully determined by ``seed``."""
    pool = list(letters)
    random.Random(seed).shuffle(pool)
    return "".join(pool)


def new_bag(seed: int | str) -> str:
    """A shuffled full bag for a new game; the same seed always gives the same bag."""
    return shuffled(full_bag(), f"jarnac-bag:{seed}")


def draw(bag: str, count: int) -> tuple[str, str]:
    """Take up to ``count`` letters from the front of the bag: ``(drawn, rest)``.

    Fewer letters come back when the bag runs short; the rules decide whether that matters.
    """
    if count < 0:
        raise ValueError(f"cannot draw a negative number of letters ({count})")
    return bag[:count], bag[count:]


def put_back(bag: str, letters: str, seed: str) -> str:
    """Return ``letters`` to the bag and shuffle it, deterministically from ``seed``."""
    return shuffled(bag + letters, seed)


def letter_counts(letters: str) -> Counter[str]:
    """Multiset of letters (a ``Counter``): the unit the rules and queries reason in."""
    return Counter(letters)
