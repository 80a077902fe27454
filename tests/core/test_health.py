"""``/healthz``: 200 when every dependency answers, 503 with the reason otherwise."""

from __future__ import annotations

import pytest
from django.db import connection

from core import health

pytestmark = pytest.mark.django_db


def test_green_on_embedded_defaults(client, settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["database"]["ok"] and body["cache"]["ok"]
    assert body["broker"] == {"ok": True, "mode": "in-process", "ms": body["broker"]["ms"]}
    assert body["workers"]["mode"] == "in-process" and body["workers"]["ok"]
    assert response["Cache-Control"].startswith("max-age=0")


def test_database_failure_gives_503(client, monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise RuntimeError("database is on holiday")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == {
        "ok": False, "error": "RuntimeError: database is on holiday", "ms": response.json()["database"]["ms"]
    }


def test_cache_that_loses_values_gives_503(client, monkeypatch):
    monkeypatch.setattr(health.cache, "get", lambda key: None)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert "could not be read back" in response.json()["cache"]["error"]


def test_unreachable_broker_gives_503_with_the_reason(client, settings):
    settings.TIRAGE_TASKS_MODE = "celery"
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["broker"]["ok"] is False and body["broker"]["mode"] == "celery"
    assert body["broker"]["error"]
    assert body["workers"]["ok"] is False


@pytest.mark.integration
def test_green_with_redis_and_a_worker(client, settings):
    import os

    settings.TIRAGE_TASKS_MODE = "celery"
    settings.CELERY_BROKER_URL = os.environ["REDIS_URL"]
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["broker"]["mode"] == "celery" and body["workers"]["count"] >= 1
