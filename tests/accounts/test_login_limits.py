"""Failed log-ins limited per account and per client address (the page and the token API alike), and
log-in that keeps working when the cache (Redis) is down."""

from __future__ import annotations

import contextlib
import logging

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from tests.task_support import closed_port

pytestmark = pytest.mark.django_db

PASSWORD = "Scrabble-Duplicate-2024"


@pytest.fixture(autouse=True)
def small_limits(settings):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 3
    settings.LOGIN_FAILURES_PER_ADDRESS = 6
    settings.LOGIN_FAILURE_WINDOW = 600
    cache.clear()
    yield
    with contextlib.suppress(Exception):  # a test may have pointed the cache at a dead port
        cache.clear()


@pytest.fixture
def learners(django_user_model):
    return [django_user_model.objects.create_user(name, password=PASSWORD) for name in ("alice", "bob", "carol")]


def log_in(client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def test_the_page_refuses_an_account_after_too_many_failures_even_with_the_right_password(client, learners):
    for _ in range(3):
        assert log_in(client, "alice", "wrong").status_code == 200  # the form again, "please enter a correct..."
    refused = log_in(client, "alice", PASSWORD)
    assert refused.status_code == 429 and refused["Retry-After"] == "600"
    body = refused.content.decode()
    assert "Trop d’échecs de connexion pour ce compte." in body and "Réessayez dans 10 minutes." in body
    assert "_auth_user_id" not in client.session


def test_the_message_is_in_english_for_english_readers(client, learners):
    client.cookies["django_language"] = "en"
    for _ in range(3):
        log_in(client, "alice", "wrong")
    body = log_in(client, "alice", PASSWORD).content.decode()
    assert "Too many failed log-ins for this account. Try again in 10 minutes." in body


def test_the_account_limit_ignores_the_case_of_the_username(client, learners):
    for name in ("alice", "ALICE", "Alice"):
        log_in(client, name, "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 429


def test_other_accounts_still_log_in_while_one_is_refused(client, learners):
    for _ in range(3):
        log_in(client, "alice", "wrong", address="10.0.0.1")
    assert log_in(client, "alice", PASSWORD, address="10.0.0.2").status_code == 429  # the account, any address
    response = log_in(client, "bob", PASSWORD, address="10.0.0.1")
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(learners[1].pk)


def test_one_address_guessing_across_accounts_is_refused(client, learners):
    for name in ("alice", "bob", "carol", "dave", "erin", "frank"):
        log_in(client, name, "wrong", address="10.0.0.9")
    refused = log_in(client, "carol", PASSWORD, address="10.0.0.9")
    assert refused.status_code == 429 and "adresse réseau" in refused.content.decode()
    assert log_in(client, "carol", PASSWORD, address="10.0.0.10").status_code == 302  # another address is fine


def test_a_success_clears_the_account_failures(client, learners):
    for _ in range(2):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 302
    client.logout()
    for _ in range(2):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 302  # 2 + 2 failures, never 3 in a row


def test_the_token_api_shares_the_limits(learners):
    api = APIClient(REMOTE_ADDR="10.0.0.1")
    for _ in range(3):
        assert api.post("/api/auth/token/", {"username": "alice", "password": "wrong"}, format="json").status_code == 400
    refused = api.post("/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json")
    assert refused.status_code == 429 and refused["Retry-After"] == "600"
    assert "Trop d’échecs de connexion pour ce compte" in refused.json()["detail"]
    ok = api.post("/api/auth/token/", {"username": "bob", "password": PASSWORD}, format="json")
    assert ok.status_code == 200 and len(ok.json()["token"]) == 40


@pytest.fixture
def cache_down(settings):
    """The default cache on a loopback port nobody listens on: every cache call raises."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
                                   "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
    from redis.exceptions import ConnectionError as RedisConnectionError

    with pytest.raises(RedisConnectionError):
        cache.get("anything")
    yield


def test_api_log_in_works_when_the_cache_is_down_and_says_so_in_the_log(learners, cache_down, caplog):
    with caplog.at_level(logging.WARNING):
        response = APIClient().post("/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json")
        wrong = APIClient().post("/api/auth/token/", {"username": "alice", "password": "nope"}, format="json")
    assert response.status_code == 200 and len(response.json()["token"]) == 40
    assert wrong.status_code == 400
    assert any("throttle AuthRateThrottle skipped" in r.getMessage() for r in caplog.records)
    assert any("log-in limits skipped" in r.getMessage() for r in caplog.records)


def test_api_sign_up_works_when_the_cache_is_down(cache_down):
    response = APIClient().post("/api/auth/register/", {"username": "dora", "password": PASSWORD}, format="json")
    assert response.status_code == 201


def test_the_log_in_page_works_when_the_cache_is_down(client, learners, cache_down):
    assert log_in(client, "alice", "wrong").status_code == 200
    assert log_in(client, "alice", PASSWORD).status_code == 302


def test_the_admin_log_in_page_counts_and_refuses_like_the_site_page(client, django_user_model):
    django_user_model.objects.create_superuser("boss", password=PASSWORD)
    url = reverse("admin:login")
    for _ in range(3):
        wrong = client.post(url, {"username": "boss", "password": "wrong"}, REMOTE_ADDR="10.0.0.9")
        assert wrong.status_code == 200
    refused = client.post(url, {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")
    assert refused.status_code == 429 and refused["Retry-After"] == "600"
    assert "Trop d’échecs de connexion pour ce compte." in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_failures_on_the_site_page_also_close_the_admin_door(client, django_user_model):
    django_user_model.objects.create_superuser("boss", password=PASSWORD)
    for _ in range(3):
        log_in(client, "boss", "wrong")
    refused = client.post(reverse("admin:login"), {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    assert refused.status_code == 429


def test_the_admin_log_in_works_with_the_right_password(client, django_user_model):
    django_user_model.objects.create_superuser("boss", password=PASSWORD)
    response = client.post(reverse("admin:login"), {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")
    assert response.status_code == 302 and client.session["_auth_user_id"]
