"""The filler's lexicons from files, and the word cache kept beside each compiled lexicon.

:func:`load_lexicon` reads a word list or a compiled lexicon; a compiled one scored by wordfreq (the
default) comes through :func:`crossword_lexicon_of` and its word cache.

Why: a fill needs each slot length's words ordered best first with their quality scores. Making that from
a compiled lexicon means walking its 400,000 words and folding wordfreq's frequency list: about a second of
CPU, paid again by every command and every fresh worker process, even for a 5×5 grid. The cache file
(``<compiled file>.xwords``) holds the result once per compiled content, so set-up is reading a few
megabytes and slicing strings.

Format (little-endian): ``TIRXWRD1``, a 4-byte header length, a JSON header (``key``: what the content
was made from; ``lengths``: ``[length, count]`` pairs), then for each length its words back to back (ASCII,
best first), their scores as 8-byte floats, and the index's letter masks (for each position, a 4-byte set
of the letters present, then each present letter's bitset of ``ceil(count / 8)`` bytes): the masks are
most of a 15×15 grid's set-up, so they are stored rather than made again. The key holds the compiled file's CRC-32 and word
count, the score source with wordfreq's version, and this format's version: a cache whose key differs
from the lexicon's is rebuilt, so a new lexicon version or a new wordfreq never serves stale words.
Written to a temporary file then renamed, so readers never see half a file; a directory that cannot
be written just means no cache (the words are built in memory, as before).
"""

from __future__ import annotations

import json
import os
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from engine.crossword.wordsource import CrosswordLexicon
from engine.gaddag import Gaddag, is_compiled_lexicon, load_gaddag
from engine.gaddag.format import write_atomically
from engine.wordlist import read_word_list

CACHE_SUFFIX = ".xwords"
MAGIC = b"TIRXWRD1"
FORMAT = 1
MIN_LENGTH = 2
_HEADER_LENGTH = struct.Struct("<I")
_PRESENT = struct.Struct("<I")


def cache_path_for(lexicon_path: str | os.PathLike[str]) -> Path:
    """Where the word cache of the compiled lexicon at ``lexicon_path`` lives."""
    return Path(os.fspath(lexicon_path) + CACHE_SUFFIX)


def _wordfreq_version() -> str:
    try:
        return metadata.version("wordfreq")
    except metadata.PackageNotFoundError:
        return "none"


def choose_score_source(language: str) -> str:
    """``"wordfreq <version>"`` when wordfreq has the language, else ``"uniform, wordfreq <version>"``
    (every word equal; the version is kept so that a wordfreq that gains the language rebuilds)."""
    from engine.crossword.wordsource import folded_zipf

    try:
        folded_zipf(language)
    except (LookupError, ValueError, OSError, ImportError):
        return f"uniform, wordfreq {_wordfreq_version()}"
    return f"wordfreq {_wordfreq_version()}"


def cache_key(gaddag: Gaddag, score_source: str) -> dict[str, Any]:
    """What a cache must have been made from to serve ``gaddag`` with ``score_source``."""
    return {"format": FORMAT, "language": gaddag.language, "checksum": gaddag.checksum,
            "words": gaddag.word_count, "min_length": MIN_LENGTH, "scores": score_source}


def _acceptable_sources() -> tuple[str, str]:
    """The score sources a cache may have been made with: checked without loading wordfreq's data
    (importing and loading it is what the cache saves)."""
    version = _wordfreq_version()
    return f"wordfreq {version}", f"uniform, wordfreq {version}"


def build_crossword_lexicon(gaddag: Gaddag, score_source: str) -> CrosswordLexicon:
    """The filler's lexicon of every A-Z word of ``gaddag`` (2 letters or more), scored by ``score_source``."""
    words = [w for w in gaddag.iter_words() if len(w) >= MIN_LENGTH and w.isascii() and w.isalpha()]
    return CrosswordLexicon(words, gaddag.language,
                            score_source="uniform" if score_source.startswith("uniform") else "wordfreq")


def _cache_parts(lexicon: CrosswordLexicon, key: dict[str, Any]) -> Iterator[bytes]:
    ordered = lexicon.ordered_words()
    header = json.dumps({"key": key, "lengths": [[length, len(scores)] for length, (_t, scores)
                                                 in sorted(ordered.items())]}).encode("utf-8")
    yield MAGIC + _HEADER_LENGTH.pack(len(header)) + header
    for length, (text, scores) in sorted(ordered.items()):
        values = array("d", scores)
        if sys.byteorder == "big":
            values.byteswap()
        yield text.encode("ascii")
        yield values.tobytes()
        width = (len(scores) + 7) // 8
        for letter_masks in lexicon.index(length).masks:
            present = [code for code, mask in enumerate(letter_masks) if mask]
            yield _PRESENT.pack(sum(1 << code for code in present))
            for code in present:
                yield letter_masks[code].to_bytes(width, "little")


def write_word_cache(path: str | os.PathLike[str], lexicon: CrosswordLexicon, key: dict[str, Any]) -> bool:
    """Store ``lexicon``'s ordered words and masks at ``path``; False (nothing written) when it cannot be
    written (a read-only directory just means no cache)."""
    try:
        write_atomically(path, _cache_parts(lexicon, key))
    except OSError:
        return False
    return True


