"""The anagram tree: Jarnac's lexicon keyed by *alphagram* (a word's letters in alphabetical order).

Why alphagrams: in Jarnac a word may be rearranged at will, so only its multiset of letters matters.
All anagrams share one node, whichever spelling is on the board (the seed's ``NodeDict[Sort(word)]``).

Two views of the same data:

- the seed's tree: a node per alphagram that is a word, its children by the letter whose addition
  makes another word (:meth:`AnagramTree.children`, computed on demand by trying each letter, so
  building stays fast and small);
- a prefix set of every alphagram, used by :meth:`AnagramTree.sub_alphagrams` to enumerate, in one
  pruned depth-first walk, every word whose letters lie between a required multiset and an available
  one. That is what the real rule needs: an extension may add several letters at once with no word
  in between, which the one-letter children alone cannot find.

Only words of 3 to 9 letters are kept (the Jarnac mat has 9 columns, a word has at least 3 letters).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.alphabet import InvalidWord, get_alphabet

MIN_WORD_LENGTH = 3
MAX_WORD_LENGTH = 9


def alphagram(letters: str) -> str:
    """The letters sorted alphabetically: the key shared by all anagrams."""
    return "".join(sorted(letters))


@dataclass(frozen=True)
class Node:
    """One alphagram of the tree: its words and, per letter, the alphagram one letter longer."""

    alphagram: str
    words: tuple[str, ...]
    children: dict[str, str]


class AnagramTree:
    """A Jarnac lexicon: words of 3 to 9 letters grouped by alphagram. Immutable once built."""

    def __init__(self, language: str, words_by_alphagram: dict[str, tuple[str, ...]]) -> None:
        self.language = language
        self.alphabet = get_alphabet(language)
        self._words = words_by_alphagram
        # In sorted order a key shares its first letters with the previous one: only the prefixes
        # past that common part are new, so each distinct prefix is built once.
        prefixes: set[str] = set()
        previous = ""
        for key in sorted(words_by_alphagram):
            common = 0
            for a, b in zip(previous, key, strict=False):
                if a != b:
                    break
                common += 1
            prefixes.update([key[:end] for end in range(common + 1, len(key) + 1)])
            previous = key
        self._prefixes = frozenset(prefixes)
        self.word_count = sum(len(group) for group in words_by_alphagram.values())

    @classmethod
    def from_words(cls, words: Iterable[str], language: str) -> AnagramTree:
        """Build from normalised upper-case words; words outside 3..9 letters are left out.

        A word with a character outside the language's letters raises :class:`InvalidWord` naming
        it: a silently dropped word would make the queries quietly wrong.
        """
        letters = get_alphabet(language).letters
        words = list(words)
        # One regular-expression pass over the whole list finds any bad word (fast on 300k words).
        bad_character = re.compile(f"[^{re.escape(letters)}\n]")
        text = "\n".join(words)
        if "" in words or bad_character.search(text):
            word = next(w for w in words if not w or bad_character.search(w))
            bad = bad_character.search(word)
            raise InvalidWord(word, "empty word" if bad is None else
                              f"character {bad.group()!r} is not a letter of the {language} alphabet")
        groups: dict[str, list[str]] = {}
        for word in words:
            if MIN_WORD_LENGTH <= len(word) <= MAX_WORD_LENGTH:
                groups.setdefault("".join(sorted(word)), []).append(word)
        return cls(language, {key: tuple(sorted(set(group))) for key, group in groups.items()})

    # -- lookups -------------------------------------------------------------------------------

    def __len__(self) -> int:
        """Number of distinct alphagrams (nodes)."""
        return len(self._words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word in self._words.get(alphagram(word), ())

    def is_word(self, word: str) -> bool:
        """Whether ``word`` (normalised, any length) is a Jarnac word of this lexicon."""
        return word in self

    def anagrams(self, letters: str) -> tuple[str, ...]:
        """The words spelled with exactly these letters (any order), alphabetically."""
        return self._words.get(alphagram(letters), ())

    def iter_words(self) -> Iterator[str]:
        """Every word, alphagram by alphagram (unspecified order)."""
        for group in self._words.values():
            yield from group

    def node(self, letters: str) -> Node | None:
        """The tree node of these letters, or ``None`` when they spell no word."""
        key = alphagram(letters)
        words = self._words.get(key)
        if words is None:
            return None
        return Node(key, words, self.children(key))

    def children(self, letters: str) -> dict[str, str]:
        """``{letter: alphagram}`` for each letter whose addition to ``letters`` spells a word.

        Works for any letters, word or not (the seed's children, without storing them).
        """
        key = alphagram(letters)
        if len(key) >= MAX_WORD_LENGTH:
            return {}
        found: dict[str, str] = {}
        for letter in self.alphabet.letters:
            grown = alphagram(key + letter)
            if grown in self._words:
                found[letter] = grown
        return found

    def sub_alphagrams(self, required: Counter[str], available: Counter[str],
                       min_length: int = MIN_WORD_LENGTH,
                       max_length: int = MAX_WORD_LENGTH) -> list[str]:
        """Every word alphagram ``A`` with ``required <= A <= available`` (multisets) and
        ``min_length <= len(A) <= max_length``, in no particular order.

        A depth-first walk over the letters in alphabetical order, choosing how many copies of each
        to use; a branch stops as soon as its sorted prefix starts no alphagram of the lexicon, so the
        cost follows the lexicon's shape, not the number of sub-multisets of the rack.
        """
        for letter, need in required.items():
            if need > available.get(letter, 0):
                return []
        items = sorted((letter, required.get(letter, 0), count)
                       for letter, count in available.items() if count > 0)
        # Letters still required after position i, so a branch never grows past max_length.
        still_required = [0] * (len(items) + 1)
        for i in range(len(items) - 1, -1, -1):
            still_required[i] = still_required[i + 1] + items[i][1]
        lowest = max(min_length, MIN_WORD_LENGTH)
        highest = min(max_length, MAX_WORD_LENGTH)
        if still_required[0] > highest:
            return []
        words, prefixes = self._words, self._prefixes
        found: list[str] = []
        last = len(items)

        def walk(i: int, prefix: str) -> None:
            if i == last:
                if len(prefix) >= lowest and prefix in words:
                    found.append(prefix)
                return
            letter, low, high = items[i]
            high = min(high, highest - len(prefix) - still_required[i + 1])
            if high < low:
                return
            if low:
                prefix += letter * low
                if prefix not in prefixes:
                    return
            walk(i + 1, prefix)
            for _ in range(low, high):
                prefix += letter
                if prefix not in prefixes:
                    return
                walk(i + 1, prefix)

        walk(0, "")
        return found
