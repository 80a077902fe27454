"""Sessions from the cache, kept in the database (core.sessions): a page reads no session row once the
session is cached, and a cache that does not answer never breaks a page, a log-in or a log-out."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cached_sessions(settings):
    settings.SESSION_ENGINE = "core.sessions"
    caches["default"].clear()


def _session_reads(client: Client, path: str = "/training/") -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return sum('FROM "django_session"' in query["sql"] for query in queries.captured_queries)


def test_a_page_reads_the_session_from_the_cache(alice):
    client = Client()
    client.force_login(alice)
    assert Session.objects.count() == 1  # kept in the database too
    _session_reads(client)
    assert _session_reads(client) == 0


def test_a_session_only_in_the_database_is_read_there_then_cached(alice):
    client = Client()
    client.force_login(alice)
    caches["default"].clear()  # Redis emptied (restarted): the database still has the session
    assert _session_reads(client) == 1
    assert _session_reads(client) == 0


class _Down:
    def __getattr__(self, name):
        def refuse(*args, **kwargs):
            raise ConnectionError("cache down")
        return refuse

    def __contains__(self, key):
        raise ConnectionError("cache down")


def test_a_cache_that_does_not_answer_leaves_sessions_to_the_database(alice):
    alice.set_password("a long passphrase 42")
    alice.save()
    client = Client()
    with mock.patch("core.sessions._cache", return_value=_Down()):  # (Django's own save already skips it)
        assert client.login(username=alice.username, password="a long passphrase 42")
        assert _session_reads(client) == 1  # read from the database each time
        assert client.get("/training/").status_code == 200
        client.logout()
    assert Session.objects.count() == 0
