"""The shared way for long tasks to report progress and outcome (see :class:`core.models.TaskRun`).

Writing a task::

    from core.progress import tracked_task

    @tracked_task(name="lexicon.compile")
    def compile_lexicon(progress, lexicon_id: int) -> dict:
        progress.report(10, "Reading words")
        ...
        return {"nodes": 1234}          # JSON-serialisable: stored as TaskRun.result

Starting it (from a view, a service or a command), by its name, so services never import tasks modules
(the tasks import the services they run)::

    run = start_task("lexicon.compile", owner=request.user, lexicon_id=3)   # returns the TaskRun at once

Each app's ``tasks`` module (imported by its AppConfig's ``ready``, and by Celery's autodiscovery in a
worker) registers its tasks, so every name is known in every process.

A raised :class:`TaskFailure` is recorded with its message as the error shown to the user; any other
exception is recorded as "Unexpected error (ExcType): message" and logged with its traceback.
The task runs in the language of whoever started it (``task_language``, a reserved keyword), so
translated messages and errors read in the user's language, whichever process runs the task.

Dispatch follows ``settings.TIRAGE_TASKS_MODE``: ``celery`` (a worker through the broker), ``thread``
(this process, a background thread, so a web request returns at once), ``sync`` (inline: tests).
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import socket
import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

from celery import current_app, current_task, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import F, QuerySet
from django.dispatch import Signal
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import status
from rest_framework.exceptions import APIException

from core.models import SHARED_TASK_KINDS, TaskRun

logger = logging.getLogger(__name__)

State = TaskRun.State


class TaskFailure(Exception):
    """A task failed for a reason the user should read (the message is stored as-is)."""


class TaskDispatchError(APIException):
    """The task could not be handed to a worker (the broker does not answer). Its run is already failed.

    An ``APIException`` so the API answers 503 ``{"detail": ...}`` by itself; pages get the same words from
    ``core.task_middleware.TaskDispatchErrorMiddleware``. Services that created a row for the task (a grid, a
    crossword) catch it to delete that row, then raise it again.
    """

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "tasks_unavailable"


class TooManyTasks(APIException):
    """The user already has :data:`settings.TIRAGE_TASKS_IN_FLIGHT` runs of this kind pending or running: no run
    is made (429 in words; pages get the same words from ``core.task_middleware``).

    Why: one learner starting comparison after comparison kept every worker busy, and another learner's
    duplicate game (0.3 s of work) waited minutes behind them. Raised inside the service's transaction, so the row
    made for the run (a grid, a crossword) is rolled back with it.
    """

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "too_many_tasks"


def _refuse_beyond_the_limit(task: Any, owner: Any) -> None:
    limit = int(getattr(settings, "TIRAGE_TASKS_IN_FLIGHT", 3))
    if owner is None or limit <= 0:
        return
    in_flight = TaskRun.objects.filter(owner=owner, kind=task.name,
                                       state__in=(TaskRun.State.PENDING, TaskRun.State.RUNNING)).count()
    if in_flight >= limit:
        raise TooManyTasks(ngettext(
            "You already have %(count)s task of this kind under way: wait until it ends, then start another.",
            "You already have %(count)s tasks of this kind under way: wait until one ends, then start another.",
            in_flight) % {"count": in_flight})


task_runs_failed = Signal()
"""Sent with ``run_ids`` (a list of TaskRun ids) when runs are failed outside their task: found stale or
never dispatched. Apps whose rows follow a run (grids, crosswords) mark those rows failed too."""

STALE_GRACE_SECONDS = 15
"""Past the hard limit, how long a running run may still be finishing (its last write) before it is failed."""


def report(task_run_id: uuid.UUID | str, percent: float, message: str = "") -> None:
    """Record progress (clamped to 0..100) and a short message for a running task."""
    pct = max(0, min(100, int(percent)))
    TaskRun.objects.filter(pk=task_run_id).update(
        progress=pct, message=message[:255], updated_at=timezone.now()
    )


def _executor() -> str:
    """Who runs a task: ``host:pid``, stored with its heartbeat."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _executor_is_dead(executor: str) -> bool:
    """Whether ``executor`` (``host:pid``) is a process of this host that no longer exists."""
    host, _sep, pid = executor.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # exists, owned by someone else
        return False
    return False


