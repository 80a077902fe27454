"""Two server processes on Redis: a player's socket held by this process receives the event caused by the
host's request to another process (Daphne, forked), through ``channels-redis``; and the round closed by that
process is closed once. Runs in the integration pass (PostgreSQL + Redis, see tests/conftest.py)."""

from __future__ import annotations

import datetime as dt
import json
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from channels.testing.live import make_application
from daphne.testing import DaphneProcess
from django.db import connection, connections
from rest_framework.authtoken.models import Token

from config.asgi import application
from training.rooms import services
from training.rooms.models import RoomResult

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def other_process(settings):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
    # Forked: the process already names the test database (pytest-django renamed it before the fork).
    server = DaphneProcess("localhost", partial(make_application, static_wrapper=None))
    server.start()
    while not server.ready.wait(timeout=1):
        if not server.is_alive():
            raise RuntimeError("Daphne stopped")
    yield f"http://localhost:{server.port.value}"
    server.terminate()
    server.join()


def post(url: str, key: str) -> dict:
    request = urllib.request.Request(url, data=b"{}", method="POST", headers={
        "Authorization": f"Token {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def test_an_event_crosses_processes(other_process, alice, bob, dup_lexicon):
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    room = services.create_room(alice, "Club", dup_lexicon, seed=2, solo_min_players=2)
    services.join(bob, room.code, "player")
    host_key = Token.objects.get_or_create(user=alice)[0].key
    bob_key = Token.objects.get_or_create(user=bob)[0].key

    async def scenario():
        socket = WebsocketCommunicator(application, f"/ws/rooms/{room.pk}/?token={bob_key}",
                                       headers=[(b"origin", b"http://localhost")])
        assert (await socket.connect())[0]
        assert (await socket.receive_json_from(timeout=10))["type"] == "state"
        state = await sync_to_async(post)(f"{other_process}/api/rooms/{room.pk}/start/", host_key)
        assert state["status"] == "playing"
        opened = await socket.receive_json_from(timeout=10)
        assert opened["type"] == "round_open" and opened["round"] == 1
        await sync_to_async(post)(f"{other_process}/api/rooms/{room.pk}/next/", host_key)
        closed = await socket.receive_json_from(timeout=10)
        assert closed["type"] == "round_closed" and closed["my_result"]["player"] == "bob"
        await socket.disconnect()

    async_to_sync(scenario)()
    assert RoomResult.objects.filter(round__room=room, round__number=1).count() == 1


def test_several_closers_at_once_close_a_round_exactly_once(alice, bob, dup_lexicon):
    """The sweep and requests of several processes racing on an overdue round: the row lock lets one close."""
    room = services.create_room(alice, "Club", dup_lexicon, seed=2, solo_min_players=2)
    services.join(bob, room.code, "player")
    room = services.start(room, alice)
    when = room.rounds.get(number=1).closes_at + dt.timedelta(seconds=10)

    def close() -> bool:
        try:
            return services.close_round(room.pk, 1, when)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=6) as pool:
        closed = list(pool.map(lambda _i: close(), range(6)))
    assert closed.count(True) == 1
    assert RoomResult.objects.filter(round__room=room, round__number=1).count() == 1
    assert room.rounds.count() == 2
