"""The text rules of the API written as JSON Schema strings, so that the schema says what the API accepts.

A word is read as the engine reads it (``engine.alphabet``): stripped, upper-cased, ligatures split, accents
folded; what is left must be letters of the alphabet. The character classes below are derived from that
same folding (never typed by hand), so a letter the engine accepts is a letter the schema allows:

- a *letter* folds to one or more letters (``é`` → ``E``, ``ß`` → ``SS``, ``Œ`` → ``OE``);
- a *mark* folds to nothing (combining accents: ``E`` + U+0301 is ``É``);
- *space* is what ``str.strip`` removes, less the control characters every request refuses.

Only the Basic Multilingual Plane is scanned (a tenth of a second at start-up): the combining marks of the
other planes, which the engine also drops, are left out of the schema, which is then a little stricter than
the API there. Patterns are anchored and use classes only (no look-ahead), so that both JSON Schema (ECMA
262) and Python's ``re`` read them alike.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

from core.request_guard import control_character
from engine.alphabet import ALPHABETS, BLANK, fold_word

_PLANE = 0x10000


def _class(codes: list[int]) -> str:
    """A regex character class body for ``codes`` (sorted), as ``\\uXXXX`` ranges."""
    parts: list[str] = []
    start = previous = None
    for code in [*codes, None]:
        if code is not None and previous is not None and code == previous + 1:
            previous = code
            continue
        if start is not None and previous is not None:
            parts.append(f"\\u{start:04x}" if start == previous else f"\\u{start:04x}-\\u{previous:04x}")
        start = previous = code
    return "".join(parts)


@functools.cache
def _classes() -> dict[str, str]:
    letters = frozenset("".join(alphabet.letters for alphabet in ALPHABETS.values()))
    found: dict[str, list[int]] = {"letter": [], "single": [], "mark": [], "space": []}
    for code in range(_PLANE):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF or control_character(char):  # every request refuses it
            continue
        if char.isspace():
            found["space"].append(code)
            continue
        if unicodedata.category(char)[0] not in "LM":
            continue
        folded = fold_word(char)
        if not folded:
            found["mark"].append(code)
        elif letters.issuperset(folded):
            found["letter"].append(code)
            if len(folded) == 1:
                found["single"].append(code)
    return {name: _class(codes) for name, codes in found.items()}


def _text(pattern: str, description: str, **bounds: int) -> dict[str, Any]:
    return {"type": "string", "pattern": pattern, "description": description, **bounds}


def word(**bounds: int) -> dict[str, Any]:
    """A word: letters (accents and ligatures allowed, any case), spaces only around it."""
    c = _classes()
    return _text(f"^[{c['space']}]*[{c['mark']}]*[{c['letter']}][{c['letter']}{c['mark']}]*[{c['space']}]*$",
                 "A word: letters only (any case, accents folded), spaces around it ignored.", **bounds)


def rack(*, optional: bool = False, **bounds: int) -> dict[str, Any]:
    """Rack letters: letters and at most two ``?`` (blanks), at least one of them; spaces are ignored.
    ``optional``: blank text means "no rack"."""
    c = _classes()
    tiles = f"[ {c['letter']}{c['mark']}]*"
    blank = "\\" + BLANK
    start = f"[ {c['mark']}]*"
    body = f"{start}(?:[{c['letter']}]{tiles}(?:{blank}{tiles}){{0,2}}|{blank}{tiles}(?:{blank}{tiles})?)"
    if optional:
        body = f"(?:{body})?"
    return _text(f"^[{c['space']}]*{body}[{c['space']}]*$",
                 "Rack letters (any case, accents folded), `?` for a blank (at most 2)"
                 + (", or nothing." if optional else "."), **bounds)


def pattern(**bounds: int) -> dict[str, Any]:
    """A pattern: letters, ``.`` for any letter and ``*`` for any run of letters."""
    c = _classes()
    body = f"[.*{c['letter']}{c['mark']}]"
    return _text(f"^[{c['space']}]*[{c['mark']}]*[.*{c['letter']}]{body}*[{c['space']}]*$",
                 "Letters, `.` for one letter, `*` for any run of letters.", **bounds)


def grid_row(**bounds: int) -> dict[str, Any]:
    """A row of crossword entries: a letter, ``.`` (or a space, ``-``, ``?``) for an empty cell, ``#`` black."""
    return _text(f"^[#. ?\\-{_classes()['single']}]*$",
                 "One cell per character: a letter, `.` for an empty cell, `#` on a black cell.", **bounds)


def not_blank(max_length: int) -> dict[str, Any]:
    """Text with something besides spaces, at most ``max_length`` characters once stripped."""
    space = _classes()["space"]
    return _text(f"^[{space}]*[^{space}](?:[\\s\\S]{{0,{max_length - 2}}}[^{space}])?[{space}]*$",
                 f"Not blank; at most {max_length} characters, spaces around it ignored.")


def code(alphabet: str, length: int) -> dict[str, Any]:
    """A code of ``length`` characters of ``alphabet`` (any case), spaces around it ignored."""
    space = _classes()["space"]
    chars = "".join(sorted({*alphabet.upper(), *alphabet.lower()}))
    return _text(f"^[{space}]*[{chars}]{{{length}}}[{space}]*$",
                 f"The {length}-character code (any case), spaces around it ignored.", maxLength=40)


def username() -> dict[str, Any]:
    """Django's user name: letters, digits and ``@.+-_`` (``UnicodeUsernameValidator``), spaces around it
    ignored (the field trims them). ``\\w`` is read as Python reads it (any letter or digit); an ECMA reader
    takes ASCII only, a stricter rule, never a looser one."""
    space = _classes()["space"]
    return _text(f"^[{space}]*[\\w.@+-]+[{space}]*$", "Letters, digits and @ . + - _ only.")


def password(min_length: int) -> dict[str, Any]:
    """A password of ``min_length`` characters or more once trimmed, not only digits (Django's length and
    numeric validators)."""
    space = _classes()["space"]
    return {"type": "string", "description": f"At least {min_length} characters, not only digits.",
            "allOf": [{"pattern": f"[^{space}][\\s\\S]{{{min_length - 2},}}[^{space}]"},
                      {"pattern": f"[^{space}\\d]"}]}
