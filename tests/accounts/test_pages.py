"""Account pages: sign up, log in, log out, password change and reset, admin access."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "Scrabble-Duplicate-2024"


@pytest.fixture
def learner(django_user_model):
    return django_user_model.objects.create_user("alice", "alice@example.org", PASSWORD)


def test_signup_page_has_labelled_fields(client):
    body = client.get(reverse("signup")).content.decode()
    for name in ("username", "email", "password1", "password2"):
        assert f'for="id_{name}"' in body
    assert 'hx-get="' + reverse("signup-username-check") in body


def test_signup_creates_a_learner_and_logs_in(client):
    response = client.post(
        reverse("signup"),
        {"username": "bob", "email": "bob@example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and response["Location"] == reverse("home")
    user = get_user_model().objects.get(username="bob")
    assert not user.is_staff and user.email == "bob@example.org"
    assert client.session["_auth_user_id"] == str(user.pk)


def test_signup_refuses_mismatched_passwords_and_says_why(client):
    response = client.post(
        reverse("signup"), {"username": "bob", "password1": PASSWORD, "password2": PASSWORD + "x"}
    )
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="bob").exists()
    assert 'class="field-error"' in response.content.decode()


def test_signup_refuses_a_taken_username(client, learner):
    response = client.post(
        reverse("signup"), {"username": "alice", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 200
    assert get_user_model().objects.filter(username="alice").count() == 1


def test_username_check_says_taken_or_available(client, learner):
    url = reverse("signup-username-check")
    assert "field-note--error" in client.get(url, {"username": "ALICE"}).content.decode()
    assert "field-note--ok" in client.get(url, {"username": "carol"}).content.decode()
    assert client.get(url, {"username": ""}).content == b""


def test_login_and_logout(client, learner):
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session.get("_auth_user_id") == str(learner.pk)
    assert "alice" in client.get(reverse("home")).content.decode()
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_login_with_a_wrong_password_shows_an_error(client, learner):
    response = client.post(reverse("login"), {"username": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert 'class="form-errors"' in response.content.decode()


def test_password_change(client, learner):
    client.force_login(learner)
    assert client.get(reverse("password_change")).status_code == 200
    new = PASSWORD + "-new"
    response = client.post(
        reverse("password_change"), {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    )
    assert response.status_code == 302 and response["Location"] == reverse("password_change_done")
    learner.refresh_from_db()
    assert learner.check_password(new)


def test_password_change_requires_login(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_password_reset_by_email_link(client, learner):
    response = client.post(reverse("password_reset"), {"email": "alice@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[0].body).group(1)
    response = client.get(link, follow=True)  # Django swaps the token for a session-held one
    assert response.status_code == 200
    form_url = response.redirect_chain[-1][0]
    new = "Another-Long-Password-7"
    response = client.post(form_url, {"new_password1": new, "new_password2": new})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_complete")
    learner.refresh_from_db()
    assert learner.check_password(new)


def test_password_reset_with_a_bad_link_says_it_is_invalid(client, learner):
    url = reverse("password_reset_confirm", kwargs={"uidb64": "MQ", "token": "bad-token"})
    body = client.get(url).content.decode()
    assert 'role="alert"' in body


def test_staff_reach_the_admin_but_learners_do_not(client, learner, admin_user):
    client.force_login(learner)
    assert client.get("/admin/").status_code == 302  # to the admin login
    client.force_login(admin_user)
    assert client.get("/admin/").status_code == 200
