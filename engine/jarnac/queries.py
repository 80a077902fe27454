"""Jarnac's word searches over an :class:`AnagramTree`: extend, create, steal and rallonges.

Every query is exact: it returns all lexicon words (3 to 9 letters) meeting a multiset condition,
which the tests check against a brute force over the word list. Orders are part of the contract:

- ``extend``, ``create``: longest first, then alphabetical by word;
- ``rallonges``: alphabetical by word (all have the same length);
- ``steal``: best first = highest *swing* (or highest *gain* on request), then the other measure,
  then alphabetical by word, then the base word (a creation from loose letters, base ``None``,
  before extensions).

Scores: a word of ``n`` letters is worth ``n * n`` (3 letters = 9 ... 9 letters = 81).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.alphabet import InvalidWord
from engine.jarnac.tree import MAX_WORD_LENGTH, MIN_WORD_LENGTH, AnagramTree


class QueryError(ValueError):
    """Bad input to a query; the message names the argument and what is wrong with it."""


def word_score(word: str) -> int:
    """Jarnac's value of a word: the square of its length."""
    return len(word) * len(word)


@dataclass(frozen=True)
class Found:
    """A word found by a query; ``added`` = the letters it takes from the rack, alphabetically."""

    word: str
    added: str

    @property
    def length(self) -> int:
        return len(self.word)

    @property
    def score(self) -> int:
        return word_score(self.word)

    def to_json(self) -> dict[str, object]:
        return {"word": self.word, "added": self.added, "length": self.length, "score": self.score}


@dataclass(frozen=True)
class Steal:
    """A "Jarnac!": a word the opponent could have made and the stealer takes.

    ``base`` is the opponent's word that it extends (``None`` when it is made from loose letters only)
    and ``line`` that word's index in the list given. ``gain`` is what the stealer scores (the new
    word's value); ``swing`` is how much the score difference between the two players moves: the gain
    plus the base word's value, which the opponent loses with its line.
    """

    word: str
    added: str
    base: str | None
    line: int | None

    @property
    def length(self) -> int:
        return len(self.word)

    @property
    def gain(self) -> int:
        return word_score(self.word)

    @property
    def swing(self) -> int:
        return self.gain + (word_score(self.base) if self.base else 0)

    def to_json(self) -> dict[str, object]:
        return {"word": self.word, "added": self.added, "base": self.base, "line": self.line,
                "length": self.length, "gain": self.gain, "swing": self.swing}


def normalise_letters(tree: AnagramTree, text: str, what: str, *, allow_empty: bool = False) -> str:
    """Upper-case, accent-folded letters of ``text``; a :class:`QueryError` names ``what`` if bad."""
    if not text.strip():
        if allow_empty:
            return ""
        raise QueryError(f"{what} is empty")
    try:
        return tree.alphabet.normalise(text)
    except InvalidWord as exc:
        raise QueryError(f"{what} {text!r}: {exc.reason}") from None


def _normalise_word(tree: AnagramTree, word: str, what: str = "word") -> str:
    letters = normalise_letters(tree, word, what)
    if len(letters) > MAX_WORD_LENGTH:
        raise QueryError(f"{what} {word!r} has {len(letters)} letters; a Jarnac word has at most "
                         f"{MAX_WORD_LENGTH}")
    return letters


def _subtract(longer: str, shorter: str) -> str:
    """Letters of sorted ``longer`` left after removing ``shorter``'s (a sub-multiset), sorted."""
    rest = Counter(longer)
    rest.subtract(shorter)
    return "".join(sorted(rest.elements()))


def _by_length_then_word(found: list[Found]) -> list[Found]:
    return sorted(found, key=lambda f: (-len(f.word), f.word, f.added))


def extensions(tree: AnagramTree, word: str, rack: str) -> list[Found]:
    """Every word made of all of ``word``'s letters plus one or more of ``rack``'s, rearranged.

    Several letters may be added at once with no word in between (the real rule). ``word`` need
    not be in the lexicon. Longest first, then alphabetical.
    """
    base = _normalise_word(tree, word)
    letters = normalise_letters(tree, rack, "rack", allow_empty=True)
    required = Counter(base)
    available = required + Counter(letters)
    found = [
        Found(spelled, _subtract(key, base))
        for key in tree.sub_alphagrams(required, available, min_length=len(base) + 1)
        for spelled in tree.anagrams(key)
    ]
    return _by_length_then_word(found)


def longest_extensions(tree: AnagramTree, word: str, rack: str) -> list[Found]:
    """The extensions of maximal length (all of them when several tie)."""
    found = extensions(tree, word, rack)
    return [f for f in found if len(f.word) == len(found[0].word)] if found else []


def creations(tree: AnagramTree, rack: str) -> list[Found]:
    """Every word of 3 to 9 letters that can be spelled with the rack's letters. Longest first."""
    letters = normalise_letters(tree, rack, "rack", allow_empty=True)
    found = [
        Found(spelled, key)
        for key in tree.sub_alphagrams(Counter(), Counter(letters))
        for spelled in tree.anagrams(key)
    ]
    return _by_length_then_word(found)


def rallonges(tree: AnagramTree, word: str) -> list[Found]:
    """The words one letter longer than ``word`` that use all its letters (any added letter).

    The seed's tree children; ``added`` is the one new letter. Alphabetical order.
    """
    base = _normalise_word(tree, word)
    found = [
        Found(spelled, letter)
        for letter, key in tree.children(base).items()
        if len(key) >= MIN_WORD_LENGTH
        for spelled in tree.anagrams(key)
    ]
    return sorted(found, key=lambda f: (f.word, f.added))


STEAL_ORDERS = ("swing", "gain")


def steals(tree: AnagramTree, words: list[str], rack: str, by: str = "swing") -> list[Steal]:
    """Every "Jarnac!" available on an opponent with these words on their lines and loose letters.

    A steal is a word made from the loose letters alone, or one of the opponent's words extended
    with one or more loose letters (never two of their words together: lines are never merged).
    Best first: highest swing (``by="swing"``, what wins games) or highest gain for the stealer
    (``by="gain"``, i.e. the longest word), then the other measure, then alphabetical, creations
    before extensions.
    """
    if by not in STEAL_ORDERS:
        raise QueryError(f"steal order {by!r} is not one of {', '.join(STEAL_ORDERS)}")
    letters = normalise_letters(tree, rack, "rack", allow_empty=True)
    bases = [_normalise_word(tree, w, f"opponent word {i + 1}") for i, w in enumerate(words)]
    found: dict[tuple[str, str | None], Steal] = {}
    for made in creations(tree, letters):
        found[(made.word, None)] = Steal(made.word, made.added, None, None)
    for line, base in enumerate(bases):
        for made in extensions(tree, base, letters):
            found.setdefault((made.word, base), Steal(made.word, made.added, base, line))

    def key(s: Steal) -> tuple[int, int, str, bool, str]:
        first, second = (s.swing, s.gain) if by == "swing" else (s.gain, s.swing)
        return (-first, -second, s.word, s.base is not None, s.base or "")

    return sorted(found.values(), key=key)


def best_steals(tree: AnagramTree, words: list[str], rack: str, by: str = "swing") -> list[Steal]:
    """The steals that are best by ``by`` (all of them when several tie on it)."""
    found = steals(tree, words, rack, by)
    if not found:
        return []
    def measure(steal: Steal) -> int:
        return steal.swing if by == "swing" else steal.gain

    return [s for s in found if measure(s) == measure(found[0])]
