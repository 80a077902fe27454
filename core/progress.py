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
import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

from celery import current_app, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import F, QuerySet
from django.dispatch import Signal
from django.utils import timezone, translation
from django.utils.translation import gettext as _
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


def claim(task_run_id: uuid.UUID | str) -> bool:
    """Mark the run running for one more delivery of its message; False when it must not run.

    Why: with late acknowledgement a message can be delivered again (its worker died, or died after the
    task ended but before acknowledging). A run already finished (done, or failed as stale meanwhile) is
    not run again, and a run delivered more than ``TIRAGE_TASK_MAX_ATTEMPTS`` times (a task that kills its
    worker each time) is failed in words instead of looping.
    """
    now = timezone.now()
    claimed = TaskRun.objects.filter(pk=task_run_id, state__in=[State.PENDING, State.RUNNING]).update(
        state=State.RUNNING, started_at=now, updated_at=now, attempts=F("attempts") + 1
    )
    if not claimed:
        logger.info("task run %s is finished or gone: this delivery does nothing", task_run_id)
        return False
    attempts = TaskRun.objects.filter(pk=task_run_id).values_list("attempts", flat=True).first() or 0
    if attempts > settings.TIRAGE_TASK_MAX_ATTEMPTS:
        logger.warning("task run %s delivered %s times: failed", task_run_id, attempts)
        mark_failed(task_run_id, _("The task stopped its worker %(n)s times in a row; it was abandoned.")
                    % {"n": attempts - 1})
        task_runs_failed.send(sender=TaskRun, run_ids=[task_run_id])
        return False
    return True


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


def hard_limit_seconds(kind: str = "") -> int:
    """The hard time limit of the task ``kind`` (its own, else Celery's default): no run lives longer."""
    task = current_app.tasks.get(kind) if kind else None
    # Celery copies its default onto every task's ``time_limit``, so only a limit given to tracked_task
    # (kept aside) is the task's own; otherwise the setting, read now (tests and deployments change it).
    own = getattr(task, "tirage_time_limit", None)
    return int(own or settings.CELERY_TASK_TIME_LIMIT)


def stale_after_seconds(kind: str = "") -> int:
    """A run of ``kind`` still running this long after it started is dead (its worker was killed)."""
    return hard_limit_seconds(kind) + STALE_GRACE_SECONDS


def _stale_error(state: str) -> str:
    if state == State.PENDING:
        return _("No worker took the task in time (the task service may be stopped); start it again.")
    return _("The task stopped answering (its process probably restarted); start it again.")


def _is_stale(kind: str, state: str, started_at, created_at, updated_at, now) -> bool:
    """Running past the hard limit (counted from its latest start), or pending past the pending limit."""
    if state == State.RUNNING:
        return (started_at or updated_at) < now - timedelta(seconds=stale_after_seconds(kind))
    return created_at < now - timedelta(seconds=int(settings.TIRAGE_TASK_PENDING_LIMIT))


def expire_stale_runs(runs: QuerySet[TaskRun] | None = None) -> list[uuid.UUID]:
    """Fail in words every stale run among ``runs`` (all runs by default); return their ids.

    Called by the periodic sweep (``core.expire_stale_runs``, ``manage.py expire_stale_tasks``) and before
    a run, or a row that follows one, is read. One query when nothing is stale (unfinished runs are few
    and indexed); each stale run is then failed only if it did not move meanwhile (same state, same start).
    """
    runs = TaskRun.objects.all() if runs is None else runs
    now = timezone.now()
    unfinished = runs.filter(state__in=[State.PENDING, State.RUNNING]).values_list(
        "pk", "kind", "state", "started_at", "created_at", "updated_at")
    expired: list[uuid.UUID] = []
    for pk, kind, state, started_at, created_at, updated_at in unfinished:
        if _is_stale(kind, state, started_at, created_at, updated_at, now) and TaskRun.objects.filter(
                pk=pk, state=state, started_at=started_at).update(
                state=State.FAILED, error=_stale_error(state), finished_at=now, updated_at=now):
            expired.append(pk)
    if expired:
        logger.warning("failed %s stale task run(s): %s", len(expired), ", ".join(map(str, expired)))
        task_runs_failed.send(sender=TaskRun, run_ids=expired)
    return expired


def expire_if_stale(run: TaskRun) -> TaskRun:
    """Fail ``run`` in words when it is stale (see :func:`expire_stale_runs`) and return it fresh.

    Called whenever a run, or a row following one, is read, so no page or client polls a dead run
    forever; the periodic sweep catches the runs nobody reads.
    """
    if run.state not in (State.PENDING, State.RUNNING):
        return run
    if expire_stale_runs(TaskRun.objects.filter(pk=run.pk)):
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
                if not claim(task_run_id):
                    return None
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

    Returns the TaskRun at once (already finished in ``sync`` mode). In ``celery`` and ``thread``
    modes dispatch waits for the surrounding transaction to commit, so the run row is visible to
    whoever executes it.
    """
    if isinstance(task, str):
        task = task_named(task)
    if owner is not None and not getattr(owner, "is_authenticated", False):
        owner = None  # AnonymousUser
    run = TaskRun.objects.create(kind=task.name, owner=owner)
    call_kwargs = {"task_run_id": str(run.id), "task_language": translation.get_language(), **kwargs}
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
        try:
            task.apply(kwargs=call_kwargs, task_id=task_id)
        except Exception:  # the tracked wrapper records failures; this is a last resort
            logger.exception("in-process task %s crashed", task_id)
            mark_failed(task_id, _("The task crashed before it could record its outcome."))
        finally:
            connection.close()

    threading.Thread(target=target, name=f"task-{task_id}", daemon=True).start()
