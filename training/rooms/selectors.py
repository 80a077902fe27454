"""Room reads: who may see a room (its host and its members; anyone else gets a 404), its state as the API
and the socket say it, a closed round's results, the live ranking."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Case, Count, Max, Q, Value, When
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils import timezone

from core.selectors import get_or_404, is_user, not_found_message
from engine.duplicate.standings import rank_players
from training.rooms.models import Bulletin, Room, RoomMember, RoomResult, RoomRound

logger = logging.getLogger(__name__)


def get_room(user: Any, room_id: Any) -> Room:
    """The room if ``user`` is its host or a member, else 404 (ids are not revealed)."""
    room = get_or_404(Room.objects.select_related("game", "lexicon", "host"), room_id, "No such room.")
    if not can_see(room, user):
        raise Http404(not_found_message(Room))  # the same words as an unknown id
    return room


def game_in_play(game_id: int) -> bool | None:
    """Is a room (of a simultané or not) still playing this duplicate game (True), were its rooms all played out
    (False), or did no room play it (None)? While one plays it, no one may read its rounds through the duplicate
    game's own routes (``training.duplicate.selectors.in_live_play``, a core hook)."""
    statuses = set(Room.objects.filter(game_id=game_id).values_list("status", flat=True))
    if not statuses:
        return None
    return statuses != {Room.Status.FINISHED}


def can_see(room: Room, user: Any) -> bool:
    if not is_user(user):
        return False
    return room.host_id == user.pk or RoomMember.objects.filter(room=room, user=user).exists()


def room_by_code(code: Any) -> Room | None:
    text = str(code or "").strip().upper()[:12]
    return Room.objects.select_related("game", "lexicon", "host").filter(code=text).first() if text else None


def member_of(room: Room, user: Any) -> RoomMember | None:
    if not is_user(user):
        return None
    return RoomMember.objects.filter(room=room, user=user).first()


MY_ROOMS_SHOWN = 40
"""Rooms the lobby lists (hosted and joined together)."""

LOBBY_STAGE = Case(When(status=Room.Status.WAITING, then=Value(0)),
                   When(status__in=(Room.Status.PLAYING, Room.Status.PAUSED), then=Value(1)), default=Value(2))
"""A room's place in the lobby: open (waiting for its start, players joining), then running, then finished."""


def my_rooms(user: Any) -> list[Room]:
    """The rooms ``user`` hosts or joined, in the order a club player looks for them: the open ones first
    (the most recently opened first), then those being played, then the finished ones (the most recently
    finished first)."""
    if not is_user(user):
        return []
    mine = Room.objects.filter(Q(host=user) | Q(pk__in=RoomMember.objects.filter(user=user).values("room_id")))
    return list(mine.annotate(stage=LOBBY_STAGE)
                .order_by("stage", Coalesce("finished_at", "created_at").desc(), "-id")[:MY_ROOMS_SHOWN])


def round_of(room: Room, number: int) -> RoomRound | None:
    return RoomRound.objects.filter(room=room, number=number).first()


def is_open(room: Room, rnd: RoomRound | None, now: dt.datetime) -> bool:
    """Whether bulletins may be handed in now: opened, not closed (the pause stops the clock)."""
    if rnd is None or rnd.closed_at is not None or room.status not in (Room.Status.PLAYING, Room.Status.PAUSED):
        return False
    if room.status == Room.Status.PAUSED and room.paused_at is not None:
        return rnd.opens_at <= room.paused_at
    return rnd.opens_at <= now


def counts(room: Room) -> dict[str, int]:
    players = RoomMember.objects.filter(room=room, role=RoomMember.Role.PLAYER).count()
    spectators = RoomMember.objects.filter(room=room, role=RoomMember.Role.SPECTATOR).count()
    return {"players": players, "spectators": spectators}


def tops_total(room: Room) -> int:
    closed = RoomRound.objects.filter(room=room, closed_at__isnull=False).values_list("number", flat=True)
    return sum(int(r.top["score"]) for r in room.game.rounds.filter(number__in=list(closed)))


