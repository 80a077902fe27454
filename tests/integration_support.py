"""Helpers of the integration tests (a real Celery worker through Redis, on PostgreSQL; see tests/conftest.py).

The worker runs in another process with the production settings module, so a test that stores files points
its own storage at the worker's MEDIA_ROOT (the ``shared_media`` fixture of tests/conftest.py) and waits on
the TaskRun row the worker writes (``wait_for_run``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

WORKER_HINT = "is a Celery worker running on the test database?"


def worker_media_root() -> str:
    """``MEDIA_ROOT`` from the environment, else ``<TIRAGE_VAR_DIR or var/>/media``, as the worker sees it."""
    from django.conf import settings as django_settings

    if os.environ.get("MEDIA_ROOT"):
        return os.environ["MEDIA_ROOT"]
    var_dir = os.environ.get("TIRAGE_VAR_DIR") or str(Path(django_settings.BASE_DIR) / "var")
    return str(Path(var_dir) / "media")


def lexicon_files() -> set[str]:
    """The lexicon files (word lists and compiled files) in the default storage."""
    from django.core.files.storage import default_storage

    found = set()
    for folder in ("lexicons", "lexicons/compiled"):
        if default_storage.exists(folder):
            found |= {f"{folder}/{name}" for name in default_storage.listdir(folder)[1]}
    return found


def wait_for_run(run, *, timeout: float, what: str, hint: str = WORKER_HINT, poll: float = 0.05,
                 observe: Callable[[object], None] | None = None):
    """Refresh ``run`` (a TaskRun) until it is finished, calling ``observe(run)`` after each refresh; fail after
    ``timeout`` seconds with "<what> stayed <state> for <timeout>s: <hint>"."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if observe is not None:
            observe(run)
        if run.is_finished:
            return run
        time.sleep(poll)
    pytest.fail(f"{what} stayed {run.state!r} for {timeout}s: {hint}")


# Work a worker starts by itself after a test's task (a publication ranks the new version's alphagrams
# for word study): it must end before the test database is emptied, or the worker's writes and the
# teardown's TRUNCATE deadlock.
FOLLOW_UP_KINDS = ("wordstudy.rank",)


def wait_for_follow_up_tasks(timeout: float = 60.0) -> None:
    """Wait until no run of a follow-up kind is pending or running; fail, naming them, after ``timeout``."""
    from core.models import TaskRun

    unfinished = TaskRun.objects.filter(kind__in=FOLLOW_UP_KINDS,
                                        state__in=[TaskRun.State.PENDING, TaskRun.State.RUNNING])
    deadline = time.monotonic() + timeout
    while unfinished.exists():
        if time.monotonic() > deadline:
            pytest.fail(f"follow-up tasks still unfinished after {timeout}s: "
                        f"{[f'{r.kind} {r.state}' for r in unfinished]} ({WORKER_HINT})")
        time.sleep(0.1)
