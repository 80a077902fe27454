"""The puzzle bank: built by its task when a learner has too few missed rounds of a kind, once per lexicon
version and kind; its positions' tops have that kind and are the engine's tops."""

from __future__ import annotations

import pytest
from django.urls import reverse

from engine.coach import tags_of_mask, top_tags
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from training.coach import services
from training.coach.models import Puzzle, PuzzleBank
from training.duplicate.selectors import gaddag_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_bank(monkeypatch):
    monkeypatch.setattr(services, "BANK_SIZE", 6)
    monkeypatch.setattr(services, "BANK_MAX_GAMES", 40)


def test_a_learner_without_games_drills_from_the_bank(alice, french_lexicon, client):
    client.force_login(alice)
    response = client.post(reverse("api-coach-drills"), {"tag": "triple", "count": 4, "lexicon": french_lexicon.pk},
                           content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert len(body["puzzles"]) == 4
    bank = PuzzleBank.objects.get(lexicon=french_lexicon, tag="triple")
    assert bank.status == PuzzleBank.Status.DONE and bank.content_hash == french_lexicon.content_hash
    assert bank.puzzles.count() == 6
    gaddag = gaddag_of(french_lexicon)
    for puzzle in bank.puzzles.all():
        assert puzzle.source == Puzzle.Source.BANK
        assert "triple" in tags_of_mask(puzzle.tags)
        assert tags_of_mask(puzzle.tags) == top_tags(puzzle.cgp, puzzle.top, "fr")
        assert generate_moves(gaddag, parse_cgp(puzzle.cgp))[0].score == puzzle.top_score


def test_one_bank_per_lexicon_version_and_kind(alice, bob, french_lexicon):
    services.create_drill(alice, "triple", 2, lexicon=french_lexicon)
    services.create_drill(bob, "triple", 2, lexicon=french_lexicon)
    assert PuzzleBank.objects.filter(tag="triple").count() == 1
    # A learner is not given a bank puzzle they already have.
    first = {item.puzzle_id for item in services.create_drill(alice, "triple", 3, lexicon=french_lexicon).items}
    assert len(first) == 3


def test_a_kind_the_games_never_make_fails_the_bank_in_words(alice, tmp_path, monkeypatch):
    from lexicon.services import import_word_list
    from tests.support import write_words

    words = ["AA", "AS", "SA", "TA", "AT", "ES", "SE", "TE", "ET", "RA", "AR", "RE", "ER", "TES", "SET", "EST",
             "RAT", "TAR", "ART", "ARE", "ERA", "EAT", "TEA", "SEA", "ATE", "ETA", "RATE", "TEAR", "STAR", "RATS"]
    lexicon = import_word_list(write_words(tmp_path / "tiny.txt", words), name="tiny", language="fr").lexicon
    monkeypatch.setattr(services, "BANK_MAX_GAMES", 3)
    with pytest.raises(services.CoachError) as refused:
        services.create_drill(alice, "chere", 2, lexicon=lexicon)
    assert refused.value.code == "no_puzzles" and "no top of this kind" in refused.value.message
    bank = PuzzleBank.objects.get(lexicon=lexicon, tag="chere")
    assert bank.status == PuzzleBank.Status.FAILED and bank.error
