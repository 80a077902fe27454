"""A real Celery worker killed mid-task (SIGKILL): its message goes back to the queue and a second worker
finishes the run (counted as a second attempt); with no worker left, the run is failed in words, whichever
endpoint reads it. And a whole worker killed — its main process and its pool, production settings — while
it makes a grid, a duplicate game, a lab comparison or a lexicon compile: each run is noticed by its
silent heartbeat within a minute, handed to another worker, and finished there (the seconds are printed).
Runs in the second pass of ``.ci/run`` (PostgreSQL + Redis).

The workers are started here, on a queue of their own (the pass's own worker never sees these messages);
the first two tests use short limits so they take seconds: hard limit 10 s, visibility timeout 12 s
(above the hard limit, as the settings require).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from core.models import TaskRun
from core.tasks import ping
from tests.integration_support import wait_for_run
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
    run = TaskRun(kind=ping.name, owner=owner)
    run.arguments = {"task_run_id": str(run.id), "task_language": "fr", "steps": steps, "delay": delay}
    run.save(force_insert=True)
    ping.apply_async(kwargs=run.arguments, task_id=str(run.id), queue=queue)
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


def test_a_run_whose_worker_died_and_no_worker_is_left_is_failed_in_words(django_user_model, settings):
    settings.CELERY_TASK_TIME_LIMIT = 10  # the workers' limit, as this process judges staleness
    settings.TIRAGE_TASK_PENDING_LIMIT = 10  # the run handed over waits this long for a worker
    user = django_user_model.objects.create_user("orphaned-run", password="x")
    queue = f"orphans-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue, f"only-{queue}")
    try:
        run = send_ping(user, queue, steps=40, delay=0.5)
        wait_until(lambda: running_with_progress(run, 5), 60, "the worker starting the task")
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=10)
        killed_at = time.monotonic()
        client = api_for(user)
        assert client.get(f"/api/tasks/{run.id}/").json()["state"] == "running"  # its heartbeat is fresh
        body = wait_until(lambda: (lambda b: b if b["state"] == "failed" else None)(
            client.get(f"/api/tasks/{run.id}/", HTTP_ACCEPT_LANGUAGE="fr").json()), 120,
            "the dead run being handed over, then failed on read")
        assert body["error"] in (
            "Aucun processus n’a pris la tâche à temps (le service des tâches est peut-être arrêté)\u00a0; relancez-la.",
            "La tâche ne répond plus (son processus a sans doute redémarré)\u00a0; relancez-la.")
        assert time.monotonic() - killed_at < 90
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()


# --- A whole worker killed, production settings, four kinds of task ---------------------------------------

KINDS = {"grid": "training.generate_grid", "duplicate game": "training.make_duplicate_game",
         "lab comparison": "puzzles.compare_algorithms", "lexicon compile": "lexicon.publish_version"}
HARD_GRID = "\n".join(["..........."] * 3 + ["...#...#..."] + ["..........."] * 3 + ["...#...#..."]
                       + ["..........."] * 3)  # 11x11, 4 blacks: no fill in seconds, each run uses its time


def start_prefork_worker(queue: str, name: str, concurrency: int = 1) -> subprocess.Popen:
    """A worker as deployed: production settings and limits, a main process and a pool of processes, in a
    process group of its own (so the whole worker can be killed at once)."""
    env = {**os.environ, "DATABASE_URL": database_url()}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    log = open(f"/tmp/worker-{name}.log", "w")  # noqa: SIM115 (closed with the process)
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=prefork", f"--concurrency={concurrency}",
         "-Q", queue, f"--hostname={name}@%h", "--without-gossip", "--without-mingle", "-l", "INFO"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def parent_pid(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


@contextlib.contextmanager
def rows_of_table_held(table: str) -> Iterator[None]:
    """Writes to ``table`` wait while this lasts (reads go on), from a connection of its own.

    Why: a duplicate game on the test lexicon is made in well under a second, often between two looks at
    its run; its last step writes its rounds, so holding that table keeps the run going, at its last
    percents, until its worker has been killed."""
    import psycopg

    with psycopg.connect(database_url()) as holder:
        holder.execute(f'LOCK TABLE "{table}" IN EXCLUSIVE MODE')
        yield
        holder.rollback()


def kill_whole_worker(worker: subprocess.Popen) -> None:
    """kill -9 of the worker's main process and its pool."""
    os.killpg(worker.pid, signal.SIGKILL)
    worker.wait(timeout=10)


