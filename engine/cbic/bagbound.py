"""Bag mode's exact bound: the tiles the revision words' racks will take, known before any layout.

Why it works: a revision word always puts down the same tiles (its letters minus the support letter)
wherever it goes. So the letters still needed by the words not yet placed are known exactly, and a
grid, a central word or a helper that leaves fewer than that in the bag (blanks included) can never
hold every word. The generator uses this to cut such states, to spell the central word from what the
racks leave, and to leave out up front the words the bag can never hold together.
"""

from __future__ import annotations

from collections import Counter

from engine.cbic.state import Bag, GridState
from engine.cbic.words import ResolvedWord


def rack_letters(word: ResolvedWord) -> Counter[str]:
    """The tiles a revision word puts down: its letters minus (one copy of) the support letter."""
    return Counter(word.word) - Counter(word.word[word.supports[0]])


def bag_shortfall(words: list[ResolvedWord], bag: Bag) -> dict[str, int]:
    """Letters all the racks need beyond the bag's letter tiles (before the blanks), sorted."""
    need: Counter[str] = Counter()
    for w in words:
        need.update(rack_letters(w))
    return {x: k - bag.counts.get(x, 0) for x, k in sorted(need.items()) if k > bag.counts.get(x, 0)}


class BagBound:
    """The bound for one list of revision words (ids are :attr:`ResolvedWord.order`)."""

    def __init__(self, bag: Bag, words: list[ResolvedWord]) -> None:
        self.bag = bag
        self.racks = {w.order: rack_letters(w) for w in words}

    def need(self, ids: list[int], extra: str = "") -> Counter[str]:
        need: Counter[str] = Counter(extra)
        for i in ids:
            need.update(self.racks[i])
        return need

    def deficit(self, state: GridState, ids: list[int], extra: str = "") -> int:
        """Tiles missing, at best, for the racks of ``ids`` (and ``extra`` letters) on ``state``:
        0 when the bag, blanks included, can still supply them all."""
        bag = self.bag
        short = sum(max(0, k - (bag.counts.get(x, 0) - state.used.get(x, 0)))
                    for x, k in self.need(ids, extra).items())
        return max(0, short - (bag.blanks - state.blanks_used))

    def available(self, ids: list[int]) -> Counter[str]:
        """Letter tiles the racks of ``ids`` leave in a full bag (blanks kept for the racks)."""
        need = self.need(ids)
        return Counter({x: k - need[x] for x, k in self.bag.counts.items() if k > need[x]})

    def split(self, ids: list[int], rank: dict[int, int]) -> tuple[list[int], list[int]]:
        """The words to place and those left out: while the kept racks need more than the bag and its
        blanks, leave out the word whose removal cuts the deficit most (hardest first among equals)."""
        kept = list(ids)
        dropped: list[int] = []
        empty = GridState()
        while len(kept) > 1 and self.deficit(empty, kept):
            def gain(i: int) -> tuple[int, int]:
                return (-self.deficit(empty, [j for j in kept if j != i]), -rank[i])

            worst = max(kept, key=gain)
            kept.remove(worst)
            dropped.append(worst)
        return kept, dropped

    def scarcest(self, ids: list[int], rank: dict[int, int]) -> int:
        """The word whose rack leans most on letters the others already exhaust (to make room)."""
        need = self.need(ids)
        counts = self.bag.counts
        return max(ids, key=lambda i: (sum(max(0, need[x] - counts.get(x, 0) + 1) for x in self.racks[i]),
                                       -rank[i]))
