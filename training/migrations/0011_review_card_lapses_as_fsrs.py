"""Revision words' cards counted every wrong answer as a lapse; FSRS (and the word-study cards) count only
Again on a card in the Review state. Recount each card's lapses from its review log, replaying the ratings
through FSRS (a card's state follows from its ratings alone). A card whose log does not hold every review
keeps its count: nothing is guessed. Reversing leaves the counts as they are."""

from django.db import migrations
from fsrs import Card, Rating, Scheduler, State


def lapses_of(ratings_and_times) -> int:
    """The lapses FSRS counts for a new card reviewed with ``ratings_and_times`` ([(rating, datetime)])."""
    scheduler = Scheduler(enable_fuzzing=False)
    card = Card()
    lapses = 0
    for rating, when in ratings_and_times:
        before = card.state
        card, _log = scheduler.review_card(card, Rating(rating), review_datetime=when)
        if rating == Rating.Again and before == State.Review:
            lapses += 1
    return lapses


def recount(apps, schema_editor) -> None:
    ReviewCard = apps.get_model("training", "ReviewCard")
    ReviewLog = apps.get_model("training", "ReviewLog")
    for card in ReviewCard.objects.filter(lapses__gt=0).only("pk", "reviews", "lapses").iterator():
        logs = list(ReviewLog.objects.filter(card_id=card.pk).order_by("reviewed_at", "id")
                    .values_list("rating", "reviewed_at"))
        if len(logs) != card.reviews:
            continue
        counted = lapses_of(logs)
        if counted != card.lapses:
            ReviewCard.objects.filter(pk=card.pk).update(lapses=counted)


class Migration(migrations.Migration):
    dependencies = [("training", "0010_rooms")]

    operations = [migrations.RunPython(recount, migrations.RunPython.noop)]
