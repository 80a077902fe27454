"""TaskRun: the one record of every long task's progress and outcome, whatever runs it.

Kept in the database rather than in Celery's result backend because it works the same with and
without a broker, is visible across processes (web, workers), survives restarts, and carries an owner
so the API can refuse other users' tasks.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# Kinds of task done once for every user (``tracked_task(..., shared=True)``): their ownerless runs are
# visible to every signed-in user, who may be waiting on one. Their results hold nothing personal.
SHARED_TASK_KINDS: set[str] = set()


class TaskRun(models.Model):
    class State(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    FINISHED_STATES = (State.DONE, State.FAILED)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(_("kind"), max_length=200, help_text=_("The Celery task name."))
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="task_runs",
    )
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.PENDING)
    progress = models.PositiveSmallIntegerField(_("progress"), default=0)
    message = models.CharField(_("message"), max_length=255, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    attempts = models.PositiveSmallIntegerField(
        _("attempts"), default=0, help_text=_("Deliveries to a worker (more than one when a worker died mid-task)."))
    arguments = models.JSONField(
        _("arguments"), null=True, blank=True,
        help_text=_("The task's keyword arguments, to hand the run to another worker if its worker dies."))
    heartbeat_at = models.DateTimeField(
        _("heartbeat at"), null=True, blank=True,
        help_text=_("Last sign of life of the process running the task (every TASK_HEARTBEAT_INTERVAL seconds)."))
    heartbeat_by = models.CharField(
        _("heartbeat by"), max_length=255, blank=True, help_text=_("The host and process id running the task."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["owner", "-created_at"]),
            # The stale-run sweep and the per-read checks look only at unfinished runs: a small partial index.
            models.Index(fields=["state"], name="taskrun_unfinished",
                         condition=models.Q(state__in=["pending", "running"])),
        ]
        constraints = [
            models.CheckConstraint(condition=models.Q(progress__lte=100), name="taskrun_progress_lte_100"),
        ]
        verbose_name = _("task run")
        verbose_name_plural = _("task runs")

    def __str__(self) -> str:
        return f"{self.kind} {self.id} ({self.state}, {self.progress}%)"

    @property
    def is_finished(self) -> bool:
        return self.state in self.FINISHED_STATES

    def visible_to(self, user) -> bool:
        """Owners see their runs; staff see all; signed-in users also see the ownerless runs of shared kinds
        (work done once for everybody, such as a lexicon's probability ranks, that a learner may wait on);
        other ownerless runs are staff-only."""
        if not getattr(user, "is_authenticated", False):
            return False
        if self.owner_id is None:
            return bool(user.is_staff or self.kind in SHARED_TASK_KINDS)
        return bool(user.is_staff or self.owner_id == user.pk)


class TaskRow(models.Model):
    """A row a background task fills (a grid, a crossword, a lab comparison, a duplicate game, a ranking).

    Its life: ``pending`` (created, task sent) → ``running`` → ``done`` | ``failed`` (``error`` says why in
    words). ``task_run`` is the :class:`TaskRun` that reports progress. Started with
    :func:`core.task_rows.start_row_task`; a task body fails it with :func:`core.task_rows.failing_in_words`;
    a run failed outside the task (found stale, never dispatched) fails its rows through
    :func:`core.task_rows.fail_rows_of_runs`, for every concrete subclass.

    ``STATUS_FIELD`` names the status column (a subclass may keep an older name); ``UNFINISHED`` its
    values while the task may still write; ``RUN_FAILED_WORDS`` the error shown when the run failed with none.
    """

    Status = TaskRun.State  # a row follows its run: the same four states

    STATUS_FIELD = "status"
    UNFINISHED: tuple[str, ...] = (Status.PENDING, Status.RUNNING)
    RUN_FAILED_WORDS = _("The task failed.")

    task_run = models.ForeignKey(TaskRun, verbose_name=_("task"), null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    error = models.TextField(_("error"), blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def task_status(self) -> str:
        return getattr(self, self.STATUS_FIELD)

    @property
    def is_unfinished(self) -> bool:
        return self.task_status in self.UNFINISHED