def _heartbeat_fresh(heartbeat_at, now) -> bool:
    return heartbeat_at is not None and heartbeat_at >= now - timedelta(
        seconds=int(settings.TIRAGE_TASK_HEARTBEAT_TIMEOUT))


def claim(task_run_id: uuid.UUID | str, *, heartbeat: bool = False) -> bool:
    """Mark the run running for one more delivery of its message; False when it must not run.

    Why: with late acknowledgement a message can be delivered again (its worker died, or died after the
    task ended but before acknowledging; or the run was handed to another worker while a message of the
    dead one was still queued). A run already finished (done, or failed as stale meanwhile) is not run
    again; nor is a run whose heartbeat says another live process is running it; and a run delivered more
    than ``TIRAGE_TASK_MAX_ATTEMPTS`` times (a task that kills its worker each time) is failed in words
    instead of looping. ``heartbeat``: this process will beat for the run (workers, in-process threads).
    """
    now = timezone.now()
    row = TaskRun.objects.filter(pk=task_run_id).values_list("state", "heartbeat_at", "heartbeat_by").first()
    if row is None or row[0] not in (State.PENDING, State.RUNNING):
        logger.info("task run %s is finished or gone: this delivery does nothing", task_run_id)
        return False
    state, heartbeat_at, heartbeat_by = row
    if (state == State.RUNNING and _heartbeat_fresh(heartbeat_at, now) and heartbeat_by != _executor()
            and not _executor_is_dead(heartbeat_by)):
        logger.info("task run %s is running in %s: this delivery does nothing", task_run_id, heartbeat_by)
        return False
    claimed = TaskRun.objects.filter(pk=task_run_id, state=state, heartbeat_at=heartbeat_at).update(
        state=State.RUNNING, started_at=now, updated_at=now, attempts=F("attempts") + 1,
        heartbeat_at=now if heartbeat else None, heartbeat_by=_executor() if heartbeat else "")
    if not claimed:
        logger.info("task run %s was claimed by another delivery meanwhile", task_run_id)
        return False
    attempts = TaskRun.objects.filter(pk=task_run_id).values_list("attempts", flat=True).first() or 0
    if attempts > settings.TIRAGE_TASK_MAX_ATTEMPTS:
        logger.warning("task run %s delivered %s times: failed", task_run_id, attempts)
        mark_failed(task_run_id, _("The task stopped its worker %(n)s times in a row; it was abandoned.")
                    % {"n": attempts - 1})
        task_runs_failed.send(sender=TaskRun, run_ids=[task_run_id])
        return False
    return True


class Heartbeat:
    """A thread writing ``heartbeat_at`` every ``TASK_HEARTBEAT_INTERVAL`` seconds while a task runs.

    Why: a worker killed as a whole (SIGKILL of its main process and its pool, a machine lost) leaves its
    run "running" with nobody to say otherwise; the Redis broker hands its message out again only after
    the visibility timeout (minutes). A run whose heartbeat is older than ``TASK_HEARTBEAT_TIMEOUT`` is
    known dead within a minute (:func:`expire_stale_runs`) and handed to another worker. The thread writes
    only while the run is running (its own database connection, closed when it stops); a failed write is
    logged and retried at the next beat.
    """

    def __init__(self, task_run_id: uuid.UUID | str) -> None:
        self.task_run_id = task_run_id
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._beat, name=f"heartbeat-{task_run_id}", daemon=True)

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self._stopped.set()
        self._thread.join(timeout=5)

    def _beat(self) -> None:
        interval = float(settings.TIRAGE_TASK_HEARTBEAT_INTERVAL)
        try:
            while not self._stopped.wait(interval):
                try:
                    TaskRun.objects.filter(pk=self.task_run_id, state=State.RUNNING).update(
                        heartbeat_at=timezone.now())
                except Exception as exc:  # a database blip: the next beat tries again
                    logger.warning("heartbeat of task run %s not written: %s", self.task_run_id, exc)
                    close_old_connections()
        finally:
            connection.close()


def mark_done(task_run_id: uuid.UUID | str, result: Any = None, message: str = "") -> None:
    now = timezone.now()
    TaskRun.objects.filter(pk=task_run_id).update(
        state=State.DONE, progress=100, result=result, message=message[:255], finished_at=now, updated_at=now
    )


