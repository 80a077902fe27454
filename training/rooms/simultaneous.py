"""Simultanés: several rooms play one duplicate game at the same time, with one combined ranking.

As a federation runs one (``docs/duplicate.md``, "Simultanés"): the organiser makes the simultané (name,
lexicon, variant, timer, pause, rules, solo settings) and its game is **made once** by the duplicate task;
every room of the simultané plays that game (the same draws, the same tops). Each room has its own arbitre
(its host) who runs its own clock with the room's usual controls; a club's arbitre joins the simultané with
its code and gets a room of their own, the organiser may also add rooms they run themselves. Players join a
room by the room's code, as for any room, and play in one room of a simultané only.

The rooms judge their rounds as any room does, without a solo bonus of their own: a solo is a top found by
exactly one player **over the whole simultané**, so it is counted in the combined ranking
(:func:`engine.duplicate.combined.combine`) and nowhere else. Once every room is over the game is a normal
shared duplicate game (ranking and review over all the simultané's players).

Who sees what: the organiser, the rooms' arbitres and the rooms' members see the simultané and its ranking;
anyone else gets a 404. Only the organiser manages it (adds a room, removes a room that has not started).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from core.selectors import get_or_404, is_user, not_found_message
from engine.duplicate import combined, judging
from lexicon.models import Lexicon
from training.duplicate import services as duplicate_services
from training.duplicate.models import DuplicateGame
from training.rooms import services
from training.rooms.models import (
    CODE_LENGTH,
    MAX_PAUSE,
    MIN_PAUSE,
    Room,
    RoomMember,
    RoomResult,
    RoomRound,
    Simultane,
    new_code,
)
from training.rooms.services import RoomError

MAX_ROOMS = 200
"""Rooms one simultané may hold (a national simultané runs in about a hundred clubs)."""


# --- Writes -------------------------------------------------------------------------------------------------

def create_simultane(host: Any, name: str, lexicon: Lexicon, *, variant: str = DuplicateGame.Variant.CLASSIC,
                     timer_seconds: Any = 180, rules: str = Room.Rules.TOURNAMENT, pause_seconds: Any = None,
                     solo_bonus: Any = judging.SOLO_BONUS, solo_min_players: Any = judging.SOLO_MIN_PLAYERS,
                     seed: int | None = None, rooms: list[str] | None = None) -> Simultane:
    """The simultané and its game (made once, in the background), with the rooms named in ``rooms`` (the
    organiser runs them; clubs' arbitres add theirs with the code)."""
    name = (name or "").strip()
    if not name:
        raise RoomError(_("Give the simultané a name."))
    if len(name) > services.MAX_NAME:
        raise RoomError(_("The simultané's name is too long (at most %(n)s characters).") % {"n": services.MAX_NAME})
    if rules not in Room.Rules.values:
        raise RoomError(_("Unknown rules “%(rules)s”: tournament or training.") % {"rules": str(rules)[:20]})
    room_names = [str(r or "").strip() for r in (rooms or [])]
    if any(not r or len(r) > services.MAX_NAME for r in room_names) or len(room_names) > MAX_ROOMS:
        raise RoomError(_("Each room needs a name of at most %(n)s characters (at most %(rooms)s rooms).") % {
            "n": services.MAX_NAME, "rooms": MAX_ROOMS})
    timer = services._int_setting(timer_seconds, 60, 300, _("The time per round must be between 1 and 5 minutes "
                                                            "(60 to 300 seconds)."))
    pause = services._int_setting(Room._meta.get_field("pause_seconds").default if pause_seconds is None
                                  else pause_seconds, MIN_PAUSE, MAX_PAUSE,
                                  _("The pause between rounds must be between 0 and 120 seconds."))
    bonus = services._int_setting(solo_bonus, 0, 100, _("The solo bonus must be between 0 and 100 points."))
    minimum = services._int_setting(solo_min_players, 2, 10000, _("The players needed for a solo must be 2 or "
                                                                  "more."))
    try:
        game = duplicate_services.start_game(host, lexicon, variant=variant, timer_seconds=timer, seed=seed,
                                             tournament=rules == Room.Rules.TOURNAMENT, solo_min_players=minimum)
    except duplicate_services.GameError as exc:
        raise RoomError(str(exc)) from None
    simultane = None
    for _attempt in range(5):
        try:
            with transaction.atomic():
                simultane = Simultane.objects.create(host=host, name=name, lexicon=lexicon, game=game,
                                                     timer_seconds=timer, pause_seconds=pause, rules=rules,
                                                     solo_bonus=bonus, solo_min_players=minimum, code=new_code())
            break
        except IntegrityError:  # the code was taken: draw another
            continue
    if simultane is None:
        raise RoomError(_("No free code was found: try again."), "busy", 503)
    for room_name in room_names:
        _new_room(simultane, host, room_name)
    return simultane


def _new_room(simultane: Simultane, host: Any, name: str) -> Room:
    """A room of the simultané run by ``host``: the simultané's game and settings, no solo bonus of its own."""
    if Room.objects.filter(simultane=simultane).count() >= MAX_ROOMS:
        raise RoomError(_("This simultané has all the rooms it may hold (%(n)s).") % {"n": MAX_ROOMS},
                        "full", 409)
    return services.create_room(host, name, simultane.lexicon, variant=simultane.game.variant,
                                timer_seconds=simultane.timer_seconds, rules=simultane.rules,
                                pause_seconds=simultane.pause_seconds, solo_bonus=0,
                                solo_min_players=simultane.solo_min_players, simultane=simultane)


def _open_for_rooms(simultane: Simultane) -> None:
    """A room may only join while no room is over: the tops of a finished room's game are known."""
    if simultane.rooms.filter(status=Room.Status.FINISHED, round_number__gt=0).exists():
        raise RoomError(_("This simultané has a room whose game is over: no room can join it now."),
                        "finished", 409)


def add_room(simultane: Simultane, user: Any, name: Any) -> Room:
    """The organiser adds a room they run themselves (403 for anyone else)."""
    if simultane.host_id != getattr(user, "pk", None):
        raise RoomError(_("Only the simultané's organiser can do that."), "forbidden", 403)
    _open_for_rooms(simultane)
    return _new_room(simultane, user, str(name or ""))


def join_as_arbitre(user: Any, code: Any, name: Any) -> Room:
    """A club's arbitre joins the simultané of ``code`` with a room of their own, which they run."""
    text = str(code or "").strip().upper()
    if not text or len(text) > CODE_LENGTH * 2:
        raise RoomError(_("Type the simultané's code (%(n)s letters and digits).") % {"n": CODE_LENGTH})
    simultane = Simultane.objects.select_related("game", "lexicon").filter(code=text).first()
    if simultane is None:
        raise RoomError(_("No simultané has the code “%(code)s”.") % {"code": text}, "not_found", 404)
    _open_for_rooms(simultane)
    return _new_room(simultane, user, str(name or ""))


def remove_room(simultane: Simultane, user: Any, room_id: Any) -> None:
    """The organiser takes out a room that has not started (its players are let go; the game stays)."""
    if simultane.host_id != getattr(user, "pk", None):
        raise RoomError(_("Only the simultané's organiser can do that."), "forbidden", 403)
    room = Room.objects.filter(simultane=simultane, pk=room_id).first()
    if room is None:
        raise RoomError(_("This room is not part of the simultané."), "not_found", 404)
    if room.status != Room.Status.WAITING:
        raise RoomError(_("This room has started: it stays in the simultané."), "started", 409)
    room.delete()


# --- Reads --------------------------------------------------------------------------------------------------

def can_see(simultane: Simultane, user: Any) -> bool:
    if not is_user(user):
        return False
    if simultane.host_id == user.pk:
        return True
    return Room.objects.filter(Q(host=user) | Q(members__user=user), simultane=simultane).exists()


def get_simultane(user: Any, simultane_id: Any) -> Simultane:
    """The simultané if ``user`` organises it, runs one of its rooms or is in one, else 404."""
    simultane = get_or_404(Simultane.objects.select_related("game", "lexicon", "host"), simultane_id,
                           "No such simultané.")
    if not can_see(simultane, user):
        raise Http404(not_found_message(Simultane))  # the same words as an unknown id
    return simultane


def my_simultanes(user: Any) -> list[Simultane]:
    if not is_user(user):
        return []
    ids = set(Simultane.objects.filter(host=user).values_list("pk", flat=True)[:50])
    ids |= set(Room.objects.filter(Q(host=user) | Q(members__user=user), simultane__isnull=False)
               .values_list("simultane_id", flat=True)[:50])
    return list(Simultane.objects.filter(pk__in=ids).select_related("lexicon"))


def advance_rooms(simultane: Simultane) -> None:
    """Bring every playing room up to its clock (an overdue round is closed), as reading a room does."""
    for room in Room.objects.select_related("game", "lexicon", "host").filter(simultane=simultane,
                                                                              status=Room.Status.PLAYING):
        services.advance(room, timezone.now())


def rooms(simultane: Simultane) -> list[dict[str, Any]]:
    """The rooms with their arbitre, code, status, round and players."""
    rows = (Room.objects.filter(simultane=simultane).select_related("host")
            .annotate(players=Count("members", filter=Q(members__role=RoomMember.Role.PLAYER)))
            .order_by("created_at", "id"))
    return [{"id": r.pk, "name": r.name, "code": r.code, "arbitre": r.host.get_username(), "status": r.status,
             "status_label": r.get_status_display(), "round": r.round_number, "players": r.players}
            for r in rows]


def ranking(simultane: Simultane) -> dict[str, Any]:
    """The combined ranking over every room (``engine.duplicate.combined``), its solos, and whether it is
    final (every room over)."""
    room_rows = list(Room.objects.filter(simultane=simultane).values_list("pk", "name", "status"))
    room_names = {pk: str(pk) for pk, _name, _status in room_rows}  # the engine's room keys
    # Three plain reads (members, closed rounds, results by round id): no join on the large results table.
    members = {pk: (username, room_id) for pk, username, room_id in
               RoomMember.objects.filter(room__simultane=simultane, role=RoomMember.Role.PLAYER)
               .values_list("pk", "user__username", "room_id")}
    players = {username: room_names[room_id] for username, room_id in members.values()}
    closed: dict[str, list[int]] = {name: [] for name in room_names.values()}
    round_numbers: dict[int, int] = {}
    for pk, room_id, number in RoomRound.objects.filter(room__simultane=simultane, closed_at__isnull=False) \
            .values_list("pk", "room_id", "number"):
        closed[room_names[room_id]].append(number)
        round_numbers[pk] = number
    plays = [combined.Play(members[member_id][0], round_numbers[round_id], score)
             for member_id, round_id, score in RoomResult.objects.filter(round_id__in=list(round_numbers))
             .values_list("member_id", "round_id", "score") if member_id in members]
    numbers = {n for rounds in closed.values() for n in rounds}
    tops = {r.number: int(r.top["score"]) for r in simultane.game.rounds.filter(number__in=numbers)}
    result = combined.combine(players, closed, plays, tops, solo_bonus=simultane.solo_bonus,
                              solo_min_players=simultane.solo_min_players)
    plain = {pk: name for pk, name, _status in room_rows}
    return {
        "simultane": simultane.pk,
        "final": bool(room_rows) and all(status == Room.Status.FINISHED for _pk, _name, status in room_rows),
        "ranking": [{"rank": line.rank, "player": line.player, "room": int(line.room),
                     "room_name": plain[int(line.room)], "total": line.total, "negatif": line.negatif,
                     "percent": round(line.percent, 1), "solos": line.solos, "rounds": line.rounds}
                    for line in result.lines],
        "solos": [{"round": s.round, "player": s.player, "room": int(s.room)} for s in result.solos],
    }


def detail(simultane: Simultane, user: Any) -> dict[str, Any]:
    """The simultané as the API gives it: settings, code, rooms, the game and whether it can be reviewed."""
    game = simultane.game
    over = game.visibility != DuplicateGame.Visibility.PRIVATE and not simultane.rooms.exclude(
        status=Room.Status.FINISHED).exists()
    return {"id": simultane.pk, "name": simultane.name, "code": simultane.code,
            "organiser": simultane.host.get_username(),
            "is_organiser": is_user(user) and simultane.host_id == user.pk,
            "lexicon": simultane.lexicon_id, "variant": game.variant, "timer_seconds": simultane.timer_seconds,
            "pause_seconds": simultane.pause_seconds, "rules": simultane.rules,
            "solo_bonus": simultane.solo_bonus, "solo_min_players": simultane.solo_min_players,
            "game": game.pk, "game_status": game.status, "round_count": game.round_count,
            "review": over, "rooms": rooms(simultane)}
