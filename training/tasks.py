"""Celery entry points of the training app: thin wrappers over :mod:`training.services`."""

from __future__ import annotations

from core.progress import Progress, tracked_task
from training import services


@tracked_task(name="training.generate_grid")
def generate_grid(progress: Progress, grid_id: int) -> dict:
    """Run CBIC for grid ``grid_id`` and store its board and situations, reporting progress."""
    return services.build_grid(grid_id, progress)
