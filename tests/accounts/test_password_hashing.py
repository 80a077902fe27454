"""Passwords are hashed with Argon2 (Django's recommended hasher, ``config.settings.PASSWORD_HASHERS``), and a
password stored with the older default, PBKDF2, is re-hashed with Argon2 at its owner's next log-in — on the
page, the token API and the admin alike. The rest of the suite uses a fast hasher (``config.test_settings``);
these tests put the production list back."""

from __future__ import annotations

import importlib

import pytest
from django.contrib.auth.hashers import Argon2PasswordHasher, PBKDF2PasswordHasher, identify_hasher
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "Scrabble-Duplicate-2024"


@pytest.fixture(autouse=True)
def production_hashers(settings):
    production = importlib.import_module("config.settings")
    settings.PASSWORD_HASHERS = production.PASSWORD_HASHERS
    assert settings.PASSWORD_HASHERS[0] == "accounts.hashers.OwaspArgon2PasswordHasher"


@pytest.fixture
def old_user(django_user_model):
    """A learner whose password was stored by PBKDF2 (few iterations: the test stays fast, the format is the same)."""
    user = django_user_model.objects.create_user("olga")
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, "saltsaltsalt", iterations=1000)
    user.save(update_fields=["password"])
    assert identify_hasher(user.password).algorithm == "pbkdf2_sha256"
    return user


def test_new_passwords_are_hashed_with_argon2id_at_owasp_s_cost(django_user_model):
    user = django_user_model.objects.create_user("nina", password=PASSWORD)
    assert user.password.startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$") and user.check_password(PASSWORD)


def test_a_hash_with_django_s_default_argon2_cost_is_read_and_brought_to_ours(client, django_user_model):
    user = django_user_model.objects.create_user("dora")
    user.password = Argon2PasswordHasher().encode(PASSWORD, "saltsaltsalt")
    user.save(update_fields=["password"])
    assert "m=102400" in user.password
    assert client.post(reverse("login"), {"username": "dora", "password": PASSWORD}).status_code == 302
    user.refresh_from_db()
    assert "m=19456,t=2,p=1" in user.password


def test_a_pbkdf2_password_is_upgraded_at_the_next_page_log_in(client, old_user):
    response = client.post(reverse("login"), {"username": "olga", "password": PASSWORD})
    assert response.status_code == 302
    old_user.refresh_from_db()
    assert identify_hasher(old_user.password).algorithm == "argon2" and old_user.check_password(PASSWORD)


def test_a_pbkdf2_password_is_upgraded_at_the_next_token_log_in(old_user):
    response = APIClient().post("/api/auth/token/", {"username": "olga", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    old_user.refresh_from_db()
    assert identify_hasher(old_user.password).algorithm == "argon2"
    again = APIClient().post("/api/auth/token/", {"username": "olga", "password": PASSWORD}, format="json")
    assert again.json() == response.json()  # the same token, read with the new hash


def test_a_wrong_password_leaves_the_old_hash_alone(client, old_user):
    before = old_user.password
    assert client.post(reverse("login"), {"username": "olga", "password": "wrong"}).status_code == 200
    old_user.refresh_from_db()
    assert old_user.password == before
