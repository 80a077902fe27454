"""Celery entry point of crosswords: a thin wrapper over :mod:`puzzles.crosswords.services`."""

from __future__ import annotations

from core.progress import Progress, tracked_task
from puzzles.crosswords import services


@tracked_task(name="puzzles.generate_crossword")
def generate_crossword(progress: Progress, crossword_id: int) -> dict:
    """Draw the pattern, place the theme words, fill the grid and write the clues, reporting progress."""
    return services.build_crossword(crossword_id, progress)
