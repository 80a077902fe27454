"""Failed log-ins limited per (account, client address) with growing delays, and per address and per
account without locking out the addresses an account uses (page, token API, admin alike), and log-in that
keeps working when the cache (Redis) is down."""

from __future__ import annotations

import contextlib
import logging

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts import login_limits
from tests.task_support import closed_port

pytestmark = pytest.mark.django_db

PASSWORD = "Scrabble-Duplicate-2024"


@pytest.fixture(autouse=True)
def small_limits(settings):
    settings.LOGIN_FREE_FAILURES = 3
    settings.LOGIN_DELAY = 60
    settings.LOGIN_FAILURES_PER_ADDRESS = 6
    settings.LOGIN_FAILURES_PER_ACCOUNT = 8
    settings.LOGIN_FAILURE_WINDOW = 600
    settings.LOGIN_KNOWN_ADDRESS_DAYS = 90
    cache.clear()
    yield
    with contextlib.suppress(Exception):  # a test may have pointed the cache at a dead port
        cache.clear()


class Clock:
    """The limits' clock, moved by hand (the cache's own expiry runs on real time: values carry their times)."""

    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(login_limits, "_now", fake)
    return fake


@pytest.fixture
def learners(django_user_model):
    return [django_user_model.objects.create_user(name, password=PASSWORD) for name in ("alice", "bob", "carol")]


