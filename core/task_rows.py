"""The life cycle of a task-backed row (:class:`core.models.TaskRow`), written once for every mode.

- :func:`start_row_task`: create the row and start its task by name in one transaction; when the task
  service does not answer, delete the row (nothing was started) and let ``TaskDispatchError`` answer.
- :func:`failing_in_words`: around a task body, record any failure on the row in words and raise it as a
  :class:`~core.progress.TaskFailure` so the task run says it too.
- :func:`mark_row`: set a row's status (and what goes with it) by primary key, without reading it.
- :func:`follow_run`: when read, a row whose run was failed (or found stale) follows it.
- :func:`fail_rows_of_runs`: the receiver of ``task_runs_failed`` (connected by core for every subclass).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from django.apps import apps
from django.db import transaction
from django.utils import timezone

from core.models import TaskRow, TaskRun
from core.progress import TaskDispatchError, TaskFailure, expire_if_stale, start_task

Row = TypeVar("Row", bound=TaskRow)

ERROR_MAX_CHARS = 2000


def start_row_task(create: Callable[[], Row], task_name: str, row_argument: str, *, owner: Any = None,
                   **task_kwargs: Any) -> Row:
    """Create a row with ``create()`` and start ``task_name`` for it (its id passed as ``row_argument``).

    The task is sent when the transaction commits; if the task service does not answer, the row is
    deleted (no row waits for a task that will never run) and ``TaskDispatchError`` is raised again.
    """
    row: Row | None = None
    try:
        with transaction.atomic():
            row = create()
            run = start_task(task_name, owner=owner, **{row_argument: row.pk}, **task_kwargs)
            type(row)._default_manager.filter(pk=row.pk).update(task_run=run)
    except TaskDispatchError:
        if row is not None:
            type(row)._default_manager.filter(pk=row.pk).delete()
        raise
    row.refresh_from_db()
    return row


def mark_row(model: type[TaskRow], pk: Any, status: str, *, only_unfinished: bool = False, **fields: Any) -> int:
    """Set the status of row ``pk`` (and ``fields``); a finished status also sets ``finished_at``."""
    values: dict[str, Any] = {model.STATUS_FIELD: status, **fields}
    if status in (TaskRow.Status.DONE, TaskRow.Status.FAILED):
        values.setdefault("finished_at", timezone.now())
    if status == TaskRow.Status.FAILED:
        values["error"] = str(values.get("error", ""))[:ERROR_MAX_CHARS]
    rows = model._default_manager.filter(pk=pk)
    if only_unfinished:
        rows = rows.filter(**{f"{model.STATUS_FIELD}__in": model.UNFINISHED})
    return rows.update(**values)


def describe_failure(exc: BaseException, expected: tuple[type[BaseException], ...] = ()) -> str:
    """The error in words: the message of a failure meant for the user, else the exception's type and text."""
    if isinstance(exc, (TaskFailure, *expected)):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


@contextmanager
def failing_in_words(model: type[TaskRow], pk: Any, words: str, *,
                     expected: tuple[type[BaseException], ...] = ()) -> Iterator[None]:
    """Around a task body: any exception fails the row with its words, then leaves as ``TaskFailure``.

    ``words`` is the sentence for an unexpected error (``%(error)s`` the error); a ``TaskFailure`` (or an
    ``expected`` error, whose message is meant for the user) is stored as it is.
    """
    try:
        yield
    except Exception as exc:
        message = describe_failure(exc, expected)
        mark_row(model, pk, TaskRow.Status.FAILED, error=message)
        if isinstance(exc, TaskFailure):
            raise
        raise TaskFailure(words % {"error": message}) from exc


def run_failed(row: TaskRow) -> bool:
    """Whether the row's run failed (a stale run is failed first): its task will never finish the row."""
    run = row.task_run
    return run is not None and expire_if_stale(run).state == TaskRun.State.FAILED


def follow_run(row: Row) -> Row:
    """Fail an unfinished row whose run failed without saying so on the row (a worker killed mid-task, a
    development server that reloaded, a run found stale when read); returns the row as it now is."""
    if not row.is_unfinished or row.task_run is None:
        return row
    run = expire_if_stale(row.task_run)
    if run.state == TaskRun.State.FAILED:
        mark_row(type(row), row.pk, TaskRow.Status.FAILED, only_unfinished=True,
                 error=run.error or str(type(row).RUN_FAILED_WORDS))
        row.refresh_from_db()
    return row


def task_row_models() -> list[type[TaskRow]]:
    return [model for model in apps.get_models() if issubclass(model, TaskRow)]


def fail_rows_of_runs(sender: Any, run_ids: list[Any], **kwargs: Any) -> None:
    """Receiver of ``core.progress.task_runs_failed``: the unfinished rows of every task-backed model whose
    run was failed outside the row's code (found stale, never dispatched, abandoned after too many
    deliveries) are failed with the run's words, so lists and counts tell the truth."""
    runs = list(TaskRun.objects.filter(pk__in=run_ids).only("pk", "error"))
    for model in task_row_models():
        for run in runs:
            model._default_manager.filter(task_run=run, **{f"{model.STATUS_FIELD}__in": model.UNFINISHED}).update(**{
                model.STATUS_FIELD: TaskRow.Status.FAILED, "error": run.error or str(model.RUN_FAILED_WORDS),
                "finished_at": timezone.now()})
