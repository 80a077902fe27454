"""Fixtures of the room tests: the duplicate tests' small real lexicon, a room whose game is made by the real
task (in-process in the test settings), players joined by the code."""

from __future__ import annotations

import pytest

from tests.training.duplicate.conftest import SEED, dup_lexicon, known_seed  # noqa: F401
from training.duplicate.models import DuplicateGame
from training.rooms import services
from training.rooms.models import Room


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol", password="carol-pass-123")


@pytest.fixture
def room(alice, dup_lexicon) -> Room:  # noqa: F811
    made = services.create_room(alice, "Club du jeudi", dup_lexicon, seed=SEED, pause_seconds=10,
                                solo_min_players=2)
    made.game.refresh_from_db()
    assert made.game.status == DuplicateGame.Status.DONE, made.game.error
    return made


@pytest.fixture
def playing(room, bob, carol) -> Room:
    services.join(bob, room.code, "player")
    services.join(carol, room.code, "player")
    return services.start(room, room.host)
