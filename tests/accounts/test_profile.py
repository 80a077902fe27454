"""My account: preferences (language, default lexicon, daily goal) on the page and through /api/auth/me/."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from accounts.selectors import daily_goal_status, profile_of
from accounts.services import ProfileError, update_profile
from lexicon.selectors import preferred_lexicon
from lexicon.services import import_word_list
from tests.support import api_for, write_words

pytestmark = pytest.mark.django_db


@pytest.fixture
def lexicons(tmp_path):
    first = import_word_list(write_words(tmp_path / "a.txt", ["CHAT", "CHATS"]), name="aaa", language="fr").lexicon
    second = import_word_list(write_words(tmp_path / "b.txt", ["LOUP", "LOUPS"]), name="bbb", language="fr").lexicon
    return first, second


def test_defaults_without_a_row(alice):
    profile = profile_of(alice)
    assert profile.pk is None and profile.language == "fr" and profile.daily_goal == 20
    assert not Profile.objects.exists()


def test_update_checks_every_value(alice, lexicons):
    update_profile(alice, language="en", default_lexicon=lexicons[0].pk, daily_goal="35")
    profile = profile_of(alice)
    assert (profile.language, profile.default_lexicon, profile.daily_goal) == ("en", lexicons[0], 35)
    for kwargs, field in (({"language": "de"}, "language"), ({"daily_goal": 0}, "daily_goal"),
                          ({"daily_goal": "lots"}, "daily_goal"), ({"daily_goal": True}, "daily_goal"),
                          ({"default_lexicon": 999999}, "default_lexicon"), ({"default_lexicon": "x"}, "default_lexicon")):
        with pytest.raises(ProfileError) as caught:
            update_profile(alice, **kwargs)
        assert caught.value.field == field
    assert profile_of(alice).daily_goal == 35  # nothing changed by the refusals
    update_profile(alice, default_lexicon=None)
    assert profile_of(alice).default_lexicon is None


def test_preferred_lexicon_is_the_chosen_one(alice, lexicons):
    assert preferred_lexicon(alice) == lexicons[1]  # the site's default: the newest French import
    update_profile(alice, default_lexicon=lexicons[0])
    assert preferred_lexicon(alice) == lexicons[0]


def test_account_page_saves_and_switches_language(client, alice, lexicons):
    client.force_login(alice)
    page = client.get(reverse("account"))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Mon compte" in body and 'name="daily_goal"' in body and reverse("password_change") in body
    response = client.post(reverse("account"), {"language": "en", "default_lexicon": lexicons[0].pk, "daily_goal": 12,
                                                "new_cards_per_day": 20})
    assert response.status_code == 302
    assert response.cookies["django_language"].value == "en"
    assert "My account" in client.get(reverse("account")).content.decode()
    bad = client.post(reverse("account"), {"language": "en", "default_lexicon": "", "daily_goal": 0,
                                           "new_cards_per_day": 20})
    assert bad.status_code == 200 and profile_of(alice).daily_goal == 12


def test_account_page_needs_login(client):
    assert client.get(reverse("account")).status_code == 302


def test_default_lexicon_is_preselected_in_forms(client, alice, lexicons):
    update_profile(alice, default_lexicon=lexicons[0])
    client.force_login(alice)
    body = client.get(reverse("training:lists")).content.decode()
    assert f'<option value="{lexicons[0].pk}" selected>' in body
    body = client.get(reverse("puzzles:crosswords")).content.decode()
    assert f'<option value="{lexicons[0].pk}" selected>' in body


def test_language_applied_at_login(client, alice):
    update_profile(alice, language="en")
    client.post(reverse("login"), {"username": "alice", "password": "alice-pass-123"})
    response = client.get(reverse("home"))
    assert '<html lang="en">' in response.content.decode()
    assert response.cookies["django_language"].value == "en"
    # the switcher still works afterwards
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert '<html lang="fr">' in client.get(reverse("home")).content.decode()


def test_me_api(alice, lexicons):
    api = api_for(alice)
    me = api.get("/api/auth/me/").json()
    activity = me.pop("activity")
    assert me == {"username": "alice", "email": "", "is_staff": False, "language": "fr", "default_lexicon": None,
                  "daily_goal": 20, "new_cards_per_day": 20, "passing_seconds": None, "answers_today": 0,
                  "goal_reached": False,
                  "activity_today": {"answers": 0, "rounds": 0, "quiz": 0, "puzzles": 0}}
    assert len(activity) == 30 and activity[-1]["date"] == str(timezone.localdate())
    changed = api.patch("/api/auth/me/", {"daily_goal": 5, "default_lexicon": lexicons[1].pk}, format="json")
    assert changed.status_code == 200 and changed.json()["daily_goal"] == 5
    assert changed.json()["default_lexicon"] == lexicons[1].pk and changed.json()["language"] == "fr"
    refused = api.patch("/api/auth/me/", {"default_lexicon": 999999}, format="json")
    assert refused.status_code == 400 and "default_lexicon" in refused.json()
    assert api.patch("/api/auth/me/", {"daily_goal": 0}, format="json").status_code == 400
    assert api.patch("/api/auth/me/", {"language": "xx"}, format="json").status_code == 400
    assert api_for().get("/api/auth/me/").status_code == 401


def test_api_language_follows_profile_then_accept_language(alice):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    token = Token.objects.create(user=alice)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.get("/api/auth/me/")["Content-Language"] == "fr"
    anonymous = APIClient()
    refused = anonymous.get("/api/auth/me/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8")
    assert refused["Content-Language"] == "en" and "credentials" in refused.json()["detail"]
    french = anonymous.get("/api/auth/me/")
    assert french["Content-Language"] == "fr" and "authentification" in french.json()["detail"].lower()
    update_profile(alice, language="en")
    assert client.get("/api/auth/me/", HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "en"


def test_daily_goal_counts_todays_answers(alice):
    status = daily_goal_status(alice)
    assert status == {"goal": 20, "done": 0, "percent": 0, "reached": False, "answers": 0, "rounds": 0, "quiz": 0,
                      "puzzles": 0}


def test_an_api_call_reads_its_token_owner_and_profile_once(alice):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    update_profile(alice, language="en", daily_goal=7)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/auth/me/")
    assert response["Content-Language"] == "en" and response.json()["daily_goal"] == 7
    sql = [q["sql"] for q in queries.captured_queries]
    assert sum('FROM "authtoken_token"' in q for q in sql) == 1
    assert not any(q.startswith('SELECT "accounts_profile"') for q in sql)  # read with the token
    # An owner who never saved a profile: the Accept-Language header, not the profile's defaults.
    bob = type(alice).objects.create_user("bob", password="pw-bob-12345")
    newcomer = APIClient()
    newcomer.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=bob).key}")
    assert newcomer.get("/api/auth/me/", HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "en"
    # Refusals stay DRF's own: an unknown token, an inactive owner.
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert stranger.get("/api/auth/me/").status_code == 401
    alice.is_active = False
    alice.save()
    inactive = client.get("/api/auth/me/")
    assert inactive.status_code == 401 and inactive.json()["detail"]
