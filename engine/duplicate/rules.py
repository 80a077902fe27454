"""The draw rules of duplicate Scrabble, in one place (sources: ``docs/duplicate.md``).

As the French federation (FFSc, with the international federation FISF) plays duplicate:

- up to round 15 included, a rack holds at least **2 vowels and 2 consonants**; from round 16, at
  least **1 vowel and 1 consonant**;
- the blank (``?``) and ``Y`` count as a vowel **and** as a consonant at the same time;
- a rack that breaks the rule is put back in the bag **whole** (the letters kept from the last round
  included) and 7 new tiles are drawn;
- the game ends when the bag and the rack together can no longer give a rack that keeps the rule
  (or when the rack has no legal play: see :mod:`engine.duplicate.game`).

When fewer than 7 tiles are left, the rack is every tile left and must still keep the rule.

Why a module of its own: the draws, the property tests and the documentation all quote these few
functions, so the rule cannot drift between them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.alphabet import BLANK

RACK_SIZE = 7
EARLY_ROUNDS = 15
"""Rounds 1 to 15 need 2 vowels and 2 consonants; later rounds 1 and 1."""
EARLY_MINIMUM = 2
LATE_MINIMUM = 1
VOWELS = frozenset("AEIOU")
BOTH = frozenset({BLANK, "Y"})
"""Tiles that count as a vowel and as a consonant at once."""


@dataclass(frozen=True)
class Requirement:
    """The least number of vowels and of consonants a rack of a given round must hold."""

    vowels: int
    consonants: int


def requirement(round_number: int) -> Requirement:
    """What a rack of round ``round_number`` (1-based) must hold."""
    if round_number < 1:
        raise ValueError(f"rounds are numbered from 1, got {round_number}")
    minimum = EARLY_MINIMUM if round_number <= EARLY_ROUNDS else LATE_MINIMUM
    return Requirement(minimum, minimum)


def kind(tile: str) -> str:
    """``"vowel"``, ``"consonant"`` or ``"both"`` (the blank and Y) for one tile (upper-case letter or ``?``)."""
    tile = tile.upper()
    if tile in BOTH:
        return "both"
    return "vowel" if tile in VOWELS else "consonant"


def counts(tiles: Iterable[str]) -> tuple[int, int]:
    """``(vowels, consonants)`` of some tiles, the blank and Y counted on both sides."""
    vowels = consonants = 0
    for tile in tiles:
        k = kind(tile)
        if k != "consonant":
            vowels += 1
        if k != "vowel":
            consonants += 1
    return vowels, consonants


def rack_keeps_rule(rack: str, round_number: int) -> bool:
    """True when ``rack`` holds enough vowels and consonants for round ``round_number``."""
    need = requirement(round_number)
    vowels, consonants = counts(rack)
    return vowels >= need.vowels and consonants >= need.consonants


def pool_can_keep_rule(pool: Iterable[str], round_number: int, rack_size: int = RACK_SIZE) -> bool:
    """True when some rack drawn from ``pool`` (the bag plus the rack's letters) keeps the rule.

    With at least ``rack_size`` tiles the rack can be any ``rack_size`` of them, so it is enough that
    the pool holds the required vowels and consonants (a blank or Y serving both sides); with fewer,
    the rack is the whole pool.
    """
    tiles = list(pool)
    if not tiles:
        return False
    if len(tiles) <= rack_size:
        return rack_keeps_rule("".join(tiles), round_number)
    need = requirement(round_number)
    vowels, consonants = counts(tiles)
    return vowels >= need.vowels and consonants >= need.consonants and need.vowels + need.consonants <= rack_size