def log_in(client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def api_log_in(username: str, password: str, address: str = "10.0.0.1"):
    return APIClient(REMOTE_ADDR=address).post("/api/auth/token/", {"username": username, "password": password},
                                               format="json")


def test_delays_grow_after_the_free_failures(settings):
    assert [login_limits.delay_after(n) for n in range(1, 9)] == [0, 0, 60, 120, 240, 480, 600, 600]
    settings.LOGIN_FREE_FAILURES, settings.LOGIN_DELAY, settings.LOGIN_FAILURE_WINDOW = 5, 60, 900
    assert [login_limits.delay_after(n) for n in range(4, 11)] == [0, 60, 120, 240, 480, 900, 900]
    assert login_limits.delay_after(10_000) == 900


def test_the_page_locks_the_account_from_that_address_with_growing_delays(client, learners, clock):
    for _ in range(2):
        assert log_in(client, "alice", "wrong").status_code == 200  # the form again, "please enter a correct..."
    assert log_in(client, "alice", "wrong").status_code == 200  # the 3rd failure locks the pair for 60 s
    refused = log_in(client, "alice", PASSWORD)
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    body = refused.content.decode()
    assert "Trop d’échecs de connexion pour ce compte depuis votre adresse réseau." in body
    assert "Réessayez dans 1 minute." in body and "_auth_user_id" not in client.session
    clock.advance(30)
    assert log_in(client, "alice", PASSWORD)["Retry-After"] == "30"
    assert "Réessayez dans 30 secondes." in log_in(client, "alice", PASSWORD).content.decode()
    clock.advance(31)
    assert log_in(client, "alice", "wrong").status_code == 200  # the 4th failure: 120 s now
    assert log_in(client, "alice", PASSWORD)["Retry-After"] == "120"
    clock.advance(121)
    assert log_in(client, "alice", "wrong").status_code == 200  # the 5th: 240 s
    assert log_in(client, "alice", PASSWORD)["Retry-After"] == "240"
    clock.advance(241)
    response = log_in(client, "alice", PASSWORD)
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(learners[0].pk)


def test_a_stranger_cannot_lock_the_owner_out_from_elsewhere(client, learners, clock):
    start, failures = clock.now, 0
    while clock.now - start < 600:  # as many failures as the delays let through in the window
        response = log_in(client, "alice", "wrong", address="203.0.113.7")
        if response.status_code == 429:
            clock.advance(int(response["Retry-After"]))
        else:
            failures += 1
    assert failures == 6  # 3 free, then after 60, 120 and 240 s
    assert log_in(client, "alice", PASSWORD, address="203.0.113.7").status_code == 429
    assert log_in(client, "alice", PASSWORD, address="198.51.100.2").status_code == 302  # the page
    assert api_log_in("alice", PASSWORD, address="198.51.100.3").status_code == 200  # the API
    learners[0].is_staff = learners[0].is_superuser = True
    learners[0].save()
    admin = Client().post(reverse("admin:login"), {"username": "alice", "password": PASSWORD},
                          REMOTE_ADDR="198.51.100.4")
    assert admin.status_code == 302  # and the admin's page


def test_the_account_limit_ignores_the_case_of_the_username(client, learners, clock):
    for name in ("alice", "ALICE", "Alice"):
        log_in(client, name, "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 429


def test_other_accounts_still_log_in_from_the_address_while_one_pair_is_locked(client, learners, clock):
    for _ in range(3):
        log_in(client, "alice", "wrong", address="10.0.0.1")
    assert log_in(client, "alice", PASSWORD, address="10.0.0.1").status_code == 429
    response = log_in(client, "bob", PASSWORD, address="10.0.0.1")
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(learners[1].pk)


def test_a_shared_club_address_is_not_locked_out_by_one_player(client, learners, clock, django_user_model):
    club = "192.0.2.50"
    assert log_in(Client(), "bob", PASSWORD, address=club).status_code == 302  # bob plays at the club
    # One player there guesses across accounts until the address limit (6 failures) is past.
    for name in ("alice", "alice", "carol", "dave", "erin", "frank", "gina"):
        log_in(client, name, "wrong", address=club)
    assert log_in(Client(), "bob", PASSWORD, address=club).status_code == 302  # a regular still logs in
    refused = log_in(Client(), "carol", PASSWORD, address=club)  # an account never used from the club waits
    assert refused.status_code == 429 and refused["Retry-After"] == "600"
    assert "seuls les comptes déjà utilisés depuis cette adresse" in refused.content.decode()
    assert api_log_in("carol", PASSWORD, address=club).status_code == 429  # the API alike
    assert log_in(Client(), "carol", PASSWORD, address="10.0.0.10").status_code == 302  # elsewhere: fine


def test_guessing_one_account_from_many_addresses_keeps_its_owner_s_addresses_open(client, learners, clock):
    assert api_log_in("alice", PASSWORD, address="198.51.100.2").status_code == 200  # alice's home
    for n in range(9):  # a botnet: 2 failures from each address, under the pair limit, 9 > 8 in all
        for _ in range(2):
            log_in(Client(), "alice", "wrong", address=f"203.0.113.{n}")
    refused = log_in(Client(), "alice", PASSWORD, address="203.0.113.200")
    assert refused.status_code == 429 and "adresse réseau déjà utilisée" in refused.content.decode()
    assert log_in(Client(), "alice", PASSWORD, address="198.51.100.2").status_code == 302  # home still works
    assert log_in(Client(), "bob", PASSWORD, address="203.0.113.200").status_code == 302  # other accounts too


def test_a_success_clears_the_pair_failures(client, learners, clock):
    for _ in range(2):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 302
    client.logout()
    for _ in range(2):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice", PASSWORD).status_code == 302  # 2 + 2 failures, never 3 in a row


def test_the_message_is_in_english_for_english_readers(client, learners, clock):
    client.cookies["django_language"] = "en"
    for _ in range(3):
        log_in(client, "alice", "wrong")
    body = log_in(client, "alice", PASSWORD).content.decode()
    assert "Too many failed log-ins for this account from your network address. Try again in 1 minute." in body


def test_the_token_api_shares_the_limits(learners, clock):
    for _ in range(3):
        assert api_log_in("alice", "wrong").status_code == 400
    refused = api_log_in("alice", PASSWORD)
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert "Trop d’échecs de connexion pour ce compte" in refused.json()["detail"]
    ok = api_log_in("bob", PASSWORD)
    assert ok.status_code == 200 and len(ok.json()["token"]) == 40
    clock.advance(61)
    assert api_log_in("alice", PASSWORD).status_code == 200


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


def test_the_admin_log_in_page_counts_and_refuses_like_the_site_page(client, django_user_model, clock):
    django_user_model.objects.create_superuser("boss", password=PASSWORD)
    url = reverse("admin:login")
    for _ in range(3):
        wrong = client.post(url, {"username": "boss", "password": "wrong"}, REMOTE_ADDR="10.0.0.9")
        assert wrong.status_code == 200
    refused = client.post(url, {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert "Trop d’échecs de connexion pour ce compte depuis votre adresse réseau." in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_failures_on_the_site_page_also_close_the_admin_door(client, django_user_model, clock):
    django_user_model.objects.create_superuser("boss", password=PASSWORD)
    for _ in range(3):
        log_in(client, "boss", "wrong")
    refused = client.post(reverse("admin:login"), {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    assert refused.status_code == 429
    elsewhere = client.post(reverse("admin:login"), {"username": "boss", "password": PASSWORD},
                            REMOTE_ADDR="10.0.0.2")
    assert elsewhere.status_code == 302


def test_the_admin_log_in_works_with_the_right_password(client, django_user_model):
    django_user_model.objects.create_superuser("boss", password=PASSWORD)
    response = client.post(reverse("admin:login"), {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")
    assert response.status_code == 302 and client.session["_auth_user_id"]
