"""``manage.py expire_stale_tasks``: fail in words the task runs whose worker is gone.

The same sweep as the Celery beat entry ``expire-stale-task-runs``, for sites that run cron instead of
beat (``* * * * * cd /srv/tirage && .venv/bin/python manage.py expire_stale_tasks``).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from core.progress import expire_stale_runs


class Command(BaseCommand):
    help = "Fail the task runs still running past their hard time limit or pending past the pending limit."

    def handle(self, *args, **options) -> None:
        expired = expire_stale_runs()
        self.stdout.write(f"{len(expired)} stale task run(s) failed")
        for run_id in expired:
            self.stdout.write(f"  {run_id}")
