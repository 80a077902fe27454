"""``GET /api/progress/`` and the dashboard's figures with the daily cap of new words: what is due counts the new
words the learner's cap lets in today, the rest wait (``new_waiting``); the keys that were there keep their meaning."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.services import update_profile
from tests.support import api_for
from tests.training.conftest import STARTER_SIZE, local
from training.grids import selectors as grid_selectors
from training.lists import selectors, services

pytestmark = pytest.mark.django_db

KEYS = {"due_now", "due_today", "cards", "learned", "answers", "correct", "wrong", "accuracy", "streak",
        "accuracy_by_day", "hardest", "new_cap", "new_today", "new_due", "new_waiting", "reviews_due"}


def test_progress_counts_twenty_new_words_of_150(alice, copied):
    progress = api_for(alice).get("/api/progress/").json()
    assert set(progress) == KEYS  # the old keys kept, the new ones added
    assert (progress["due_now"], progress["due_today"], progress["new_due"], progress["new_waiting"]) == (20, 20, 20, 130)
    assert (progress["new_cap"], progress["new_today"], progress["reviews_due"]) == (20, 0, 0)
    assert (progress["cards"], progress["learned"]) == (STARTER_SIZE, 0)
    assert progress["due_now"] == len(api_for(alice).get("/api/reviews/due/").json())


def test_progress_over_two_days(alice, copied, clock):
    monday = clock.now
    for card in selectors.due_cards(alice):
        services.review_card(card, correct=True)
    summary = grid_selectors.progress_summary(alice)
    assert (summary["due_now"], summary["new_today"], summary["new_due"], summary["new_waiting"]) == (0, 20, 0, 130)
    later = clock.set(monday + dt.timedelta(minutes=15))  # the learning step passed: the 20 are due again
    summary = grid_selectors.progress_summary(alice, later)
    assert (summary["due_now"], summary["reviews_due"], summary["new_due"]) == (20, 20, 0)
    for card in selectors.due_cards(alice):
        services.review_card(card, correct=True)
    clock.set(local(dt.datetime(2031, 3, 4, 8, 0)))  # Tuesday morning
    summary = grid_selectors.progress_summary(alice)
    assert (summary["new_today"], summary["new_due"], summary["new_waiting"]) == (0, 20, 110)
    assert summary["due_now"] == 20 + summary["reviews_due"] and summary["learned"] == 20
    update_profile(alice, new_cards_per_day=0)
    progress = api_for(alice).get("/api/progress/").json()
    assert (progress["new_cap"], progress["new_due"], progress["new_waiting"]) == (0, 0, 130)
    assert progress["due_now"] == progress["reviews_due"] == summary["reviews_due"]


def test_progress_of_a_learner_without_cards(alice):
    progress = api_for(alice).get("/api/progress/").json()
    assert (progress["due_now"], progress["new_waiting"], progress["new_cap"], progress["cards"]) == (0, 0, 20, 0)


def test_the_dashboard_and_progress_agree(alice_client, alice, copied):
    summary = grid_selectors.progress_summary(alice)
    pace = selectors.review_pace(alice)
    assert (summary["due_now"], summary["due_today"], summary["new_waiting"]) == (pace.due_now, pace.due_today,
                                                                                 pace.new_waiting)
    assert b'id="stat-due">20<' in alice_client.get("/training/").content
