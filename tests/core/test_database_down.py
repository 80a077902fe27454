"""The database not answering: pages and the API answer 503 with ``Retry-After`` and the reason in words, in
the visitor's language (French by default), the pages in the site's style — never Django's bare "Server
Error (500)" (``core.api_errors.service_unavailable``). The embedded pass makes every query fail as a
database that is down does; the integration pass points the PostgreSQL connection at a closed port."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.task_support import closed_port

FRENCH = "Tirage ne peut pas joindre sa base de données pour le moment. Réessayez dans une minute."
ENGLISH = "Tirage cannot reach its database at the moment. Please try again in a minute."


@pytest.fixture
def database_down(monkeypatch):
    """Every query raises what Django raises when PostgreSQL refuses the connection."""
    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')

    monkeypatch.setattr(connection, "cursor", refused)


def assert_styled_503(response, message: str, language: str) -> str:
    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert response["Content-Type"].startswith("text/html") and response["Content-Language"] == language
    body = response.content.decode()
    assert message in body and f'<html lang="{language}">' in body
    assert "/static/css/tirage.css" in body and 'class="site-header"' in body  # the site's page, its style
    assert "Server Error" not in body
    return body


def assert_json_503(response, message: str) -> None:
    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert response["Content-Type"].startswith("application/json") and response.json() == {"detail": message}


@pytest.mark.django_db
def test_a_page_answers_a_styled_503_in_french(database_down):
    body = assert_styled_503(Client(raise_request_exception=False).get("/"), FRENCH, "fr")
    assert "Service indisponible" in body


@pytest.mark.django_db
def test_a_logged_in_page_answers_503_though_the_session_cannot_be_read(alice, database_down):
    pages = Client(raise_request_exception=False)
    pages.cookies[settings.SESSION_COOKIE_NAME] = "a-session-the-database-would-hold"
    assert_styled_503(pages.get("/training/lists/"), FRENCH, "fr")
    assert_styled_503(pages.post("/accounts/login/", {"username": "alice", "password": "x"}), FRENCH, "fr")


@pytest.mark.django_db
def test_the_page_follows_the_visitor_s_language(database_down):
    pages = Client(raise_request_exception=False)
    pages.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    body = assert_styled_503(pages.get("/"), ENGLISH, "en")
    assert "Service unavailable" in body


@pytest.mark.django_db
def test_the_api_answers_json_503_in_words(alice, monkeypatch):
    token = Token.objects.create(user=alice).key

    def refused(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(connection, "cursor", refused)
    api = APIClient(raise_request_exception=False)
    assert_json_503(api.get("/api/lists/", HTTP_AUTHORIZATION=f"Token {token}"), FRENCH)
    english = api.get("/api/lists/", HTTP_AUTHORIZATION=f"Token {token}", HTTP_ACCEPT_LANGUAGE="en")
    assert_json_503(english, ENGLISH)
    assert_json_503(api.post("/api/auth/token/", {"username": "alice", "password": "x"}, format="json"), FRENCH)


@pytest.mark.django_db
def test_other_crashes_stay_500(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug, not an outage")

    monkeypatch.setattr(connection, "cursor", broken)
    assert Client(raise_request_exception=False).get("/").status_code == 500


def test_postgresql_connections_give_up_quickly():
    if connection.vendor == "postgresql":
        assert connection.settings_dict["OPTIONS"]["connect_timeout"] <= 5


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_postgresql_unreachable_answers_503_in_words_on_pages_and_api(alice):
    token = Token.objects.create(user=alice).key
    saved_port = connection.settings_dict["PORT"]
    connection.close()
    connection.settings_dict["PORT"] = str(closed_port())
    try:
        started = time.monotonic()
        assert_styled_503(Client(raise_request_exception=False).get("/"), FRENCH, "fr")
        api = APIClient(raise_request_exception=False)
        assert_json_503(api.get("/api/lists/", HTTP_AUTHORIZATION=f"Token {token}"), FRENCH)
        elapsed = time.monotonic() - started
    finally:
        connection.close()
        connection.settings_dict["PORT"] = saved_port
    print(f"two requests with PostgreSQL unreachable answered 503 in {elapsed * 1000:.0f} ms")
    assert Client().get("/").status_code == 200  # back as soon as the database answers
