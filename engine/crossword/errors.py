"""Typed failures of crossword construction.

Two families, because callers react differently:

- :class:`GridError` (a ``ValueError``): the grid *text* is wrong (ragged rows, unknown characters,
  a slot shorter than the style allows...). The user must fix the input; nothing was searched.
- :class:`FillError` and its subclasses: the grid is well formed but no fill was produced. Each one
  carries the partial fill reached (``partial``: slot key -> word) and the search statistics, so a
  web task can show what was achieved and why it stopped.

``Unsolvable`` (and its special case ``EmptyDomain``) is raised only when *proved* by propagation or
by an exhausted complete search; ``Timeout`` and ``BacktrackLimit`` mean "gave up", not "impossible".
"""

from __future__ import annotations

from typing import Any


class GridError(ValueError):
    """Bad grid text or a grid that breaks its style's rules; the message names the place.

    ``code`` and ``params`` say the same for a translated message (the web layer's catalogue maps codes
    to sentences): e.g. ``code="ragged"``, ``params={"line": 2, "cells": 3, "width": 4}``.
    """

    def __init__(self, message: str, *, code: str = "", **params: Any) -> None:
        super().__init__(message)
        self.reason = message
        self.code = code
        self.params = params


class FillError(Exception):
    """No fill: base class carrying the partial fill and the statistics."""

    def __init__(self, message: str, *, partial: dict[str, str] | None = None,
                 stats: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.partial: dict[str, str] = dict(partial or {})
        self.stats: dict[str, Any] = dict(stats or {})


class Unsolvable(FillError):
    """Proved impossible with the lexicon (and every relaxation of the quality threshold)."""


class EmptyDomain(Unsolvable):
    """A slot has no candidate word at all: ``slot`` (e.g. ``"3D"``) and its ``pattern`` (``A..LE``)."""

    def __init__(self, slot: str, pattern: str, **kwargs: Any) -> None:
        self.slot = slot
        self.pattern = pattern
        super().__init__(f"no word for slot {slot} with pattern {pattern!r}", **kwargs)


class BacktrackLimit(FillError):
    """The caller's total backtrack budget ran out before a fill was found."""

    def __init__(self, count: int, limit: int, **kwargs: Any) -> None:
        self.count = count
        self.limit = limit
        super().__init__(f"backtrack limit exceeded: {count} > {limit}", **kwargs)


class Timeout(FillError):
    """The time limit ran out before a fill was found."""

    def __init__(self, seconds: float, limit: float, **kwargs: Any) -> None:
        self.seconds = seconds
        self.limit = limit
        super().__init__(f"time limit of {limit:g} s reached after {seconds:.2f} s", **kwargs)
