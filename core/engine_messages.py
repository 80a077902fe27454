"""The engine's refusals in the user's language: one place mapping engine error codes to catalogue strings.

Why here and not in the engine: the engine never imports Django, so its errors carry a stable ``code``
and ``params`` (plus an English ``reason`` for logs and the command line); pages and the API call
these functions, which pick the translated sentence by code, never by matching English text. An
unknown code falls back to the English reason, so a new engine error is never lost, only untranslated
(the French-pages test then says so).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _


def _character(params: Mapping[str, Any]) -> str:
    char = str(params.get("char", ""))
    return f"“{char}”" if char.strip() else _("a space")


_MESSAGES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "empty_word": lambda p: _("empty word"),
    "bad_character": lambda p: _("%(char)s is not a letter of the alphabet") % {"char": _character(p)},
    "empty_pattern": lambda p: _("empty pattern"),
    "bad_pattern_character": lambda p: _("%(char)s is neither a letter nor “.” nor “*”") % {"char": _character(p)},
    "empty_rack": lambda p: _("empty rack"),
    "bad_rack_character": lambda p: _("%(char)s is neither a letter nor “?”") % {"char": _character(p)},
    "pattern_too_broad": lambda p: _("the pattern matches too much of the lexicon: give more fixed letters"),
    "not_utf8": lambda p: _("not valid UTF-8 (byte %(byte)s)") % {"byte": p.get("byte", "?")},
    "no_valid_word": lambda p: _("the list has no valid word"),
    # Lines of a definitions file (lexicon.services.import_definitions).
    "no_tab": lambda p: _("no tab between the word and its definition"),
    "empty_definition": lambda p: _("empty definition"),
    "definition_too_long": lambda p: _("definition longer than %(max)s characters") % {"max": p.get("max", "?")},
    "defined_twice": lambda p: _("defined twice (first on line %(line)s)") % {"line": p.get("line", "?")},
    "not_in_lexicon": lambda p: _("not in the lexicon"),
    # Hunspell dictionaries (engine.hunspell).
    "encoding": lambda p: _("only UTF-8 dictionaries are read"),
    "bad_rule": lambda p: _("malformed affix rule on line %(line)s") % {"line": p.get("line", "?")},
    "bad_condition": lambda p: _("malformed affix condition %(condition)s") % {"condition": p.get("condition", "")},
    "bad_dic": lambda p: _("the first line of the dictionary must be its number of entries"),
    # Crossword grids (engine.crossword.grid: grid text, 0/1 files, style rules).
    "grid_bad_character": lambda p: _("row %(row)s, column %(col)s: unknown character %(char)s (use “.” for an "
                                      "empty cell, “#” for a black cell, or a letter)")
    % {"row": p.get("row", "?"), "col": p.get("col", "?"), "char": _character(p)},
    "grid_bad_01": lambda p: _("line %(line)s: unknown character %(char)s (a 0/1 grid has only 0 for a white "
                               "cell and 1 for a black one)") % {"line": p.get("line", "?"), "char": _character(p)},
    "grid_unknown_style": lambda p: _("unknown grid style"),
    "grid_unknown_format": lambda p: _("unknown grid file format"),
    "grid_empty": lambda p: _("the grid is empty"),
    "grid_empty_row": lambda p: _("line %(line)s: empty row inside the grid") % {"line": p.get("line", "?")},
    "grid_ragged": lambda p: _("ragged grid: line %(line)s has %(cells)s cells, the first row has %(width)s")
    % {"line": p.get("line", "?"), "cells": p.get("cells", "?"), "width": p.get("width", "?")},
    "grid_too_wide": lambda p: _("line %(line)s: %(cells)s cells, more than the %(max)s a grid may have")
    % {"line": p.get("line", "?"), "cells": p.get("cells", "?"), "max": p.get("max", "?")},
    "grid_too_tall": lambda p: _("line %(line)s: more than %(max)s rows") % {"line": p.get("line", "?"),
                                                                             "max": p.get("max", "?")},
    "grid_short_across": lambda p: _("the across word at row %(row)s, column %(col)s has %(length)s letter(s); "
                                     "this style needs %(min)s or more")
    % {"row": p.get("row", "?"), "col": p.get("col", "?"), "length": p.get("length", "?"), "min": p.get("min", "?")},
    "grid_short_down": lambda p: _("the down word at row %(row)s, column %(col)s has %(length)s letter(s); "
                                   "this style needs %(min)s or more")
    % {"row": p.get("row", "?"), "col": p.get("col", "?"), "length": p.get("length", "?"), "min": p.get("min", "?")},
    "grid_boxed_cell": lambda p: _("the white cell at row %(row)s, column %(col)s belongs to no word (boxed in "
                                   "on all sides): make it black") % {"row": p.get("row", "?"), "col": p.get("col", "?")},
    "grid_no_slot": lambda p: _("the grid has no word to find"),
    "grid_not_symmetric": lambda p: _("an American grid is symmetric: row %(row)s, column %(col)s and row "
                                      "%(row2)s, column %(col2)s differ")
    % {"row": p.get("row", "?"), "col": p.get("col", "?"), "row2": p.get("row2", "?"), "col2": p.get("col2", "?")},
    "grid_too_many_blacks": lambda p: _("an American grid has at most 1/6 black cells: %(blacks)s of %(cells)s")
    % {"blacks": p.get("blacks", "?"), "cells": p.get("cells", "?")},
    "grid_not_connected": lambda p: _("the white cells of an American grid must be connected"),
}


def message_for(code: str, params: Mapping[str, Any] | None = None, fallback: str = "") -> str:
    """The translated sentence for an engine ``code``; ``fallback`` (English) for a code not listed."""
    render = _MESSAGES.get(code or "")
    return render(params or {}) if render is not None else fallback


def engine_error_message(exc: BaseException) -> str:
    """A translated explanation of an engine exception (InvalidWord, GlobTooBroad, HunspellError...)."""
    code = getattr(exc, "code", "")
    fallback = getattr(exc, "reason", None) or str(exc)
    return message_for(code, getattr(exc, "params", None), fallback)


def problem_reason(problem: Any) -> str:
    """The translated reason of an ``engine.wordlist.LineProblem``."""
    return message_for(getattr(problem, "code", ""), getattr(problem, "params", None), problem.reason)


def known_codes() -> frozenset[str]:
    """Every code translated here (the tests check the engine's codes are all among them)."""
    return frozenset(_MESSAGES)
