"""The room's WebSocket: members only (session or ?token=), the whole state on connect, events sent after
the services' transactions commit, each player's own result in ``round_closed``."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from rest_framework.authtoken.models import Token

from config.asgi import application
from engine.scrabble.notation import format_coord
from training.rooms import events, services
from training.rooms.models import Room

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = [(b"origin", b"http://localhost")]


@pytest.fixture(autouse=True)
def hosts(settings):
    settings.ALLOWED_HOSTS = ["localhost"]


def token(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def socket(room_id: int, key: str) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/rooms/{room_id}/?token={key}", headers=ORIGIN)


def test_members_receive_the_state_then_the_round_s_events(room, alice, bob, carol):
    services.join(bob, room.code, "player")
    services.join(carol, room.code, "player")
    bob_key, carol_key = token(bob), token(carol)

    async def scenario():
        bob_ws, carol_ws = socket(room.pk, bob_key), socket(room.pk, carol_key)
        assert (await bob_ws.connect())[0] and (await carol_ws.connect())[0]
        first = await bob_ws.receive_json_from(timeout=5)
        assert first["type"] == "state" and first["status"] == "waiting"
        await carol_ws.receive_json_from(timeout=5)
        await sync_to_async(services.start)(room, alice)
        opened = await bob_ws.receive_json_from(timeout=5)
        assert opened["type"] == "round_open" and opened["round"] == 1
        assert {"cgp", "rack", "closes_at", "server_time"} <= set(opened)
        await carol_ws.receive_json_from(timeout=5)
        fresh = await sync_to_async(Room.objects.select_related("game", "lexicon", "host").get)(pk=room.pk)
        top = await sync_to_async(lambda: fresh.game.rounds.get(number=1).top)()
        await sync_to_async(services.submit_bulletin)(fresh, bob, 1, format_coord(
            top["row"], top["col"], top["dir"], "fr"), top["word"])
        await sync_to_async(services.next_round)(fresh, alice)
        closed = await bob_ws.receive_json_from(timeout=5)
        assert closed["type"] == "round_closed" and closed["top"]["word"] == top["word"]
        assert closed["my_result"]["player"] == "bob" and closed["my_result"]["score"] == top["score"]
        assert "results" not in closed  # everyone's results stay on the server side of the socket
        carol_closed = await carol_ws.receive_json_from(timeout=5)
        assert carol_closed["my_result"]["reason"] == "none"
        ranking = await bob_ws.receive_json_from(timeout=5)
        assert ranking["type"] == "ranking" and ranking["ranking"][0]["player"] == "bob"
        await sync_to_async(services.pause)(fresh, alice)
        events = [(await bob_ws.receive_json_from(timeout=5))["type"] for _i in range(1)]
        assert events == ["paused"]
        await bob_ws.send_json_to({"type": "ping"})
        assert (await bob_ws.receive_json_from(timeout=5))["type"] == "pong"
        await bob_ws.disconnect()
        await carol_ws.disconnect()

    async_to_sync(scenario)()


def test_outsiders_and_anonymous_sockets_are_refused(room, django_user_model):
    eve = django_user_model.objects.create_user("eve", password="eve-pass-123")
    eve_key, host_key = token(eve), token(room.host)

    async def scenario():
        for communicator in (socket(room.pk, eve_key),
                             WebsocketCommunicator(application, f"/ws/rooms/{room.pk}/", headers=ORIGIN),
                             WebsocketCommunicator(application, f"/ws/rooms/{room.pk}/?token=wrong", headers=ORIGIN),
                             socket(room.pk + 999, host_key)):
            connected, code = await communicator.connect()
            assert not connected and code == 4404
            await communicator.disconnect()

    async_to_sync(scenario)()


def test_the_session_cookie_opens_the_socket_too(room, client):
    client.force_login(room.host)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()

    async def scenario():
        communicator = WebsocketCommunicator(application, f"/ws/rooms/{room.pk}/",
                                             headers=[*ORIGIN, (b"cookie", cookie)])
        connected, _code = await communicator.connect()
        assert connected
        state = await communicator.receive_json_from(timeout=5)
        assert state["is_host"] and state["code"] == room.code
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_a_page_of_another_site_cannot_open_the_socket(room):
    key = token(room.host)

    async def scenario():
        communicator = WebsocketCommunicator(application, f"/ws/rooms/{room.pk}/?token={key}",
                                             headers=[(b"origin", b"http://evil.example")])
        connected, _code = await communicator.connect()
        assert not connected
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_a_ranking_event_gives_each_socket_the_first_lines_and_its_reader_s_own(room, alice, bob, carol, monkeypatch):
    """The event crosses the layer once with the whole ranking; each socket sends the first lines and its
    reader's line below them, nothing more."""
    from training.rooms import selectors

    monkeypatch.setattr(selectors, "RANKING_SHOWN", 1)
    services.join(bob, room.code, "player")
    services.join(carol, room.code, "player")
    bob_key, carol_key = token(bob), token(carol)
    lines = [{"rank": 1, "player": "carol", "total": 20}, {"rank": 2, "player": "bob", "total": 10}]

    async def scenario():
        bob_ws, carol_ws = socket(room.pk, bob_key), socket(room.pk, carol_key)
        assert (await bob_ws.connect())[0] and (await carol_ws.connect())[0]
        await bob_ws.receive_json_from(timeout=5)
        await carol_ws.receive_json_from(timeout=5)
        await sync_to_async(events.send_now)(room.pk, {"type": "ranking", "ranking": lines,
                                                       "ranking_index": selectors.ranking_index(lines)})
        assert (await bob_ws.receive_json_from(timeout=5))["ranking"] == lines
        carol_sees = await carol_ws.receive_json_from(timeout=5)
        assert carol_sees == {"type": "ranking", "ranking": lines[:1]}
        await bob_ws.disconnect()
        await carol_ws.disconnect()

    async_to_sync(scenario)()


def test_a_member_gone_between_the_check_and_the_state_is_closed_with_4404(room, bob, monkeypatch):
    """The handshake ends after the membership check; if the room is gone when the state is read, the socket
    is closed as an outsider's would have been."""
    from django.http import Http404

    from training.rooms import selectors

    services.join(bob, room.code, "player")
    key = token(bob)

    def gone(*_args, **_kwargs):
        raise Http404("No such room.")

    monkeypatch.setattr(selectors, "state", gone)

    async def scenario():
        ws = socket(room.pk, key)
        assert (await ws.connect())[0]
        closed = await ws.receive_output(timeout=5)
        assert closed["type"] == "websocket.close" and closed["code"] == 4404
        await ws.wait()

    async_to_sync(scenario)()


def test_a_socket_reconnecting_in_the_pause_between_rounds_gets_the_board_with_the_last_top(room, alice, bob):
    """The page rebuilds itself from the socket's first message: in the pause, the board as it stands (the
    last round's top placed), not an empty one, and still no rack."""
    services.join(bob, room.code, "player")
    playing = services.start(room, alice)
    services.next_round(playing, alice)  # round 1 closed now, round 2 opens after the room's pause (10 s)
    key = token(bob)
    board_after = playing.game.rounds.get(number=1).board_after

    async def scenario():
        ws = socket(room.pk, key)
        assert (await ws.connect())[0]
        state = await ws.receive_json_from(timeout=5)
        assert state["type"] == "state" and state["round"] == 2 and state["rack"] is None
        assert state["board"] == board_after and state["board"] != ["." * 15] * 15
        assert state["last_result"]["round"] == 1
        await ws.disconnect()

    async_to_sync(scenario)()
