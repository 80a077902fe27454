"""Fixtures of the duplicate tests: a small real lexicon (words written by the test, imported through the
lexicon service) and a game made with it by the real task (in-process in the test settings)."""

from __future__ import annotations

import pytest

from lexicon.services import import_word_list
from tests.engine.duplicate.test_game import SMALL
from tests.support import write_words
from training.duplicate import services
from training.duplicate.models import DuplicateGame

# A seed whose classic game lasts several rounds with SMALL (test_create_returns_202... checks it has >= 3).
SEED = 2


@pytest.fixture(autouse=True)
def known_seed(monkeypatch):
    """Games made without a seed (the page, the API) and games of the day take SEED: about 2 % of seeds
    (random ones, or the day's) draw a first rack that makes no word of the small test lexicon, and such a
    game fails (as it should) instead of the test's game being made."""
    monkeypatch.setattr(services, "new_seed", lambda: SEED)
    monkeypatch.setattr(services, "daily_seed", lambda lexicon, day: SEED)


@pytest.fixture
def dup_lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "dup.txt", SMALL), name="dup-small", language="fr").lexicon


@pytest.fixture
def game(alice, dup_lexicon) -> DuplicateGame:
    made = services.start_game(alice, dup_lexicon, seed=SEED, timer_seconds=180)
    made.refresh_from_db()
    assert made.status == DuplicateGame.Status.DONE, made.error
    return made
