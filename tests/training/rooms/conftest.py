"""Fixtures of the room tests: the duplicate tests' small real lexicon, a room whose game is made by the real
task (in-process in the test settings), players joined by the code."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tests.training.duplicate.conftest import SEED, dup_lexicon, known_seed  # noqa: F401
from training.duplicate.models import DuplicateGame
from training.rooms import services
from training.rooms.models import Room, RoomMember


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


@pytest.fixture
def rooms_of_every_stage(room, alice, bob) -> list[str]:
    """alice's rooms (hosted, and joined in bob's) at every stage, with a room of bob's she is not in; the
    names in the lobby's order: open ones, newest first; running ones, newest first; finished ones, the most
    recently finished first. The rooms share the ``room`` fixture's game (only their rows matter here)."""
    now = timezone.now()

    def made(host, name: str, status: str, opened_hours_ago: float, finished_hours_ago: float | None = None) -> str:
        other = Room.objects.create(host=host, name=name, lexicon=room.lexicon, game=room.game, status=status,
                                    code=f"T{Room.objects.count():05d}")
        Room.objects.filter(pk=other.pk).update(
            created_at=now - dt.timedelta(hours=opened_hours_ago),
            finished_at=None if finished_hours_ago is None else now - dt.timedelta(hours=finished_hours_ago))
        if host != alice:
            RoomMember.objects.create(room=other, user=alice)
        return name

    Room.objects.filter(pk=room.pk).update(created_at=now - dt.timedelta(hours=5))  # alice's, open
    finished_early = made(alice, "Finie tôt", Room.Status.FINISHED, 10, 6)
    playing = made(alice, "Partie du midi", Room.Status.PLAYING, 4)
    finished_late = made(alice, "Finie tard", Room.Status.FINISHED, 9, 3)
    paused = made(alice, "Partie suspendue", Room.Status.PAUSED, 2)
    newest_open = made(alice, "Ouverte ce soir", Room.Status.WAITING, 1)
    joined_open = made(bob, "Chez Bob", Room.Status.WAITING, 0.5)
    joined_finished = made(bob, "Finie chez Bob", Room.Status.FINISHED, 8, 1)
    Room.objects.create(host=bob, name="Sans Alice", lexicon=room.lexicon, game=room.game, code="NOTHER")
    return [joined_open, newest_open, room.name, paused, playing, joined_finished, finished_late, finished_early]
