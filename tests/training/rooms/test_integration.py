"""Two server processes on Redis: a player's socket held by this process receives the event caused by the
host's request to another process (Daphne, forked), through ``channels-redis``; and the round closed by that
process is closed once. Runs in the integration pass (PostgreSQL + Redis, see tests/conftest.py)."""

from __future__ import annotations

import base64
import datetime as dt
import json
import os
import signal
import socket
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial, wraps
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from channels.testing.live import make_application
from daphne.testing import DaphneProcess
from django.db import connection, connections
from django.utils import timezone
from rest_framework.authtoken.models import Token

from config.asgi import application
from engine.scrabble.notation import format_coord
from training.rooms import services, tasks
from training.rooms.models import Room, RoomResult, RoomRound

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def daphne() -> DaphneProcess:
    # Forked: the process already names the test database (pytest-django renamed it before the fork).
    server = DaphneProcess("localhost", partial(make_application, static_wrapper=None))
    server.start()
    while not server.ready.wait(timeout=1):
        if not server.is_alive():
            raise RuntimeError("Daphne stopped")
    return server


@pytest.fixture
def other_process(settings):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
    server = daphne()
    yield f"http://localhost:{server.port.value}"
    server.terminate()
    server.join()


@pytest.fixture
def two_processes(settings):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
    servers = [daphne(), daphne()]
    yield servers
    for server in servers:
        if server.is_alive():
            server.terminate()
        server.join()


