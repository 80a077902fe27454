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
from django.utils.translation import ngettext


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


def _count(value: Any) -> int:
    return value if isinstance(value, int) else 0


def _position(params: Mapping[str, Any]) -> Any:
    index = params.get("index")
    return index + 1 if isinstance(index, int) else "?"


def _bag_supply(params: Mapping[str, Any]) -> str:
    shortfall = params.get("shortfall") or {}
    missing = ", ".join(f"{letter} +{count}" for letter, count in dict(shortfall).items())
    return _("bag mode: the bag and its %(blanks)s blanks cannot supply this rack together with the others' "
             "(missing: %(missing)s)") % {"blanks": params.get("blanks", "?"), "missing": missing or "?"}


def _no_support(params: Mapping[str, Any]) -> str:
    values = {"letters": params.get("letters", "?")}
    if params.get("helpers", True):
        return _("its support letter %(letters)s is nowhere on the board and no helper word brought one") % values
    return _("its support letter %(letters)s is nowhere on the board and helper words are off") % values


def _no_placement(params: Mapping[str, Any]) -> str:
    squares = params.get("squares", 0)
    head = ngettext("no legal placement through its support letter %(letters)s (%(squares)s square holds it)",
                    "no legal placement through its support letter %(letters)s (%(squares)s squares hold it)",
                    squares if isinstance(squares, int) else 0) % {"letters": params.get("letters", "?"),
                                                                   "squares": squares}
    details = []
    for refusal in params.get("refusals") or []:
        refusal_params = {"word": refusal.get("word", "")}
        details.append(f"{message_for(refusal.get('code', ''), refusal_params, refusal.get('code', ''))} "
                       f"({refusal.get('count', '?')})")
    return _("%(reason)s: %(details)s") % {"reason": head, "details": "; ".join(details) or _("no candidate")}


_TRAINING_GRID_MESSAGES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    # Training grids (engine.cbic): refusals of the input (CbicInputError) ...
    "cbic_bad_spec": lambda p: _("“%(spec)s”: write WORD:LETTER or WORD:POSITION") % {"spec": p.get("spec", "")},
    "cbic_too_short": lambda p: _("a revision word needs at least 2 letters"),
    "cbic_too_long": lambda p: _("%(letters)s letters need %(tiles)s rack tiles besides the support letter; a rack "
                                 "holds at most %(max)s") % {"letters": p.get("letters", "?"),
                                                             "tiles": p.get("tiles", "?"), "max": p.get("max", "?")},
    "cbic_not_in_lexicon": lambda p: _("%(word)s is not in the lexicon") % {"word": p.get("word", "")},
    "cbic_bad_support": lambda p: _("the support “%(support)s” must be one letter of the word or its position")
    % {"support": p.get("support", "")},
    "cbic_support_out_of_range": lambda p: _("support position %(position)s is out of range: %(word)s has "
                                             "%(letters)s letters") % {"position": _position(p),
                                                                       "word": p.get("word", ""),
                                                                       "letters": p.get("letters", "?")},
    "cbic_support_not_in_word": lambda p: _("the support letter %(letter)s is not in %(word)s")
    % {"letter": p.get("letter", ""), "word": p.get("word", "")},
    "cbic_no_words": lambda p: _("no revision word given"),
    "cbic_central_length": lambda p: _("the central word %(word)s has %(letters)s letters; the first play places "
                                       "2 to %(max)s tiles") % {"word": p.get("word", ""),
                                                                "letters": p.get("letters", "?"),
                                                                "max": p.get("max", "?")},
    "cbic_central_not_in_lexicon": lambda p: _("the central word %(word)s is not in the lexicon")
    % {"word": p.get("word", "")},
    "cbic_no_central": lambda p: _("no central word could be chosen for these words"),
    "cbic_bag_central": lambda p: _("bag mode: the central word needs more tiles than the bag holds"),
    # ... progress of the construction ...
    "cbic_words_checked": lambda p: ngettext("%(count)s revision word checked", "%(count)s revision words checked",
                                             _count(p.get("count"))) % {"count": p.get("count", "?")},
    "cbic_choosing_central": lambda p: _("Choosing the central word"),
    "cbic_restart": lambda p: _("Restart %(number)s (central word %(central)s)")
    % {"number": p.get("number", "?"), "central": p.get("central", "")},
    "cbic_words_placed": lambda p: _("%(placed)s of %(total)s words placed")
    % {"placed": p.get("placed", "?"), "total": p.get("total", "?")},
    "cbic_grid_built": lambda p: _("Grid built"),
    "cbic_situation": lambda p: _("Situation %(number)s of %(total)s")
    % {"number": p.get("number", "?"), "total": p.get("total", "?")},
    # ... why a word was left out (unplaced_reason) and the refusals of its candidate placements.
    "cbic_bag_supply": _bag_supply,
    "cbic_no_support": _no_support,
    "cbic_bag_used_up": lambda p: _("bag mode: its letters are used up (the bag and its blanks have none left "
                                    "for them)"),
    "cbic_no_placement": _no_placement,
    "cbic_same_rack": lambda p: _("every place left for it would give the rack %(rack)s, which another situation of "
                                  "the grid already gives") % {"rack": p.get("rack", "")},
    "cbic_runs_off": lambda p: _("it runs off the board"),
    "cbic_touches_end": lambda p: _("a tile touches an end of the word"),
    "cbic_in_the_way": lambda p: _("another tile is in the way"),
    "cbic_forms_invalid": lambda p: _("it would form %(word)s, not a word") % {"word": p.get("word", "")},
    "cbic_one_tile_across": lambda p: _("a one-tile play that the rules read across"),
    "cbic_bag_empty": lambda p: _("the bag has no tile left for it"),
    # Added by the web app (training.grids.services): the rules refused the play CBIC built for the word.
    "cbic_illegal_situation": lambda p: _("the play built for this word broke a rule of the game, so it was "
                                          "left out"),
    # ... and the words after the situations an earlier delivery of the task stored, when this one's construction
    # went otherwise (training.grids.services._finish_from_stored).
    "cbic_interrupted": lambda p: _("the grid’s construction was interrupted before this word was placed"),
}
_MESSAGES.update(_TRAINING_GRID_MESSAGES)


