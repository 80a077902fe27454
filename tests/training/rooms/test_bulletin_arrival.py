"""A bulletin is timed by when it reached the server, not by when a busy process handled it: one that arrived
in time but is handled after the close began is stored and the round judged again with it (results, solos,
totals, the duplicate game, the ranking), exactly once; one that arrived after the close or the deadline is
refused (409). The bulletin's cost on the way to a 202 is pinned in queries."""

from __future__ import annotations

import asyncio
import datetime as dt
import time

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from core.arrival import SCOPE_KEY, StampArrival, arrived_at
from engine.scrabble.notation import format_coord
from training.duplicate.models import DuplicatePlay, DuplicatePlayer
from training.rooms import selectors, services
from training.rooms.models import Bulletin, Room, RoomMember, RoomResult, RoomRound

pytestmark = pytest.mark.django_db


def fr(move: dict) -> str:
    return format_coord(move["row"], move["col"], move["dir"], "fr")


def first_round(room: Room) -> RoomRound:
    return RoomRound.objects.get(room=room, number=1)


def totals(room: Room) -> dict[str, tuple[int, int]]:
    """Each player's room total and duplicate-game total, and what the rows they sum say they should be."""
    out = {}
    for member in RoomMember.objects.filter(room=room, role=RoomMember.Role.PLAYER).select_related("user"):
        results = RoomResult.objects.filter(member=member)
        assert member.total == sum(r.score + r.bonus for r in results)  # judged once: no result counted twice
        player = DuplicatePlayer.objects.get(game=room.game, user=member.user)
        assert player.total == sum(p.score for p in DuplicatePlay.objects.filter(player=player))
        out[member.user.username] = (member.total, player.total)
    return out


def test_a_bulletin_that_arrived_before_the_deadline_and_is_handled_after_the_close_is_judged(playing, bob, carol):
    rnd = first_round(playing)
    top = playing.game.rounds.get(number=1).top
    services.submit_bulletin(playing, bob, 1, fr(top), top["word"], now=rnd.opens_at)  # bob alone: a solo
    deadline = rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS)
    closed_at = deadline + dt.timedelta(seconds=1)
    assert services.close_round(playing.pk, 1, closed_at) is True
    assert RoomResult.objects.get(round=rnd, member__user=bob).bonus == 10
    assert totals(playing) == {"bob": (top["score"] + 10, top["score"]), "carol": (0, 0)}

    # carol's reached the server at the deadline, and a busy process got to it 5 s after the close
    outcome = services.submit_bulletin(playing, carol, 1, fr(top), top["word"], arrived_at=deadline,
                                       now=closed_at + dt.timedelta(seconds=5))
    assert outcome.judged_late and outcome.received_at == deadline and outcome.round == 1
    assert Bulletin.objects.get(round=rnd, member__user=carol).received_at == deadline
    results = {r.member.user.username: r for r in RoomResult.objects.filter(round=rnd).select_related("member__user")}
    assert results["carol"].score == top["score"] and results["carol"].valid
    assert not results["bob"].solo and results["bob"].bonus == 0  # two found the top: no solo any more
    assert totals(playing) == {"bob": (top["score"], top["score"]), "carol": (top["score"], top["score"])}
    play = DuplicatePlay.objects.get(player__user=carol, number=1)
    assert play.word == top["word"] and play.move is not None
    assert DuplicatePlayer.objects.get(game=playing.game, user=carol).tops_found == 1
    assert {line["player"]: line["total"] for line in selectors.ranking(playing)} == {
        "bob": top["score"], "carol": top["score"]}  # the cached ranking was dropped
    assert RoomResult.objects.filter(round=rnd).count() == 2


