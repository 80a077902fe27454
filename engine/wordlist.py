"""Reading word-list files: one word per line, any case, accents folded, every bad line reported.

Shared by the engine's ``lexicon build`` command and the web app's imports, so both accept and refuse
exactly the same files. Reading never half-succeeds: the caller gets either the complete list of
normalised words or the complete list of problems (with line numbers) and decides; nothing is written
here.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import operator
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.alphabet import InvalidWord, get_alphabet

MAX_REPORTED_PROBLEMS = 50


@dataclass(frozen=True)
class LineProblem:
    """A refused line. ``reason`` is English; ``code``/``params`` are stable for interfaces to translate:
    ``not_utf8`` (``byte``), the :class:`~engine.alphabet.InvalidWord` codes, ``no_valid_word``, or
    codes of the caller's own checks (the web app's definitions import adds some)."""

    line: int
    text: str
    reason: str
    code: str = ""
    params: dict[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return f"line {self.line}: {self.text!r}: {self.reason}"


@dataclass
class WordList:
    """The outcome of reading a list: words (sorted, unique) and what was wrong with the rest."""

    language: str
    words: list[str]
    problems: list[LineProblem] = field(default_factory=list)
    duplicates: int = 0
    blank_lines: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def content_hash(self) -> str:
        """SHA-256 of the normalised word list: the identity of a lexicon's content."""
        return words_hash(self.words)

    def problem_summary(self, limit: int = 10) -> str:
        shown = "; ".join(str(p) for p in self.problems[:limit])
        more = len(self.problems) - limit
        return shown + (f"; and {more} more" if more > 0 else "")


class WordListError(ValueError):
    """The list has bad lines; ``problems`` has each one with its line number."""

    def __init__(self, problems: list[LineProblem], total: int | None = None) -> None:
        self.problems = problems
        count = total if total is not None else len(problems)
        shown = "; ".join(str(p) for p in problems[:10])
        more = count - min(len(problems), 10)
        super().__init__(
            f"{count} invalid line(s): {shown}" + (f"; and {more} more" if more > 0 else "")
        )


def words_hash(words: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for word in words:
        digest.update(word.encode("ascii"))
        digest.update(b"\n")
    return digest.hexdigest()


def parse_lines(lines: Iterable[bytes | str], language: str) -> WordList:
    """Normalise every line; collect problems instead of stopping at the first one.

    ``lines`` may be bytes (decoded as UTF-8 with an optional BOM; a line that is not UTF-8 is a
    problem of its own) or already decoded text.
    """
    alphabet = get_alphabet(language)
    seen: set[str] = set()
    problems: list[LineProblem] = []
    duplicates = blank = 0
    for number, raw in enumerate(lines, start=1):
        if isinstance(raw, bytes):
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                problems.append(LineProblem(number, raw[:60].decode("utf-8", "replace").strip(),
                                            f"not valid UTF-8 (byte {exc.start})", "not_utf8", {"byte": exc.start}))
                continue
        else:
            text = raw.lstrip("\ufeff") if number == 1 else raw
        text = text.strip()
        if not text:
            blank += 1
            continue
        try:
            word = alphabet.normalise(text)
        except InvalidWord as exc:
            problems.append(LineProblem(number, text[:60], exc.reason, exc.code, dict(exc.params)))
            continue
        if word in seen:
            duplicates += 1
        else:
            seen.add(word)
    return WordList(language=language, words=sorted(seen), problems=problems,
                    duplicates=duplicates, blank_lines=blank)


def _parse_plain(data: bytes, language: str) -> WordList | None:
    """:func:`parse_lines` for the common file, in a few passes over the whole text instead of a
    Python loop per line: ASCII only, nothing but the alphabet's letters (any case) and line ends.
    ``None`` for anything else (accents, spaces, bad lines, a BOM...): the caller reads line by line.
    """
    if not data.isascii():
        return None
    text = data.decode("ascii").upper()
    if "\r" in text:
        text = text.replace("\r\n", "\n")  # a lone \r is left: not a letter, so the slow path
    letters = get_alphabet(language).letters
    if not set(text) <= {*letters, "\n"}:
        return None
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the final line end closes the last line; it does not start an empty one
    words = [line for line in lines if line]
    ordered = sorted(words)  # linear for a file already in order (the usual case)
    if any(map(operator.eq, ordered, itertools.islice(ordered, 1, None))):
        ordered = sorted(set(ordered))
    return WordList(language=language, words=ordered, duplicates=len(words) - len(ordered),
                    blank_lines=len(lines) - len(words))


def read_word_list(path: str | os.PathLike[str], language: str, *, skip_invalid: bool = False) -> WordList:
    """Read a word-list file.

    Strict by default: any bad line raises :class:`WordListError` listing the lines. With
    ``skip_invalid`` the bad lines are left out and kept in ``problems`` for the caller to report
    (useful for lists such as Debian's wfrench, whose hyphenated forms are not Scrabble words).
    """
    with open(path, "rb") as handle:
        data = handle.read()
    result = _parse_plain(data, language)
    if result is None:
        result = parse_lines(io.BytesIO(data), language)
    if result.problems and not skip_invalid:
        raise WordListError(result.problems)
    if not result.words:
        raise WordListError([LineProblem(0, str(path), "the list has no valid word", "no_valid_word")])
    return result
