"""Letters, tile values and bags per language, and word normalisation.

This module is the single home of language data: every other part of the engine (GADDAG codes,
scoring, bag mode in CBIC, Jarnac) asks it instead of keeping its own table, so a new language is
one entry here.

Letter *codes* are small ints shared by the whole engine: ``0`` is the GADDAG separator, letters
are ``1..len(letters)`` in alphabetical order. Bit masks of letters (cross-check sets, rack masks,
GADDAG node masks) use bit ``code``.
"""

from __future__ import annotations

import unicodedata

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from typing import Any

SEPARATOR_CODE = 0
BLANK = "?"


class InvalidWord(ValueError):
    """A word that cannot be written with the language's letters; the message names the word.

    ``reason`` is English for logs and the command line; ``code`` and ``params`` say the same thing in
    a stable form that interfaces translate (the web app: ``core.engine_messages``). Codes:
    ``empty_word``, ``bad_character`` (``char``, ``language``), ``empty_pattern``,
    ``bad_pattern_character`` (``char``), ``empty_rack``, ``bad_rack_character`` (``char``).
    """

    def __init__(self, word: str, reason: str, code: str = "invalid_word", **params: object) -> None:
        self.word = word
        self.reason = reason
        self.code = code
        self.params = params
        super().__init__(f"invalid word {word!r}: {reason}")


class Alphabet:
    """One language's tile set. Immutable and shared; obtain it with :func:`get_alphabet`.

    Compared on its five fields (``code_of`` is derived from ``letters``). A plain class rather
    than a dataclass: see :class:`engine.scrabble.scoring.Move`.
    """

    __match_args__ = ("language", "letters", "values", "counts", "blanks")

    language: str
    letters: str
    values: dict[str, int]
    counts: dict[str, int]
    blanks: int
    code_of: dict[str, int]

    def __init__(self, language: str, letters: str, values: dict[str, int], counts: dict[str, int],
                 blanks: int) -> None:
        setter = object.__setattr__
        setter(self, "language", language)
        setter(self, "letters", letters)
        setter(self, "values", values)
        setter(self, "counts", counts)
        setter(self, "blanks", blanks)
        setter(self, "code_of", {c: i + 1 for i, c in enumerate(letters)})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Alphabet is immutable: cannot assign to {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Alphabet is immutable: cannot delete {name!r}")

    def _key(self) -> tuple[Any, ...]:
        return (self.language, self.letters, self.values, self.counts, self.blanks)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Alphabet:
            return NotImplemented
        return bool(self._key() == other._key())  # type: ignore[attr-defined]  # an Alphabet: checked above

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Alphabet(language={self.language!r}, letters={self.letters!r}, values={self.values!r}, "
                f"counts={self.counts!r}, blanks={self.blanks!r})")

    @property
    def size(self) -> int:
        """Number of letters (codes run from 1 to ``size``)."""
        return len(self.letters)

    @property
    def bag_size(self) -> int:
        return sum(self.counts.values()) + self.blanks

    @property
    def all_letters_mask(self) -> int:
        """Mask with the bit of every letter code set (the 'anything goes' cross-check)."""
        return ((1 << (self.size + 1)) - 1) & ~1

    def letter(self, code: int) -> str:
        return self.letters[code - 1]

    def value(self, letter: str) -> int:
        """Tile value; lower case (a blank standing for that letter) is worth 0."""
        if letter.islower():
            return 0
        return self.values[letter]

    def encode(self, word: str) -> list[int]:
        """Codes of an already normalised upper-case word."""
        try:
            return [self.code_of[c] for c in word]
        except KeyError as exc:
            raise InvalidWord(word, f"letter {exc.args[0]!r} is not in the {self.language} alphabet",
                              "bad_character", char=exc.args[0], language=self.language) from None

    def decode(self, codes: list[int] | tuple[int, ...]) -> str:
        return "".join(self.letters[c - 1] for c in codes)

    def normalise(self, word: str) -> str:
        """Upper case, accents folded (É→E, Ç→C), ligatures split (Œ→OE, Æ→AE).

        Raises :class:`InvalidWord` naming the word when anything else is left (digits, hyphens,
        apostrophes, spaces, letters outside the alphabet) or when the word is empty.
        """
        folded = fold_word(word)
        if not folded:
            raise InvalidWord(word, "empty word", "empty_word")
        for ch in folded:
            if ch not in self.code_of:
                raise InvalidWord(word, f"character {ch!r} is not a letter of the {self.language} alphabet",
                                  "bad_character", char=ch, language=self.language)
        return folded


def fold_word(word: str) -> str:
    """Upper-case and strip accents and ligatures, without validating the result."""
    text = word.strip().upper()
    if text.isascii():  # no accent, no ligature: nothing to fold (most lines of a word list)
        return text
    text = text.replace("Œ", "OE").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_FRENCH = Alphabet(
    language="fr",
    letters="ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    values={
        "A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8, "K": 10,
        "L": 1, "M": 2, "N": 1, "O": 1, "P": 3, "Q": 8, "R": 1, "S": 1, "T": 1, "U": 1, "V": 4,
        "W": 10, "X": 10, "Y": 10, "Z": 10,
    },
    counts={
        "A": 9, "B": 2, "C": 2, "D": 3, "E": 15, "F": 2, "G": 2, "H": 2, "I": 8, "J": 1, "K": 1,
        "L": 5, "M": 3, "N": 6, "O": 6, "P": 2, "Q": 1, "R": 6, "S": 6, "T": 6, "U": 6, "V": 2,
        "W": 1, "X": 1, "Y": 1, "Z": 1,
    },
    blanks=2,
)

_ENGLISH = Alphabet(
    language="en",
    letters="ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    values={
        "A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8, "K": 5,
        "L": 1, "M": 3, "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1, "U": 1, "V": 4,
        "W": 4, "X": 8, "Y": 4, "Z": 10,
    },
    counts={
        "A": 9, "B": 2, "C": 2, "D": 4, "E": 12, "F": 2, "G": 3, "H": 2, "I": 9, "J": 1, "K": 1,
        "L": 4, "M": 2, "N": 6, "O": 8, "P": 2, "Q": 1, "R": 6, "S": 4, "T": 6, "U": 4, "V": 2,
        "W": 2, "X": 1, "Y": 2, "Z": 1,
    },
    blanks=2,
)

ALPHABETS: dict[str, Alphabet] = {"fr": _FRENCH, "en": _ENGLISH}
LANGUAGES: tuple[str, ...] = tuple(ALPHABETS)


def get_alphabet(language: str) -> Alphabet:
    """The alphabet of ``language`` (``"fr"`` or ``"en"``); a clear error for anything else."""
    try:
        return ALPHABETS[language]
    except KeyError:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}") from None
