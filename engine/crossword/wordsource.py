"""Where words and their quality come from.

A :class:`CrosswordLexicon` holds the valid words of one language with a quality score per word and
builds the bitset index of each length once (cached in memory: a web worker filling many grids pays
for it once per lexicon).

Scores, in order of preference:

1. a ``word<TAB>score`` list (:func:`read_scores`), any scale, higher is better;
2. word frequencies from the ``wordfreq`` package (Zipf scale, 0 to about 8). Our lexicons are
   accent-folded (``ETE`` for *été*), so wordfreq's own vocabulary is folded the same way and the
   frequencies of all forms folding together are summed;
3. uniform (every word 1.0).

Extra words come from *word sources* (:class:`WordSource`): the seed's "AI word generator" made
pluggable and local. The solver asks them only for a slot that has no candidate at all in the lexicon,
even with the quality threshold relaxed; whatever they return is checked (letters, length, pattern)
before it is used. No network call is made by anything here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Protocol, runtime_checkable

from engine.alphabet import InvalidWord, fold_word, get_alphabet
from engine.crossword.domains import LengthIndex, order_by_score


@runtime_checkable
class WordSource(Protocol):
    """Supplies candidate words for a pattern such as ``A..LE`` (``.`` = any letter)."""

    def words_for(self, pattern: str) -> Iterable[str]:
        ...


class ListWordSource:
    """A word source over a plain list (e.g. a learner's revision words, or a themed list)."""

    def __init__(self, words: Iterable[str]) -> None:
        self._words = sorted({fold_word(w) for w in words})

    def words_for(self, pattern: str) -> list[str]:
        return [w for w in self._words if matches_pattern(w, pattern)]


def matches_pattern(word: str, pattern: str) -> bool:
    """The seed's unary constraint: same length and equal letters wherever the pattern has one."""
    if len(word) != len(pattern):
        return False
    return all(p == "." or p == w for w, p in zip(word, pattern, strict=True))


class ScoreFileError(ValueError):
    """A bad line in a ``word<TAB>score`` file; the message names the line."""


def read_scores(path: str | Path, language: str = "fr") -> dict[str, float]:
    """Read ``word<TAB>score`` lines (``;`` also accepted as separator); words are normalised."""
    alphabet = get_alphabet(language)
    scores: dict[str, float] = {}
    with open(path, encoding="utf-8-sig") as handle:
        for number, line in enumerate(handle, start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            sep = "\t" if "\t" in text else ";"
            parts = text.split(sep)
            if len(parts) != 2:
                raise ScoreFileError(f"{path}: line {number}: expected 'word<TAB>score', got {text[:60]!r}")
            try:
                word = alphabet.normalise(parts[0])
                value = float(parts[1])
            except InvalidWord as exc:
                raise ScoreFileError(f"{path}: line {number}: {exc}") from None
            except ValueError:
                raise ScoreFileError(f"{path}: line {number}: score {parts[1]!r} is not a number") from None
            if not math.isfinite(value):
                raise ScoreFileError(f"{path}: line {number}: score {parts[1]!r} is not finite")
            scores[word] = max(value, scores.get(word, value))
    return scores


@lru_cache(maxsize=4)
def folded_zipf(language: str) -> dict[str, float]:
    """Zipf frequency of every folded word form in wordfreq's list for ``language`` (cached)."""
    import wordfreq

    totals: dict[str, float] = {}
    for word, freq in wordfreq.get_frequency_dict(language).items():
        key = word.upper() if word.isascii() else fold_word(word)  # folding only where needed: 10x faster
        if key.isalpha() and key.isascii():
            totals[key] = totals.get(key, 0.0) + freq
    return {w: round(math.log10(f) + 9.0, 2) for w, f in totals.items() if f > 0}


class CrosswordLexicon:
    """Valid words with quality scores, and the per-length bitset indexes built from them.

    Built from words (scored on the spot), or from the words of each length already ordered best first
    (:func:`crossword_lexicon_of` reads them from the word cache kept beside a compiled lexicon): then the
    set of words and the score table are only made if something asks for them, since a fill needs just
    the indexes of its slots' lengths.
    """

    def __init__(self, words: Iterable[str], language: str = "fr",
                 scores: Mapping[str, float] | None = None, *, score_source: str = "auto") -> None:
        """``words`` are normalised upper-case words. ``score_source``: ``"auto"`` (``scores`` if given,
        else wordfreq), ``"wordfreq"``, ``"uniform"`` or ``"given"``."""
        get_alphabet(language)  # validates the language
        self.language = language
        words = frozenset(words)
        if not words:
            raise ValueError("the lexicon has no word")
        self._score: Callable[[str], float]
        if score_source == "auto":
            score_source = "given" if scores is not None else "wordfreq"
        if score_source == "given":
            if scores is None:
                raise ValueError("score_source 'given' needs a scores mapping")
            table = {fold_word(k): float(v) for k, v in scores.items()}
            self._score = lambda w: table.get(w, 0.0)
        elif score_source == "wordfreq":
            table = folded_zipf(language)
            self._score = lambda w: table.get(w, 0.0)
        elif score_source == "uniform":
            self._score = lambda w: 1.0
        else:
            raise ValueError(f"unknown score source {score_source!r}")
        self.score_source = score_source
        self._words: frozenset[str] | None = words
        self._indexes: dict[int, LengthIndex] = {}
        self._groups: dict[int, list[str]] = {}  # words of each length not ordered yet
        for w in words:
            self._groups.setdefault(len(w), []).append(w)
        self._ordered: dict[int, tuple[str, Sequence[float]]] = {}
        self._read_masks: Callable[[int], list[list[int]]] | None = None

    @classmethod
    def from_ordered(cls, language: str, score_source: str, ordered: Mapping[int, tuple[str, Sequence[float]]],
                     masks: Callable[[int], list[list[int]]] | None = None) -> CrosswordLexicon:
        """A lexicon from each length's words back to back, best first, and their scores (non-increasing):
        what :meth:`ordered_words` gives, e.g. read back from the word cache; ``masks(length)``, when
        given, reads an index's letter masks (:attr:`LengthIndex.masks`) instead of making them."""
        get_alphabet(language)
        if not any(scores for _text, scores in ordered.values()):
            raise ValueError("the lexicon has no word")
        lexicon = cls.__new__(cls)
        lexicon.language = language
        lexicon.score_source = score_source
        lexicon._words = None
        lexicon._indexes = {}
        lexicon._groups = {}
        lexicon._ordered = dict(ordered)
        lexicon._read_masks = masks
        def score(word: str) -> float:  # from the word's length's index: no table of every word
            index = lexicon.index(len(word))
            position = index.position(word)
            return index.scores[position] if position is not None else 0.0

        lexicon._score = score
        return lexicon

    @property
    def words(self) -> frozenset[str]:
        """Every word (made on first use when the lexicon came from the word cache)."""
        if self._words is None:
            self._words = frozenset(text[i:i + length] for length, (text, _s) in self._ordered.items()
                                    for i in range(0, len(text), length))
        return self._words

    def _ordered_length(self, length: int) -> tuple[str, Sequence[float]]:
        ordered = self._ordered.get(length)
        if ordered is None:
            group = self._groups.get(length, [])  # kept: threads may order the same length at once
            words, scores = order_by_score(group, [self._score(w) for w in group])
            ordered = self._ordered[length] = ("".join(words), scores)
        return ordered

    def ordered_words(self) -> dict[int, tuple[str, Sequence[float]]]:
        """Per length: the words back to back, best first, and their scores (what the word cache stores)."""
        return {length: self._ordered_length(length) for length in self.lengths()}

    def __contains__(self, word: object) -> bool:
        if self._words is not None or not isinstance(word, str):
            return word in self.words
        return self.index(len(word)).position(word) is not None  # one length's words, not all of them

    def __len__(self) -> int:
        return (sum(len(scores) for _text, scores in self._ordered.values())
                + sum(len(group) for length, group in self._groups.items() if length not in self._ordered))

    def score(self, word: str) -> float:
        return self._score(word)

    def lengths(self) -> list[int]:
        return sorted({length for length, (_text, scores) in self._ordered.items() if scores} | set(self._groups))

    def index(self, length: int) -> LengthIndex:
        """The bitset index of the words of ``length`` (built on first use, then cached)."""
        idx = self._indexes.get(length)
        if idx is None:
            text, scores = self._ordered_length(length)
            masks = self._read_masks(length) if self._read_masks is not None and scores else None
            idx = LengthIndex.from_fixed_width(length, text, scores, masks)
            self._indexes[length] = idx
        return idx


def lexicon_from_words(words: Iterable[str], language: str = "fr", *,
                       scores: Mapping[str, float] | None = None,
                       score_source: str = "auto") -> CrosswordLexicon:
    """Normalise raw words (accents folded, upper case), refusing any that are not words."""
    alphabet = get_alphabet(language)
    return CrosswordLexicon({alphabet.normalise(w) for w in words}, language, scores,
                            score_source=score_source)


def combine_lexicons(lexicons: Iterable[CrosswordLexicon]) -> CrosswordLexicon:
    """One lexicon from several of the same language: the union of their words, each word with the best
    score any of them gives it (the lab's "several dictionaries at once")."""
    parts = list(lexicons)
    if not parts:
        raise ValueError("no lexicon to combine")
    if len(parts) == 1:
        return parts[0]
    languages = {p.language for p in parts}
    if len(languages) > 1:
        raise ValueError(f"cannot combine lexicons of different languages: {', '.join(sorted(languages))}")
    scores: dict[str, float] = {}
    for part in parts:
        for word in part.words:
            value = part.score(word)
            if value > scores.get(word, -math.inf):
                scores[word] = value
    return CrosswordLexicon(scores, parts[0].language, scores, score_source="given")
