"""Reachability checks behind ``/healthz``: database, cache, broker and Celery workers (and, for the
operator, which move generator the process runs).

Each check returns a small dict with ``ok`` and, on failure, ``error`` in words. Without REDIS_URL the
broker and workers are not needed (tasks run in-process) and report ``"mode": "in-process"``.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from engine.scrabble.movegen import implementation

CHECK_TIMEOUT = 2.0


def _failure(exc: BaseException) -> dict[str, Any]:
    return {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip()}


def check_database() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return _failure(exc)
    return {"ok": True, "vendor": connection.vendor}


def check_cache() -> dict[str, Any]:
    key = f"healthz:{uuid.uuid4().hex}"
    try:
        cache.set(key, "ok", timeout=10)
        value = cache.get(key)
        cache.delete(key)
    except Exception as exc:
        return _failure(exc)
    backend = str(settings.CACHES["default"]["BACKEND"]).rsplit(".", 1)[-1]
    if value != "ok":
        return {"ok": False, "backend": backend, "error": "a value written to the cache could not be read back"}
    return {"ok": True, "backend": backend}


def _in_process() -> bool:
    return settings.TIRAGE_TASKS_MODE != "celery"


def _broker_connection():
    return celery_app.connection_for_write(settings.CELERY_BROKER_URL, connect_timeout=CHECK_TIMEOUT)


def check_broker() -> dict[str, Any]:
    if _in_process():
        return {"ok": True, "mode": "in-process"}
    try:
        with _broker_connection() as conn:
            conn.ensure_connection(max_retries=0, timeout=CHECK_TIMEOUT)
    except Exception as exc:
        return {**_failure(exc), "mode": "celery"}
    return {"ok": True, "mode": "celery"}


def check_workers() -> dict[str, Any]:
    """Ask every worker for a pong through the broker; ok when at least one answers within 1 s."""
    if _in_process():
        return {"ok": True, "mode": "in-process"}
    try:
        with _broker_connection() as conn:
            conn.ensure_connection(max_retries=0, timeout=CHECK_TIMEOUT)
            replies = celery_app.control.ping(timeout=1.0, connection=conn)
    except Exception as exc:
        return {**_failure(exc), "mode": "celery", "count": 0}
    names = sorted(name for reply in replies for name in reply)
    if not names:
        return {"ok": False, "mode": "celery", "count": 0, "error": "no Celery worker answered within 1 second"}
    return {"ok": True, "mode": "celery", "count": len(names), "names": names}


def check_move_generator() -> dict[str, Any]:
    """Which move generator this process runs: the compiled core, or the pure-Python fallback (slower,
    same plays). Never a failure: the fallback works, but an operator should see it."""

    return {"ok": True, "implementation": implementation()}


CHECKS: dict[str, Callable[[], dict[str, Any]]] = {
    "database": check_database,
    "cache": check_cache,
    "broker": check_broker,
    "workers": check_workers,
    "move_generator": check_move_generator,
}


def without_details(report: dict[str, Any]) -> dict[str, Any]:
    """The report for the public: error types but not their texts, worker counts but not their names.

    Error texts and worker names can reveal internal host names; a load balancer needs only the status.
    """
    public = {}
    for name, result in report.items():
        result = {key: value for key, value in result.items() if key != "names"}
        if "error" in result:
            result["error"] = result["error"].split(":", 1)[0]
        public[name] = result
    return public


def run_checks() -> tuple[bool, dict[str, Any]]:
    """Run every check; ``(all ok, report)``. Each entry also carries its duration in milliseconds."""
    report: dict[str, Any] = {}
    for name, check in CHECKS.items():
        started = time.perf_counter()
        result = check()
        result["ms"] = round((time.perf_counter() - started) * 1000, 1)
        report[name] = result
    return all(item["ok"] for item in report.values()), report
