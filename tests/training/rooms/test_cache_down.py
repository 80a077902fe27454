"""Redis may blink: while the cache does not answer, a room's state, ranking, start and pause answer from the
database (never a 500, and an action taken answers as taken); a room event that fails on a dead connection is
sent once more on fresh ones."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.support import api_for
from training.rooms import events
from training.rooms.models import Room

pytestmark = pytest.mark.django_db


@pytest.fixture
def cache_down(monkeypatch):
    def refuse(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    for name in ("get", "set", "add", "delete", "get_many", "set_many", "delete_many", "incr"):
        monkeypatch.setattr(cache, name, refuse)


def test_a_room_answers_from_the_database_while_the_cache_is_down(room, alice, bob, cache_down):
    assert api_for(bob).post("/api/rooms/join/", {"code": room.code}, format="json").status_code == 200
    host = api_for(alice)
    started = host.post(f"/api/rooms/{room.pk}/start/")
    assert started.status_code == 200 and Room.objects.get(pk=room.pk).status == Room.Status.PLAYING
    assert api_for(bob).get(f"/api/rooms/{room.pk}/state/").status_code == 200
    assert api_for(bob).get(f"/api/rooms/{room.pk}/ranking/").status_code == 200
    assert host.post(f"/api/rooms/{room.pk}/pause/").status_code == 200
    assert Room.objects.get(pk=room.pk).status == Room.Status.PAUSED
    assert host.post(f"/api/rooms/{room.pk}/resume/").status_code == 200
    assert host.post(f"/api/rooms/{room.pk}/finish/").status_code == 200


class FlakyLayer:
    """A channel layer whose pooled connection died with Redis: the first send fails, then the pools are
    closed and the next send, on a fresh connection, passes."""

    def __init__(self, failures: int) -> None:
        self.failures, self.sent, self.closed = failures, [], 0

    async def group_send(self, group, message):
        if self.failures:
            self.failures -= 1
            raise ConnectionError("Connection closed by server.")
        self.sent.append((group, message))

    async def close_pools(self):
        self.closed += 1


def test_an_event_on_a_dead_connection_is_sent_again_on_a_fresh_one(monkeypatch):
    layer = FlakyLayer(failures=1)
    monkeypatch.setattr(events, "get_channel_layer", lambda: layer)
    events.send_now(7, {"type": "players", "players": 3})
    assert layer.closed == 1 and layer.sent == [("room-7", {"type": "room.event",
                                                            "event": {"type": "players", "players": 3}})]


def test_an_event_that_fails_twice_is_given_up_without_failing_the_action(monkeypatch, caplog):
    layer = FlakyLayer(failures=2)
    monkeypatch.setattr(events, "get_channel_layer", lambda: layer)
    events.send_now(7, {"type": "players", "players": 3})  # no exception
    assert layer.sent == [] and "not sent" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_a_handshake_on_a_dead_pooled_connection_joins_on_a_fresh_one(room, alice, settings):
    """The first handshakes after Redis restarts met the layer's dead connections: joining the group is tried once
    more after the pools are closed, and the socket opens with the room's state."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from tests.training.rooms.test_consumers import ORIGIN, token

    settings.ALLOWED_HOSTS = ["localhost"]
    key = token(alice)

    layer = get_channel_layer()
    real_add, calls = layer.group_add, []

    async def dead_once(group, channel):
        calls.append(group)
        if len(calls) == 1:
            raise ConnectionError("Connection closed by server.")
        await real_add(group, channel)

    layer.group_add = dead_once
    layer.close_pools = lambda: _noop()
    try:
        async def connect():
            socket = WebsocketCommunicator(application, f"/ws/rooms/{room.pk}/?token={key}", headers=ORIGIN)
            connected, _code = await socket.connect()
            message = await socket.receive_json_from(timeout=10) if connected else None
            await socket.disconnect()
            return connected, message

        connected, message = async_to_sync(connect)()
    finally:
        del layer.group_add
        del layer.close_pools
    assert connected and message["type"] == "state" and len(calls) == 2


async def _noop() -> None:
    return None