def test_a_late_judged_bulletin_replaced_or_repeated_counts_once(playing, bob, carol):
    rnd = first_round(playing)
    made = playing.game.rounds.get(number=1)
    top = made.top
    second = next(m for m in made.subtops if m["score"] < top["score"])
    deadline = rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS)
    services.close_round(playing.pk, 1, deadline + dt.timedelta(seconds=1))
    later = deadline + dt.timedelta(seconds=9)
    services.submit_bulletin(playing, carol, 1, fr(top), top["word"], arrived_at=deadline - dt.timedelta(seconds=2),
                             now=later)
    services.submit_bulletin(playing, carol, 1, fr(second), second["word"],
                             arrived_at=deadline - dt.timedelta(seconds=1), now=later)  # the last one counts
    services.submit_bulletin(playing, carol, 1, fr(second), second["word"], arrived_at=deadline, now=later)
    assert Bulletin.objects.get(round=rnd, member__user=carol).replaced == 2
    assert totals(playing)["carol"] == (second["score"], second["score"])
    assert DuplicatePlayer.objects.get(game=playing.game, user=carol).tops_found == 0


@pytest.mark.parametrize("after", [0, 0.5])
def test_a_bulletin_that_arrived_after_the_host_closed_the_round_is_refused(playing, bob, after):
    rnd = first_round(playing)
    top = playing.game.rounds.get(number=1).top
    close = rnd.opens_at + dt.timedelta(seconds=30)
    services.close_round(playing.pk, 1, close, force=True)  # the host's next/: the close began at `close`
    with pytest.raises(services.RoomError) as late:
        services.submit_bulletin(playing, bob, 1, fr(top), top["word"],
                                 arrived_at=close + dt.timedelta(seconds=after), now=close + dt.timedelta(seconds=3))
    assert late.value.status == 409 and late.value.code == "round_closed"
    assert not Bulletin.objects.filter(round=rnd).exists()
    assert RoomResult.objects.get(round=rnd, member__user=bob).reason == "none"
    assert totals(playing)["bob"] == (0, 0)


def test_a_bulletin_that_arrived_after_the_deadline_is_refused_closed_or_not(playing, bob, carol):
    rnd = first_round(playing)
    top = playing.game.rounds.get(number=1).top
    deadline = rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS)
    late_arrival = deadline + dt.timedelta(milliseconds=1)
    with pytest.raises(services.RoomError) as before_close:  # not closed yet: refused, and the round closes
        services.submit_bulletin(playing, bob, 1, fr(top), top["word"], arrived_at=late_arrival, now=late_arrival)
    assert before_close.value.status == 409
    assert first_round(playing).closed_at == late_arrival
    with pytest.raises(services.RoomError) as after_close:
        services.submit_bulletin(playing, carol, 1, fr(top), top["word"], arrived_at=late_arrival,
                                 now=late_arrival + dt.timedelta(seconds=4))
    assert after_close.value.status == 409 and after_close.value.code == "round_closed"
    assert not Bulletin.objects.filter(round=rnd).exists()


def test_a_late_judged_bulletin_of_the_last_round_updates_the_finished_game(playing, bob, carol):
    rnd = first_round(playing)
    top = playing.game.rounds.get(number=1).top
    close = rnd.opens_at + dt.timedelta(seconds=20)
    services.close_round(playing.pk, 1, close, force=True, last=True)
    assert Room.objects.get(pk=playing.pk).status == Room.Status.FINISHED
    services.submit_bulletin(playing, bob, 1, fr(top), top["word"], arrived_at=close - dt.timedelta(seconds=1),
                             now=close + dt.timedelta(seconds=2))
    assert totals(playing)["bob"] == (top["score"] + 10, top["score"])  # alone on the top: the solo too
    with pytest.raises(services.RoomError) as over:
        services.submit_bulletin(playing, carol, 1, fr(top), top["word"], arrived_at=close, now=close)
    assert over.value.status == 409 and over.value.code == "finished"


def test_the_bulletin_costs_four_queries_with_a_session(playing, bob, client):
    client.force_login(bob)
    top = playing.game.rounds.get(number=1).top
    body = {"round": 1, "coord": fr(top), "word": top["word"]}
    client.post(f"/api/rooms/{playing.pk}/bulletin/", body, content_type="application/json")  # warm caches
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(f"/api/rooms/{playing.pk}/bulletin/", body, content_type="application/json")
    assert answer.status_code == 202, answer.content
    assert set(answer.json()) == {"round", "received_at"}
    # the session (from Redis when it is configured: core.sessions), the user, the room with the membership,
    # the round and its position, the upsert
    expected = 3 if settings.SESSION_ENGINE == "core.sessions" else 4
    assert len(queries) == expected, [q["sql"] for q in queries.captured_queries]
    assert Bulletin.objects.get(member__user=bob).replaced == 1