def mark_failed(task_run_id: uuid.UUID | str, error: str) -> None:
    now = timezone.now()
    TaskRun.objects.filter(pk=task_run_id).update(
        state=State.FAILED, error=error, finished_at=now, updated_at=now
    )


def task_of_kind(kind: str) -> Any:
    """The registered Celery task named ``kind``, or None.

    A web process imports the apps' task modules only when a service starts a task; Celery's registry
    then lacks the others. The apps' ``tasks`` modules are imported once on first need (Celery's own
    autodiscovery, as a worker does at start), so a run read or swept there finds its task and limits.
    """
    if not kind:
        return None
    tasks = current_app.tasks
    if kind not in tasks:
        current_app.loader.import_default_modules()
    return tasks.get(kind)


def hard_limit_seconds(kind: str = "") -> int:
    """The hard time limit of the task ``kind`` (its own, else Celery's default): no run lives longer."""
    task = task_of_kind(kind)
    # Celery copies its default onto every task's ``time_limit``, so only a limit given to tracked_task
    # (kept aside) is the task's own; otherwise the setting, read now (tests and deployments change it).
    own = getattr(task, "tirage_time_limit", None)
    return int(own or settings.CELERY_TASK_TIME_LIMIT)


def stale_after_seconds(kind: str = "") -> int:
    """A run of ``kind`` still running this long after it started is dead (its worker was killed)."""
    return hard_limit_seconds(kind) + STALE_GRACE_SECONDS


def soft_limit_seconds(kind: str = "") -> int:
    """The soft time limit of the task ``kind`` (its own, else Celery's default)."""
    task = task_of_kind(kind)
    own = getattr(task, "tirage_soft_time_limit", None)
    return int(own or settings.CELERY_TASK_SOFT_TIME_LIMIT)


def _stale_error(state: str) -> str:
    if state == State.PENDING:
        return _("No worker took the task in time (the task service may be stopped); start it again.")
    return _("The task stopped answering (its process probably restarted); start it again.")


def _is_stale(kind: str, state: str, started_at, created_at, updated_at, attempts: int, now) -> bool:
    """Running past the hard limit (counted from its latest start), or pending past the pending limit
    (counted from when it was queued: created, or handed to another worker after a first attempt)."""
    if state == State.RUNNING:
        return (started_at or updated_at) < now - timedelta(seconds=stale_after_seconds(kind))
    queued_at = updated_at if attempts else created_at
    return queued_at < now - timedelta(seconds=int(settings.TIRAGE_TASK_PENDING_LIMIT))


def _worker_gone(state: str, heartbeat_at, now) -> bool:
    """A running run whose process beat once and then stopped beating: that process is dead."""
    return state == State.RUNNING and heartbeat_at is not None and not _heartbeat_fresh(heartbeat_at, now)


def _fail(pk, state: str, started_at, now, error: str) -> bool:
    """Fail the run in words if it did not move meanwhile (same state, same start)."""
    return bool(TaskRun.objects.filter(pk=pk, state=state, started_at=started_at).update(
        state=State.FAILED, error=error, finished_at=now, updated_at=now))


def _hand_over(pk, kind: str, attempts: int, started_at, heartbeat_at, arguments, now) -> str | None:
    """A run whose worker died: queue it again for another worker, or say in words why not.

    Returns None when it was queued again, else the error to fail it with: the attempt limit reached
    (``TASK_MAX_ATTEMPTS``: a task that kills its worker each time), its time used up (it had run past
    its soft limit: running it again would only hit the limit again), or nothing to send (a run started
    before runs kept their arguments).
    """
    task = task_of_kind(kind)
    if attempts >= settings.TIRAGE_TASK_MAX_ATTEMPTS:
        return _("The worker running the task stopped %(n)s times; the task was abandoned.") % {"n": attempts}
    if started_at is not None and started_at < now - timedelta(seconds=soft_limit_seconds(kind)):
        return _("The task took longer than its time limit and was stopped.")
    if task is None or arguments is None:
        return _stale_error(State.RUNNING)
    queued = TaskRun.objects.filter(pk=pk, state=State.RUNNING, heartbeat_at=heartbeat_at).update(
        state=State.PENDING, progress=0, heartbeat_at=None, heartbeat_by="", updated_at=now,
        message=_("Its worker stopped; the task was handed to another worker.")[:255])
    if queued:
        logger.warning("task run %s (%s): its worker stopped beating; queued again (attempt %s of %s)",
                       pk, kind, attempts + 1, settings.TIRAGE_TASK_MAX_ATTEMPTS)
        transaction.on_commit(lambda: _send_again(task, arguments, pk))
    return None