RANKING_SHOWN = 50
"""Lines of the ranking a socket or the state carries (the first ones and the reader's own): the whole ranking
of 2,000 players is 200 kB, and every socket receiving it after every close is 400 MB per round. The whole
ranking stays at ``GET ranking/``."""

RANKING_CACHE_SECONDS = 600


def ranking(room: Room, *, cached: bool = True) -> list[dict[str, Any]]:
    """Every player ranked by total (solo bonuses included): rank, négatif, % of the tops, solos.

    Cached (the cache, shared by the processes when ``REDIS_URL`` is set) under the closed rounds and the
    players' count, the only things that change it: a thousand sockets connecting read the state a thousand
    times between two closes, and computing it each time made connecting O(players²). A close computes it
    with ``cached=False``: its transaction may still roll back."""
    if not cached:
        return _ranking(room)
    key = _ranking_key(room)
    try:
        lines = cache.get(key)
    except Exception as exc:  # Redis down or restarting: the database answers (a room never 500s for its cache)
        logger.warning("room %s: ranking cache not read: %s", room.pk, exc)
        return _ranking(room)
    if lines is None:
        lines = _ranking(room)
        _quietly(cache.set, key, lines, RANKING_CACHE_SECONDS)
    return lines


def _quietly(write: Any, *args: Any) -> None:
    """A cache write that may fail (Redis restarting): logged, never raised; the next read computes again."""
    try:
        write(*args)
    except Exception as exc:
        logger.warning("room cache not written: %s", exc)


def _ranking_key(room: Room) -> str:
    closed = RoomRound.objects.filter(room=room, closed_at__isnull=False).count()
    players = RoomMember.objects.filter(room=room, role=RoomMember.Role.PLAYER).aggregate(n=Count("pk"), last=Max("pk"))
    return f"room-ranking-{room.pk}-{room.created_at.timestamp()}-{closed}-{players['n']}-{players['last']}"


def forget_ranking(room: Room) -> None:
    """Drop the cached ranking once the transaction commits: a closed round judged again (a bulletin that
    arrived in time, handled late) changes totals without changing what the cache key counts."""
    key = _ranking_key(room)
    transaction.on_commit(lambda: _quietly(cache.delete, key))


def ranking_index(lines: list[dict[str, Any]]) -> dict[str, int]:
    """Each player's line number: sent once with a ranking event, so each socket finds its own line at once."""
    return {line["player"]: i for i, line in enumerate(lines)}


def ranking_for(lines: list[dict[str, Any]], index: dict[str, int], username: str) -> list[dict[str, Any]]:
    """The lines a reader gets: the first :data:`RANKING_SHOWN`, and their own after them if lower."""
    shown = lines[:RANKING_SHOWN]
    mine = index.get(username)
    if mine is not None and mine >= RANKING_SHOWN:
        shown = [*shown, lines[mine]]
    return shown


def _ranking(room: Room) -> list[dict[str, Any]]:
    members = list(RoomMember.objects.filter(room=room, role=RoomMember.Role.PLAYER).select_related("user"))
    solos: dict[int, int] = {}
    for member_id in RoomResult.objects.filter(round__room=room, solo=True).values_list("member_id", flat=True):
        solos[member_id] = solos.get(member_id, 0) + 1
    by_name = {m.user.get_username(): m for m in members}
    lines = rank_players({name: m.total for name, m in by_name.items()}, tops_total(room))
    return [{"rank": s.rank, "player": s.player, "total": s.total, "negatif": s.negatif,
             "percent": round(s.percent, 1), "solos": solos.get(by_name[s.player].pk, 0)} for s in lines]


def result_json(result: RoomResult) -> dict[str, Any]:
    return {"player": result.member.user.get_username(), "coord": result.coord, "word": result.word,
            "score": result.score, "bonus": result.bonus, "valid": result.valid, "reason": result.reason,
            "solo": result.solo}


