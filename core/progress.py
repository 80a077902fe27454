"""The shared way for long tasks to report progress and outcome (see :class:`core.models.TaskRun`).

Writing a task::

    from core.progress import tracked_task

    @tracked_task(name="lexicon.compile")
    def compile_lexicon(progress, lexicon_id: int) -> dict:
        progress.report(10, "Reading words")
        ...
        return {"nodes": 1234}          # JSON-serialisable: stored as TaskRun.result

Starting it (from a view, a service or a command)::

    run = start_task(compile_lexicon, owner=request.user, lexicon_id=3)   # returns the TaskRun at once

A raised :class:`TaskFailure` is recorded with its message as the error shown to the user; any other
exception is recorded as "Unexpected error (ExcType): message" and logged with its traceback.
The task runs in the language of whoever started it (``task_language``, a reserved keyword), so
translated messages and errors read in the user's language, whichever process runs the task.

Dispatch follows ``settings.TIRAGE_TASKS_MODE``: ``celery`` (a worker through the broker), ``thread``
(this process, a background thread, so a web request returns at once), ``sync`` (inline: tests).
"""

from __future__ import annotations

import functools
import json
import logging
import threading
import uuid
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.models import TaskRun

logger = logging.getLogger(__name__)

State = TaskRun.State


class TaskFailure(Exception):
    """A task failed for a reason the user should read (the message is stored as-is)."""


def report(task_run_id: uuid.UUID | str, percent: float, message: str = "") -> None:
    """Record progress (clamped to 0..100) and a short message for a running task."""
    pct = max(0, min(100, int(percent)))
    TaskRun.objects.filter(pk=task_run_id).update(
        progress=pct, message=message[:255], updated_at=timezone.now()
    )


def mark_running(task_run_id: uuid.UUID | str) -> None:
    TaskRun.objects.filter(pk=task_run_id).update(
        state=State.RUNNING, started_at=timezone.now(), updated_at=timezone.now()
    )


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


def stale_after_seconds() -> int:
    """No task may run longer than Celery's hard time limit, so a running task silent for longer is dead."""
    return int(settings.CELERY_TASK_TIME_LIMIT)


def expire_if_stale(run: TaskRun) -> TaskRun:
    """Mark a run failed when its process died mid-task (a worker killed, the dev server reloaded).

    Called when a run is read, so a page never polls a dead run forever. Only ``running`` runs expire:
    a ``pending`` one may legitimately wait in the queue for a worker.
    """
    if run.state != State.RUNNING:
        return run
    now = timezone.now()
    limit = now - timedelta(seconds=stale_after_seconds())
    error = _("The task stopped answering (its process probably restarted); start it again.")
    if TaskRun.objects.filter(pk=run.pk, state=State.RUNNING, updated_at__lt=limit).update(
        state=State.FAILED, error=error, finished_at=now, updated_at=now
    ):
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


def tracked_task(name: str | None = None, **celery_options: Any) -> Callable[[Callable[..., Any]], Any]:
    """Make ``func(progress, **kwargs)`` a Celery task whose life is recorded in a TaskRun.

    The Celery task takes ``task_run_id`` plus the function's keyword arguments (JSON-serialisable).
    """

    def decorator(func: Callable[..., Any]) -> Any:
        @functools.wraps(func)
        def run(task_run_id: str, task_language: str | None = None, **kwargs: Any) -> Any:
            with translation.override(_known_language(task_language)):
                try:
                    mark_running(task_run_id)
                    result = func(Progress(task_run_id), **kwargs)
                    _check_storable(result)
                    mark_done(task_run_id, result)
                except Exception as exc:
                    if not isinstance(exc, TaskFailure):
                        logger.exception("task %s (%s) failed", name or func.__name__, task_run_id)
                    mark_failed(task_run_id, describe_error(exc))
                    return None
                return result

        return shared_task(name=name, **celery_options)(run)

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


def start_task(task: Any, *, owner=None, **kwargs: Any) -> TaskRun:
    """Create the TaskRun and dispatch ``task`` (made with :func:`tracked_task`) with ``kwargs``.

    Returns the TaskRun at once (already finished in ``sync`` mode). In ``celery`` and ``thread``
    modes dispatch waits for the surrounding transaction to commit, so the run row is visible to
    whoever executes it.
    """
    if owner is not None and not getattr(owner, "is_authenticated", False):
        owner = None  # AnonymousUser
    run = TaskRun.objects.create(kind=task.name, owner=owner)
    call_kwargs = {"task_run_id": str(run.id), "task_language": translation.get_language(), **kwargs}
    mode = settings.TIRAGE_TASKS_MODE
    if mode == "sync":
        task.apply(kwargs=call_kwargs, task_id=str(run.id))
        run.refresh_from_db()
    elif mode == "celery":
        transaction.on_commit(lambda: task.apply_async(kwargs=call_kwargs, task_id=str(run.id)))
    elif mode == "thread":
        transaction.on_commit(lambda: _start_thread(task, call_kwargs, str(run.id)))
    else:
        raise ValueError(f"unknown TIRAGE_TASKS_MODE {mode!r}; expected celery, thread or sync")
    return run


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
