"""Template tags shared by every app: ``{% load tirage %}``."""

from django import template

from core.task_subjects import task_subject

register = template.Library()


@register.inclusion_tag("core/_progress.html")
def task_progress(run, what=False):
    """Render the polling progress bar of a TaskRun: ``{% task_progress run %}``; with ``what=True`` the
    bar says what the task is about (``core.task_subjects``), for lists of tasks out of their page."""
    return {"run": run, "subject": task_subject(run) if what else None}