def _send_again(task: Any, arguments: dict[str, Any], pk) -> None:
    """Dispatch a handed-over run as ``start_task`` did; a broker that does not answer fails it in words."""
    mode = settings.TIRAGE_TASKS_MODE
    try:
        if mode == "celery":
            task.apply_async(kwargs=arguments, task_id=str(pk))
        elif mode == "thread":
            _start_thread(task, arguments, str(pk))
        else:
            task.apply(kwargs=arguments, task_id=str(pk))
    except Exception as exc:
        logger.warning("could not send task run %s again: %s", pk, exc)
        now = timezone.now()
        if TaskRun.objects.filter(pk=pk, state=State.PENDING).update(
                state=State.FAILED, finished_at=now, updated_at=now,
                error=_("Its worker stopped, and the task service is not answering to hand it to another one; "
                        "start it again in a few minutes.")):
            task_runs_failed.send(sender=TaskRun, run_ids=[pk])


RESEND_PENDING_AFTER_SECONDS = 45
"""A run still pending this long after it was queued is sent once more: its message may have been lost (Redis
restarted between the send and a worker taking it: a run stayed pending 13 minutes, then failed). A second
delivery of a message that did arrive is harmless: a finished run is not run again, nor one another live process
is running (:func:`claim`)."""
RESENT = "resent"
"""``heartbeat_by`` of a pending run sent once more (a worker taking it writes its own name there)."""


def _maybe_lost(state: str, created_at, updated_at, attempts: int, heartbeat_by: str, now) -> bool:
    if state != State.PENDING or heartbeat_by == RESENT or settings.TIRAGE_TASKS_MODE != "celery":
        return False
    queued_at = updated_at if attempts else created_at
    return queued_at < now - timedelta(seconds=RESEND_PENDING_AFTER_SECONDS)


def _resend(pk, kind: str, arguments) -> bool:
    """Send a pending run's message once more (once: marked :data:`RESENT` by a conditional update)."""
    task = task_of_kind(kind)
    if task is None or arguments is None:
        return False
    if not TaskRun.objects.filter(pk=pk, state=State.PENDING).exclude(heartbeat_by=RESENT).update(heartbeat_by=RESENT):
        return False
    logger.warning("task run %s (%s): still pending, its message may be lost; sent once more", pk, kind)
    transaction.on_commit(lambda: _send_again(task, arguments, pk))
    return True


def expire_stale_runs(runs: QuerySet[TaskRun] | None = None,
                      handed_over: list[uuid.UUID] | None = None) -> list[uuid.UUID]:
    """Hand to another worker, or fail in words, every dead run among ``runs`` (all runs by default);
    return the ids of the runs failed.

    Dead: running with a heartbeat older than ``TASK_HEARTBEAT_TIMEOUT`` (its worker is gone: queued
    again, up to ``TASK_MAX_ATTEMPTS``, see :func:`_hand_over`), running past its hard limit, or pending
    past the pending limit; a run pending for :data:`RESEND_PENDING_AFTER_SECONDS` is sent once more (its message
    may be lost). Called by the periodic sweep (``core.expire_stale_runs``, ``manage.py
    expire_stale_tasks``) and before a run, or a row that follows one, is read. One query when nothing is
    dead (unfinished runs are few and indexed); each change is made only if the run did not move meanwhile.
    The ids of the runs queued again are appended to ``handed_over`` when given.
    """
    runs = TaskRun.objects.all() if runs is None else runs
    now = timezone.now()
    unfinished = runs.filter(state__in=[State.PENDING, State.RUNNING]).values_list(
        "pk", "kind", "state", "started_at", "created_at", "updated_at", "heartbeat_at", "attempts", "arguments",
        "heartbeat_by")
    expired: list[uuid.UUID] = []
    for pk, kind, state, started_at, created_at, updated_at, heartbeat_at, attempts, arguments, by in unfinished:
        stale = _is_stale(kind, state, started_at, created_at, updated_at, attempts, now)
        if not stale and _maybe_lost(state, created_at, updated_at, attempts, by, now):
            _resend(pk, kind, arguments)
        elif _worker_gone(state, heartbeat_at, now):
            error = _hand_over(pk, kind, attempts, started_at, heartbeat_at, arguments, now)
            if error is None and handed_over is not None:
                handed_over.append(pk)
            if error is not None and _fail(pk, state, started_at, now, error):
                expired.append(pk)
        elif stale and _fail(pk, state, started_at, now, _stale_error(state)):
            expired.append(pk)
    if expired:
        logger.warning("failed %s stale task run(s): %s", len(expired), ", ".join(map(str, expired)))
        task_runs_failed.send(sender=TaskRun, run_ids=expired)
    return expired


