"""Alphagram → words: the look-up table behind blank anagram and 7+1 questions.

Why it exists: a question with blanks or a 7+1 asks for every word of a length that holds a rack.
Walking the GADDAG for that is a pure-Python search per question (hundreds of milliseconds for a
50-question quiz of 8-letter racks with two blanks). The same answers are a handful of exact
look-ups in a table of the lexicon's alphagrams:

* one blank: the rack plus each letter of the alphabet, 26 look-ups in French;
* two blanks: the rack plus each unordered pair of letters (repeats allowed), 351 look-ups;
* 7+1: the rack plus each letter, 26 look-ups, grouped by that letter.

Each added multiset of letters gives a different alphagram, so the groups are disjoint and their
union, sorted, is exactly what :meth:`Gaddag.anagrams` returns for the rack with ``?``. The GADDAG
search stays the specification (``engine.wordstudy.questions`` uses it when no index is given, and
the tests compare both with a brute force).

Built once per lexicon version and process from :meth:`Gaddag.iter_words` (one pass: about 0.8 s
of CPU for the 420,000 words of the expanded French dictionary). Compact on purpose: per length, a
sorted list of the alphagrams (binary search with :mod:`bisect`), the words of that length written
end to end in one string (they all have the same width) and an array of where each alphagram's words
end. It holds about 27 MiB for that dictionary (36 MiB at the peak of the build), where a plain
``dict`` of alphagram → words would hold about 46 MiB.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, insort
from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from engine.alphabet import Alphabet

if TYPE_CHECKING:
    from engine.gaddag import Gaddag

MAX_INDEXED_LENGTH = 15
"""Words up to a board row: every length a word-study question asks about (7+1 on 14 letters included)."""


class _Table:
    """The alphagrams of one length, sorted, and their words end to end."""

    __slots__ = ("ends", "keys", "text", "width")

    def __init__(self, width: int, keys: list[str], ends: array[int], text: str) -> None:
        self.width = width
        self.keys = keys  # sorted alphagrams
        self.ends = ends  # ends[i]: number of words of keys[0..i] (so keys[i]'s words are ends[i-1]..ends[i])
        self.text = text  # every word of this length, grouped by alphagram, each group alphabetical

    def words(self, key: str) -> list[str]:
        keys = self.keys
        i = bisect_left(keys, key)
        if i == len(keys) or keys[i] != key:
            return []
        n = self.width
        text = self.text
        start = self.ends[i - 1] if i else 0
        return [text[j * n:(j + 1) * n] for j in range(start, self.ends[i])]


class AlphagramIndex:
    """Every word of ``max_length`` letters or fewer, found by its alphagram (letters in order)."""

    __slots__ = ("_tables", "alphabet", "alphagram_count", "max_length", "word_count")

    def __init__(self, words: Iterable[str], alphabet: Alphabet, max_length: int = MAX_INDEXED_LENGTH) -> None:
        """``words``: normalised upper-case words of ``alphabet`` (repeats ignored; longer ones left out)."""
        self.alphabet = alphabet
        self.max_length = max_length
        per_length: dict[int, list[str]] = {}
        for word in words:
            n = len(word)
            if 0 < n <= max_length:
                per_length.setdefault(n, []).append(word)
        self._tables: dict[int, _Table] = {}
        self.word_count = 0
        self.alphagram_count = 0
        for n in sorted(per_length):
            # One length at a time, its words let go as soon as they are written: a lower peak of memory.
            # Each entry is the alphagram then the word (both n letters): sorting them sorts by alphagram,
            # then alphabetically, and the set drops repeated words.
            pairs = sorted({"".join(sorted(word)) + word for word in per_length.pop(n)})
            keys: list[str] = []
            ends = array("I")
            last = None
            for count, entry in enumerate(pairs):
                key = entry[:n]
                if key != last:
                    if last is not None:
                        ends.append(count)
                    keys.append(key)
                    last = key
            ends.append(len(pairs))
            self._tables[n] = _Table(n, keys, ends, "".join(entry[n:] for entry in pairs))
            self.word_count += len(pairs)
            self.alphagram_count += len(keys)

    @classmethod
    def from_gaddag(cls, g: Gaddag, max_length: int = MAX_INDEXED_LENGTH) -> AlphagramIndex:
        """The index of the compiled lexicon's own words (one pass over :meth:`Gaddag.iter_words`)."""
        return cls(g.iter_words(), g.alphabet, max_length)

    def covers(self, length: int) -> bool:
        """True when words of ``length`` letters are indexed (else ask the GADDAG)."""
        return 0 < length <= self.max_length

    def spells(self, letters: str) -> bool:
        """True when ``letters`` are all letters of the alphabet (no ``?``, lower case or accents):
        what the look-ups take; anything else goes to the GADDAG, which folds or refuses it."""
        code_of = self.alphabet.code_of
        return all(ch in code_of for ch in letters)

    def words(self, alphagram: str) -> list[str]:
        """The words spelled by exactly these letters (``alphagram`` sorted), alphabetical."""
        table = self._tables.get(len(alphagram))
        return table.words(alphagram) if table is not None else []

    def with_blanks(self, letters: str, blanks: int) -> list[str]:
        """The words of ``len(letters) + blanks`` letters that hold ``letters`` (any order), alphabetical:
        :meth:`Gaddag.anagrams` of ``letters`` plus ``blanks`` ``?``."""
        rack = "".join(sorted(letters))
        if not blanks:
            return self.words(rack)
        table = self._tables.get(len(rack) + blanks)
        if table is None:
            return []
        found: list[str] = []
        for added in combinations_with_replacement(self.alphabet.letters, blanks):
            found.extend(table.words("".join(sorted(rack + "".join(added)))))
        found.sort()
        return found

    def plus_one(self, letters: str) -> dict[str, list[str]]:
        """The words one letter longer than ``letters`` that hold them, by added letter (letters in
        alphabetical order, only those that make a word; each list alphabetical)."""
        rack = list(sorted(letters))
        table = self._tables.get(len(rack) + 1)
        if table is None:
            return {}
        by_letter: dict[str, list[str]] = {}
        for letter in self.alphabet.letters:
            key = rack.copy()
            insort(key, letter)
            words = table.words("".join(key))
            if words:
                by_letter[letter] = words
        return by_letter
