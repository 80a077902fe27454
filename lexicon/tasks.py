"""Celery entry points of the lexicon app (thin: the work is in :mod:`lexicon.services`)."""

from __future__ import annotations

import os
from typing import Any

from core.progress import Progress, TaskFailure, tracked_task
from lexicon.services import CurationError, run_publication


@tracked_task(name="lexicon.publish_version")
def publish_version_task(progress: Progress, version_id: int, user_id: int | None = None,
                         reason: str = "") -> dict[str, Any]:
    """Compile a version's GADDAG with progress, then make it the serving version (``reason``: the audit's)."""
    try:
        result = run_publication(version_id, user_id, progress.report, reason=reason)
    except CurationError as exc:
        raise TaskFailure(exc.message) from exc
    return {**result, "worker_pid": os.getpid()}  # which process compiled it (operations, tests)
