"""Reads of TaskRun rows, with the visibility rule in one place."""

from __future__ import annotations

import uuid

from django.http import Http404

from core.models import TaskRun
from core.progress import expire_if_stale


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
    if not getattr(user, "is_authenticated", False):
        return []
    return list(TaskRun.objects.filter(owner=user)[:limit])
