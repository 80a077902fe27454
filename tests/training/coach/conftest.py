"""Fixtures of the coach's tests: a real French lexicon (the shipped fixture's words), games made by the real
task and played round by round through the duplicate services by players with a fixed habit."""

from __future__ import annotations

import pytest

from tests.training.coach.support import finished_games


@pytest.fixture
def collante_avoider_games(alice, french_lexicon):
    """Three classic games alice finished always playing the best play that forms fewer than two cross-words."""
    return finished_games(alice, french_lexicon, seeds=(3, 4, 5), habit="no_collante")


@pytest.fixture
def blank_avoider_games(alice, french_lexicon):
    """Two joker games alice finished always playing the best play that keeps the blank."""
    return finished_games(alice, french_lexicon, seeds=(7, 8), habit="no_blank", variant="joker")
