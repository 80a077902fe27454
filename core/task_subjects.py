"""What a background task is about, in words: "Crossword 9×9 (fr-comprehensive)" with a link to it.

A progress bar alone says "Running — 40 %" but not of what. Each app names its kinds of task on its
AppConfig, as it does its navigation and home blocks::

    class PuzzlesConfig(AppConfig):
        task_subjects = {"puzzles.generate_crossword": "puzzles.selectors.crossword_task_subject"}

The dotted path is a function ``f(run) -> TaskSubject | None`` (None: its object is gone); a kind no app
names gets a generic label. ``{% task_progress run what=True %}`` shows the subject above the bar.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.apps import apps
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from core.models import TaskRun

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TaskSubject:
    label: str
    url: str | None = None


def _describers() -> dict[str, str]:
    found: dict[str, str] = {"core.ping": "core.task_subjects.ping_subject"}
    for config in apps.get_app_configs():
        found.update(getattr(config, "task_subjects", {}) or {})
    return found


def ping_subject(run: TaskRun) -> TaskSubject:
    return TaskSubject(_("Check of the task system"))


def task_subject(run: TaskRun) -> TaskSubject:
    """The run's subject in words; "A background task" when its app says nothing or its object is gone."""
    path = _describers().get(run.kind)
    if path:
        try:
            subject = import_string(path)(run)
        except Exception:  # noqa: BLE001 - a label must never break the page that shows a progress bar
            logger.exception("describing task run %s (%s) failed", run.pk, run.kind)
            subject = None
        if subject is not None:
            return subject
    return TaskSubject(_("A background task"))