def test_a_whole_worker_killed_is_noticed_within_a_minute_and_its_runs_finish_elsewhere(
        settings, shared_media, django_user_model, tmp_path, monkeypatch):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from core.progress import task_of_kind
    from lexicon.services import import_word_list, publish_version, upload_version
    from puzzles.lab import services as lab
    from tests.support import french_dict_words, write_words
    from training.duplicate import services as duplicate
    from training.duplicate.models import DuplicateGame, DuplicateRound
    from training.grids import services as grids
    from training.lists import services as lists

    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    queue = f"whole-{uuid.uuid4().hex[:8]}"
    for name in KINDS.values():  # this test's messages, first and handed over, go to its own queue
        task = task_of_kind(name)
        monkeypatch.setattr(task, "apply_async", lambda *a, _send=task.apply_async, **kw: _send(*a, queue=queue, **kw))
    user = django_user_model.objects.create_user("whole-worker", password="x", is_staff=True)
    words = french_dict_words(8)
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", words), name=f"fr-{queue}", language="fr").lexicon
    first = [start_prefork_worker(queue, f"first{n}-{queue}") for n in range(len(KINDS))]
    second = None
    try:
        revision_list = lists.create_list(user, lexicon, "deaths")
        lists.add_words_bulk(revision_list, "BACCARAT:T\nPRIVATIF 5\nDATAIS:T\nETRANGES\nRETINES\nGRENATS")
        marker = "".join(chr(ord("A") + int(d)) for d in f"{time.time_ns() % 10**8:08d}")
        upload = SimpleUploadedFile("v2.txt", ("\n".join(words[:-1] + [marker]) + "\n").encode())
        version = upload_version(lexicon, upload, user=user).version
        runs = {
            "grid": grids.start_list_grid(user, revision_list, seed=11).task_run,
            "duplicate game": duplicate.start_game(user, lexicon, seed=2).task_run,
            "lab comparison": lab.start_comparison(user, lexicon, HARD_GRID, "fr", algorithms=["fc", "fc-cbj", "mac"],
                                                   seeds=2, time_limit=5).task_run,
            "lexicon compile": publish_version(version, user=user),
        }
        by_pid = {worker.pid: worker for worker in first}
        killed_at: dict[str, float] = {}
        progress: dict[str, int] = {}
        deadline = time.monotonic() + 300
        with rows_of_table_held(DuplicateRound._meta.db_table):
            while len(killed_at) < len(runs) and time.monotonic() < deadline:
                for kind, run in runs.items():
                    if kind in killed_at:
                        continue
                    run.refresh_from_db()
                    assert run.state in (TaskRun.State.PENDING, TaskRun.State.RUNNING), (kind, run.state, run.error)
                    started_for = (timezone.now() - run.started_at).total_seconds() if run.started_at else 0
                    if run.state == TaskRun.State.RUNNING and run.heartbeat_by and (run.progress > 0 or started_for > 2):
                        worker = by_pid[parent_pid(int(run.heartbeat_by.rsplit(":", 1)[1]))]
                        progress[kind] = run.progress
                        kill_whole_worker(worker)  # mid-task: its run is still running
                        killed_at[kind] = time.monotonic()
                time.sleep(0.05)
        assert len(killed_at) == len(runs), f"not all started: {killed_at}"

        client = api_for(user)  # a page polling its task: each read checks the run's heartbeat
        noticed: dict[str, float] = {}
        while len(noticed) < len(runs) and time.monotonic() < deadline:
            for kind, run in runs.items():
                if kind not in noticed:
                    body = client.get(f"/api/tasks/{run.id}/", HTTP_ACCEPT_LANGUAGE="en").json()
                    if body["state"] != "running":
                        assert body["state"] == "pending", body
                        assert body["message"] == "Its worker stopped; the task was handed to another worker."
                        noticed[kind] = time.monotonic() - killed_at[kind]
            time.sleep(0.5)
        for kind, seconds in noticed.items():
            print(f"whole worker killed during a {kind} (at {progress[kind]} %): noticed after {seconds:.1f} s")
        assert len(noticed) == len(runs) and max(noticed.values()) < 60

        second = start_prefork_worker(queue, f"second-{queue}", concurrency=2)
        restarted = time.monotonic()
        for kind, run in runs.items():
            run = wait_for_run(run, timeout=300, what=f"the {kind} handed over")
            assert run.state == TaskRun.State.DONE, (kind, run.error)
            assert run.attempts == 2, (kind, run.attempts)
            print(f"{kind}: done on the second worker {time.monotonic() - restarted:.1f} s after it started")
        version.refresh_from_db()
        assert version.state == "published"
        from training.grids.models import TrainingGrid

        assert TrainingGrid.objects.get(task_run=runs["grid"]).status == "done"
        assert DuplicateGame.objects.get(task_run=runs["duplicate game"]).status == "done"
    finally:
        for worker in first:
            if worker.poll() is None:
                kill_whole_worker(worker)
        if second is not None:
            stop(second)