def expire_if_stale(run: TaskRun) -> TaskRun:
    """Fail ``run`` in words when it is stale, or hand it to another worker when its worker is gone (see
    :func:`expire_stale_runs`), and return it fresh.

    Called whenever a run, or a row following one, is read, so no page or client polls a dead run
    forever; the periodic sweep catches the runs nobody reads.
    """
    if run.state not in (State.PENDING, State.RUNNING):
        return run
    handed_over: list[uuid.UUID] = []
    if expire_stale_runs(TaskRun.objects.filter(pk=run.pk), handed_over) or handed_over:
        run.refresh_from_db()
    return run


def describe_error(exc: BaseException) -> str:
    """The words stored for a failure: the message for expected failures, the type too otherwise."""
    if isinstance(exc, TaskFailure):
        return str(exc)
    if isinstance(exc, SoftTimeLimitExceeded):
        return _("The task took longer than its time limit and was stopped.")
    text = str(exc).strip()
    return _("Unexpected error (%(type)s)") % {"type": type(exc).__name__} + (f": {text}" if text else "")


class Progress:
    """What a tracked task receives as first argument: its run id and a ``report`` bound to it."""

    def __init__(self, task_run_id: uuid.UUID | str) -> None:
        self.task_run_id = task_run_id

    def report(self, percent: float, message: str = "") -> None:
        report(self.task_run_id, percent, message)


def tracked_task(name: str | None = None, *, shared: bool = False,
                 **celery_options: Any) -> Callable[[Callable[..., Any]], Any]:
    """Make ``func(progress, **kwargs)`` a Celery task whose life is recorded in a TaskRun.

    The Celery task takes ``task_run_id`` plus the function's keyword arguments (JSON-serialisable).
    ``shared``: work done once for everybody (its ownerless runs are visible to every signed-in user,
    ``core.models.SHARED_TASK_KINDS``); its result must hold nothing personal.
    """
    if shared and name:
        SHARED_TASK_KINDS.add(name)

    def decorator(func: Callable[..., Any]) -> Any:
        @functools.wraps(func)
        def run(task_run_id: str, task_language: str | None = None, **kwargs: Any) -> Any:
            with translation.override(_known_language(task_language)):
                beating = _heartbeat_wanted()
                if not claim(task_run_id, heartbeat=beating):
                    return None
                with Heartbeat(task_run_id) if beating else contextlib.nullcontext():
                    try:
                        result = func(Progress(task_run_id), **kwargs)
                        _check_storable(result)
                        mark_done(task_run_id, result)
                    except Exception as exc:
                        if not isinstance(exc, TaskFailure):
                            logger.exception("task %s (%s) failed", name or func.__name__, task_run_id)
                        mark_failed(task_run_id, describe_error(exc))
                        return None
                return result

        task = shared_task(name=name, **celery_options)(run)
        task.tirage_time_limit = celery_options.get("time_limit")
        task.tirage_soft_time_limit = celery_options.get("soft_time_limit")
        return task

    return decorator


def _check_storable(result: Any) -> None:
    """Refuse a result the JSON column cannot hold before writing, so the failure is recorded in words
    (a failed UPDATE would leave the surrounding transaction unusable for recording it)."""
    try:
        json.dumps(result, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"the task's result cannot be stored as JSON: {exc}") from None


def _known_language(code: str | None) -> str:
    available = {language for language, _name in settings.LANGUAGES}
    return code if code in available else settings.LANGUAGE_CODE


_inline_in_this_process = threading.local()
_background_thread = threading.local()


