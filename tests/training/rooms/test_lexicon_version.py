"""A live room names its lexicon and the version its game was made with (recorded on the room's duplicate
game): in the room state API and on the room and projector pages; a game made before versions were recorded
says the lexicon's name alone."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from training.duplicate.models import DuplicateGame

pytestmark = pytest.mark.django_db


def test_the_room_state_and_pages_name_the_lexicon_version(room, bob):
    version = room.game.lexicon_version
    assert version is not None
    client = APIClient()
    client.force_authenticate(room.host)
    state = client.get(f"/api/rooms/{room.pk}/state/").json()
    assert (state["lexicon"], state["lexicon_name"], state["lexicon_version"]) == \
        (room.lexicon_id, room.lexicon.name, version)
    browser = Client()
    browser.force_login(room.host)
    for path in (f"/training/rooms/{room.pk}/", f"/training/rooms/{room.pk}/projector/"):
        html = browser.get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        assert f'id="room-lexicon">{room.lexicon.name}, version {version}<' in html, path
    # a game made before versions were recorded: the name alone, and null in the API
    DuplicateGame.objects.filter(pk=room.game_id).update(lexicon_version=None)
    assert client.get(f"/api/rooms/{room.pk}/state/").json()["lexicon_version"] is None
    html = browser.get(f"/training/rooms/{room.pk}/").content.decode()
    assert f'id="room-lexicon">{room.lexicon.name}<' in html
