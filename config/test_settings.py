"""Settings for the test suite: the real settings from the environment, plus a few test-only changes.

Why a module of its own: pytest-django imports settings before any conftest runs, and production
settings refuse to start without SECRET_KEY. Everything else (database, Redis) still comes from the
environment, so the same suite runs on the embedded defaults and on PostgreSQL + Redis in CI.
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-not-for-production-0123456789")

from config.settings import *  # noqa: E402,F403
from config.settings import REST_FRAMEWORK, STORAGES  # noqa: E402

# Tasks run inline, so a test sees the finished TaskRun; integration tests switch to "celery".
TIRAGE_TASKS_MODE = "sync"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed only
SECURE_SSL_REDIRECT = False
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
REST_FRAMEWORK = {**REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"auth": "10000/min"}}

_TMP = tempfile.mkdtemp(prefix="tirage-tests-")
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)
MEDIA_ROOT = Path(_TMP) / "media"

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not Django's shared in-memory database: with in-process (thread) tasks, a shared-cache
    # in-memory SQLite fails at once with "table is locked" instead of waiting like the real file does.
    DATABASES["default"]["TEST"] = {"NAME": os.path.join(_TMP, "test_tirage.sqlite3")}  # noqa: F405

# Serve static files from the finders (no collectstatic in tests).
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# Word study ranks a lexicon when it is published; tests that import lexicons do not need it (tests of the
# ranking turn it on, or rank on demand).
WORDSTUDY_RANK_ON_PUBLISH = False

# Playability plays the engine's duplicate games (thousands on a real site, about a minute); the tests' small
# lexicons need a few dozen to have tops to order.
WORDSTUDY_PLAYABILITY_GAMES = 30
