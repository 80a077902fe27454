"""The Celery application: configuration from Django settings (``CELERY_*``), tasks from each app.

Start a worker with ``celery -A config worker -l info`` (needs REDIS_URL). Without REDIS_URL no
worker is needed: ``core.progress.start_task`` runs tasks in-process.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tirage")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