def _heartbeat_wanted() -> bool:
    """Tasks beat when a process of their own may die under them: on a worker (not applied inline), or in
    a background thread of this process (``thread`` mode); inline runs end with their caller."""
    request = getattr(current_task, "request", None)
    if request is not None and not getattr(request, "is_eager", True):
        return True
    return bool(getattr(_background_thread, "active", False))


@contextlib.contextmanager
def in_process_tasks_inline() -> Iterator[None]:
    """Within the block, tasks that would run in a background thread of this process run inline instead.

    Why: a management command (``import_lexicon``, ``create_starter_lists``) exits when its work is done,
    and a background thread dies with it, leaving its run "running" until the stale-run sweep fails it.
    Workers (``celery`` mode) are separate processes, so that mode is left as it is.
    """
    before = getattr(_inline_in_this_process, "active", False)
    _inline_in_this_process.active = True
    try:
        yield
    finally:
        _inline_in_this_process.active = before


class UnknownTask(LookupError):
    """No task is registered under that name (its app's ``tasks`` module was not imported)."""


def task_named(name: str) -> Any:
    """The task registered by :func:`tracked_task` under ``name``."""
    task = current_app.tasks.get(name)
    if task is None:
        raise UnknownTask(f"no task is registered as {name!r}; is its app's tasks module imported?")
    return task


def start_task(task: Any, *, owner=None, **kwargs: Any) -> TaskRun:
    """Create the TaskRun and dispatch ``task`` (its name, or the task made with :func:`tracked_task`) with
    ``kwargs``.

    A user with :data:`settings.TIRAGE_TASKS_IN_FLIGHT` runs of that kind in flight gets :class:`TooManyTasks`.

    Returns the TaskRun at once (already finished in ``sync`` mode). In ``celery`` and ``thread``
    modes dispatch waits for the surrounding transaction to commit, so the run row is visible to
    whoever executes it.
    """
    if isinstance(task, str):
        task = task_named(task)
    if owner is not None and not getattr(owner, "is_authenticated", False):
        owner = None  # AnonymousUser
    _refuse_beyond_the_limit(task, owner)
    run = TaskRun(kind=task.name, owner=owner)
    call_kwargs = {"task_run_id": str(run.id), "task_language": translation.get_language(), **kwargs}
    run.arguments = call_kwargs  # to hand the run to another worker if its worker dies
    run.save(force_insert=True)
    mode = settings.TIRAGE_TASKS_MODE
    if mode == "thread" and getattr(_inline_in_this_process, "active", False):
        mode = "sync"
    if mode == "sync":
        task.apply(kwargs=call_kwargs, task_id=str(run.id))
        run.refresh_from_db()
    elif mode == "celery":
        transaction.on_commit(lambda: _send(task, call_kwargs, run))
    elif mode == "thread":
        transaction.on_commit(lambda: _start_thread(task, call_kwargs, str(run.id)))
    else:
        raise ValueError(f"unknown TIRAGE_TASKS_MODE {mode!r}; expected celery, thread or sync")
    return run


def _send(task: Any, call_kwargs: dict[str, Any], run: TaskRun) -> None:
    """Hand the task to the broker; if it does not answer, fail the run in words and raise TaskDispatchError.

    The broker settings bound this to a few seconds (short socket timeouts, one retry), so a request
    answers quickly instead of hanging; the run is never left pending with no message behind it.
    """
    try:
        task.apply_async(kwargs=call_kwargs, task_id=str(run.id))
    except Exception as exc:
        logger.warning("could not send task %s (%s): %s", run.kind, run.id, exc)
        message = _("The task service is not answering right now, so nothing was started. "
                    "Try again in a few minutes.")
        mark_failed(run.id, message)
        run.refresh_from_db()
        task_runs_failed.send(sender=TaskRun, run_ids=[run.id])
        raise TaskDispatchError(message) from exc


def _start_thread(task: Any, call_kwargs: dict[str, Any], task_id: str) -> None:
    def target() -> None:
        close_old_connections()
        _background_thread.active = True
        try:
            task.apply(kwargs=call_kwargs, task_id=task_id)
        except Exception:  # the tracked wrapper records failures; this is a last resort
            logger.exception("in-process task %s crashed", task_id)
            mark_failed(task_id, _("The task crashed before it could record its outcome."))
        finally:
            connection.close()

    threading.Thread(target=target, name=f"task-{task_id}", daemon=True).start()
