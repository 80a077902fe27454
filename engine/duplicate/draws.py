"""The bag and the draws of a duplicate game: seeded, reproducible, under :mod:`engine.duplicate.rules`.

A game's draws depend only on the seed, the language's bag, the variant and the tops played (which
tiles stay on the rack): the same inputs give the same racks on every machine, because the bag is
built in a fixed order (alphabetical letters, then blanks) and tiles are taken with
``random.Random(seed).randrange``.

Variants:

- ``classic``: the language's full bag (two blanks in French and English).
- ``joker``: the bag holds no blank; a blank is always on the rack (the rack is the blank plus up to 6
  tiles). When the top uses the blank, a new one is given for the next round, as long as the bag still
  holds tiles: once the bag is empty the game plays out the tiles left without a new blank, so it ends.
  A blank still on the rack at the end of the bag counts as in the classic variant: the rack ``?`` alone
  is 1 vowel + 1 consonant, so it keeps the rule from round 16 and the game goes on while it has a play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.alphabet import BLANK, Alphabet
from engine.duplicate.rules import RACK_SIZE, pool_can_keep_rule, rack_keeps_rule

CLASSIC = "classic"
JOKER = "joker"
VARIANTS = (CLASSIC, JOKER)
MAX_REDRAWS = 100_000
"""A failing rack is redrawn until it keeps the rule. Once :func:`pool_can_keep_rule` says a good rack
exists, each draw has a fair chance (at worst about 1 in 200), so this bound is never reached in practice;
it only turns a bug into an error instead of an endless loop."""


class DrawError(ValueError):
    """An impossible request (unknown variant, a kept tile that is not in the game)."""


def full_bag(alphabet: Alphabet, variant: str = CLASSIC) -> list[str]:
    """Every tile of the variant's bag in a fixed order: letters alphabetically, then blanks."""
    if variant not in VARIANTS:
        raise DrawError(f"unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    tiles = [letter for letter in alphabet.letters for _ in range(alphabet.counts.get(letter, 0))]
    if variant == CLASSIC:
        tiles.extend(BLANK * alphabet.blanks)
    return tiles


@dataclass
class Draw:
    """One round's rack: the letters kept from the last round, the new tiles, the racks put back."""

    kept: str
    new: str
    rejected: list[str] = field(default_factory=list)

    @property
    def rack(self) -> str:
        return self.kept + self.new


class Bag:
    """The tiles not yet on a rack or the board, and the seeded generator that takes them out."""

    def __init__(self, alphabet: Alphabet, seed: int, variant: str = CLASSIC) -> None:
        self.variant = variant
        self.tiles = full_bag(alphabet, variant)
        self.rng = random.Random(seed)

    def __len__(self) -> int:
        return len(self.tiles)

    def take(self, n: int) -> str:
        """``n`` tiles at random (fewer when the bag runs out), removed from the bag."""
        out = []
        for _ in range(min(n, len(self.tiles))):
            out.append(self.tiles.pop(self.rng.randrange(len(self.tiles))))
        return "".join(out)

    def put_back(self, tiles: str) -> None:
        self.tiles.extend(tiles)

    def draw(self, kept: str, round_number: int) -> Draw | None:
        """The rack of round ``round_number`` completing ``kept``, or ``None`` when the game is over.

        ``kept`` holds the tiles the last top left on the rack (in the joker variant the blank among them,
        when the top did not use it; otherwise :meth:`draw` adds a new one). The game is over when no rack
        drawn from the bag and ``kept`` together can keep the rule.
        """
        blank = ""
        given = False
        if self.variant == JOKER:
            if BLANK in kept:  # the blank the last top did not use stays
                blank, kept = BLANK, kept.replace(BLANK, "", 1)
            elif self.tiles:  # a new blank while the bag still holds tiles
                blank, given = BLANK, True
        size = RACK_SIZE - len(blank)
        if not pool_can_keep_rule_with(self.tiles, kept, blank, round_number, size):
            return None
        rejected: list[str] = []
        new = self.take(size - len(kept))
        while not rack_keeps_rule(blank + kept + new, round_number):
            rejected.append(blank + kept + new)
            if len(rejected) > MAX_REDRAWS:
                raise DrawError(f"round {round_number}: no rack keeping the rule after {MAX_REDRAWS} draws")
            self.put_back(kept + new)
            kept = ""
            new = self.take(size)
        if given or (blank and rejected):  # a new blank, or a redrawn rack: the blank goes with the new letters
            return Draw(kept, blank + new, rejected)
        return Draw(blank + kept, new, rejected)


def pool_can_keep_rule_with(bag: list[str], kept: str, blank: str, round_number: int, size: int) -> bool:
    """Whether ``blank`` plus ``size`` tiles from ``bag`` + ``kept`` can keep the rule: the permanent blank
    of the joker variant is always on the rack, so it is one more tile of the pool that is surely drawn.

    The blank counts like any tile of the rack, even alone: with the bag empty, a rack holding only the
    kept blank is 1 vowel + 1 consonant, so it keeps the rule from round 16 (not before), in both variants
    (a classic game keeping a blank at the end of the bag has the same rack). Forcing the blank onto the
    rack never hurts: it counts on both sides, so it can replace any tile of a good rack."""
    pool = list(blank) + list(kept) + list(bag)
    if not pool:
        return False
    return pool_can_keep_rule(pool, round_number, size + len(blank))
