"""Revision words and their support letters: parsing (``BACCARAT:T``, ``PRIVATIF:5``) and checks.

The support letter is the board letter the learner plays the word through. It is given either as a
letter or as a 0-based index into the word:

* an index names exactly one square of the word (``PRIVATIF:5`` = the ``T``);
* a letter that occurs several times in the word lets *any* of its occurrences serve as the support
  (``BACCARAT:A`` may cross the board at its first, second or third ``A``): the generator picks one
  and reports the index it used. This is the more useful reading for learners, who think of "the A",
  and it gives the construction more room.

Every check happens here, before any search, so a bad list fails fast with the word named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.alphabet import Alphabet, InvalidWord
from engine.cbic.errors import CbicInputError
from engine.scrabble.cgp import MAX_RACK


class WordLexicon(Protocol):
    alphabet: Alphabet

    def contains(self, word: str) -> bool: ...


@dataclass(frozen=True)
class RevisionWord:
    """A word to revise and its support: a letter (``"T"``) or a 0-based index into the word (``7``)."""

    word: str
    support: str | int

    @classmethod
    def parse(cls, spec: str) -> RevisionWord:
        """Read ``WORD:LETTER`` or ``WORD:INDEX`` (the command line's ``--word``)."""
        word, sep, support = spec.partition(":")
        word = word.strip()
        support = support.strip()
        if not sep or not support:
            raise CbicInputError(word or spec, f"{spec!r}: expected WORD:LETTER or WORD:INDEX "
                                 "(the support letter, or its 0-based index in the word)", "cbic_bad_spec",
                                 {"spec": spec})
        if not word:
            raise CbicInputError(spec, "empty word before ':'", "empty_word")
        if support.isascii() and support.lstrip("-").isdigit():
            return cls(word, int(support))
        return cls(word, support)

    def spec(self) -> str:
        return f"{self.word}:{self.support}"


@dataclass(frozen=True)
class ResolvedWord:
    """A checked revision word: normalised text, the indices that may serve as support, input order."""

    word: str
    supports: tuple[int, ...]
    spec: str
    order: int

    @property
    def support_letters(self) -> frozenset[str]:
        return frozenset(self.word[i] for i in self.supports)

    @property
    def rack_size(self) -> int:
        return len(self.word) - 1


def resolve_word(lexicon: WordLexicon, item: RevisionWord, order: int = 0) -> ResolvedWord:
    """Normalise and check one revision word; :class:`CbicInputError` names it when anything is wrong."""
    alphabet = lexicon.alphabet
    try:
        word = alphabet.normalise(item.word)
    except InvalidWord as exc:
        raise CbicInputError(item.word, exc.reason, exc.code, exc.params) from None
    if len(word) < 2:
        raise CbicInputError(item.word, "a revision word needs at least 2 letters (one on the board, "
                             "one from the rack)", "cbic_too_short")
    if len(word) - 1 > MAX_RACK:
        raise CbicInputError(item.word, f"{len(word)} letters need {len(word) - 1} rack tiles besides the "
                             f"support letter; a rack holds at most {MAX_RACK}", "cbic_too_long",
                             {"letters": len(word), "tiles": len(word) - 1, "max": MAX_RACK})
    if not lexicon.contains(word):
        raise CbicInputError(item.word, f"{word} is not in the {alphabet.language} lexicon", "cbic_not_in_lexicon",
                             {"word": word})
    support = item.support
    if isinstance(support, bool) or not isinstance(support, int | str):
        raise CbicInputError(item.word, f"support must be a letter or a 0-based index, got {support!r}",
                             "cbic_bad_support", {"support": str(support)})
    if isinstance(support, int):
        if not 0 <= support < len(word):
            raise CbicInputError(item.word, f"support index {support} is out of range: {word} has "
                                 f"{len(word)} letters (indices 0 to {len(word) - 1})", "cbic_support_out_of_range",
                                 {"index": support, "word": word, "letters": len(word)})
        supports: tuple[int, ...] = (support,)
    else:
        try:
            letter = alphabet.normalise(support)
        except InvalidWord as exc:
            raise CbicInputError(item.word, f"support letter {support!r}: {exc.reason}", "cbic_bad_support",
                                 {"support": support}) from None
        if len(letter) != 1:
            raise CbicInputError(item.word, f"support {support!r} must be one letter or a 0-based index",
                                 "cbic_bad_support", {"support": support})
        supports = tuple(i for i, ch in enumerate(word) if ch == letter)
        if not supports:
            raise CbicInputError(item.word, f"support letter {letter} is not in {word}", "cbic_support_not_in_word",
                                 {"letter": letter, "word": word})
    return ResolvedWord(word, supports, f"{word}:{support}", order)


def resolve_words(lexicon: WordLexicon, items: list[RevisionWord]) -> list[ResolvedWord]:
    """Check every revision word (the first problem raises); an empty list is an error too."""
    if not items:
        raise CbicInputError("", "no revision words given", "cbic_no_words")
    return [resolve_word(lexicon, item, k) for k, item in enumerate(items)]


def resolve_central(lexicon: WordLexicon, text: str) -> str:
    """Check a caller-chosen central word: in the lexicon and playable as a first move (2 to 7 tiles)."""
    try:
        word = lexicon.alphabet.normalise(text)
    except InvalidWord as exc:
        raise CbicInputError(text, f"central word: {exc.reason}", exc.code, exc.params) from None
    if not 2 <= len(word) <= MAX_RACK:
        raise CbicInputError(text, f"central word {word} has {len(word)} letters; the first play of a game "
                             f"places 2 to {MAX_RACK} tiles", "cbic_central_length",
                             {"word": word, "letters": len(word), "max": MAX_RACK})
    if not lexicon.contains(word):
        raise CbicInputError(text, f"central word {word} is not in the {lexicon.alphabet.language} lexicon",
                             "cbic_central_not_in_lexicon", {"word": word})
    return word
