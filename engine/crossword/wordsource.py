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
from collections.abc import Callable, Iterable, Mapping
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
    """Valid words with quality scores, and the per-length bitset indexes built from them."""

    def __init__(self, words: Iterable[str], language: str = "fr",
                 scores: Mapping[str, float] | None = None, *, score_source: str = "auto") -> None:
        """``words`` are normalised upper-case words. ``score_source``: ``"auto"`` (``scores`` if given,
        else wordfreq), ``"wordfreq"``, ``"uniform"`` or ``"given"``."""
        get_alphabet(language)  # validates the language
        self.language = language
        self.words: frozenset[str] = frozenset(words)
        if not self.words:
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
        self._indexes: dict[int, LengthIndex] = {}
        self._by_length: dict[int, list[str]] = {}
        for w in self.words:
            self._by_length.setdefault(len(w), []).append(w)

    def __contains__(self, word: object) -> bool:
        return word in self.words

    def __len__(self) -> int:
        return len(self.words)

    def score(self, word: str) -> float:
        return self._score(word)

    def lengths(self) -> list[int]:
        return sorted(self._by_length)

    def index(self, length: int) -> LengthIndex:
        """The bitset index of the words of ``length`` (built on first use, then cached)."""
        idx = self._indexes.get(length)
        if idx is None:
            words = self._by_length.get(length, [])
            ordered, scores = order_by_score(words, [self._score(w) for w in words])
            idx = LengthIndex(length, ordered, scores)
            self._indexes[length] = idx
        return idx


def lexicon_from_words(words: Iterable[str], language: str = "fr", *,
                       scores: Mapping[str, float] | None = None,
                       score_source: str = "auto") -> CrosswordLexicon:
    """Normalise raw words (accents folded, upper case), refusing any that are not words."""
    alphabet = get_alphabet(language)
    return CrosswordLexicon({alphabet.normalise(w) for w in words}, language, scores,
                            score_source=score_source)


COMPILED_MAGIC = b"TIRGADDG"


def is_compiled_lexicon(path: str | Path) -> bool:
    """Whether ``path`` starts with the compiled-lexicon magic bytes (else it is read as a word list)."""
    with open(path, "rb") as handle:
        return handle.read(len(COMPILED_MAGIC)) == COMPILED_MAGIC


def load_lexicon(path: str | Path, language: str | None = None, *,
                 scores: Mapping[str, float] | None = None, score_source: str = "auto",
                 min_length: int = 2) -> CrosswordLexicon:
    """A lexicon from a compiled file (magic ``TIRGADDG``, language from its header) or a word list.

    A word list is read with :func:`engine.wordlist.read_word_list` (``language`` default ``fr``),
    leaving out lines that are not words (wfrench has hyphenated and apostrophised forms). Words
    shorter than ``min_length`` cannot fill any slot and are dropped.
    """
    if is_compiled_lexicon(path):
        from engine.gaddag import load_gaddag

        gaddag = load_gaddag(path)
        if language is not None and language != gaddag.language:
            raise ValueError(f"{path} is a {gaddag.language!r} lexicon, not {language!r}")
        words: Iterable[str] = gaddag.iter_words()
        language = gaddag.language
    else:
        from engine.wordlist import read_word_list

        language = language or "fr"
        words = read_word_list(path, language, skip_invalid=True).words
    kept = [w for w in words if len(w) >= min_length]
    if not kept:
        raise ValueError(f"{path} has no word of {min_length}+ letters")
    return CrosswordLexicon(kept, language, scores, score_source=score_source)


def cached_lexicon(path: str | Path, language: str | None = None) -> CrosswordLexicon:
    """:func:`load_lexicon` with wordfreq scores, kept in memory per file version.

    For worker processes that fill many grids: the words, scores and bitset indexes (seconds to
    build for a 300k-word list) are built once per file content and process. The key includes the
    file's size and modification time, so a rebuilt file is read again.
    """
    stat = Path(path).stat()
    return _cached_lexicon(str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size, language)


@lru_cache(maxsize=4)
def _cached_lexicon(path: str, mtime_ns: int, size: int, language: str | None) -> CrosswordLexicon:
    return load_lexicon(path, language)


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
