"""``/healthz``: 200 when every dependency answers, 503 with the reason otherwise."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection

from core import health
from engine.scrabble import movegen

pytestmark = pytest.mark.django_db


def test_green_on_embedded_defaults(client, settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body.pop("age_seconds") >= 0
    assert body["database"]["ok"] and body["cache"]["ok"]
    assert body["broker"] == {"ok": True, "mode": "in-process", "ms": body["broker"]["ms"]}
    assert body["workers"]["mode"] == "in-process" and body["workers"]["ok"]
    assert response["Cache-Control"].startswith("max-age=0")


def test_names_the_move_generator_in_use(client):
    assert client.get("/healthz").json()["move_generator"]["implementation"] == movegen.implementation()
    health.forget_public_report()  # the public answer is the last checks': check again
    with movegen.pure_python():
        assert client.get("/healthz").json()["move_generator"] == {
            "ok": True, "implementation": "python", "ms": pytest.approx(0, abs=1000)}


def test_database_failure_gives_503(client, admin_client, monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise OperationalError("database is on holiday at db.internal")  # what a database that is down raises

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    # The public sees the error type only: texts can name internal hosts.
    assert response.json()["database"] == {"ok": False, "error": "OperationalError",
                                           "ms": response.json()["database"]["ms"]}
    # A staff session cannot be checked (nor its language read) without the database: still a 503 report.
    response = admin_client.get("/healthz")
    assert response.status_code == 503 and response.json()["database"]["error"] == "OperationalError"


def test_staff_see_error_texts(admin_client, monkeypatch):
    monkeypatch.setattr(health.cache, "get", lambda key: None)
    body = admin_client.get("/healthz").json()
    assert body["cache"]["error"] == "a value written to the cache could not be read back"


def test_debug_shows_details_to_everyone(client, monkeypatch, settings):
    settings.DEBUG = True
    monkeypatch.setattr(health.cache, "get", lambda key: None)
    assert "could not be read back" in client.get("/healthz").json()["cache"]["error"]


def test_without_details_drops_texts_and_worker_names():
    report = {
        "workers": {"ok": True, "mode": "celery", "count": 2, "names": ["celery@host-a", "celery@host-b"]},
        "broker": {"ok": False, "mode": "celery", "error": "OperationalError: Error 111 connecting to 127.0.0.1:6390"},
    }
    assert health.without_details(report) == {
        "workers": {"ok": True, "mode": "celery", "count": 2},
        "broker": {"ok": False, "mode": "celery", "error": "OperationalError"},
    }


def test_cache_that_loses_values_gives_503(client, monkeypatch, admin_user):
    monkeypatch.setattr(health.cache, "get", lambda key: None)
    client.force_login(admin_user)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert "could not be read back" in response.json()["cache"]["error"]


def test_unreachable_broker_gives_503_with_the_reason(client, settings, admin_user):
    client.force_login(admin_user)
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


def test_the_public_answer_comes_from_the_last_checks(client, monkeypatch):
    """An anonymous probe must not run the checks each time (the workers' pong holds a thread for a second)."""
    calls = []
    real = health.run_checks
    monkeypatch.setattr(health, "run_checks", lambda: calls.append(1) or real())
    first = client.get("/healthz")
    assert first.status_code == 200 and len(calls) == 1 and first.json()["age_seconds"] >= 0
    for _ in range(5):
        assert client.get("/healthz").status_code == 200
    assert len(calls) == 1  # answered from the state the first probe found


def test_a_stale_public_answer_is_served_at_once_and_checked_again_behind(client, monkeypatch):
    assert client.get("/healthz").status_code == 200
    monkeypatch.setattr(health, "PUBLIC_TTL_SECONDS", -1.0)  # every report is stale from now on
    refreshed = []
    monkeypatch.setattr(health, "_refresh_in_background", lambda: refreshed.append(1))
    started = []

    class Recorder:
        def __init__(self, target, name, daemon):
            self.target = target
            started.append(name)

        def start(self):
            self.target()

    monkeypatch.setattr(health.threading, "Thread", Recorder)
    response = client.get("/healthz")
    assert response.status_code == 200  # the last state, answered without waiting
    assert started == ["healthz-refresh"] and refreshed == [1]


def test_a_failure_found_in_the_background_reaches_the_next_probe(client, monkeypatch):
    assert client.get("/healthz").status_code == 200
    monkeypatch.setattr(health.cache, "get", lambda key: None)
    health._refresh_public()  # what the background thread runs
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json()["cache"]["ok"] is False
    assert "error" in response.json()["cache"] and ":" not in response.json()["cache"]["error"]


def test_a_monitor_token_opens_the_details(client, monkeypatch, settings):
    settings.HEALTHZ_TOKEN = "monitor-secret"
    monkeypatch.setattr(health.cache, "get", lambda key: None)
    body = client.get("/healthz", HTTP_AUTHORIZATION="Bearer monitor-secret").json()
    assert body["cache"]["error"] == "a value written to the cache could not be read back"
    assert "age_seconds" not in body  # checked now
    wrong = client.get("/healthz", HTTP_AUTHORIZATION="Bearer guess").json()
    assert "age_seconds" in wrong  # a wrong token gets the public answer
    settings.HEALTHZ_TOKEN = ""
    assert "age_seconds" in client.get("/healthz", HTTP_AUTHORIZATION="Bearer ").json()  # no token set: none opens
