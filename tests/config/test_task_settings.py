"""Task limits from the environment: soft below hard, visibility timeout above hard, refused otherwise."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json
from django.conf import settings
print(json.dumps({"soft": settings.CELERY_TASK_SOFT_TIME_LIMIT, "hard": settings.CELERY_TASK_TIME_LIMIT,
                  "visibility": settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"],
                  "pending": settings.TIRAGE_TASK_PENDING_LIMIT, "acks_late": settings.CELERY_TASK_ACKS_LATE}))
"""
OWN = ("TASK_SOFT_TIME_LIMIT", "TASK_TIME_LIMIT", "BROKER_VISIBILITY_TIMEOUT", "TASK_PENDING_LIMIT", "DEBUG",
       "DJANGO_SETTINGS_MODULE")


def load(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in OWN}
    clean.update({"DJANGO_SETTINGS_MODULE": "config.settings", "TIRAGE_VAR_DIR": str(tmp_path), "DEBUG": "1"}, **env)
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True,
                          timeout=60)


def test_defaults_are_chosen_together(tmp_path):
    result = load(tmp_path)
    assert result.returncode == 0, result.stderr
    s = json.loads(result.stdout)
    assert s == {"soft": 600, "hard": 630, "visibility": 750, "pending": 810, "acks_late": True}


def test_the_others_follow_a_longer_soft_limit(tmp_path):
    s = json.loads(load(tmp_path, TASK_SOFT_TIME_LIMIT="1800").stdout)
    assert (s["soft"], s["hard"], s["visibility"], s["pending"]) == (1800, 1830, 1950, 2010)


def test_a_soft_limit_not_below_the_hard_one_is_refused(tmp_path):
    result = load(tmp_path, TASK_SOFT_TIME_LIMIT="60", TASK_TIME_LIMIT="60")
    assert result.returncode != 0
    assert "TASK_SOFT_TIME_LIMIT=60 must be positive and below TASK_TIME_LIMIT=60" in result.stderr


def test_a_visibility_timeout_not_above_the_hard_limit_is_refused(tmp_path):
    result = load(tmp_path, TASK_TIME_LIMIT="700", BROKER_VISIBILITY_TIMEOUT="700")
    assert result.returncode != 0
    assert "BROKER_VISIBILITY_TIMEOUT=700 must exceed TASK_TIME_LIMIT=700" in result.stderr
