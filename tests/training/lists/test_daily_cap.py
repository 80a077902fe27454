"""The daily cap of new words: words never reviewed enter the learner's reviews at most ``new_cards_per_day`` a
day (20 by default); the others wait. Time is moved by arguments and by freezing ``timezone.now``, never waited."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from accounts.services import update_profile
from tests.support import api_for
from tests.training.conftest import MONDAY, STARTER_SIZE, local
from training.lists import selectors, services
from training.lists.models import ReviewCard

pytestmark = pytest.mark.django_db


def review_all_due(user, now: dt.datetime) -> int:
    """Answer every card due at ``now`` right (as "Train on due words" would); how many were answered."""
    cards = list(selectors.due_cards(user, until=now))
    for card in cards:
        services.review_card(card, correct=True, now=now)
    return len(cards)


def test_a_copied_starter_list_brings_twenty_new_words_a_day_not_150(alice, copied):
    now = local(MONDAY)
    pace = selectors.review_pace(alice, now)
    assert (pace.due_now, pace.new_due, pace.new_waiting, pace.new_today, pace.new_cap) == (20, 20, 130, 0, 20)
    assert pace.due_today == 20 and pace.reviews_due == 0 and pace.cards == 150 and pace.learned == 0
    due = list(selectors.due_cards(alice, until=now))
    assert len(due) == 20 and all(card.reviews == 0 for card in due)
    # The oldest first: the starter list's first 20 words, in its order.
    assert [card.entry.word for card in due] == [e.word for e in copied.entries.order_by("added_at", "id")[:20]]
    assert selectors.lists_of(alice, now).get(pk=copied.pk).due_count == 20
    assert selectors.due_lexicons(alice) == [(copied.lexicon, 20)]


def test_a_simulated_week_at_twenty_new_words_a_day(alice, copied, clock):
    started, reviews_seen = 0, 0
    for day in range(8):
        # Each day's session an hour later than the day before's: the words answered two days ago are due again.
        morning = clock.set(local(MONDAY + dt.timedelta(days=day, hours=day)))
        reviews_due = ReviewCard.objects.filter(owner=alice, reviews__gt=0, due__lte=morning).count()
        new_today = min(20, STARTER_SIZE - started)
        pace = selectors.review_pace(alice)
        assert pace.new_today == 0  # a new day: nothing started yet
        assert (pace.new_due, pace.reviews_due, pace.due_now) == (new_today, reviews_due, new_today + reviews_due)
        assert pace.new_waiting == STARTER_SIZE - started - new_today
        reviews_seen += reviews_due
        assert selectors.due_cards(alice).count() == pace.due_now
        assert sum(n for _lexicon, n in selectors.due_lexicons(alice)) == pace.due_now
        # The day's training: every due word answered (the day's first one missed), every 15 minutes until
        # nothing is due.
        moment, first_pass = morning, True
        while cards := list(selectors.due_cards(alice, until=moment)):
            for number, card in enumerate(cards):
                services.review_card(card, correct=not (first_pass and number == 0), now=moment)
            first_pass = False
            moment = clock.set(moment + dt.timedelta(minutes=15))
            assert moment.hour < 20
        started += new_today
        evening = selectors.review_pace(alice, moment)
        assert evening.new_today == new_today and evening.new_due == 0  # the cap holds all day
        assert evening.new_waiting == STARTER_SIZE - started
        assert ReviewCard.objects.filter(owner=alice, reviews=0).count() == STARTER_SIZE - started
    assert started == STARTER_SIZE  # 7 days of 20 and a last one of 10
    assert reviews_seen >= 100  # the days' reviews came beside the new words, never in their place
    assert selectors.review_pace(alice).new_waiting == 0


def test_a_missed_new_word_counts_once_against_the_cap(alice, copied, clock):
    now = local(MONDAY)
    first = selectors.due_cards(alice, until=now).first()
    services.review_card(first, correct=False, now=now)  # Again: back in a minute, not new any more
    later = clock.set(now + dt.timedelta(minutes=5))
    services.review_card(ReviewCard.objects.get(pk=first.pk), correct=False, now=later)
    pace = selectors.review_pace(alice)
    assert (pace.new_today, pace.new_due, pace.reviews_due, pace.due_now) == (1, 19, 0, 19)
    assert selectors.new_cards_started(alice) == 1


def test_words_started_yesterday_are_not_today_s_new_words(alice, copied):
    sunday = local(MONDAY - dt.timedelta(days=1, hours=-12))  # Sunday 20:00
    for card in selectors.due_cards(alice, until=sunday)[:5]:
        services.review_card(card, correct=True, now=sunday)
    monday = local(MONDAY)
    assert selectors.new_cards_started(alice, sunday) == 5
    assert selectors.new_cards_started(alice, monday) == 0
    card = ReviewCard.objects.filter(owner=alice, reviews__gt=0).first()
    services.review_card(card, correct=True, now=monday)  # reviewed again today: not a new word of today
    assert selectors.new_cards_started(alice, monday) == 0
    pace = selectors.review_pace(alice, monday)
    assert pace.new_due == 20 and pace.new_waiting == 125


def test_the_learner_changes_the_cap(alice, copied, clock):
    now = local(MONDAY)
    review_all_due(alice, now)
    assert selectors.review_pace(alice).new_due == 0
    update_profile(alice, new_cards_per_day=30)  # ten more today
    pace = selectors.review_pace(alice)
    assert (pace.new_cap, pace.new_today, pace.new_due, pace.new_waiting) == (30, 20, 10, 120)
    assert selectors.due_cards(alice).filter(reviews=0).count() == 10
    update_profile(alice, new_cards_per_day=5)  # fewer than already started: none more today
    assert selectors.review_pace(alice).new_due == 0
    update_profile(alice, new_cards_per_day=0)  # reviews only, every day
    clock.set(now + dt.timedelta(days=1))
    pace = selectors.review_pace(alice)
    assert pace.new_due == 0 and pace.new_waiting == 130 and pace.cap_reached
    assert not selectors.due_cards(alice).filter(reviews=0).exists()
    update_profile(alice, new_cards_per_day=500)
    assert selectors.review_pace(alice).new_due == 130


def test_the_cap_is_the_learner_s_own(alice, bob, starter, copied):
    services.copy_list(starter, bob)
    update_profile(bob, new_cards_per_day=3)
    now = local(MONDAY)
    assert selectors.due_cards(bob, until=now).count() == 3
    assert selectors.due_cards(alice, until=now).count() == 20
    assert selectors.review_pace(bob, now).new_waiting == 147


def test_due_words_api_lists_the_day_s_share(alice, copied):
    api = api_for(alice)
    due = api.get("/api/reviews/due/").json()
    assert len(due) == 20 and all(item["new"] for item in due)
    assert api.get("/api/lists/").json()[0]["due_count"] == 20
    detail = api.get(f"/api/lists/{copied.pk}/").json()
    assert detail["due_count"] == 20 and all(entry["new"] for entry in detail["entries"])
    services.review_card(ReviewCard.objects.get(owner=alice, entry__word=due[0]["word"]), correct=True)
    again = api.get("/api/reviews/due/").json()
    assert len(again) == 19 and due[0]["word"] not in {item["word"] for item in again}  # 19 new left today
    assert not next(e for e in api.get(f"/api/lists/{copied.pk}/").json()["entries"]
                    if e["word"] == due[0]["word"])["new"]


def test_train_on_due_words_takes_only_the_day_s_share(alice, copied, monkeypatch):
    from training.grids import services as grid_services

    taken: list[list[str]] = []
    monkeypatch.setattr(grid_services, "_start", lambda user, lexicon, words, **kwargs: taken.append(
        [w["word"] for w in words]))
    grid_services.start_due_grid(alice, copied.lexicon, seed=1)
    allowed = {card.entry.word for card in selectors.due_cards(alice)}
    assert len(allowed) == 20 and taken and set(taken[0]) <= allowed


def test_the_dashboard_says_how_many_new_words_wait(alice_client, alice, copied):
    alice_client.cookies["django_language"] = "en"
    html = alice_client.get("/training/").content.decode()
    assert re.search(r'id="stat-due">20<', html)
    assert 'id="stat-new-waiting">130 new words waiting<' in html
    assert "20 words are due now. Of these, 20 new words (today’s share)." in html
    assert re.search(r"New words enter your reviews at 20 a day at most: 0 started today, 130 waiting for the next "
                     r"days\.", html)
    assert f'<option value="{copied.lexicon.pk}">made-up (20)</option>' in html
    assert "learned of 150 words" in html


def test_the_dashboard_once_today_s_new_words_are_started(clock, alice_client, alice, copied):
    alice_client.cookies["django_language"] = "en"
    for card in selectors.due_cards(alice):
        services.review_card(card, correct=True)
    ReviewCard.objects.filter(reviews__gt=0).update(due=clock.now + dt.timedelta(hours=1))  # not due again yet
    html = alice_client.get("/training/").content.decode()
    assert re.search(r'id="stat-due">0<', html) and "20 by tonight" in html
    assert "Nothing is due now: today’s new words are started. The next ones enter your reviews tomorrow" in html
    assert "20 started today, 130 waiting for the next days." in html
    assert 'id="due-lexicon"' not in html
    update_profile(alice, new_cards_per_day=0)
    html = alice_client.get("/training/").content.decode()
    assert "you chose no new word a day" in html and "No new word enters your reviews (0 a day):" in html


def test_the_list_page_shows_new_words_as_new(alice_client, copied):
    alice_client.cookies["django_language"] = "en"
    pages = [alice_client.get(f"/training/lists/{copied.pk}/", {"page": n}).content.decode() for n in (1, 2)]
    assert [html.count("new (never reviewed)") for html in pages] == [100, STARTER_SIZE - 100]  # 100 a page
    lists = alice_client.get("/training/lists/").content.decode()
    assert "150 words, 20 due now" in lists


def test_copying_from_the_home_page_then_the_dashboard(alice_client, copied, starter):
    """The newcomer's path of the issue: one click on the home page's "Copy", then the dashboard."""
    from django.contrib.auth import get_user_model

    newcomer = get_user_model().objects.create_user("newcomer", password="pw-newcomer-123")
    alice_client.force_login(newcomer)
    alice_client.cookies["django_language"] = "en"
    assert alice_client.post(f"/training/lists/{starter.pk}/copy/").status_code == 302
    html = alice_client.get("/training/").content.decode()
    assert re.search(r'id="stat-due">20<', html) and 'id="stat-new-waiting">130 new words waiting<' in html
    assert "learned of 150 words" in html


def test_queries_do_not_grow_with_the_new_words(alice, copied, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):  # the cards' counts, the new words started today, the profile
        selectors.review_pace(alice)
    with django_assert_max_num_queries(3):
        assert len(list(selectors.due_cards(alice))) == 20
