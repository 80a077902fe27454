"""A real Celery worker killed mid-task (SIGKILL): its message goes back to the queue and a second worker
finishes the run (counted as a second attempt); with no worker left, the run is failed in words once past
its hard limit, whichever endpoint reads it. Runs in the second pass of ``.ci/run`` (PostgreSQL + Redis).

The workers are started here, on a queue of their own (the pass's own worker never sees these messages),
with short limits so the test takes seconds: hard limit 10 s, visibility timeout 12 s (above the hard
limit, as the settings require).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from core.models import TaskRun
from core.tasks import ping
from tests.support import api_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
SHORT_LIMITS = {"TASK_SOFT_TIME_LIMIT": "8", "TASK_TIME_LIMIT": "10", "BROKER_VISIBILITY_TIMEOUT": "12"}


def database_url() -> str:
    """The test database, as the workers must see it (they write the TaskRun rows this test reads)."""
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def start_worker(queue: str, name: str) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": database_url(), **SHORT_LIMITS}
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the production settings module, as a deployed worker runs
    log = open(f"/tmp/worker-{name}.log", "w")  # noqa: SIM115 (closed with the process)
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue,
         f"--hostname={name}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "INFO"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def send_ping(owner, queue: str, steps: int, delay: float) -> TaskRun:
    """What ``start_task`` does, with the message sent to this test's queue."""
    run = TaskRun.objects.create(kind=ping.name, owner=owner)
    ping.apply_async(kwargs={"task_run_id": str(run.id), "task_language": "fr", "steps": steps, "delay": delay},
                     task_id=str(run.id), queue=queue)
    return run


def wait_until(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"{what} did not happen within {timeout}s (worker logs in /tmp/worker-*.log)")


def running_with_progress(run: TaskRun, percent: int):
    run.refresh_from_db()
    return run.state == TaskRun.State.RUNNING and run.progress >= percent


def test_a_worker_killed_mid_task_hands_its_run_to_another_worker(django_user_model):
    assert connection.vendor == "postgresql"
    user = django_user_model.objects.create_user("killed-worker", password="x")
    queue = f"deaths-{uuid.uuid4().hex[:8]}"
    first = start_worker(queue, f"first-{queue}")
    second = None
    try:
        run = send_ping(user, queue, steps=12, delay=0.5)  # six seconds of work
        wait_until(lambda: running_with_progress(run, 16), 60, "the first worker starting the task")
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        killed_at = time.monotonic()
        progress_when_killed = run.progress
        run.refresh_from_db()
        assert run.state == TaskRun.State.RUNNING and run.progress < 100  # it died mid-task

        second = start_worker(queue, f"second-{queue}")
        finished = wait_until(lambda: (run.refresh_from_db(), run.is_finished)[1] and run, 90,
                              "the second worker finishing the redelivered task")
        assert finished.state == TaskRun.State.DONE, finished.error
        assert finished.attempts == 2  # delivered twice: once to each worker
        assert finished.result["pid"] == second.pid and finished.result["steps"] == 12
        assert progress_when_killed < 100
        assert time.monotonic() - killed_at < 90
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
        if second is not None:
            stop(second)


def test_a_run_whose_worker_died_is_failed_in_words_past_its_hard_limit(django_user_model, settings):
    settings.CELERY_TASK_TIME_LIMIT = 10  # the workers' limit, as this process judges staleness
    user = django_user_model.objects.create_user("orphaned-run", password="x")
    queue = f"orphans-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue, f"only-{queue}")
    try:
        run = send_ping(user, queue, steps=40, delay=0.5)
        wait_until(lambda: running_with_progress(run, 5), 60, "the worker starting the task")
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=10)
        run.refresh_from_db()
        started = run.started_at
        client = api_for(user)
        assert client.get(f"/api/tasks/{run.id}/").json()["state"] == "running"  # within its limit: alive
        body = wait_until(lambda: (lambda b: b if b["state"] == "failed" else None)(
            client.get(f"/api/tasks/{run.id}/", HTTP_ACCEPT_LANGUAGE="fr").json()), 60,
            "the dead run being failed on read")
        assert body["error"] == "La tâche ne répond plus (son processus a sans doute redémarré)\u00a0; relancez-la."
        run.refresh_from_db()
        lateness = (run.finished_at - started).total_seconds() - settings.CELERY_TASK_TIME_LIMIT
        assert 0 < lateness < 60  # failed within a minute past its hard limit
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
