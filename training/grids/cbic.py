"""The one place the training app calls the engine's CBIC generator (``engine.cbic``).

Why an adapter: the web side speaks in stored dicts (``{"entry", "word", "support_index"}``) and JSON;
the engine speaks in ``RevisionWord`` objects and a ``TrainingGrid`` result. Keeping the translation here
means the service and the task never import engine internals, and a change of the engine's signature
is one edit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from core.engine_messages import engine_error_message
from core.progress import TaskFailure
from engine.cbic import CbicInputError, RevisionWord, SearchConfig, generate_training_grid

TIME_BUDGET_SECONDS = 20.0
GRID_SEARCH = SearchConfig(distinct_racks=True)
"""The engine's search as the site asks it: one grid never asks the same rack twice (the service already keeps one
list word per rack; this holds it for whatever the search lays)."""


def run_cbic(gaddag: Any, words: list[dict[str, Any]], *, seed: int, top_n: int, lexicon_name: str | None = None,
             progress: Callable[..., None] | None = None,
             on_situation: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Build a training grid and return the engine's JSON: ``{"board", "placed", "unplaced", "stats"}``.

    Support indices are passed as integers (0-based), so CBIC uses exactly the square the learner chose.
    Input errors (a word the engine refuses) become a :class:`TaskFailure` naming the word, translated by
    the error's code. ``progress(percent, message)`` gets the engine's messages, which carry codes too
    (``core.engine_messages.engine_note`` translates them).

    ``on_situation(placed)`` gets each item of the result's ``"placed"`` (the same JSON) as soon as the engine
    has built its situation, in order, so the service can store situation 1 while the others are being built.
    """
    items = [RevisionWord(w["word"], int(w["support_index"])) for w in words]
    hook = None if on_situation is None else (lambda placed: on_situation(placed.to_json()))
    try:
        grid = generate_training_grid(gaddag, items, seed=seed, top_n=top_n, time_budget=TIME_BUDGET_SECONDS,
                                      progress=progress, lexicon_name=lexicon_name, on_situation=hook,
                                      config=GRID_SEARCH)
    except CbicInputError as exc:  # in the language of whoever started the task (core.progress)
        problem = engine_error_message(exc)
        raise TaskFailure(_("%(word)s: %(problem)s") % {"word": exc.word, "problem": problem} if exc.word
                          else problem) from None
    return grid.to_json()
