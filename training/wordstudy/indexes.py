"""Alphagram indexes (:class:`engine.wordstudy.AlphagramIndex`), built once per lexicon version and process.

Keyed like the compiled lexicons of :mod:`lexicon.compiled`: by the word list's content hash and the
language. Publishing a version changes the lexicon's hash, so the next quiz builds the new version's
index from the new GADDAG; the old one drops out of the cache after a few versions (least recently
used first). One thread per process builds a given index, the others wait for it.

Only the questions that need it use it (anagrams with blanks, 7+1): a process that never serves
those never builds one. Building takes about a second and holds 27 MiB for the expanded French
dictionary (420,000 words; ``bench/wordstudy.py`` prints both).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from engine.gaddag import Gaddag
from engine.wordstudy import AlphagramIndex
from lexicon.selectors import gaddag_of_version

logger = logging.getLogger(__name__)

#: How many indexes a process keeps (most recently used kept): the versions being served, in a site
#: with a lexicon or two per language.
MAX_INDEXES = 3

_indexes: OrderedDict[tuple[str, str], AlphagramIndex] = OrderedDict()
_cache_lock = threading.Lock()
_key_locks: dict[tuple[str, str], threading.Lock] = {}


def _key_lock(key: tuple[str, str]) -> threading.Lock:
    with _cache_lock:
        return _key_locks.setdefault(key, threading.Lock())


def _cached(key: tuple[str, str]) -> AlphagramIndex | None:
    with _cache_lock:
        index = _indexes.get(key)
        if index is not None:
            _indexes.move_to_end(key)
        return index


def _remember(key: tuple[str, str], index: AlphagramIndex) -> None:
    with _cache_lock:
        _indexes[key] = index
        _indexes.move_to_end(key)
        while len(_indexes) > MAX_INDEXES:
            _indexes.popitem(last=False)


def alphagram_index(content_hash: str, language: str, gaddag: Gaddag | None = None, *,
                    words_file: str | None = None) -> AlphagramIndex:
    """The process-wide index of the word list ``content_hash`` (built from ``gaddag``, which must be that
    version's compiled lexicon, or from :func:`lexicon.selectors.gaddag_of_version` when not given)."""
    key = (content_hash, language)
    index = _cached(key)
    if index is not None:
        return index
    with _key_lock(key):
        index = _cached(key)
        if index is not None:
            return index
        if gaddag is None:
            gaddag = gaddag_of_version(content_hash, language, words_file=words_file)
        index = AlphagramIndex.from_gaddag(gaddag)
        _remember(key, index)
        return index


def warm_up(content_hash: str, language: str, *, words_file: str | None = None) -> threading.Thread | None:
    """Build the index of that version in a background thread, if this process has none yet.

    Why: the first blank or 7+1 quiz of a process would otherwise wait for the build (about a second on
    the French dictionary); the word-study page calls this while the learner chooses a quiz.
    Returns the thread (None when the index is already there).
    """
    if _cached((content_hash, language)) is not None:
        return None

    def build() -> None:
        try:
            alphagram_index(content_hash, language, words_file=words_file)
        except Exception:  # a warm-up is a convenience: the quiz builds it again, and reports errors
            logger.exception("could not warm up the alphagram index of %s", content_hash[:12])

    thread = threading.Thread(target=build, name=f"alphagram-index-{content_hash[:12]}", daemon=True)
    thread.start()
    return thread


def loaded_indexes() -> list[tuple[str, str]]:
    """(content hash, language) of the indexes this process holds, least recently used first."""
    with _cache_lock:
        return list(_indexes)


def forget_indexes() -> None:
    """Drop this process's indexes (tests use it to simulate a fresh process)."""
    with _cache_lock:
        _indexes.clear()