def post(url: str, key: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body or {}).encode(), method="POST", headers={
        "Authorization": f"Token {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def in_thread(action: Callable[..., Any]) -> Callable[..., Any]:
    """``action`` as a pool's thread runs it: the thread's own database connections closed after each call."""
    @wraps(action)
    def run(*args: Any) -> Any:
        try:
            return action(*args)
        finally:
            connections.close_all()

    return run


@dataclass
class Race:
    """A started room of players racing on its round 1: its top, written as a bulletin gives it."""

    room: Room
    players: list
    top: dict
    coord: str
    round: RoomRound


@pytest.fixture
def race(alice, dup_lexicon, django_user_model) -> Callable[[str, int], Race]:
    """A room of alice's with ``count`` players (named ``prefix`` and a number), started."""
    def make(prefix: str, count: int) -> Race:
        room = services.create_room(alice, "Club", dup_lexicon, seed=2, solo_min_players=2)
        players = [django_user_model.objects.create_user(f"{prefix}{i}") for i in range(count)]
        for player in players:
            services.join(player, room.code, "player")
        room = services.start(room, alice)
        top = room.game.rounds.get(number=1).top
        return Race(room, players, top, format_coord(top["row"], top["col"], top["dir"], "fr"),
                    room.rounds.get(number=1))

    return make


def first_socket_message(port: int, path: str) -> dict:
    """Open a real WebSocket on a server process (the handshake by hand, the standard library only) and
    return its first message, as a browser reconnecting would read it."""
    with socket.create_connection(("localhost", port), timeout=15) as raw:
        key = base64.b64encode(os.urandom(16)).decode()
        raw.sendall((f"GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                     "Origin: http://localhost\r\n\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data:
            data += raw.recv(65536)
        head, _sep, data = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head

        def take(n: int) -> bytes:
            nonlocal data
            while len(data) < n:
                data += raw.recv(65536)
            out, data = data[:n], data[n:]
            return out

        length = take(2)[1] & 0x7F  # a server's frame is not masked; one text frame
        if length == 126:
            length = int.from_bytes(take(2), "big")
        elif length == 127:
            length = int.from_bytes(take(8), "big")
        return json.loads(take(length))


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


def test_several_closers_at_once_close_a_round_exactly_once(race):
    """The sweep and requests of several processes racing on an overdue round: the row lock lets one close."""
    room = race("p", 1).room
    when = room.rounds.get(number=1).closes_at + dt.timedelta(seconds=10)
    close = in_thread(lambda: services.close_round(room.pk, 1, when))

    with ThreadPoolExecutor(max_workers=6) as pool:
        closed = list(pool.map(lambda _i: close(), range(6)))
    assert closed.count(True) == 1
    assert RoomResult.objects.filter(round__room=room, round__number=1).count() == 1
    assert room.rounds.count() == 2


def test_a_server_process_killed_mid_round_loses_nothing_and_the_round_closes_on_time(
        two_processes, alice, bob, carol, dup_lexicon):
    """Two server processes; bob's bulletin is accepted by A, carol's by B; A is killed (SIGKILL) mid-round.
    The sweep (Celery beat's task) closes the round on time, both bulletins are judged, and bob, reconnecting
    to B, gets the whole state back: the next round, its rack, and his result."""
    a, b = (f"http://localhost:{server.port.value}" for server in two_processes)
    room = services.create_room(alice, "Club", dup_lexicon, seed=2, solo_min_players=2, pause_seconds=0)
    services.join(bob, room.code, "player")
    services.join(carol, room.code, "player")
    keys = {user.username: Token.objects.get_or_create(user=user)[0].key for user in (alice, bob, carol)}
    post(f"{a}/api/rooms/{room.pk}/start/", keys["alice"])
    deadline = timezone.now() + dt.timedelta(seconds=4)  # a short round (the timer's minimum is a minute)
    RoomRound.objects.filter(room=room, number=1).update(closes_at=deadline)
    top = room.game.rounds.get(number=1).top
    coord = format_coord(top["row"], top["col"], top["dir"], "fr")
    assert post(f"{a}/api/rooms/{room.pk}/bulletin/", keys["bob"], {"round": 1, "coord": coord,
                                                                     "word": top["word"]})["round"] == 1
    assert post(f"{b}/api/rooms/{room.pk}/bulletin/", keys["carol"], {"round": 1, "coord": "A1",
                                                                       "word": top["word"]})["round"] == 1
    os.kill(two_processes[0].pid, signal.SIGKILL)
    two_processes[0].join(timeout=10)
    assert not two_processes[0].is_alive()

    due = deadline + dt.timedelta(seconds=services.GRACE_SECONDS)
    time.sleep(max(0.0, (due - timezone.now()).total_seconds()) + 0.2)
    assert tasks.sweep_rooms() == 1
    rnd = RoomRound.objects.get(room=room, number=1)
    assert rnd.closed_at is not None and rnd.closed_at - due < dt.timedelta(seconds=2)  # on time
    results = {r.member.user.username: r for r in RoomResult.objects.filter(round=rnd).select_related("member__user")}
    assert (results["bob"].word, results["bob"].score) == (top["word"], top["score"])  # accepted by the dead one
    assert results["carol"].word == top["word"] and results["carol"].score == 0 and results["carol"].reason

    state = first_socket_message(two_processes[1].port.value, f"/ws/rooms/{room.pk}/?token={keys['bob']}")
    assert state["type"] == "state" and state["status"] == Room.Status.PLAYING and state["round"] == 2
    assert state["rack"] == room.game.rounds.get(number=2).rack and state["closes_at"]
    assert state["last_result"]["round"] == 1
    assert state["last_result"]["my_result"]["word"] == top["word"]
    assert state["last_result"]["my_result"]["score"] == top["score"]


def test_bulletins_racing_the_close_are_judged_or_refused_never_lost(race):
    """Bulletins share the round's row (FOR SHARE) and the close takes it alone (FOR UPDATE): a bulletin is
    either written before the close reads them (202, and judged) or refused after it (409)."""
    game = race("p", 12)
    room, players, top, coord, rnd = game.room, game.players, game.top, game.coord, game.round
    now = rnd.opens_at + dt.timedelta(seconds=30)

    @in_thread
    def hand_in(player) -> str:
        try:
            fresh = Room.objects.select_related("game", "lexicon", "host").get(pk=room.pk)
            services.submit_bulletin(fresh, player, 1, coord, top["word"], now=now)
            return player.username
        except services.RoomError as exc:
            assert exc.status == 409, exc.message
            return ""

    close = in_thread(lambda: services.close_round(room.pk, 1, now, force=True))

    with ThreadPoolExecutor(max_workers=8) as pool:
        early = set(pool.map(hand_in, players[:4]))
        assert early == {p.username for p in players[:4]}
        racing = [pool.submit(hand_in, p) for p in players[4:8]]
        closing = pool.submit(close)
        racing += [pool.submit(hand_in, p) for p in players[8:]]
        accepted = early | {f.result() for f in racing} - {""}
        assert closing.result()
    judged = {r.member.user.username for r in RoomResult.objects.filter(round=rnd, word=top["word"])
              .select_related("member__user")}
    assert judged == accepted  # nothing accepted and left unjudged


def test_bulletins_that_arrived_in_time_racing_the_close_are_all_judged_once(race):
    """Bulletins that reached the server before the close began, handled by busy processes before, during
    and after it (the close's lock, then a second judgement under the room's lock): every one accepted and in
    the results, each player's totals the sum of their results; those that arrived after it are refused."""
    from training.duplicate.models import DuplicatePlay, DuplicatePlayer
    from training.rooms.models import RoomMember

    game = race("q", 14)
    room, players, top, coord, rnd = game.room, game.players, game.top, game.coord, game.round
    close_at = rnd.opens_at + dt.timedelta(seconds=30)
    in_time, after = players[:10], players[10:]

    @in_thread
    def hand_in(player, arrived: dt.datetime) -> int:
        try:
            services.submit_bulletin(room.pk, player, 1, coord, top["word"], arrived_at=arrived,
                                     now=close_at + dt.timedelta(seconds=1))
            return 202
        except services.RoomError as exc:
            return exc.status

    close = in_thread(lambda: services.close_round(room.pk, 1, close_at, force=True))

    with ThreadPoolExecutor(max_workers=8) as pool:
        first = [pool.submit(hand_in, p, close_at - dt.timedelta(seconds=1)) for p in in_time[:4]]
        closing = pool.submit(close)
        rest = [pool.submit(hand_in, p, close_at - dt.timedelta(seconds=0.5)) for p in in_time[4:]]
        assert closing.result()
        # arrived just after the close began: handed in once it has (before it, the round is still open to them)
        refused = [pool.submit(hand_in, p, close_at + dt.timedelta(milliseconds=1)) for p in after]
        assert [f.result() for f in first + rest] == [202] * len(in_time)
        assert [f.result() for f in refused] == [409] * len(after)
    results = {r.member.user.username: r for r in RoomResult.objects.filter(round=rnd).select_related("member__user")}
    assert {name for name, r in results.items() if r.word == top["word"]} == {p.username for p in in_time}
    assert all(results[p.username].reason == "none" for p in after)
    assert not any(r.solo for r in results.values())
    for member in RoomMember.objects.filter(room=room).select_related("user"):
        assert member.total == sum(r.score + r.bonus for r in RoomResult.objects.filter(member=member))
        game_player = DuplicatePlayer.objects.get(game=room.game, user=member.user)
        assert game_player.total == sum(p.score for p in DuplicatePlay.objects.filter(player=game_player))
        assert game_player.total == member.total == (top["score"] if member.user in in_time else 0)
