"""One way for a game to send the words a learner missed to a revision list (Jarnac, duplicate, crosswords)."""

from __future__ import annotations

import pytest

from training.lists import services
from training.lists.models import ReviewCard


@pytest.fixture
def revision_list(alice, small_lexicon):
    return services.own_list_named(alice, small_lexicon, "Manqués", "Des mots manqués.")


@pytest.mark.django_db
def test_the_named_list_is_made_once(alice, small_lexicon, revision_list):
    assert services.own_list_named(alice, small_lexicon, "Manqués") == revision_list
    assert revision_list.description == "Des mots manqués."


@pytest.mark.django_db
def test_new_words_added_with_support_others_skipped_in_words(revision_list):
    sent = services.send_to_revision_list(revision_list, [("BACCARAT", 8), "PRIVATIFS", "ZZZZ", "DATAIS"])
    assert sent.added == ["BACCARAT", "DATAIS"] and sent.sent == sent.added and sent.already == []
    assert revision_list.entries.get(word="BACCARAT").support_index == 7
    assert [s["word"] for s in sent.skipped] == ["PRIVATIFS", "ZZZZ"]
    assert "longer than 8 letters" in sent.skipped[0]["reason"] and "ZZZZ" in sent.skipped[1]["reason"]


@pytest.mark.django_db
def test_a_word_already_there_is_reported_skipped_or_reviewed_again(revision_list):
    services.send_to_revision_list(revision_list, ["DATAIS"])
    assert services.send_to_revision_list(revision_list, ["DATAIS"]).already == ["DATAIS"]
    skipped = services.send_to_revision_list(revision_list, ["DATAIS"], on_duplicate="skip")
    assert skipped.sent == [] and "already in this list" in skipped.skipped[0]["reason"]
    card = ReviewCard.objects.get(entry__word="DATAIS")
    assert card.reviews == 0
    reviewed = services.send_to_revision_list(revision_list, ["DATAIS", "ART"], min_length=4, on_duplicate="review")
    assert reviewed.sent == ["DATAIS"] and reviewed.skipped[0]["word"] == "ART"
    assert "shorter than 4 letters" in reviewed.skipped[0]["reason"]
    card.refresh_from_db()
    assert card.reviews == 1  # reviewed as forgotten: due again at once


@pytest.mark.django_db
def test_an_unknown_duplicate_rule_is_refused(revision_list):
    with pytest.raises(ValueError, match="on_duplicate"):
        services.send_to_revision_list(revision_list, ["DATAIS"], on_duplicate="ignore")