def read_word_cache(path: str | os.PathLike[str], gaddag: Gaddag) -> CrosswordLexicon | None:
    """The lexicon stored at ``path`` if it was made from ``gaddag`` with wordfreq as installed now (or
    uniform scores); None when missing, stale or damaged."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    try:
        if data[:len(MAGIC)] != MAGIC:
            return None
        start = len(MAGIC) + _HEADER_LENGTH.size
        (size,) = _HEADER_LENGTH.unpack_from(data, len(MAGIC))
        header = json.loads(data[start:start + size].decode("utf-8"))
        key = header.get("key")
        if not isinstance(key, dict) or key.get("scores") not in _acceptable_sources() \
                or key != cache_key(gaddag, key["scores"]):
            return None
        offset = start + size
        ordered: dict[int, tuple[str, Sequence[float]]] = {}
        mask_offsets: dict[int, int] = {}
        view = memoryview(data)
        for length, count in header["lengths"]:
            text = data[offset:offset + length * count].decode("ascii")
            offset += length * count
            values = array("d")
            values.frombytes(view[offset:offset + 8 * count])
            offset += 8 * count
            if sys.byteorder == "big":
                values.byteswap()
            if len(text) != length * count or len(values) != count:
                return None
            ordered[int(length)] = (text, values)
            mask_offsets[int(length)] = offset
            width = (count + 7) // 8
            for _pos in range(length):  # skip the masks: read when a fill asks for this length
                (present,) = _PRESENT.unpack_from(data, offset)
                offset += _PRESENT.size + width * present.bit_count()
        if offset != len(data):
            return None

        def masks(length: int) -> list[list[int]]:
            offset = mask_offsets[length]
            width = (len(ordered[length][1]) + 7) // 8
            length_masks = []
            for _pos in range(length):
                (present,) = _PRESENT.unpack_from(data, offset)
                offset += _PRESENT.size
                letter_masks = [0] * 26
                for code in range(26):
                    if present >> code & 1:
                        letter_masks[code] = int.from_bytes(view[offset:offset + width], "little")
                        offset += width
                length_masks.append(letter_masks)
            return length_masks

        source = "uniform" if key["scores"].startswith("uniform") else "wordfreq"
        return CrosswordLexicon.from_ordered(key["language"], source, ordered, masks)
    except (ValueError, KeyError, TypeError, struct.error, UnicodeDecodeError):
        return None


def crossword_lexicon_of(gaddag: Gaddag) -> CrosswordLexicon:
    """The filler's lexicon of a compiled lexicon, from its word cache when it has a sound one.

    A lexicon mapped from a file gets its cache read, or built and written beside the file; one built in
    memory is scored on the spot.
    """
    if gaddag.source_path is None or gaddag.checksum is None:
        return build_crossword_lexicon(gaddag, choose_score_source(gaddag.language))
    path = cache_path_for(gaddag.source_path)
    cached = read_word_cache(path, gaddag)
    if cached is not None:
        return cached
    source = choose_score_source(gaddag.language)
    built = build_crossword_lexicon(gaddag, source)
    write_word_cache(path, built, cache_key(gaddag, source))
    return built


def load_lexicon(path: str | os.PathLike[str], language: str | None = None, *,
                 scores: Mapping[str, float] | None = None, score_source: str = "auto",
                 min_length: int = MIN_LENGTH) -> CrosswordLexicon:
    """A lexicon from a compiled file (magic ``TIRGADDG``, language from its header) or a word list.

    A word list is read with :func:`engine.wordlist.read_word_list` (``language`` default ``fr``),
    leaving out lines that are not words (wfrench has hyphenated and apostrophised forms). Words
    shorter than ``min_length`` cannot fill any slot and are dropped. A compiled file with the default
    scores is served from its word cache (built on first use).
    """
    words: Iterable[str]
    if is_compiled_lexicon(path):
        gaddag = load_gaddag(path)
        if language is not None and language != gaddag.language:
            raise ValueError(f"{path} is a {gaddag.language!r} lexicon, not {language!r}")
        if scores is None and score_source in ("auto", "wordfreq") and min_length == MIN_LENGTH:
            return crossword_lexicon_of(gaddag)
        words = gaddag.iter_words()
        language = gaddag.language
    else:
        language = language or "fr"
        words = read_word_list(path, language, skip_invalid=True).words
    kept = [w for w in words if len(w) >= min_length]
    if not kept:
        raise ValueError(f"{path} has no word of {min_length}+ letters")
    return CrosswordLexicon(kept, language, scores, score_source=score_source)


def cached_lexicon(path: str | os.PathLike[str], language: str | None = None) -> CrosswordLexicon:
    """:func:`load_lexicon` with wordfreq scores, kept in memory per file version.

    For worker processes that fill many grids: the words, scores and bitset indexes are made once per
    file content and process. The key includes the file's size and modification time, so a rebuilt
    file is read again.
    """
    stat = Path(path).stat()
    return _cached_lexicon(str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size, language)


@lru_cache(maxsize=4)
def _cached_lexicon(path: str, mtime_ns: int, size: int, language: str | None) -> CrosswordLexicon:
    return load_lexicon(path, language)
