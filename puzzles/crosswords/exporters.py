"""Crossword files: ``.ipuz`` (the open JSON standard, http://ipuz.org/v2) and ``.puz`` (Across Lite).

``.ipuz`` is written by hand as the spec's JSON (no library writes it; the ``ipuz`` package reads and
validates, and the tests re-read every export with ``ipuz.read``). ``.puz`` is written with ``puzpy``
(``import puz``), the maintained reader/writer of Across Lite files, and re-read with ``puz.load``.

Solutions: only a crossword's owner can export it (the API 404s anyone else), and solving apps need
the solution to check answers, so exports carry it by default. ``include_solution=False`` gives a
file to print or share without answers: ``.ipuz`` then has no ``solution`` key; ``.puz`` requires a
solution grid, so it is *scrambled* (Across Lite's locked solution, key in 1000-9999, not stored).
The learner's saved entries travel too (``saved`` in ``.ipuz``, the fill grid in ``.puz``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import puz
from django.utils.translation import gettext as _

from puzzles.crosswords.models import BLACK, EMPTY, Crossword

IPUZ_VERSION = "http://ipuz.org/v2"
IPUZ_KIND = "http://ipuz.org/crossword#1"
AUTHOR = "Tirage"


def title_of(crossword: Crossword) -> str:
    """The file's title, in the language of the request that exports it."""
    return _("Tirage #%(number)s (%(size)s×%(size)s, %(style)s, %(lexicon)s)") % {
        "number": crossword.pk, "size": crossword.size, "style": crossword.get_style_display(),
        "lexicon": crossword.lexicon.name}


def notes_of() -> str:
    """What the clues mean, in the language of the request (straight apostrophes: .puz 1.3 is Latin-1)."""
    return _("Clues without a definition are the answer's letters in alphabetical order, then its length.")


def _numbers(crossword: Crossword) -> dict[tuple[int, int], int]:
    return {(s["row"], s["col"]): s["number"] for s in crossword.slots}


def to_ipuz(crossword: Crossword, entries: list[str] | None = None, *, include_solution: bool = True) -> str:
    """The crossword as ipuz JSON text."""
    numbers = _numbers(crossword)
    puzzle = [[BLACK if ch == BLACK else numbers.get((r, c), 0) for c, ch in enumerate(row)]
              for r, row in enumerate(crossword.rows)]
    document: dict[str, Any] = {
        "version": IPUZ_VERSION,
        "kind": [IPUZ_KIND],
        "title": title_of(crossword),
        "author": AUTHOR,
        "publisher": AUTHOR,
        "notes": notes_of(),
        "dimensions": {"width": crossword.width, "height": crossword.height},
        "block": BLACK,
        "empty": 0,
        "puzzle": puzzle,
        "clues": {
            "Across": [[s["number"], s["clue"]] for s in crossword.slots if s["dir"] == "A"],
            "Down": [[s["number"], s["clue"]] for s in crossword.slots if s["dir"] == "D"],
        },
    }
    if include_solution:
        document["solution"] = [[ch for ch in row] for row in crossword.rows]
    if entries:
        document["saved"] = [[BLACK if ch == BLACK else (0 if ch == EMPTY else ch) for ch in row] for row in entries]
    return json.dumps(document, ensure_ascii=False, indent=1)


def _encodable(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def to_puz(crossword: Crossword, entries: list[str] | None = None, *, include_solution: bool = True) -> bytes:
    """The crossword as an Across Lite ``.puz`` file.

    Version 1.3 (Latin-1 text, what Across Lite reads everywhere) unless a clue needs characters
    Latin-1 lacks; then version 2.0 (UTF-8).
    """
    clues = sorted(crossword.slots, key=lambda s: (s["number"], s["dir"]))  # .puz order: by number, across first
    p = puz.Puzzle()
    p.title = title_of(crossword)
    p.author = AUTHOR
    p.copyright = ""
    p.notes = notes_of()
    if not all(_encodable(text, "latin-1") for text in [p.title, p.notes] + [s["clue"] for s in clues]):
        p.set_version("2.0")
    p.width = crossword.width
    p.height = crossword.height
    p.solution = "".join(row.replace(BLACK, ".") for row in crossword.rows)
    if entries:
        p.fill = "".join(ch if ch not in (BLACK, EMPTY) else ("." if ch == BLACK else "-")
                         for row in entries for ch in row)
    else:
        p.fill = "".join("." if ch == BLACK else "-" for row in crossword.rows for ch in row)
    p.clues = [s["clue"] for s in clues]
    if not include_solution:
        p.lock_solution(random.SystemRandom().randint(1000, 9999))
    return p.tobytes()
