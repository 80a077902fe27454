"""Celery entry point of training grids: a thin wrapper over :mod:`training.grids.services`."""

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

