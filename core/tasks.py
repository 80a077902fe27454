"""Core Celery tasks. ``ping`` proves the task path end to end (health page, CI round-trip);
``core.expire_stale_runs`` is the periodic sweep of dead runs (``CELERY_BEAT_SCHEDULE``)."""

from __future__ import annotations

import os
import socket
import time

from celery import shared_task
from django.utils.translation import gettext as _

from core.progress import Progress, TaskFailure, expire_stale_runs, tracked_task

MAX_PING_STEPS = 100


@tracked_task(name="core.ping")
def ping(progress: Progress, steps: int = 3, delay: float = 0.0) -> dict:
    """Report ``steps`` progress steps (``delay`` seconds apart) and say who ran the task.

    The result names the host and process, so a test can tell a real worker from the web process.
    """
    if not 1 <= steps <= MAX_PING_STEPS:
        raise TaskFailure(
            _("The number of steps must be between 1 and %(max)d, not %(steps)s.") % {"max": MAX_PING_STEPS, "steps": steps}
        )
    if not 0 <= delay <= 5:
        raise TaskFailure(_("The delay must be between 0 and 5 seconds, not %(delay)s.") % {"delay": delay})
    for step in range(1, steps + 1):
        if delay:
            time.sleep(delay)
        progress.report(100 * step / steps, _("step %(step)d of %(steps)d") % {"step": step, "steps": steps})
    return {"pong": True, "hostname": socket.gethostname(), "pid": os.getpid(), "steps": steps}


@shared_task(name="core.expire_stale_runs", ignore_result=True)
def expire_stale_runs_task() -> int:
    """The periodic sweep (Celery beat, every 15 s): hand to another worker, or fail in words, the runs whose
    worker is gone; returns how many were failed."""
    return len(expire_stale_runs())
