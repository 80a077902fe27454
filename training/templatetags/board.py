"""The shared board component: a real 15x15 Scrabble board and rack tiles, for any app.

Usage::

    {% load board %}
    {% board rows language="fr" highlight=squares caption=_("Position") %}   {# rows: 15 strings, a CGP or a Board #}
    {% board rows language="fr" caption=_("The board") board_id="dup-board" play=True %}  {# a board played on #}
    {% rack_tiles "AEIRST?" language="fr" %}

``rows`` use the engine's conventions: ``.`` (or space) for an empty square, an upper-case letter for
a tile, a lower-case letter for a blank standing for that letter. ``highlight`` is an iterable of
``(row, col)`` squares (0-based) drawn as "just played". The board is a ``<table>`` with row (A-O) and
column (1-15) headers, as in French notation, and every square says what it is to screen readers
(premium, letter, value, blank). A board the player places tiles on (``play=True``: the duplicate play page,
a coach puzzle) also brings what ``static/js/duplicate.js`` needs to make it an ARIA grid and speak: the keys'
help, a polite live region and the announcements in the page's language (docs/accessibility.md). A read-only
board stays a table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from engine.alphabet import BLANK, get_alphabet
from engine.scrabble.board import SIZE, Board, premium_name
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.entry import play_squares as engine_play_squares

register = template.Library()

ROW_NAMES = "ABCDEFGHIJKLMNO"


def _premium_labels() -> dict[str, tuple[str, str]]:
    """Short text drawn on empty premium squares and the full name read by screen readers."""
    return {
        "TW": (_("TW"), _("triple word")),
        "DW": (_("DW"), _("double word")),
        "TL": (_("TL"), _("triple letter")),
        "DL": (_("DL"), _("double letter")),
        "": ("", ""),
    }


def board_rows(source: Any) -> list[str]:
    """15 strings of 15 characters from rows, a CGP line or a :class:`Board` (bad input: an empty board)."""
    if isinstance(source, Board):
        return source.rows()
    if isinstance(source, str):
        return parse_cgp(source).board.rows()
    rows = [str(r) for r in (source or [])]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        return ["." * SIZE] * SIZE
    return rows


def _value(alphabet: Any, tile: str) -> int:
    try:
        return alphabet.value(tile)
    except KeyError:
        return 0


@register.inclusion_tag("components/_board.html")
def board(rows: Any, language: str = "fr", highlight: Iterable[tuple[int, int]] | None = None,
          caption: str = "", board_id: str = "board", play: bool = False) -> dict[str, Any]:
    alphabet = get_alphabet(language if language in ("fr", "en") else "fr")
    labels = _premium_labels()
    lit = {tuple(square) for square in (highlight or [])}
    grid = []
    for r, line in enumerate(board_rows(rows)):
        cells = []
        for c, ch in enumerate(line):
            premium = premium_name(r, c)
            short, long = labels[premium]
            name = f"{ROW_NAMES[r]}{c + 1}"
            cell: dict[str, Any] = {"name": name, "premium": premium.lower(), "short": short, "long": long,
                                    "center": (r, c) == (7, 7), "lit": (r, c) in lit, "tile": ""}
            if ch not in ". ":
                blank = ch.islower()
                cell.update({"tile": ch.upper(), "blank": blank, "value": 0 if blank else _value(alphabet, ch)})
            cells.append(cell)
        grid.append({"name": ROW_NAMES[r], "cells": cells})
    return {"grid": grid, "columns": range(1, SIZE + 1), "caption": caption, "board_id": board_id,
            "play": bool(play)}


@register.inclusion_tag("components/_rack.html")
def rack_tiles(rack: str, language: str = "fr", label: str = "") -> dict[str, Any]:
    alphabet = get_alphabet(language if language in ("fr", "en") else "fr")
    tiles: list[dict[str, Any]] = []
    for ch in rack or "":
        if ch == BLANK:
            tiles.append({"letter": "", "blank": True, "value": 0})
        else:
            tiles.append({"letter": ch.upper(), "blank": ch.islower(), "value": _value(alphabet, ch.upper())})
    spoken = " ".join(_("blank") if t["blank"] and not t["letter"] else t["letter"] for t in tiles)
    return {"tiles": tiles, "label": label or _("Rack"), "spoken": spoken}


@register.filter
def play_squares(play: dict[str, Any] | None) -> list[tuple[int, int]]:
    """The squares of a play JSON (``row``, ``col``, ``dir``, ``word``): to highlight it on a board."""
    if not play:
        return []
    row, col, direction, word = play.get("row"), play.get("col"), play.get("dir"), play.get("word", "")
    if row is None or col is None:
        return []
    return engine_play_squares(row, col, str(direction), len(word))


@register.filter
def with_play(rows: Any, play: dict[str, Any] | None) -> list[str]:
    """The board rows with ``play`` written on them (its tiles where squares are empty)."""
    result = [list(r) for r in board_rows(rows)]
    for (r, c), letter in zip(play_squares(play), (play or {}).get("word", ""), strict=False):
        if 0 <= r < SIZE and 0 <= c < SIZE and result[r][c] in ". ":
            result[r][c] = letter
    return ["".join(r) for r in result]


@register.filter(is_safe=True)
def blanks(word: Any) -> str:
    """A word as the engine writes it with its blanks readable: each lower-case letter (a blank standing for
    that letter) in a distinct style, still lower case, so EMPIlAI no longer reads as EMPIIAI. A blank not yet
    given a letter (``?``) is drawn the same way. Everything is escaped."""
    text = "" if word is None else str(word)
    if not any(ch.islower() or ch == BLANK for ch in text):
        return escape(text)
    label = escape(_("blank"))
    parts = []
    for ch in text:
        if ch.islower() or ch == BLANK:
            parts.append(f'<span class="blank-letter" title="{label}">{escape(ch)}</span>')
        else:
            parts.append(escape(ch))
    return mark_safe("".join(parts))  # noqa: S308 - every piece is escaped above
