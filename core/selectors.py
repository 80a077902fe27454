"""Reads of TaskRun rows, with the visibility rule in one place."""

from __future__ import annotations

import uuid
from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from django.http import Http404

from core.models import TaskRun
from core.progress import expire_if_stale

M = TypeVar("M", bound=Model)


def is_user(user: Any) -> bool:
    """A logged-in user (not the anonymous one, not None)."""
    return bool(getattr(user, "is_authenticated", False))


def get_or_404(queryset: QuerySet[M], pk: Any, message: str) -> M:
    """The row ``pk`` (a number, or its text) of ``queryset``; ``Http404(message)`` when there is none or ``pk``
    is not a number. Callers pass a queryset already cut to what the user may see (their own rows)."""
    try:
        return queryset.get(pk=int(pk))
    except (queryset.model.DoesNotExist, TypeError, ValueError):
        raise Http404(message) from None


def get_visible_task_run(user, task_run_id: uuid.UUID | str) -> TaskRun:
    """The run if ``user`` may see it; 404 otherwise (not 403: do not reveal that it exists)."""
    try:
        run = TaskRun.objects.get(pk=task_run_id)
    except (TaskRun.DoesNotExist, ValueError):
        raise Http404("No such task.") from None
    if not run.visible_to(user):
        raise Http404("No such task.")
    return expire_if_stale(run)


def recent_task_runs(user, limit: int = 10) -> list[TaskRun]:
    if not is_user(user):
        return []
    return list(TaskRun.objects.filter(owner=user)[:limit])
