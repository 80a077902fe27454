"""The review pace settings of "My account": new words a day (the daily cap of new words) and the passing time of
flash cards, on the page, through ``/api/auth/me/`` and in the service, every refusal in words."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.selectors import profile_of
from accounts.services import ProfileError, update_profile
from tests.support import api_for

pytestmark = pytest.mark.django_db

FORM = {"language": "fr", "default_lexicon": "", "daily_goal": 20}
CAP_REFUSAL_EN = "New words a day: a whole number from 0 to 500 (0: no new word, only the reviews)."
PASSING_REFUSAL_EN = "The passing time is a whole number of seconds from 1 to 600, or empty for none."


def test_defaults_twenty_new_words_and_no_passing_time(alice):
    profile = profile_of(alice)
    assert profile.new_cards_per_day == 20 and profile.passing_seconds is None


def test_the_service_checks_both_values(alice):
    update_profile(alice, new_cards_per_day="35", passing_seconds=8)
    assert (profile_of(alice).new_cards_per_day, profile_of(alice).passing_seconds) == (35, 8)
    update_profile(alice, new_cards_per_day=0)  # 0: reviews only
    assert profile_of(alice).new_cards_per_day == 0
    for kwargs, field in (({"new_cards_per_day": -1}, "new_cards_per_day"), ({"new_cards_per_day": 501}, "new_cards_per_day"),
                          ({"new_cards_per_day": "lots"}, "new_cards_per_day"), ({"new_cards_per_day": True}, "new_cards_per_day"),
                          ({"new_cards_per_day": 2.5}, "new_cards_per_day"),
                          ({"passing_seconds": 0}, "passing_seconds"), ({"passing_seconds": 601}, "passing_seconds"),
                          ({"passing_seconds": "soon"}, "passing_seconds"), ({"passing_seconds": False}, "passing_seconds")):
        with pytest.raises(ProfileError) as caught:
            update_profile(alice, **kwargs)
        assert caught.value.field == field
    assert (profile_of(alice).new_cards_per_day, profile_of(alice).passing_seconds) == (0, 8)  # nothing changed
    update_profile(alice, passing_seconds=None)  # off
    assert profile_of(alice).passing_seconds is None
    update_profile(alice, passing_seconds="")  # off, as an empty form field sends it
    assert profile_of(alice).passing_seconds is None
    update_profile(alice, daily_goal=7)  # the others untouched when not given
    assert profile_of(alice).new_cards_per_day == 0


def test_the_account_page_shows_and_saves_them(client, alice):
    client.force_login(alice)
    body = client.get(reverse("account")).content.decode()
    assert 'name="new_cards_per_day"' in body and 'value="20"' in body and 'name="passing_seconds"' in body
    saved = client.post(reverse("account"), {**FORM, "new_cards_per_day": 12, "passing_seconds": 9})
    assert saved.status_code == 302
    assert (profile_of(alice).new_cards_per_day, profile_of(alice).passing_seconds) == (12, 9)
    body = client.get(reverse("account")).content.decode()
    assert 'value="12"' in body and 'value="9"' in body
    assert client.post(reverse("account"), {**FORM, "new_cards_per_day": 12, "passing_seconds": ""}).status_code == 302
    assert profile_of(alice).passing_seconds is None


@pytest.mark.parametrize("cap, passing, field", [(-3, "", "new_cards_per_day"), (501, "", "new_cards_per_day"),
                                                 ("beaucoup", "", "new_cards_per_day"), ("", "", "new_cards_per_day"),
                                                 (20, 0, "passing_seconds"), (20, 700, "passing_seconds"),
                                                 (20, "vite", "passing_seconds")])
def test_the_account_page_refuses_bad_values_in_words(client, alice, cap, passing, field):
    client.force_login(alice)
    client.cookies["django_language"] = "en"
    refused = client.post(reverse("account"), {**FORM, "language": "en", "new_cards_per_day": cap,
                                               "passing_seconds": passing})
    assert refused.status_code == 200
    body = refused.content.decode()
    assert (CAP_REFUSAL_EN if field == "new_cards_per_day" else PASSING_REFUSAL_EN) in body
    assert (profile_of(alice).new_cards_per_day, profile_of(alice).passing_seconds) == (20, None)


def test_the_api_shows_changes_and_refuses(alice):
    api = api_for(alice)
    me = api.get("/api/auth/me/").json()
    assert me["new_cards_per_day"] == 20 and me["passing_seconds"] is None
    changed = api.patch("/api/auth/me/", {"new_cards_per_day": 0, "passing_seconds": 12}, format="json")
    assert changed.status_code == 200
    assert (changed.json()["new_cards_per_day"], changed.json()["passing_seconds"]) == (0, 12)
    off = api.patch("/api/auth/me/", {"passing_seconds": None}, format="json")
    assert off.status_code == 200 and off.json()["passing_seconds"] is None and off.json()["new_cards_per_day"] == 0
    for body, field in (({"new_cards_per_day": 501}, "new_cards_per_day"), ({"new_cards_per_day": -1}, "new_cards_per_day"),
                        ({"new_cards_per_day": "many"}, "new_cards_per_day"), ({"new_cards_per_day": True}, "new_cards_per_day"),
                        ({"passing_seconds": 0}, "passing_seconds"), ({"passing_seconds": 10_000}, "passing_seconds")):
        refused = api.patch("/api/auth/me/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
        assert refused.status_code == 400, body
        message = refused.json()[field][0]
        assert message == (CAP_REFUSAL_EN if field == "new_cards_per_day" else PASSING_REFUSAL_EN)
    assert (profile_of(alice).new_cards_per_day, profile_of(alice).passing_seconds) == (0, None)

