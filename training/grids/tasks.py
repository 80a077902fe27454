"""Celery entry points of the training app: thin wrappers over :mod:`training.services`."""

from __future__ import annotations

import os
import socket

from core.progress import Progress, tracked_task
from training.grids import services


@tracked_task(name="training.generate_grid")
def generate_grid(progress: Progress, grid_id: int) -> dict:
    """Run CBIC for grid ``grid_id`` and store its board and situations, reporting progress.

    The result also names the process that ran it, so the integration test can tell a worker from
    the web process.
    """
    result = services.build_grid(grid_id, progress)
    return {**result, "hostname": socket.gethostname(), "pid": os.getpid()}


# Duplicate games keep their tasks next to their services; importing them here lets Celery's autodiscovery
# (which reads each app's ``tasks`` module) register them.
from training.duplicate.tasks import make_duplicate_game, make_duplicate_games_of_the_day  # noqa: E402,F401
from training.wordstudy.tasks import rank_lexicon  # noqa: E402,F401  (registered with the worker)
