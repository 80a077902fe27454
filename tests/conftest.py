"""Suite-wide hooks. Kept free of Django: the engine tests also run with ``-p no:django``.

Tests marked ``integration`` need PostgreSQL, Redis and a running Celery worker: they run only when
``DATABASE_URL`` points at PostgreSQL and ``REDIS_URL`` is set (as in the second pass of ``.ci/run``).
With ``CI=true`` any other skipped test makes the run fail (listed under "skipped tests fail CI").
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


@pytest.fixture(autouse=True)
def _shared_values_afresh():
    """Each test starts without the values shared by every learner (``core.shared_cache``): they are
    forgotten when their rows change, but a test's rows vanish by rollback, which sends no signal. Imported
    only when Django is (the engine tests run without it). The same for ``/healthz``'s public answer, the last
    checks of the process (``core.health.public_report``)."""
    try:
        from django.conf import settings
        configured = settings.configured
    except ImportError:
        configured = False
    if configured:
        from core.health import forget_public_report
        from core.shared_cache import start_afresh

        start_afresh()
        forget_public_report()
    yield


# Under CI=true a skipped test fails the run: a skip is a test that did not run, and CI on a fresh machine
# must run everything. The only skips allowed are the integration tests when no PostgreSQL + Redis +
# worker is configured (the embedded pass of .ci/run).
_UNEXPECTED_SKIPS: list[str] = []


def skip_is_allowed(report: pytest.TestReport) -> bool:
    return "integration" in report.keywords and not integration_ready()[0]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail") and not skip_is_allowed(report):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _UNEXPECTED_SKIPS.append(f"{report.nodeid}: {reason}")


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    if _UNEXPECTED_SKIPS and _ci():
        terminalreporter.section("skipped tests fail CI")
        for line in _UNEXPECTED_SKIPS:
            terminalreporter.write_line(f"SKIPPED (not allowed in CI) {line}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _UNEXPECTED_SKIPS and _ci() and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


@pytest.fixture(autouse=True)
def follow_up_tasks_end_before_teardown(request):
    """Integration tests: what the worker starts by itself after the test's task finishes before the
    database fixture empties the tables (``tests.integration_support.wait_for_follow_up_tasks``)."""
    marker = request.node.get_closest_marker("django_db")
    transactional = marker is not None and marker.kwargs.get("transaction", False)
    if "integration" not in request.keywords or not transactional or not integration_ready()[0]:
        yield
        return
    request.getfixturevalue("transactional_db")  # set up first, so torn down (TRUNCATE) after the wait below
    yield
    from tests.integration_support import wait_for_follow_up_tasks

    wait_for_follow_up_tasks()


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
