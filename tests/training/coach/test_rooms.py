"""A live room's game counts for the coach like a solo game: its rounds, as the close wrote them."""

from __future__ import annotations

import datetime as dt

import pytest

from lexicon.services import import_word_list
from tests.engine.duplicate.test_game import SMALL
from tests.support import write_words
from training.coach import selectors
from training.rooms import services
from training.rooms.models import RoomRound

pytestmark = pytest.mark.django_db


def test_the_rounds_of_a_room_reach_each_players_diagnosis(alice, bob, django_user_model, tmp_path):
    carol = django_user_model.objects.create_user("carol", password="carol-pass-123")
    lexicon = import_word_list(write_words(tmp_path / "dup.txt", SMALL), name="dup-small", language="fr").lexicon
    room = services.create_room(alice, "Club du jeudi", lexicon, seed=2, pause_seconds=10, solo_min_players=2)
    services.join(bob, room.code, "player")
    services.join(carol, room.code, "player")
    room = services.start(room, alice)
    tops = []
    for number in (1, 2):
        rnd = RoomRound.objects.get(room=room, number=number)
        made = room.game.rounds.get(number=number)
        tops.append(made.top_score)
        services.submit_bulletin(room, bob, number, made.top["coord"], made.top["word"], now=rnd.opens_at)
        if number == 2:
            services.finish(room, alice, now=rnd.opens_at + dt.timedelta(seconds=5))
        else:
            services.next_round(room, alice, now=rnd.opens_at + dt.timedelta(seconds=5))
        room.refresh_from_db()
    found = selectors.diagnosis(bob)
    assert (found.games, found.rounds, found.found, found.lost) == (1, 2, 2, 0)
    missed = selectors.diagnosis(carol)
    assert (missed.games, missed.rounds, missed.found, missed.lost) == (1, 2, 0, sum(tops))
