"""When the next card is due, in words: never "in 0 minutes", never beside "nothing is due" when a card is due."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone, translation

from training.templatetags.wordstudy_tags import next_due_sentence
from training.wordstudy.models import AlphagramCard
from training.wordstudy.services import review_alphagram

pytestmark = pytest.mark.django_db

MORNING = timezone.make_aware(dt.datetime(2031, 3, 4, 8, 0))  # a Tuesday, local time


@pytest.mark.parametrize("later, sentence", [
    (dt.timedelta(seconds=1), "Next card due in less than a minute"),
    (dt.timedelta(seconds=59.9), "Next card due in less than a minute"),
    (dt.timedelta(seconds=60), "Next card due in 1 minute"),
    (dt.timedelta(minutes=12, seconds=30), "Next card due in 12 minutes"),
    (dt.timedelta(minutes=59, seconds=59), "Next card due in 59 minutes"),
    (dt.timedelta(hours=6, minutes=32), "Next card due today at 2:32 p.m."),
    (dt.timedelta(hours=15, minutes=59), "Next card due today at 11:59 p.m."),
    (dt.timedelta(hours=25, minutes=10), "Next card due tomorrow at 9:10 a.m."),
    (dt.timedelta(days=2), "Next card due on Thursday 6 March at 8 a.m."),
    (dt.timedelta(days=300), "Next card due on Monday 29 December at 8 a.m."),
    (dt.timedelta(days=400), "Next card due on Wednesday 7 April 2032 at 8 a.m."),
])
def test_the_next_card_in_words(later, sentence):
    with translation.override("en"):
        assert next_due_sentence(MORNING + later, MORNING) == sentence


def test_the_french_clock_and_nothing_once_due():
    with translation.override("fr"):
        assert "14:32" in next_due_sentence(MORNING + dt.timedelta(hours=6, minutes=32), MORNING)
    assert next_due_sentence(MORNING, MORNING) == ""  # due: not a "next" card
    assert next_due_sentence(MORNING - dt.timedelta(seconds=5), MORNING) == ""
    assert next_due_sentence(None, MORNING) == ""


@pytest.fixture
def card(alice, ranked_lexicon):
    review_alphagram(alice, ranked_lexicon, "EEINRST", correct=True)
    return AlphagramCard.objects.get(owner=alice)


def card_box_page(user) -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client.get("/wordstudy/cards/").content.decode()


def test_a_card_due_in_seconds_is_less_than_a_minute_away(alice, card):
    AlphagramCard.objects.filter(pk=card.pk).update(due=timezone.now() + dt.timedelta(seconds=20))
    page = card_box_page(alice)
    assert "Nothing is due now." in page and "Next card due in less than a minute" in page
    assert "0 minutes" not in page


def test_a_card_due_now_is_listed_never_beside_nothing_due(alice, card):
    AlphagramCard.objects.filter(pk=card.pk).update(due=timezone.now() - dt.timedelta(seconds=1))
    page = card_box_page(alice)
    assert "Nothing is due now." not in page and "Next card due" not in page
    assert 'id="due-title"' in page and 'aria-label="EEINRST"' in page


def test_the_card_box_reads_its_counts_and_its_list_at_one_moment(alice, card, monkeypatch):
    """The box's counts, its next card and its list of due cards are read at one moment: a card falling due between
    two readings of the clock cannot be both "next" and missing from the list."""
    from training.wordstudy import selectors, views

    seen: dict[str, object] = {}
    box, due_cards = selectors.card_box, selectors.due_cards

    def box_spy(user, lexicon=None, now=None):
        seen["box"] = box(user, lexicon, now)
        return seen["box"]

    def due_spy(user, lexicon=None, now=None):
        seen["due_now"] = now
        return due_cards(user, lexicon, now)

    monkeypatch.setattr(views.selectors, "card_box", box_spy)
    monkeypatch.setattr(views.selectors, "due_cards", due_spy)
    card_box_page(alice)
    assert seen["due_now"] is not None and seen["due_now"] == seen["box"].now
    moment = timezone.now()
    AlphagramCard.objects.filter(pk=card.pk).update(due=moment)
    before = selectors.card_box(alice, now=moment - dt.timedelta(microseconds=1))
    assert before.due == 0 and before.next_due == moment
    assert not selectors.due_cards(alice, now=before.now).exists()
    at = selectors.card_box(alice, now=moment)
    assert at.due == 1 and at.next_due is None and selectors.due_cards(alice, now=at.now).count() == 1


def test_the_card_box_says_the_passing_time(alice, card):
    from accounts.services import update_profile

    assert "No passing time: a flash card answered right counts as known" in card_box_page(alice)
    update_profile(alice, passing_seconds=8, language="en")
    assert "Passing time of flash cards: 8 seconds." in card_box_page(alice)
