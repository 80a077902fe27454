"""FSRS reviews of revision words: a lapse is Again on a learned card (the Review state), as FSRS counts it
and as word study counts it; and the data migration that recounts cards counted the older way."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.apps import apps
from django.utils import timezone

from training.lists import services
from training.lists.models import ReviewCard, ReviewLog

recount_migration = importlib.import_module("training.migrations.0011_review_card_lapses_as_fsrs")


@pytest.fixture
def card(alice, small_lexicon):
    revision_list = services.create_list(alice, small_lexicon, "Révisions")
    entry = services.add_word(revision_list, "BACCARAT", "T")
    return ReviewCard.objects.get(entry=entry)


def _review(card: ReviewCard, answers: list[bool]) -> ReviewCard:
    when = timezone.now()
    for correct in answers:
        services.review_card(card, correct, now=when)
        when += dt.timedelta(days=30)
    card.refresh_from_db()
    return card


@pytest.mark.django_db
def test_again_while_learning_is_no_lapse_again_once_learned_is_one(card):
    card = _review(card, [False, True, True])
    assert (card.reviews, card.lapses, card.state) == (3, 0, 2)  # missed when new, then learned: Review
    card = _review(card, [False])
    assert (card.lapses, card.state) == (1, 3)  # forgotten: Review → Relearning, one lapse
    card = _review(card, [False])
    assert card.lapses == 1  # missed again while relearning: the same lapse


@pytest.mark.django_db
def test_the_migration_recounts_cards_counted_the_older_way(card):
    card = _review(card, [False, True, True, False, False])
    ReviewCard.objects.filter(pk=card.pk).update(lapses=3)  # every Again, as cards were counted before
    recount_migration.recount(apps, None)
    assert ReviewCard.objects.get(pk=card.pk).lapses == 1


@pytest.mark.django_db
def test_the_migration_keeps_a_card_whose_log_lacks_reviews(card):
    card = _review(card, [False, False])
    ReviewLog.objects.filter(card=card).order_by("id").first().delete()
    ReviewCard.objects.filter(pk=card.pk).update(lapses=2)
    recount_migration.recount(apps, None)
    assert ReviewCard.objects.get(pk=card.pk).lapses == 2  # nothing guessed