def round_results(room: Room, rnd: RoomRound) -> dict[str, Any]:
    """A closed round: the top, the next plays, every player's judged play."""
    made = room.game.rounds.get(number=rnd.number)
    results = RoomResult.objects.filter(round=rnd).select_related("member__user").order_by("-score", "member_id")
    return {"round": rnd.number, "rack": made.rack, "top": made.top, "subtops": made.subtops,
            "results": [result_json(r) for r in results]}


def my_result(rnd: RoomRound, member: RoomMember | None) -> dict[str, Any] | None:
    if member is None:
        return None
    result = RoomResult.objects.filter(round=rnd, member=member).select_related("member__user").first()
    return result_json(result) if result is not None else None


def bulletin_json(bulletin: Bulletin | None) -> dict[str, Any] | None:
    if bulletin is None:
        return None
    return {"round": bulletin.round.number, "coord": bulletin.coord, "word": bulletin.word,
            "received_at": bulletin.received_at}


def state(room: Room, user: Any, now: dt.datetime | None = None) -> dict[str, Any]:
    """Everything a client needs to (re)build its page: what the socket said, readable by polling too."""
    now = now or timezone.now()
    member = member_of(room, user)
    rnd = round_of(room, room.round_number) if room.round_number else None
    shown = rnd is not None and (rnd.closed_at is not None or rnd.opens_at <= (room.paused_at or now)) \
        and room.status != Room.Status.WAITING
    made = room.game.rounds.get(number=rnd.number) if shown and rnd is not None else None
    last = (RoomRound.objects.filter(room=room, closed_at__isnull=False).order_by("-number").first()
            if room.round_number else None)
    mine = None
    if rnd is not None and member is not None:
        mine = bulletin_json(Bulletin.objects.filter(round=rnd, member=member).select_related("round").first())
    last_result = None
    if last is not None:
        made_last = room.game.rounds.get(number=last.number)
        last_result = {"round": last.number, "top": made_last.top, "my_result": my_result(last, member)}
    return {
        "id": room.pk, "name": room.name, "code": room.code, "rules": room.rules, "status": room.status,
        "host": room.host.get_username(), "is_host": is_user(user) and room.host_id == user.pk,
        "role": member.role if member else None, "timer_seconds": room.timer_seconds,
        "pause_seconds": room.pause_seconds, "round_count": room.game.round_count, "game": room.game_id,
        "game_status": room.game.status, "simultane": room.simultane_id,
        # the lexicon the room plays and the version its game was made with (recorded on the game)
        "lexicon": room.lexicon_id, "lexicon_name": room.lexicon.name, "lexicon_version": room.game.lexicon_version,
        "round": rnd.number if rnd else None,
        "cgp": made.cgp if made else None, "rack": made.rack if made else None,
        "board": board_shown(room, rnd),
        "opens_at": rnd.opens_at if rnd else None, "closes_at": rnd.closes_at if rnd else None,
        "closed": bool(rnd and rnd.closed_at), "paused_at": room.paused_at,
        "server_time": now,
        **counts(room),
        "bulletins": Bulletin.objects.filter(round=rnd).count() if rnd else 0,
        "my_bulletin": mine,
        "last_result": last_result,
        "ranking": _ranking_of(room, user),
    }


def _ranking_of(room: Room, user: Any) -> list[dict[str, Any]]:
    lines = ranking(room)
    return ranking_for(lines, ranking_index(lines), user.get_username() if is_user(user) else "")


def board_shown(room: Room, rnd: RoomRound | None) -> list[str] | None:
    """The board the players look at: the current round's once the game has started, so in the pause
    between two rounds the board as it stands, the last round's top placed (that top is said at the close;
    only the coming rack waits for the opening). None before the start."""
    if rnd is None or room.status == Room.Status.WAITING:
        return None
    return board_before(room, rnd.number)


def board_before(room: Room, number: int) -> list[str]:
    if number <= 1:
        return ["." * 15] * 15
    previous = room.game.rounds.filter(number=number - 1).values_list("board_after", flat=True).first()
    return previous or ["." * 15] * 15
