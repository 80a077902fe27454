"""Loading a Jarnac lexicon from a file: a compiled lexicon (GADDAG) or a plain word list.

The file's first bytes decide: the compiled format starts with the magic ``TIRGADDG`` (see
``docs/gaddag-format.md``) and carries its own language; anything else is read as a word list, one
word per line, in the language given (French by default).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.gaddag import LexiconFormatError, is_compiled_lexicon, load_gaddag
from engine.jarnac.tree import AnagramTree
from engine.wordlist import read_word_list


class LexiconLoadError(ValueError):
    """The lexicon file cannot be used; the message names the file and the reason."""


def load_tree(path: str | Path, language: str | None = None, *, skip_invalid: bool = False) -> AnagramTree:
    """The anagram tree of a lexicon file (words of 3 to 9 letters only).

    ``language`` applies to word lists (default ``"fr"``); a compiled lexicon knows its own and a
    different explicit ``language`` is an error rather than a silent surprise. A word list with bad
    lines raises :class:`engine.wordlist.WordListError` unless ``skip_invalid``.
    """
    path = Path(path)
    if not path.is_file():
        raise LexiconLoadError(f"lexicon file {str(path)!r} does not exist or is not a file")
    if is_compiled_lexicon(path):
        try:
            lexicon = load_gaddag(path)
        except LexiconFormatError as exc:
            raise LexiconLoadError(str(exc)) from None
        if language is not None and language != lexicon.language:
            raise LexiconLoadError(f"{str(path)!r} is a {lexicon.language!r} lexicon, not {language!r}")
        return AnagramTree.from_words(lexicon.iter_words(), lexicon.language)
    words = read_word_list(path, language or "fr", skip_invalid=skip_invalid)
    return AnagramTree.from_words(words.words, words.language)


def cached_tree(path: str | Path, language: str | None = None) -> AnagramTree:
    """:func:`load_tree`, kept per process: web workers build each lexicon's tree once (about a
    second for a French list), and again only when the file changes (its size or mtime)."""
    stat = Path(path).stat()
    return _cached(str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size, language)


@lru_cache(maxsize=8)
def _cached(path: str, mtime_ns: int, size: int, language: str | None) -> AnagramTree:
    return load_tree(path, language)
