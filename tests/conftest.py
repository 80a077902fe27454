"""Suite-wide hooks. Kept free of Django: the engine tests also run with ``-p no:django``.

Tests marked ``integration`` need PostgreSQL, Redis and a running Celery worker: they run only when
``DATABASE_URL`` points at PostgreSQL and ``REDIS_URL`` is set (as in the second pass of ``.ci/run``).
"""

from __future__ import annotations

import os

import pytest


def integration_ready() -> tuple[bool, str]:
    database = os.environ.get("DATABASE_URL", "")
    if not database.startswith(("postgres://", "postgresql://")):
        return False, "integration test: needs DATABASE_URL=postgres://... (see .ci/run)"
    if not os.environ.get("REDIS_URL"):
        return False, "integration test: needs REDIS_URL and a Celery worker (see .ci/run)"
    return True, ""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    ready, reason = integration_ready()
    if ready:
        return
    skip = pytest.mark.skip(reason=reason)
    for item in items:
        if "integration" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def shared_media(settings):
    """Integration tests: this process stores files where the Celery worker reads them (its MEDIA_ROOT), and
    the lexicon files the test created are removed afterwards."""
    from django.core.files.storage import default_storage

    from tests.integration_support import lexicon_files, worker_media_root

    settings.MEDIA_ROOT = worker_media_root()
    before = lexicon_files()
    yield
    for name in lexicon_files() - before:
        default_storage.delete(name)


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="alice-pass-123")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", password="bob-pass-123")