def test_the_bulletin_costs_three_queries_with_a_token(playing, bob):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=bob)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    top = playing.game.rounds.get(number=1).top
    body = {"round": 1, "coord": fr(top), "word": top["word"]}
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(f"/api/rooms/{playing.pk}/bulletin/", body, format="json")
    assert answer.status_code == 202, answer.content
    assert len(queries) == 3, [q["sql"] for q in queries.captured_queries]


def test_the_api_times_a_bulletin_by_its_arrival(playing, bob, carol, rf):
    from training.rooms.apis import BulletinApi

    rnd = first_round(playing)
    top = playing.game.rounds.get(number=1).top
    deadline = rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS)
    services.close_round(playing.pk, 1, deadline + dt.timedelta(seconds=1))

    def post(user, arrival: dt.datetime):
        request = rf.post(f"/api/rooms/{playing.pk}/bulletin/", {"round": 1, "coord": fr(top), "word": top["word"]},
                          content_type="application/json")
        request.scope = {SCOPE_KEY: arrival.timestamp()}  # as StampArrival leaves it under ASGI
        request.user = user
        request._dont_enforce_csrf_checks = True
        return BulletinApi.as_view()(request, room_id=playing.pk)

    accepted = post(bob, deadline - dt.timedelta(seconds=1))
    assert accepted.status_code == 202 and accepted.data["received_at"] == deadline - dt.timedelta(seconds=1)
    assert RoomResult.objects.get(round=rnd, member__user=bob).score == top["score"]
    refused = post(carol, deadline + dt.timedelta(seconds=0.5))
    assert refused.status_code == 409


def test_the_arrival_is_stamped_before_the_application_runs():
    seen = {}

    async def app(scope, receive, send):
        seen.update(scope)

    before = time.time()
    asyncio.run(StampArrival(app)({"type": "http", "path": "/"}, None, None))
    assert before <= seen[SCOPE_KEY] <= time.time()
    seen.clear()
    asyncio.run(StampArrival(app)({"type": "websocket"}, None, None))
    assert seen == {"type": "websocket"}  # sockets are not timed

    class Request:
        scope = {SCOPE_KEY: before}

    assert arrived_at(Request()) == dt.datetime.fromtimestamp(before, tz=dt.UTC)
    assert arrived_at(object()) is None


def test_rounds_judged_again_announce_the_ranking_at_most_once_a_second(playing, bob, carol, monkeypatch,
                                                                        django_capture_on_commit_callbacks):
    from django.core.cache import cache

    from training.rooms import events

    sent = []
    monkeypatch.setattr(events, "send_now", lambda room_id, event: sent.append(event))
    cache.delete(f"room-rejudged-sent-{playing.pk}")
    rnd = first_round(playing)
    top = playing.game.rounds.get(number=1).top
    deadline = rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS)
    services.close_round(playing.pk, 1, deadline + dt.timedelta(seconds=1))
    sent.clear()
    for user in (bob, carol):  # two bulletins judged after the close, within the same second
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_bulletin(playing, user, 1, fr(top), top["word"], arrived_at=deadline, now=deadline)
    assert [e["type"] for e in sent] == ["ranking"]  # the first at once
    assert {line["player"]: line["total"] for line in sent[0]["ranking"]}["bob"] == top["score"] + 10
    with django_capture_on_commit_callbacks(execute=True):
        services.sweep(deadline + dt.timedelta(seconds=2))  # the sweep sends the one held back
    assert [e["type"] for e in sent] == ["ranking", "ranking"]
    assert {line["player"]: line["total"] for line in sent[1]["ranking"]} == {"bob": top["score"],
                                                                             "carol": top["score"]}
    assert services.announce_rejudged(playing.pk) is False  # nothing left to announce
