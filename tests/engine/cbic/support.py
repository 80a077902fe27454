"""Set-ups the CBIC test modules share: a grid builder as the tests make one, and seeded word sets drawn
case after case until a test has met what it looks for.

Why one place: every module built its :class:`Builder` with the same fixed arguments (no central word, no bag,
no progress reports), and the tests that look for something rare (a blocked grid, a repair) drew their sets with
the same loop; written once, a test says only what differs (its set, its seeds, its configuration).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from engine.cbic import RevisionWord, SearchConfig
from engine.cbic.generator import Builder


def make_builder(lexicon: Any, resolved: list, seed: int, config: SearchConfig | None = None,
                 time_budget: float = 10.0) -> Builder:
    """A :class:`Builder` of the resolved words ``resolved`` with no central word, no bag and no progress
    reports (``SearchConfig()`` unless told)."""
    return Builder(lexicon, resolved, central=None, seed=seed, bag=False, time_budget=time_budget,
                   config=SearchConfig() if config is None else config, progress=None)


WordSet = Callable[[set[str], random.Random, int], list[RevisionWord]]
"""How a test draws a set of revision words: ``(words, rng, count) -> items``."""


class SetsUntil:
    """``(case, items)`` for case 0, 1, ... with ``items`` drawn by ``draw`` from ``random.Random(seed + case)``:
    at most ``tries`` cases, and no more once ``least`` cases have run and the test has counted in ``met`` what it
    looks for (read as each case would start)."""

    def __init__(self, words: set[str], draw: WordSet, seed: int, *, tries: int, least: int, count: int = 8) -> None:
        self.words, self.draw, self.seed, self.count = words, draw, seed, count
        self.tries, self.least = tries, least
        self.met = 0

    def __iter__(self) -> Iterator[tuple[int, list[RevisionWord]]]:
        for case in range(self.tries):
            if self.met and case >= self.least:
                return
            yield case, self.draw(self.words, random.Random(self.seed + case), self.count)
