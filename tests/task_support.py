"""Helpers of the task-reliability tests: a Celery broker that does not answer, a stale run, a slow task.

``slow`` is defined here once for every test module that needs a task that sleeps: a task name defined in two
modules makes Celery warn (DuplicateTaskNameWarning) and keep whichever module was imported last.

``broker_down`` points the Celery app at a loopback port nobody listens on (a real connection refused,
as when Redis is stopped) and dispatches in ``celery`` mode; the app's connection pool is reset on the
way in and out so no connection to the real broker is reused.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from datetime import timedelta

from celery import current_app
from kombu import pools as kombu_pools

from core.progress import tracked_task


@tracked_task(name="tests.slow")
def slow(progress_, seconds: float) -> dict:
    """Sleep ``seconds`` and say so: a run that stays running long enough to be watched."""
    time.sleep(seconds)
    return {"slept": seconds}


def closed_port() -> int:
    """A loopback TCP port with nothing listening (bound then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _reset_pools() -> None:
    """Close every broker connection and forget the pools.

    The app's pool is kombu's process-wide pool for the broker URL: closing it alone would leave a closed
    pool cached there, and every later send to the real broker would fail with "Acquire on closed pool".
    ``kombu.pools.reset`` closes them and empties kombu's pool groups, so the next send makes fresh ones.
    """
    kombu_pools.reset()
    current_app._pool = None
    current_app.amqp._producer_pool = None


@contextlib.contextmanager
def silent_port() -> Iterator[int]:
    """A loopback port that accepts connections and never answers (a hung Redis)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    try:
        yield listener.getsockname()[1]
    finally:
        listener.close()


@contextlib.contextmanager
def broker_down(settings, port: int | None = None) -> Iterator[str]:
    """Within the block, ``start_task`` sends to a dead broker (``settings``: pytest-django's fixture): a closed
    port, or ``port`` (e.g. a :func:`silent_port`)."""
    app = current_app
    saved = app.conf.broker_url
    url = f"redis://127.0.0.1:{port or closed_port()}/0"
    settings.TIRAGE_TASKS_MODE = "celery"
    _reset_pools()
    app.conf.broker_url = url
    try:
        yield url
    finally:
        _reset_pools()
        app.conf.broker_url = saved


def make_stale(run, seconds_past: int = 60) -> None:
    """Move ``run``'s clock back: started (and created) ``seconds_past`` beyond what its state allows."""
    from django.conf import settings as django_settings
    from django.utils import timezone

    from core.models import TaskRun
    from core.progress import stale_after_seconds

    limit = stale_after_seconds(run.kind) if run.state == "running" else django_settings.TIRAGE_TASK_PENDING_LIMIT
    past = timezone.now() - timedelta(seconds=limit + seconds_past)
    TaskRun.objects.filter(pk=run.pk).update(started_at=past if run.state == "running" else None,
                                             created_at=past, updated_at=past)