def message_for(code: str, params: Mapping[str, Any] | None = None, fallback: str = "") -> str:
    """The translated sentence for an engine ``code``; ``fallback`` (English) for a code not listed."""
    render = _MESSAGES.get(code or "")
    return render(params or {}) if render is not None else fallback


def engine_error_message(exc: BaseException) -> str:
    """A translated explanation of an engine exception (InvalidWord, GlobTooBroad, HunspellError...)."""
    code = getattr(exc, "code", "")
    fallback = getattr(exc, "reason", None) or str(exc)
    return message_for(code, getattr(exc, "params", None), fallback)


def engine_note(text: str) -> str:
    """A translated engine text that carries ``code`` and ``params`` (``engine.cbic.Message``: progress
    messages); a plain string, or an unknown code, comes back as it is."""
    return message_for(getattr(text, "code", ""), getattr(text, "params", None), str(text))


def unplaced_reason(item: Mapping[str, Any]) -> str:
    """Why a revision word was left out of a training grid, translated: ``item`` is one entry of the engine's
    ``unplaced`` JSON (``{"word", "reason", "code", "params"}``); grids stored before codes existed keep
    their English ``reason``."""
    params = item.get("params") or {}
    text = message_for(item.get("code", ""), params, "")
    if not text:
        return str(item.get("reason", ""))
    if params.get("time_budget") is not None:
        text = _("%(reason)s; the search stopped at its time budget of %(seconds)s s") % {
            "reason": text, "seconds": f"{params['time_budget']:g}"}
    return text


def problem_reason(problem: Any) -> str:
    """The translated reason of an ``engine.wordlist.LineProblem``."""
    return message_for(getattr(problem, "code", ""), getattr(problem, "params", None), problem.reason)


def known_codes() -> frozenset[str]:
    """Every code translated here (the tests check the engine's codes are all among them)."""
    return frozenset(_MESSAGES)
