"""``manage.py expire_stale_tasks``: hand to another worker, or fail in words, the task runs whose worker is gone.

The same sweep as the Celery beat entry ``expire-stale-task-runs``, for sites that run cron instead of
beat (``* * * * * cd /srv/tirage && .venv/bin/python manage.py expire_stale_tasks``).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from core.progress import expire_stale_runs


class Command(BaseCommand):
    help = ("Hand to another worker the task runs whose worker stopped beating (or fail them in words past the "
            "attempt limit); fail those running past their hard time limit or pending past the pending limit.")

    def handle(self, *args, **options) -> None:
        handed_over: list = []
        expired = expire_stale_runs(handed_over=handed_over)
        self.stdout.write(f"{len(expired)} stale task run(s) failed, {len(handed_over)} handed to another worker")
        for run_id in expired:
            self.stdout.write(f"  {run_id}")
