"""Clues: a curated definition when the lexicon has one, else the word's letters in order.

The fallback (``CARBONATE`` -> ``AABCENORT (9)``) is a fair anagram clue for Scrabble players, who
train exactly that skill, and it never leaks the answer's spelling order.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from engine.alphabet import fold_word


def anagram_clue(word: str) -> str:
    """The word's letters sorted alphabetically, then its length: ``AABCENORT (9)``."""
    return f"{''.join(sorted(word))} ({len(word)})"


def make_clue(word: str, definitions: Mapping[str, str] | None = None) -> str:
    """The curated definition of ``word`` if there is a non-empty one, else :func:`anagram_clue`."""
    if definitions:
        text = definitions.get(word)
        if text is None:
            text = definitions.get(fold_word(word))
        if text and text.strip():
            return text.strip()
    return anagram_clue(word)


class DefinitionFileError(ValueError):
    """A bad line in a definitions file; the message names the line."""


def read_definitions(path: str | Path) -> dict[str, str]:
    """``WORD<TAB>definition`` lines (blank lines and ``#`` comments skipped); words accent-folded."""
    result: dict[str, str] = {}
    with open(path, encoding="utf-8-sig") as handle:
        for number, line in enumerate(handle, start=1):
            text = line.rstrip("\r\n")
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            word, sep, definition = text.partition("\t")
            key = fold_word(word)
            if not sep or not definition.strip():
                raise DefinitionFileError(f"{path}: line {number}: expected 'WORD<TAB>definition'")
            if not key.isascii() or not key.isalpha():
                raise DefinitionFileError(f"{path}: line {number}: {word!r} is not a word")
            result[key] = definition.strip()
    return result
