"""Celery entry point of the coach: building a puzzle bank (a thin wrapper over :mod:`.services`)."""

from __future__ import annotations

from core.progress import Progress, tracked_task
from training.coach import services


@tracked_task(name="coach.build_bank", shared=True)
def build_puzzle_bank(progress: Progress, bank_id: int) -> dict:
    """Fill bank ``bank_id`` with positions of its kind of top, reporting progress (shared: one bank per
    lexicon version and kind serves every learner waiting on it)."""
    return services.build_bank(bank_id, progress)
