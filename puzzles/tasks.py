"""Celery entry points of the puzzles app: thin wrappers over :mod:`puzzles.services`."""

from __future__ import annotations

from core.progress import Progress, tracked_task
from puzzles import lab, services


@tracked_task(name="puzzles.generate_crossword")
def generate_crossword(progress: Progress, crossword_id: int) -> dict:
    """Draw the pattern, place the theme words, fill the grid and write the clues, reporting progress."""
    return services.build_crossword(crossword_id, progress)


@tracked_task(name="puzzles.compare_algorithms")
def compare_algorithms(progress: Progress, comparison_id: int) -> dict:
    """Fill the lab's grid with each chosen algorithm and seed, and store the timing table."""
    return lab.run_comparison(comparison_id, progress)
