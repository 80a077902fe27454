"""Tasks never stuck: a broker that does not answer (503 in words, nothing pending), redelivered messages
(idempotent, counted), stale runs failed in words on read and by the periodic sweep."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone, translation

from config.celery import app as celery_app
from core.models import TaskRun
from core.progress import (
    TaskDispatchError,
    claim,
    expire_stale_runs,
    start_task,
    task_runs_failed,
    tracked_task,
)
from core.tasks import ping
from tests.support import api_for
from tests.task_support import broker_down, make_stale, silent_port, slow

EXECUTIONS: list[str] = []


@tracked_task(name="tests.counted")
def counted(progress_, tag: str) -> dict:
    EXECUTIONS.append(tag)
    return {"tag": tag}


@tracked_task(name="tests.short_limit", time_limit=20, soft_time_limit=10)
def short_limit(progress_) -> None:
    return None


# --- A broker that does not answer ---------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_a_dead_broker_fails_the_run_in_words_within_seconds(settings, alice):
    failed: list = []

    def receiver(sender, run_ids, **kwargs):
        failed.extend(run_ids)

    task_runs_failed.connect(receiver)
    try:
        with broker_down(settings), translation.override("fr"):
            started = time.monotonic()
            with pytest.raises(TaskDispatchError) as caught:
                start_task(ping, owner=alice)
            elapsed = time.monotonic() - started
    finally:
        task_runs_failed.disconnect(receiver)
    assert elapsed < 5
    assert caught.value.status_code == 503
    run = TaskRun.objects.get()
    assert run.state == TaskRun.State.FAILED and run.finished_at is not None
    assert run.error == str(caught.value.detail)
    assert "service des tâches ne répond pas" in run.error  # in the language of the request
    assert failed == [run.id]


@pytest.mark.django_db(transaction=True)
def test_a_broker_that_accepts_but_never_answers_fails_the_run_within_5_seconds(settings, alice):
    with silent_port() as port, broker_down(settings, port):
        started = time.monotonic()
        with pytest.raises(TaskDispatchError):
            start_task(ping, owner=alice)
        elapsed = time.monotonic() - started
    assert elapsed < 5
    assert TaskRun.objects.get().state == TaskRun.State.FAILED


@pytest.mark.django_db(transaction=True)
def test_the_task_check_page_answers_503_in_words_when_the_broker_is_down(settings, client, alice):
    client.force_login(alice)
    with broker_down(settings):
        started = time.monotonic()
        response = client.post(reverse("task-ping"))
        elapsed = time.monotonic() - started
    assert elapsed < 5
    assert response.status_code == 503 and response["Retry-After"] == "60"
    body = response.content.decode()
    assert "ne répond pas" in body and 'role="alert"' in body
    assert not TaskRun.objects.filter(state__in=["pending", "running"]).exists()


# --- Redelivery: late acknowledgement, idempotent runs -------------------------------------------------

@pytest.mark.django_db
def test_a_finished_run_delivered_again_does_not_run_again(alice):
    EXECUTIONS.clear()
    run = start_task(counted, owner=alice, tag="first")
    assert run.state == TaskRun.State.DONE and run.attempts == 1 and EXECUTIONS == ["first"]
    counted.apply(kwargs={"task_run_id": str(run.id), "tag": "again"})
    run.refresh_from_db()
    assert EXECUTIONS == ["first"] and run.result == {"tag": "first"} and run.attempts == 1


@pytest.mark.django_db
def test_a_run_whose_worker_died_runs_again_and_counts_its_attempts(alice):
    EXECUTIONS.clear()
    run = TaskRun.objects.create(kind="tests.counted", owner=alice, state=TaskRun.State.RUNNING, attempts=1)
    counted.apply(kwargs={"task_run_id": str(run.id), "tag": "redelivered"})
    run.refresh_from_db()
    assert run.state == TaskRun.State.DONE and run.attempts == 2 and EXECUTIONS == ["redelivered"]


@pytest.mark.django_db
def test_a_task_that_kills_its_worker_every_time_is_abandoned_in_words(alice, settings):
    settings.TIRAGE_TASK_MAX_ATTEMPTS = 3
    EXECUTIONS.clear()
    run = TaskRun.objects.create(kind="tests.counted", owner=alice, state=TaskRun.State.RUNNING, attempts=3)
    counted.apply(kwargs={"task_run_id": str(run.id), "task_language": "en", "tag": "fourth"})
    run.refresh_from_db()
    assert EXECUTIONS == [] and run.state == TaskRun.State.FAILED and run.attempts == 4
    assert run.error == "The task stopped its worker 3 times in a row; it was abandoned."


@pytest.mark.django_db
def test_a_missing_run_is_not_claimed():
    assert claim("8f1c9a52-0000-4000-8000-000000000000") is False


# --- Stale runs ------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_run_running_past_its_hard_limit_is_failed_when_read(alice):
    run = TaskRun.objects.create(kind="core.ping", owner=alice, state=TaskRun.State.RUNNING, progress=40)
    make_stale(run, seconds_past=1)
    body = api_for(alice).get(f"/api/tasks/{run.id}/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert body["state"] == "failed"
    assert body["error"] == "La tâche ne répond plus (son processus a sans doute redémarré)\u00a0; relancez-la."


@pytest.mark.django_db
def test_a_running_run_is_not_failed_before_its_hard_limit_even_if_silent(alice, settings):
    run = TaskRun.objects.create(kind="core.ping", owner=alice, state=TaskRun.State.RUNNING)
    almost = timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT - 5)
    TaskRun.objects.filter(pk=run.pk).update(started_at=almost, updated_at=almost)
    assert expire_stale_runs() == []
    run.refresh_from_db()
    assert run.state == TaskRun.State.RUNNING


@pytest.mark.django_db
def test_a_task_with_its_own_hard_limit_is_failed_past_that_limit(alice):
    run = TaskRun.objects.create(kind="tests.short_limit", owner=alice, state=TaskRun.State.RUNNING)
    started = timezone.now() - timedelta(seconds=20 + 16)  # its 20 s limit and the grace, long before Celery's
    TaskRun.objects.filter(pk=run.pk).update(started_at=started, updated_at=started)
    assert expire_stale_runs() == [run.id]


@pytest.mark.django_db
def test_a_pending_run_no_worker_took_is_failed_in_words_past_the_pending_limit(alice, settings):
    waiting = TaskRun.objects.create(kind="core.ping", owner=alice)
    recent = TaskRun.objects.create(kind="core.ping", owner=alice)
    make_stale(waiting, seconds_past=1)
    with translation.override("en"):
        assert expire_stale_runs() == [waiting.id]
    waiting.refresh_from_db()
    recent.refresh_from_db()
    assert waiting.state == TaskRun.State.FAILED
    assert waiting.error == "No worker took the task in time (the task service may be stopped); start it again."
    assert recent.state == TaskRun.State.PENDING


@pytest.mark.django_db
def test_a_run_restarted_meanwhile_is_not_failed(alice):
    run = TaskRun.objects.create(kind="core.ping", owner=alice, state=TaskRun.State.RUNNING)
    make_stale(run)
    assert claim(run.id)  # a redelivery started it again: its hard limit counts from now
    assert expire_stale_runs() == []


@pytest.mark.django_db
def test_the_task_list_fails_stale_runs_before_listing_them(alice, bob):
    mine = TaskRun.objects.create(kind="core.ping", owner=alice, state=TaskRun.State.RUNNING)
    theirs = TaskRun.objects.create(kind="core.ping", owner=bob, state=TaskRun.State.RUNNING)
    make_stale(mine)
    make_stale(theirs)
    states = {row["id"]: row["state"] for row in api_for(alice).get("/api/tasks/").json()}
    assert states == {str(mine.id): "failed"}
    theirs.refresh_from_db()
    assert theirs.state == TaskRun.State.RUNNING  # only the reader's runs are touched on read


@pytest.mark.django_db
def test_the_sweep_command_fails_every_stale_run(alice, bob):
    runs = [TaskRun.objects.create(kind="core.ping", owner=owner, state=TaskRun.State.RUNNING) for owner in (alice, bob)]
    for run in runs:
        make_stale(run)
    alive = TaskRun.objects.create(kind="core.ping", owner=alice, state=TaskRun.State.RUNNING)
    from io import StringIO

    out = StringIO()
    call_command("expire_stale_tasks", stdout=out)
    assert out.getvalue().startswith("2 stale task run(s) failed")
    assert set(TaskRun.objects.filter(state="failed").values_list("pk", flat=True)) == {r.id for r in runs}
    alive.refresh_from_db()
    assert alive.state == TaskRun.State.RUNNING


@pytest.mark.django_db
def test_the_beat_schedule_runs_the_registered_sweep_every_15_seconds(alice, settings):
    entry = settings.CELERY_BEAT_SCHEDULE["expire-stale-task-runs"]
    assert entry["schedule"] <= 15
    sweep = celery_app.tasks[entry["task"]]
    run = TaskRun.objects.create(kind="core.ping", owner=alice, state=TaskRun.State.RUNNING)
    make_stale(run)
    assert sweep.apply().get() == 1
    run.refresh_from_db()
    assert run.state == TaskRun.State.FAILED


def test_celery_settings_hand_tasks_to_another_worker_when_theirs_dies(settings):
    conf = celery_app.conf
    assert conf.task_acks_late is True and conf.task_reject_on_worker_lost is True
    assert conf.worker_prefetch_multiplier == 1
    assert conf.task_soft_time_limit < conf.task_time_limit
    assert conf.broker_transport_options["visibility_timeout"] > conf.task_time_limit
    assert conf.broker_transport_options["visibility_timeout"] < settings.TIRAGE_TASK_PENDING_LIMIT


# --- Heartbeats: a whole worker killed is noticed within a minute ---------------------------------------

def dead_worker_run(owner, *, attempts: int = 1, tag: str = "handed over", arguments: bool = True,
                    silent_for: int | None = None, started_ago: int = 60) -> TaskRun:
    """A run "running" on a worker that beat once and then died (``silent_for`` seconds ago)."""
    from django.conf import settings

    now = timezone.now()
    run = TaskRun(kind="tests.counted", owner=owner, state=TaskRun.State.RUNNING, attempts=attempts,
                  heartbeat_by="gone-host:4242")
    run.arguments = {"task_run_id": str(run.id), "task_language": "en", "tag": tag} if arguments else None
    run.save(force_insert=True)
    silent = silent_for if silent_for is not None else settings.TIRAGE_TASK_HEARTBEAT_TIMEOUT + 1
    TaskRun.objects.filter(pk=run.pk).update(started_at=now - timedelta(seconds=started_ago),
                                             heartbeat_at=now - timedelta(seconds=silent))
    return run


@pytest.mark.django_db
def test_start_task_keeps_the_arguments_to_hand_the_run_over(alice):
    run = start_task(counted, owner=alice, tag="kept")
    assert run.arguments == {"task_run_id": str(run.id), "task_language": "fr", "tag": "kept"}


@pytest.mark.django_db
def test_a_run_whose_worker_stopped_beating_is_handed_to_another_worker(alice, django_capture_on_commit_callbacks):
    EXECUTIONS.clear()
    run = dead_worker_run(alice)
    with django_capture_on_commit_callbacks(execute=True):
        assert expire_stale_runs() == []  # not failed: queued again (and, in sync mode, run at once)
    run.refresh_from_db()
    assert run.state == TaskRun.State.DONE and run.attempts == 2 and EXECUTIONS == ["handed over"]
    assert run.result == {"tag": "handed over"} and run.heartbeat_at is None  # inline: no heartbeat


@pytest.mark.django_db
def test_a_handed_over_run_waits_pending_for_a_worker(alice, settings, django_capture_on_commit_callbacks):
    settings.TIRAGE_TASKS_MODE = "celery"
    sent: list[dict] = []
    original = counted.apply_async
    counted.apply_async = lambda **kwargs: sent.append(kwargs)
    try:
        run = dead_worker_run(alice)
        with django_capture_on_commit_callbacks(execute=True):
            body = api_for(alice).get(f"/api/tasks/{run.id}/", HTTP_ACCEPT_LANGUAGE="fr").json()
    finally:
        counted.apply_async = original
    assert body["state"] == "pending"  # noticed on read
    assert body["message"] == "Son processus s’est arrêté\u00a0: la tâche a été confiée à un autre."
    run.refresh_from_db()
    assert run.state == TaskRun.State.PENDING and run.progress == 0 and run.heartbeat_by == ""
    assert sent == [{"kwargs": run.arguments, "task_id": str(run.id)}]


@pytest.mark.django_db(transaction=True)
def test_a_handed_over_run_with_the_broker_down_is_failed_in_words(alice, settings):
    run = dead_worker_run(alice)
    with broker_down(settings), translation.override("en"):
        started = time.monotonic()
        expire_stale_runs()
        elapsed = time.monotonic() - started
    run.refresh_from_db()
    assert elapsed < 5 and run.state == TaskRun.State.FAILED
    assert run.error == ("Its worker stopped, and the task service is not answering to hand it to another one; "
                         "start it again in a few minutes.")


@pytest.mark.django_db
def test_a_run_whose_worker_died_too_often_is_failed_in_words(alice, settings):
    settings.TIRAGE_TASK_MAX_ATTEMPTS = 3
    EXECUTIONS.clear()
    run = dead_worker_run(alice, attempts=3)
    with translation.override("en"):
        assert expire_stale_runs() == [run.id]
    run.refresh_from_db()
    assert EXECUTIONS == [] and run.state == TaskRun.State.FAILED
    assert run.error == "The worker running the task stopped 3 times; the task was abandoned."


@pytest.mark.django_db
def test_a_run_that_used_up_its_time_is_failed_not_run_again(alice, settings):
    EXECUTIONS.clear()
    run = dead_worker_run(alice, started_ago=settings.CELERY_TASK_SOFT_TIME_LIMIT + 5)
    with translation.override("en"):
        assert expire_stale_runs() == [run.id]
    run.refresh_from_db()
    assert EXECUTIONS == [] and run.error == "The task took longer than its time limit and was stopped."


@pytest.mark.django_db
def test_a_dead_run_without_its_arguments_is_failed_in_words(alice):
    run = dead_worker_run(alice, arguments=False)
    with translation.override("fr"):
        assert expire_stale_runs() == [run.id]
    run.refresh_from_db()
    assert run.error == "La tâche ne répond plus (son processus a sans doute redémarré)\u00a0; relancez-la."


@pytest.mark.django_db
def test_a_run_with_a_fresh_heartbeat_is_left_alone(alice, settings):
    EXECUTIONS.clear()
    run = dead_worker_run(alice, silent_for=settings.TIRAGE_TASK_HEARTBEAT_TIMEOUT - 5)
    assert expire_stale_runs() == []
    run.refresh_from_db()
    assert run.state == TaskRun.State.RUNNING and EXECUTIONS == []


@pytest.mark.django_db
def test_a_delivery_does_not_run_what_another_live_process_is_running(alice):
    EXECUTIONS.clear()
    run = dead_worker_run(alice, silent_for=1)  # "gone-host:4242" beat a second ago: alive, elsewhere
    counted.apply(kwargs=run.arguments)
    run.refresh_from_db()
    assert EXECUTIONS == [] and run.state == TaskRun.State.RUNNING and run.attempts == 1


@pytest.mark.django_db
def test_a_delivery_runs_what_a_dead_process_of_this_host_left(alice):
    import socket
    import subprocess
    import sys

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    EXECUTIONS.clear()
    run = dead_worker_run(alice, silent_for=1)
    TaskRun.objects.filter(pk=run.pk).update(heartbeat_by=f"{socket.gethostname()}:{gone.stdout.strip()}")
    counted.apply(kwargs=run.arguments)  # its pool process was killed: the message came back at once
    run.refresh_from_db()
    assert EXECUTIONS == ["handed over"] and run.state == TaskRun.State.DONE and run.attempts == 2


@pytest.mark.django_db(transaction=True)
def test_a_task_in_a_background_thread_beats_while_it_runs(alice, settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    settings.TIRAGE_TASK_HEARTBEAT_INTERVAL = 0.2
    run = start_task(slow, owner=alice, seconds=1.0)
    beats = set()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.state == TaskRun.State.RUNNING and run.heartbeat_at is not None:
            beats.add(run.heartbeat_at)
        if run.is_finished:
            break
        time.sleep(0.05)
    assert run.state == TaskRun.State.DONE, run.error
    assert len(beats) >= 3 and run.heartbeat_by.endswith(f":{__import__('os').getpid()}")


@pytest.mark.django_db
def test_a_run_pending_a_while_is_sent_once_more_its_message_may_be_lost(alice, settings,
                                                                          django_capture_on_commit_callbacks):
    """Redis restarted between the send and a worker taking the message: the run would wait pending until the
    pending limit (13 minutes) and fail. The sweep sends it once more after RESEND_PENDING_AFTER_SECONDS."""
    from core import progress

    settings.TIRAGE_TASKS_MODE = "celery"
    sent: list[dict] = []
    original = ping.apply_async
    ping.apply_async = lambda **kwargs: sent.append(kwargs)
    try:
        run = TaskRun.objects.create(kind=ping.name, owner=alice, arguments={"task_run_id": "x", "steps": 1})
        with django_capture_on_commit_callbacks(execute=True):
            expire_stale_runs()
        assert sent == []  # just queued: a worker may take it any moment
        TaskRun.objects.filter(pk=run.pk).update(
            created_at=timezone.now() - timedelta(seconds=progress.RESEND_PENDING_AFTER_SECONDS + 5))
        with django_capture_on_commit_callbacks(execute=True):
            assert expire_stale_runs() == []  # not failed: sent again
        assert sent == [{"kwargs": run.arguments, "task_id": str(run.id)}]
        with django_capture_on_commit_callbacks(execute=True):
            expire_stale_runs()
        assert len(sent) == 1  # once only
        run.refresh_from_db()
        assert run.state == TaskRun.State.PENDING and run.heartbeat_by == progress.RESENT
    finally:
        ping.apply_async = original


@pytest.mark.django_db
def test_a_run_pending_past_the_pending_limit_is_failed_not_sent_again(alice, settings):
    settings.TIRAGE_TASKS_MODE = "celery"
    run = TaskRun.objects.create(kind=ping.name, owner=alice, arguments={"task_run_id": "x"})
    TaskRun.objects.filter(pk=run.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.TIRAGE_TASK_PENDING_LIMIT + 5))
    assert expire_stale_runs() == [run.pk]
