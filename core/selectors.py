"""Reads of TaskRun rows, with the visibility rule in one place."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any, TypeVar

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Model, Q, QuerySet
from django.http import Http404
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.models import TaskRun
from core.progress import expire_if_stale, expire_stale_runs

M = TypeVar("M", bound=Model)


def is_user(user: Any) -> bool:
    """A logged-in user (not the anonymous one, not None)."""
    return bool(getattr(user, "is_authenticated", False))


def get_or_404(queryset: QuerySet[M], pk: Any, message: str) -> M:
    """The row ``pk`` (a number, or its text) of ``queryset``; ``Http404`` when there is none or ``pk`` is not
    a number. Callers pass a queryset already cut to what the user may see (their own rows).

    The 404 says "<model> not found." in the reader's language (the model's translated verbose name), which
    pages and the API show as is; ``message`` (English) is kept for the callers' readability only."""
    try:
        return queryset.get(pk=int(pk))
    except (ObjectDoesNotExist, TypeError, ValueError):  # the queryset's model's DoesNotExist, among others
        raise Http404(not_found_message(queryset.model)) from None


def not_found_message(model: type[Model]) -> str:
    """"Training grid not found." / "Grille d'entraînement introuvable." for a model class."""
    return _("%(thing)s not found.") % {"thing": capfirst(model._meta.verbose_name)}


def get_visible_task_run(user, task_run_id: uuid.UUID | str) -> TaskRun:
    """The run if ``user`` may see it; 404 otherwise (not 403: do not reveal that it exists)."""
    try:
        run = TaskRun.objects.get(pk=task_run_id)
    except (TaskRun.DoesNotExist, ValueError):
        raise Http404(_("No such task.")) from None
    if not run.visible_to(user):
        raise Http404(_("No such task."))
    return expire_if_stale(run)


def expire_stale_runs_of(user) -> list[uuid.UUID]:
    """Fail the user's dead runs (see ``core.progress.expire_stale_runs``) before a list that shows them."""
    if not is_user(user):
        return []
    return expire_stale_runs(TaskRun.objects.filter(owner=user))


def home_task_runs(user, limit: int = 5) -> list[TaskRun]:
    """The home page's tasks: those still pending or running, and those that failed in the last day (the
    error is worth reading); a finished task goes away, its result is on its own page."""
    if not is_user(user):
        return []
    expire_stale_runs_of(user)
    since = timezone.now() - timedelta(days=1)
    return list(TaskRun.objects.filter(owner=user).filter(
        Q(state__in=[TaskRun.State.PENDING, TaskRun.State.RUNNING])
        | Q(state=TaskRun.State.FAILED, created_at__gte=since))[:limit])


def recent_task_runs(user, limit: int = 10) -> list[TaskRun]:
    if not is_user(user):
        return []
    expire_stale_runs_of(user)
    return list(TaskRun.objects.filter(owner=user)[:limit])
