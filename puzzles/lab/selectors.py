"""Crossword lab reads: a learner's timing tables (anyone else's is a 404)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from core.selectors import expire_stale_runs_of, get_or_404, is_user
from core.task_subjects import TaskSubject
from puzzles.lab.models import FillComparison


def comparisons_of(user: Any) -> QuerySet[FillComparison]:
    """The user's fill comparisons (crossword lab), newest first; dead runs are failed first."""
    if not is_user(user):
        return FillComparison.objects.none()
    expire_stale_runs_of(user)
    return FillComparison.objects.filter(owner=user).select_related("lexicon", "task_run").prefetch_related(
        "extra_lexicons")


def get_own_comparison(user: Any, comparison_id: Any) -> FillComparison:
    """The user's comparison ``comparison_id``; 404 when it does not exist or is someone else's."""
    return get_or_404(comparisons_of(user), comparison_id, "No such comparison.")


def comparison_task_subject(run: Any) -> Any:
    """The crossword lab comparison a task runs, for progress bars shown away from its page (core.task_subjects)."""
    comparison = FillComparison.objects.filter(task_run=run).first()
    if comparison is None:
        return None
    return TaskSubject(_("Crossword lab: comparison %(n)s") % {"n": comparison.pk},
                       reverse("puzzles:lab-comparison", args=[comparison.pk]))
