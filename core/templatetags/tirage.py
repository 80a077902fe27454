"""Template tags shared by every app: ``{% load tirage %}``."""

from django import template

register = template.Library()


@register.inclusion_tag("core/_progress.html")
def task_progress(run):
    """Render the polling progress bar of a TaskRun: ``{% task_progress run %}``."""
    return {"run": run}
