"""Round trip through real services: a task sent through Redis to a Celery worker, which writes its
TaskRun row on PostgreSQL. Runs in the second pass of ``.ci/run`` (see tests/conftest.py for the skip).

The worker runs in another process, so the test commits for real (``transaction=True``) and the worker
must use the test database (``.ci/run`` starts it with ``DATABASE_URL=.../test_tirage``).
"""

from __future__ import annotations

import os

import pytest
from django.db import connection
from django.utils import translation

from core.models import TaskRun
from core.progress import start_task
from core.tasks import ping
from tests.integration_support import WORKER_HINT, wait_for_run

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TIMEOUT = 60


def wait_until_finished(run: TaskRun, seen_progress: set[int]) -> TaskRun:
    return wait_for_run(run, timeout=TIMEOUT, what="the task", hint=f"{WORKER_HINT} (.ci/run starts one)",
                        observe=lambda r: seen_progress.add(r.progress))


def test_task_round_trip_through_redis_to_a_worker_writing_on_postgresql(settings, django_user_model):
    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    user = django_user_model.objects.create_user("worker-check", password="x")

    run = start_task(ping, owner=user, steps=4, delay=0.3)
    seen: set[int] = set()
    run = wait_until_finished(run, seen)

    assert run.state == TaskRun.State.DONE, run.error
    assert run.result["pong"] is True and run.result["steps"] == 4
    assert run.result["pid"] != os.getpid()  # another process (the worker) ran it
    assert run.started_at is not None and run.finished_at >= run.started_at
    assert seen & {25, 50, 75}, f"no intermediate progress observed: {sorted(seen)}"


def test_failure_in_a_worker_is_recorded_in_words(settings):
    settings.TIRAGE_TASKS_MODE = "celery"
    with translation.override("fr"):
        run = wait_until_finished(start_task(ping, steps=1000), set())
    assert run.state == TaskRun.State.FAILED
    assert "entre 1 et 100" in run.error  # in French: the language it was started in
