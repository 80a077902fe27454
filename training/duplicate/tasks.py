"""Celery entry points of duplicate games: thin wrappers over :mod:`training.duplicate.services`."""

from __future__ import annotations

import os
import socket

from celery import shared_task

from core.progress import Progress, tracked_task
from training.duplicate import services


@tracked_task(name="training.make_duplicate_game")
def make_duplicate_game(progress: Progress, game_id: int) -> dict:
    """Make game ``game_id`` (draws, tops, boards) with a progress bar. The result names the process that
    ran it, so the integration test can tell a worker from the web process."""
    result = services.build_game(game_id, progress)
    return {**result, "hostname": socket.gethostname(), "pid": os.getpid()}


@shared_task(name="training.make_duplicate_games_of_the_day")
def make_duplicate_games_of_the_day() -> list[int]:
    """The periodic task (Celery beat, ``CELERY_BEAT_SCHEDULE``): today's game for every lexicon."""
    return services.make_games_of_the_day()
