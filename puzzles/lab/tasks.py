"""The crossword lab's background task: time several fill algorithms on one grid."""

from __future__ import annotations

from core.progress import Progress, tracked_task
from puzzles.lab import services


@tracked_task(name="puzzles.compare_algorithms")
def compare_algorithms(progress: Progress, comparison_id: int) -> dict:
    """Fill the lab's grid with each chosen algorithm and seed, and store the timing table."""
    return services.run_comparison(comparison_id, progress)
