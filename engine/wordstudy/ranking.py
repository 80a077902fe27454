"""Probability ranks of a lexicon's alphagrams, per length.

The rank of an alphagram of length ``n`` is its place among the alphagrams of length ``n`` that make
at least one word of the lexicon, ordered by :func:`~engine.wordstudy.probability.draw_ways`, the
most likely first, ties broken by the alphagram itself (alphabetical), so the order is total and the
same on every machine. Ranks start at 1.

Computed from one pass over the compiled lexicon's words (:meth:`Gaddag.iter_words`), never a second
word list; a web process stores the result once per lexicon version (``training.wordstudy``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.wordstudy.probability import draw_ways

if TYPE_CHECKING:
    from engine.gaddag import Gaddag

DEFAULT_LENGTHS = range(2, 16)


@dataclass(frozen=True)
class RankedAlphagram:
    alphagram: str
    length: int
    rank: int
    ways: int
    words: int  # how many words of the lexicon it makes


def rank_alphagrams(g: Gaddag, lengths: Iterable[int] = DEFAULT_LENGTHS,
                    progress: Callable[[float, str], None] | None = None) -> dict[int, list[RankedAlphagram]]:
    """``{length: [RankedAlphagram, ...]}`` in rank order, for each of ``lengths`` (every one a key).

    ``progress(percent, message)`` is called now and then (reading the words is about two thirds of
    the work, ranking the rest).
    """
    wanted = set(lengths)
    counts: dict[int, dict[str, int]] = {n: {} for n in wanted}
    total = max(1, g.word_count)
    for index, word in enumerate(g.iter_words()):
        per_length = counts.get(len(word))
        if per_length is not None:
            key = "".join(sorted(word))
            per_length[key] = per_length.get(key, 0) + 1
        if progress is not None and index % 50_000 == 0:
            progress(60 * index / total, "reading the words")
    ranked: dict[int, list[RankedAlphagram]] = {}
    alphabet = g.alphabet
    for done, n in enumerate(sorted(wanted)):
        per_length = counts[n]
        keyed = sorted((-draw_ways(a, alphabet), a) for a in per_length)
        ranked[n] = [RankedAlphagram(a, n, rank, -negative, per_length[a])
                     for rank, (negative, a) in enumerate(keyed, start=1)]
        if progress is not None:
            progress(60 + 40 * (done + 1) / len(wanted), "ranking")
    return ranked
