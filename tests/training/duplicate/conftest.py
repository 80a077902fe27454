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


@pytest.fixture
def dup_lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "dup.txt", SMALL), name="dup-small", language="fr").lexicon


@pytest.fixture
def game(alice, dup_lexicon) -> DuplicateGame:
    made = services.start_game(alice, dup_lexicon, seed=SEED, timer_seconds=180)
    made.refresh_from_db()
    assert made.status == DuplicateGame.Status.DONE, made.error
    return made
