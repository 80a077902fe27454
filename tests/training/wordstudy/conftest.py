"""Fixtures of the word-study tests: a small real lexicon (``small_lexicon`` of the training tests) ranked."""

from __future__ import annotations

import pytest


@pytest.fixture
def ranked_lexicon(small_lexicon):
    """The small lexicon with its probability ranks computed (tasks run inline in tests)."""
    from training.wordstudy.ranking import ensure_ranking

    ranking = ensure_ranking(small_lexicon)
    assert ranking.state == "done", ranking.error
    return small_lexicon
