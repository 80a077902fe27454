"""Reachability checks behind ``/healthz``: database, cache, broker and Celery workers (and, for the
operator, which move generator the process runs).

Each check returns a small dict with ``ok`` and, on failure, ``error`` in words. Without REDIS_URL the
broker and workers are not needed (tasks run in-process) and report ``"mode": "in-process"``.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, connection

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


PUBLIC_TTL_SECONDS = 10.0
"""How old the public report may be. Why a cached public answer: the checks ask the workers for a pong, which
holds a server thread about a second; anonymous probes looping on ``/healthz`` (16 of them took the log-in
page from 6 ms to 3 s) must not be able to tie up the threads that serve players."""


@dataclass
class _PublicState:
    lock: threading.Lock = field(default_factory=threading.Lock)
    report: dict[str, Any] | None = None
    ok: bool = False
    checked_at: float = 0.0
    refreshing: bool = False


_PUBLIC = _PublicState()


def _refresh_public() -> None:
    """Run the checks and store their public report (one refresh at a time, whoever asks)."""
    try:
        ok, report = run_checks()
        _PUBLIC.ok, _PUBLIC.report, _PUBLIC.checked_at = ok, without_details(report), time.monotonic()
    finally:
        _PUBLIC.refreshing = False


def _refresh_in_background() -> None:
    try:
        _refresh_public()
    finally:
        close_old_connections()  # this thread's database connection is its own


def public_report() -> tuple[bool, dict[str, Any], float]:
    """``(all ok, report without details, its age in seconds)`` from the last checks of this process.

    The first call of a process runs the checks (callers at that moment wait for that one run); afterwards a
    report older than :data:`PUBLIC_TTL_SECONDS` is still answered at once while one background thread checks
    again, so an anonymous probe never waits for the workers' pong.
    """
    now = time.monotonic()
    if _PUBLIC.report is None:
        with _PUBLIC.lock:
            if _PUBLIC.report is None:
                _PUBLIC.refreshing = True
                _refresh_public()
    elif now - _PUBLIC.checked_at > PUBLIC_TTL_SECONDS:
        with _PUBLIC.lock:
            start = not _PUBLIC.refreshing
            _PUBLIC.refreshing = True
        if start:
            threading.Thread(target=_refresh_in_background, name="healthz-refresh", daemon=True).start()
    assert _PUBLIC.report is not None
    return _PUBLIC.ok, _PUBLIC.report, max(0.0, time.monotonic() - _PUBLIC.checked_at)


def forget_public_report() -> None:
    """Drop the cached public report (tests; a process that wants the next probe to check again)."""
    with _PUBLIC.lock:
        _PUBLIC.report, _PUBLIC.ok, _PUBLIC.checked_at, _PUBLIC.refreshing = None, False, 0.0, False
