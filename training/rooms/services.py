"""Room writes and rules: making a room, joining, the host's controls, bulletins, the close judged once.

- **The game** is made once by the duplicate mode's task (:func:`training.duplicate.services.start_game`); the
  room adds one server clock per round (:class:`RoomRound`: ``opens_at``, ``closes_at``).
- **Bulletins**: under ``tournament`` rules a bulletin that can be read (a word and a coordinate) is accepted
  (202) whatever it is, replaced by the next one until the close, and nothing says whether it is valid before
  the close; under ``training`` rules it is judged at once (refused in words, nothing kept). After the close
  (``closes_at`` and the network's grace) a bulletin is refused (:class:`RoomClosed`, 409).
- **The close** is judged once, on time, by whichever comes first: the periodic sweep (:func:`sweep`) or the
  next request that finds the round overdue (:func:`advance`). The room's row is locked and the round's
  ``closed_at`` checked under the lock, so several processes close a round exactly once. Each distinct play
  is judged once (:func:`engine.duplicate.judging.judge_round`).
- After each close the players' plays are written into the room's duplicate game, so once the room is over
  its game is a normal shared duplicate game (ranking, review, missed tops).
- Events (:mod:`training.rooms.events`) are sent after the transaction commits.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.db.models import Case, Exists, F, Max, OuterRef, Q, Subquery, Value, When
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from engine.duplicate import judging
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.entry import fit_blanks
from engine.scrabble.notation import format_coord, parse_coord
from engine.scrabble.scoring import IllegalPlay
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_of_version
from training.duplicate import selectors as duplicate_selectors
from training.duplicate import services as duplicate_services
from training.duplicate.models import DuplicateGame, DuplicatePlay, DuplicatePlayer, DuplicateRound
from training.grids import services as grid_services
from training.rooms import events, selectors
from training.rooms.models import (
    CODE_LENGTH,
    MAX_PAUSE,
    MIN_PAUSE,
    Bulletin,
    Room,
    RoomMember,
    RoomResult,
    RoomRound,
    Simultane,
    new_code,
)

logger = logging.getLogger(__name__)

GRACE_SECONDS = duplicate_services.GRACE_SECONDS
"""A bulletin sent as the countdown reaches zero still counts this many seconds after ``closes_at`` (the
network's share, as for solo games: docs/duplicate.md, "The clock")."""
MAX_NAME = 80


class RoomError(ValueError):
    """A refused action, in words; ``code`` for programs, ``status`` the HTTP answer (400, 403, 409)."""

    def __init__(self, message: str, code: str = "bad_input", status: int = 400) -> None:
        super().__init__(message)
        self.message, self.code, self.status = message, code, status


def _forbidden(message: str) -> RoomError:
    return RoomError(message, "forbidden", 403)


def _conflict(message: str, code: str = "conflict") -> RoomError:
    return RoomError(message, code, 409)


# --- Making and joining -------------------------------------------------------------------------------------

def _int_setting(value: Any, low: int, high: int, message: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RoomError(message) from None
    if not low <= number <= high:
        raise RoomError(message)
    return number


def create_room(host: Any, name: str, lexicon: Lexicon, *, variant: str = DuplicateGame.Variant.CLASSIC,
                timer_seconds: Any = 180, rules: str = Room.Rules.TOURNAMENT, pause_seconds: Any = None,
                solo_bonus: Any = judging.SOLO_BONUS, solo_min_players: Any = judging.SOLO_MIN_PLAYERS,
                seed: int | None = None, simultane: Simultane | None = None) -> Room:
    """A room and its game, made in the background by the duplicate task (the host starts once it is made).

    ``simultane``: the room plays the simultané's game (made once for all its rooms) instead of a new one."""
    name = (name or "").strip()
    if not name:
        raise RoomError(_("Give the room a name."))
    if len(name) > MAX_NAME:
        raise RoomError(_("The room's name is too long (at most %(n)s characters).") % {"n": MAX_NAME})
    if rules not in Room.Rules.values:
        raise RoomError(_("Unknown rules “%(rules)s”: tournament or training.") % {"rules": str(rules)[:20]})
    timer = _int_setting(timer_seconds, 60, 300, _("The time per round must be between 1 and 5 minutes "
                                                   "(60 to 300 seconds)."))
    pause = _int_setting(Room._meta.get_field("pause_seconds").default if pause_seconds is None else pause_seconds,
                         MIN_PAUSE, MAX_PAUSE, _("The pause between rounds must be between 0 and 120 seconds."))
    bonus = _int_setting(solo_bonus, 0, 100, _("The solo bonus must be between 0 and 100 points."))
    minimum = _int_setting(solo_min_players, 2, 10000, _("The players needed for a solo must be 2 or more."))
    if simultane is not None:
        game = simultane.game
    else:
        try:
            game = duplicate_services.start_game(host, lexicon, variant=variant, timer_seconds=timer, seed=seed,
                                                 tournament=rules == Room.Rules.TOURNAMENT, solo_min_players=minimum)
        except duplicate_services.GameError as exc:
            raise RoomError(str(exc)) from None
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return Room.objects.create(host=host, name=name, lexicon=lexicon, game=game, timer_seconds=timer,
                                           pause_seconds=pause, rules=rules, solo_bonus=bonus,
                                           solo_min_players=minimum, code=new_code(), simultane=simultane)
        except IntegrityError:  # the code was taken: draw another
            continue
    raise RoomError(_("No free room code was found: try again."), "busy", 503)


def join(user: Any, code: Any, role: str = RoomMember.Role.PLAYER) -> RoomMember:
    """Join the room of ``code`` as a player or a spectator (joining again changes the role)."""
    if role not in RoomMember.Role.values:
        raise RoomError(_("Unknown role “%(role)s”: player or spectator.") % {"role": str(role)[:20]})
    text = str(code or "").strip().upper()
    if not text or len(text) > CODE_LENGTH * 2:
        raise RoomError(_("Type the room's code (%(n)s letters and digits).") % {"n": CODE_LENGTH})
    room = selectors.room_by_code(text)
    if room is None:
        raise RoomError(_("No room has the code “%(code)s”.") % {"code": text}, "not_found", 404)
    if room.status == Room.Status.FINISHED:
        raise _conflict(_("This room's game is over."), "finished")
    if (room.simultane_id is not None and role == RoomMember.Role.PLAYER
            and RoomMember.objects.filter(Q(role=RoomMember.Role.PLAYER) | Q(results__isnull=False),
                                          room__simultane_id=room.simultane_id, user=user)
            .exclude(room=room).exists()):  # one game, one room: a player (or one who played) elsewhere
        raise _conflict(_("You already play in another room of this simultané: one game, one room."),
                        "in_another_room")
    member, created = RoomMember.objects.get_or_create(room=room, user=user, defaults={"role": role})
    if not created and member.role != role:  # a spectator turned player plays from now on (earlier rounds: 0)
        member.role = role
        member.save(update_fields=["role"])
    member.room = room
    events.send(room.pk, {"type": "players", **selectors.counts(room)})
    return member


# --- The clock ----------------------------------------------------------------------------------------------

def _host_only(room: Room, user: Any) -> None:
    if room.host_id != getattr(user, "pk", None):
        raise _forbidden(_("Only the room's host can do that."))


def _open_event(room: Room, rnd: RoomRound, now: dt.datetime) -> dict[str, Any]:
    made = room.game.rounds.get(number=rnd.number)
    return {"type": "round_open", "round": rnd.number, "cgp": made.cgp, "rack": made.rack,
            "board": selectors.board_before(room, rnd.number), "opens_at": rnd.opens_at,
            "closes_at": rnd.closes_at, "server_time": now}


def _new_round(room: Room, number: int, opens_at: dt.datetime) -> RoomRound:
    return RoomRound.objects.create(room=room, number=number, opens_at=opens_at,
                                    closes_at=opens_at + dt.timedelta(seconds=room.timer_seconds))


def start(room: Room, user: Any, now: dt.datetime | None = None) -> Room:
    """Open round 1 now (host only; the game must be made)."""
    _host_only(room, user)
    now = now or timezone.now()
    with transaction.atomic():
        room = Room.objects.select_for_update().select_related("game", "lexicon", "host").get(pk=room.pk)
        if room.status != Room.Status.WAITING:
            raise _conflict(_("The game has already started."), "started")
        duplicate_selectors.follow_run(room.game)
        if room.game.status == DuplicateGame.Status.FAILED:
            raise _conflict(_("The game could not be made: %(error)s") % {"error": room.game.error}, "failed")
        if not room.game.is_ready:
            raise _conflict(_("The game is still being made: try again in a few seconds."), "not_ready")
        rnd = _new_round(room, 1, now)
        rnd.announced = True
        rnd.save(update_fields=["announced"])
        room.status, room.round_number = Room.Status.PLAYING, 1
        room.save(update_fields=["status", "round_number"])
        events.send(room.pk, _open_event(room, rnd, now))
    return room


def pause(room: Room, user: Any, now: dt.datetime | None = None) -> Room:
    """Stop the clock (host only): bulletins may still be handed in, nothing closes until :func:`resume`."""
    _host_only(room, user)
    now = now or timezone.now()
    advance(room, now)
    with transaction.atomic():
        room = Room.objects.select_for_update().select_related("game", "lexicon", "host").get(pk=room.pk)
        if room.status != Room.Status.PLAYING:
            raise _conflict(_("The room is not playing: nothing to pause."), "not_playing")
        room.status, room.paused_at = Room.Status.PAUSED, now
        room.save(update_fields=["status", "paused_at"])
        events.send(room.pk, {"type": "paused", "round": room.round_number, "server_time": now})
    return room


def resume(room: Room, user: Any, now: dt.datetime | None = None) -> Room:
    """Start the clock again (host only): the round's deadline (and a coming opening) move by the pause."""
    _host_only(room, user)
    now = now or timezone.now()
    with transaction.atomic():
        room = Room.objects.select_for_update().select_related("game", "lexicon", "host").get(pk=room.pk)
        if room.status != Room.Status.PAUSED or room.paused_at is None:
            raise _conflict(_("The room is not paused."), "not_paused")
        shift = now - room.paused_at
        rnd = RoomRound.objects.select_for_update().get(room=room, number=room.round_number)
        if rnd.closed_at is None:
            if rnd.opens_at > room.paused_at:
                rnd.opens_at += shift
            rnd.closes_at += shift
            rnd.save(update_fields=["opens_at", "closes_at"])
        room.status, room.paused_at = Room.Status.PLAYING, None
        room.save(update_fields=["status", "paused_at"])
        events.send(room.pk, {"type": "resumed", "round": rnd.number, "opens_at": rnd.opens_at,
                              "closes_at": rnd.closes_at, "server_time": now})
    return room


def next_round(room: Room, user: Any, now: dt.datetime | None = None) -> Room:
    """Host only: close the current round now (bulletins judged) and open the next after the pause; in the
    pause between rounds, open the next round now."""
    _host_only(room, user)
    now = now or timezone.now()
    if room.status not in (Room.Status.PLAYING,):
        raise _conflict(_("The room is not playing."), "not_playing")
    rnd = selectors.round_of(room, room.round_number)
    if rnd is not None and rnd.closed_at is None and rnd.opens_at <= now:
        close_round(room.pk, rnd.number, now, force=True)
    elif rnd is not None and rnd.closed_at is None:  # in the pause: open it now
        with transaction.atomic():
            RoomRound.objects.filter(pk=rnd.pk, closed_at__isnull=True).update(
                opens_at=now, closes_at=now + dt.timedelta(seconds=room.timer_seconds))
    room.refresh_from_db()
    return advance(room, now)


def finish(room: Room, user: Any, now: dt.datetime | None = None) -> Room:
    """Host only: end the game now (an open round is closed and judged first)."""
    _host_only(room, user)
    now = now or timezone.now()
    if room.status == Room.Status.FINISHED:
        raise _conflict(_("This room's game is over."), "finished")
    if room.status == Room.Status.WAITING:
        with transaction.atomic():
            Room.objects.filter(pk=room.pk).update(status=Room.Status.FINISHED, finished_at=now)
            _open_game_if_over(room.game_id)
            events.send(room.pk, {"type": "finished", "ranking": []})
        room.refresh_from_db()
        return room
    rnd = selectors.round_of(room, room.round_number)
    if rnd is not None and rnd.closed_at is None and rnd.opens_at <= now:
        close_round(room.pk, rnd.number, now, force=True, last=True)
    else:
        with transaction.atomic():
            locked = Room.objects.select_for_update().select_related("game").get(pk=room.pk)
            if locked.status != Room.Status.FINISHED:
                if rnd is not None and rnd.closed_at is None:  # the coming round never opened
                    rnd.delete()
                    locked.round_number -= 1
                _finish(locked, now)
    room.refresh_from_db()
    return room


def advance(room: Room, now: dt.datetime | None = None) -> Room:
    """Bring the room up to the clock: close an overdue round (judged once), announce a round whose pause
    is over. Called by every request on the room and by the sweep; cheap when nothing is due."""
    now = now or timezone.now()
    if room.status != Room.Status.PLAYING:
        return room
    rnd = selectors.round_of(room, room.round_number)
    if rnd is None:
        return room
    if rnd.closed_at is None and now >= rnd.closes_at + dt.timedelta(seconds=GRACE_SECONDS):
        close_round(room.pk, rnd.number, now)
        room.refresh_from_db()
        return advance(room, now) if room.round_number != rnd.number else room
    if rnd.closed_at is None and not rnd.announced and rnd.opens_at <= now:
        with transaction.atomic():
            if RoomRound.objects.filter(pk=rnd.pk, announced=False).update(announced=True):
                events.send(room.pk, _open_event(room, rnd, now))
    return room


def sweep(now: dt.datetime | None = None) -> int:
    """The periodic task: every playing room brought up to the clock; returns how many were looked at."""
    now = now or timezone.now()
    rooms = list(Room.objects.select_related("game", "lexicon", "host").filter(status=Room.Status.PLAYING))
    for room in rooms:
        advance(room, now)
        announce_rejudged(room.pk)
    return len(rooms)


# --- Bulletins ----------------------------------------------------------------------------------------------

@dataclass
class BulletinOutcome:
    bulletin: Bulletin
    round: int
    received_at: dt.datetime
    score: int | None = None
    """Training rules only: the play's score (tournament rules say nothing before the close)."""
    judged_late: bool = False
    """Arrived in time but handled after the close began: stored and the round judged again with it."""


@dataclass
class _Context:
    """What a bulletin needs, read in one query: the room, the caller's membership, the round, its position."""

    room_id: int
    status: str
    round_number: int
    rules: str
    host_id: int
    game_id: int
    lexicon_hash: str
    lexicon_language: str
    lexicon_file: str
    member_id: int | None
    member_role: str | None
    round_id: int | None
    opens_at: dt.datetime | None
    closes_at: dt.datetime | None
    closed_at: dt.datetime | None
    cgp: str | None


def _bulletin_context(room_id: int, user_id: int, number: int) -> _Context | None:
    """The room, the caller's membership and round ``number`` (with the game's position) in one query: the
    bulletin is the hottest request of a live room (every player, in the last seconds of each round)."""
    sql = (
        "SELECT r.id, r.status, r.round_number, r.rules, r.host_id, r.game_id, "
        "l.content_hash, l.language, l.words_file, m.id, m.role, rr.id, rr.opens_at, rr.closes_at, rr.closed_at, "
        "dr.cgp "
        f"FROM {Room._meta.db_table} r "
        f"JOIN {Lexicon._meta.db_table} l ON l.id = r.lexicon_id "
        f"LEFT JOIN {RoomMember._meta.db_table} m ON m.room_id = r.id AND m.user_id = %s "
        f"LEFT JOIN {RoomRound._meta.db_table} rr ON rr.room_id = r.id AND rr.number = %s "
        f"LEFT JOIN {DuplicateRound._meta.db_table} dr ON dr.game_id = r.game_id AND dr.number = %s "
        "WHERE r.id = %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [user_id, number, number, room_id])
        row = cursor.fetchone()
    if row is None:
        return None
    context = _Context(*row)
    for name in ("opens_at", "closes_at", "closed_at"):  # SQLite hands back text, PostgreSQL aware datetimes
        value = getattr(context, name)
        if isinstance(value, str):
            value = parse_datetime(value)
        if value is not None and timezone.is_naive(value):
            value = timezone.make_aware(value, dt.UTC)
        setattr(context, name, value)
    return context


def _store_bulletin(round_id: int, member_id: int, coord: str, word: str, received_at: dt.datetime, *,
                    only_open: bool) -> int | None:
    """Insert or replace the player's bulletin in one statement; its id, or None when ``only_open`` and the
    round is closed.

    ``only_open``: the round's row is read ``closed_at IS NULL`` and locked ``FOR SHARE`` (PostgreSQL) in the
    same statement. The close takes the row ``FOR UPDATE``: it waits for the bulletins being written (and
    then reads them), and a bulletin that comes after it finds the round closed and writes nothing. Bulletins
    do not wait for each other (``FOR UPDATE`` here made a room's bulletins queue on one row: 503 at 2,000
    players)."""
    table, rounds = Bulletin._meta.db_table, RoomRound._meta.db_table
    guard = " AND closed_at IS NULL" if only_open else ""
    lock = " FOR SHARE" if only_open and connection.vendor == "postgresql" else ""
    sql = (f"INSERT INTO {table} (round_id, member_id, coord, word, received_at, replaced) "  # noqa: S608
           f"SELECT %s, %s, %s, %s, %s, 0 FROM {rounds} WHERE id = %s{guard}{lock} "
           "ON CONFLICT (round_id, member_id) DO UPDATE SET coord = excluded.coord, word = excluded.word, "
           f"received_at = excluded.received_at, replaced = {table}.replaced + 1 RETURNING id")
    with connection.cursor() as cursor:
        cursor.execute(sql, [round_id, member_id, coord, word, connection.ops.adapt_datetimefield_value(received_at),
                             round_id])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def submit_bulletin(room: Room | int, user: Any, round_number: Any, coord: Any, word: Any, *, style: str = "fr",
                    now: dt.datetime | None = None, arrived_at: dt.datetime | None = None) -> BulletinOutcome:
    """Hand in (or replace) a player's bulletin of the current round.

    The bulletin is timed by ``arrived_at`` (when the request reached the server, :mod:`core.arrival`), not
    by when a busy process got to it; ``now`` is the handling time (both default to the clock). In time means
    ``opens_at`` ≤ arrival ≤ ``closes_at`` + grace (no deadline while paused) and before the close began
    (``closed_at``). A bulletin in time that is handled once the round is closed is still stored, and the
    round judged again with it (:func:`_rejudge`), in one transaction under the room's lock.

    Three queries on the way to a 202 (the room, membership, round and position in one; the bulletin in one
    upsert), plus the request's authentication."""
    now = now or timezone.now()
    arrived = arrived_at or now
    try:
        number: int | None = int(round_number)
    except (TypeError, ValueError):
        number = None
    room_id = room.pk if isinstance(room, Room) else int(room)
    user_id = getattr(user, "pk", None)
    context = _bulletin_context(room_id, user_id or 0, number if number is not None else -1)
    if context is None or (context.member_id is None and context.host_id != user_id):
        raise RoomError(_("No such room."), "not_found", 404)
    if context.member_id is None:
        raise _forbidden(_("The host referees the room: join it as a player to play."))
    if context.member_role != RoomMember.Role.PLAYER:
        raise _forbidden(_("Spectators watch: they do not hand in bulletins."))
    if number is None:
        raise RoomError(_("Give the round's number."))
    if context.status == Room.Status.WAITING:
        raise _conflict(_("The game has not started yet."), "not_started")
    if context.round_id is None or context.cgp is None:
        if context.status == Room.Status.FINISHED:
            raise _conflict(_("This room's game is over."), "finished")
        raise RoomError(_("Round %(n)s is not the current round (%(c)s).") % {"n": number, "c": context.round_number},
                        "wrong_round")
    if not _in_time(context, arrived):
        if context.closed_at is None:  # overdue and not closed yet: this request closes it (as any request does)
            advance(Room.objects.select_related("game", "lexicon", "host").get(pk=room_id), now)
        if context.status == Room.Status.FINISHED:
            raise _conflict(_("This room's game is over."), "finished")
        raise _conflict(_("Round %(n)s is closed.") % {"n": number}, "round_closed")
    assert context.opens_at is not None  # noqa: S101  (the round's row was found)
    if context.opens_at > arrived:
        raise _conflict(_("Round %(n)s has not opened yet.") % {"n": number}, "not_open")
    gaddag = gaddag_of_version(context.lexicon_hash, context.lexicon_language, words_file=context.lexicon_file)
    try:
        normalised, coord_text = duplicate_services.normalise_play(gaddag, str(word or ""), str(coord or ""), style)
    except duplicate_services.PlayError as exc:
        raise RoomError(exc.message, exc.code) from None
    position = parse_cgp(context.cgp)
    normalised = fit_blanks(position.rack, normalised, position.board.cells, coord_text, style)
    row, col, direction = parse_coord(coord_text, style)
    coord_fr = format_coord(row, col, direction, "fr")
    score = None
    if context.rules == Room.Rules.TRAINING:
        verdict = judging.judge_play(gaddag, position, coord_fr, normalised)
        if not verdict.valid:
            reason = grid_services.play_refusal(IllegalPlay(verdict.reason, verdict.message, verdict.words))
            raise RoomError(_("%(word)s at %(coord)s is refused: %(reason)s.") % {
                "word": normalised, "coord": coord_fr, "reason": reason}, verdict.reason)
        score = verdict.score
    stored = None
    if context.closed_at is None:
        stored = _store_bulletin(context.round_id, context.member_id, coord_fr, normalised, arrived, only_open=True)
    late = stored is None
    if late:  # closed since it arrived (or before this process got to it): judged with the round again
        stored = _store_late(context, number, coord_fr, normalised, arrived, now)
    bulletin = Bulletin(pk=stored, round_id=context.round_id, member_id=context.member_id, coord=coord_fr,
                        word=normalised, received_at=arrived)
    return BulletinOutcome(bulletin, number, arrived, score, judged_late=late)


def _in_time(context: _Context, arrived: dt.datetime) -> bool:
    """Whether a bulletin that reached the server at ``arrived`` counts: before the close began, and by the
    deadline and its grace unless the clock is stopped."""
    if context.closed_at is not None and arrived >= context.closed_at:
        return False
    if context.status == Room.Status.PAUSED and context.closed_at is None:
        return True
    assert context.closes_at is not None  # noqa: S101
    return arrived <= context.closes_at + dt.timedelta(seconds=GRACE_SECONDS)


def _store_late(context: _Context, number: int, coord: str, word: str, arrived: dt.datetime,
                now: dt.datetime) -> int:
    """A bulletin that arrived in time but is handled after the close began: stored, and the round judged
    again with it, in one transaction under the room's lock (which the close holds while it judges), so the
    close and every late bulletin are applied one after another, each exactly once."""
    with transaction.atomic():
        room = Room.objects.select_for_update().select_related("game", "lexicon").get(pk=context.room_id)
        rnd = RoomRound.objects.get(pk=context.round_id or 0)
        if rnd.closed_at is not None and arrived >= rnd.closed_at:  # the close began before it arrived
            raise _conflict(_("Round %(n)s is closed.") % {"n": number}, "round_closed")
        stored = _store_bulletin(rnd.pk, context.member_id or 0, coord, word, arrived, only_open=False)
        assert stored is not None  # noqa: S101  (no guard: the row is always written)
        if rnd.closed_at is not None:
            _rejudge(room, rnd, now)
            logger.info("room %s round %s: a bulletin that arrived %.3f s before the close was judged after it",
                        room.pk, number, (rnd.closed_at - arrived).total_seconds())
    return stored


# --- The close ----------------------------------------------------------------------------------------------

def _judge(room: Room, rnd: RoomRound, made: DuplicateRound,
           members: list[RoomMember]) -> tuple[dict[int, str], judging.RoundJudgement]:
    """The round's bulletins of ``members`` judged (each distinct play once): the players' names by member id
    and the judgement."""
    handed = {b.member_id: b for b in Bulletin.objects.filter(round=rnd)}
    names = {m.pk: m.user.get_username() for m in members}
    bulletins = [judging.Bulletin(names[m.pk], handed[m.pk].coord, handed[m.pk].word) if m.pk in handed
                 else judging.Bulletin(names[m.pk]) for m in members]
    judged = judging.judge_round(duplicate_selectors.gaddag_of(room.lexicon), parse_cgp(made.cgp), bulletins,
                                 int(made.top["score"]), solo_bonus=room.solo_bonus,
                                 solo_min_players=room.solo_min_players)
    return names, judged


def _rejudge(room: Room, rnd: RoomRound, now: dt.datetime) -> None:
    """Judge a closed round again after a bulletin that arrived in time was stored late (the caller holds the
    room's lock, in its transaction): every player's result recomputed from the bulletins (a late top can
    take a solo away), and only what changed is written, as differences, to the results, the room's totals
    and the duplicate game's plays and totals; then the ranking is announced again (:func:`_rejudged`: at
    most one event a second, however many bulletins are judged late)."""
    made = room.game.rounds.get(number=rnd.number)
    top_score = int(made.top["score"])
    old = {r.member_id: r for r in RoomResult.objects.filter(round=rnd)}
    handed = Bulletin.objects.filter(round=rnd).values("member_id")
    members = list(RoomMember.objects.filter(room=room).filter(
        Q(pk__in=list(old)) | Q(role=RoomMember.Role.PLAYER, pk__in=Subquery(handed))).select_related("user"))
    names, judged = _judge(room, rnd, made, members)
    by_name = judged.by_player()
    fields = ("coord", "word", "score", "bonus", "valid", "reason", "solo")
    new_members = [m for m in members if m.pk not in old]
    changed = [m for m in members if m.pk in old
               and any(getattr(old[m.pk], f) != getattr(by_name[names[m.pk]], f) for f in fields)]
    if new_members:
        RoomResult.objects.bulk_create([RoomResult(round=rnd, member=m, **{
            f: getattr(by_name[names[m.pk]], f) for f in fields}) for m in new_members])
        for m in new_members:
            result = by_name[names[m.pk]]
            RoomMember.objects.filter(pk=m.pk).update(total=F("total") + result.score + result.bonus)
        _write_into_game(room, new_members, names, by_name, judged.verdicts, made, now)
    players = {p.user_id: p for p in DuplicatePlayer.objects.filter(
        game=room.game, user_id__in=[m.user_id for m in changed])}
    for m in changed:
        result, before = by_name[names[m.pk]], old[m.pk]
        delta = (result.score + result.bonus) - (before.score + before.bonus)
        for f in fields:
            setattr(before, f, getattr(result, f))
        before.save(update_fields=list(fields))
        if delta:
            RoomMember.objects.filter(pk=m.pk).update(total=F("total") + delta)
        player = players.get(m.user_id)
        if player is None:
            continue
        play = DuplicatePlay.objects.filter(player=player, number=made.number).first()
        move = result.move.to_json("fr") if result.move is not None and result.score else None
        was_top = play is not None and play.move is not None and play.score >= top_score
        is_top = move is not None and result.score >= top_score
        DuplicatePlay.objects.filter(player=player, number=made.number).update(
            word=result.word, coord=result.coord, move=move, score=result.score,
            refusal=_refusal(result, judged.verdicts))
        DuplicatePlayer.objects.filter(pk=player.pk).update(
            total=F("total") + result.score - (play.score if play is not None else 0),
            tops_found=F("tops_found") + int(is_top) - int(was_top))
    if not (new_members or changed):
        return
    selectors.forget_ranking(room)
    transaction.on_commit(lambda: _rejudged(room.pk))


REJUDGED_EVERY = 1.0
"""At most one ``ranking`` event per this many seconds for rounds judged again: each event goes to every
socket (2 ms each under load: seconds of CPU at 2,000 players), and at 2,000 players dozens of bulletins may
be judged after a close (measured: docs/rooms-scale.md); sending one event per bulletin melted the servers."""


def _rejudged(room_id: int) -> None:
    """A round of the room was judged again: announce the ranking now, unless one was announced within
    :data:`REJUDGED_EVERY`; then the sweep (every second) announces it."""
    try:
        cache.set(f"room-rejudged-{room_id}", True, 600)
        first = cache.add(f"room-rejudged-sent-{room_id}", True, REJUDGED_EVERY)
    except Exception as exc:  # Redis restarting: announce now (the players' pages read the state anyway)
        logger.warning("room %s: rejudged marks not written: %s", room_id, exc)
        events.send(room_id, {"type": "ranking", **_ranking_event(Room.objects.get(pk=room_id))})
        return
    if first:
        announce_rejudged(room_id)


def announce_rejudged(room_id: int) -> bool:
    """Send the ranking of a room whose closed round was judged again since the last announcement (one
    cache read when there is none: the sweep calls it for every playing room)."""
    try:
        if not cache.get(f"room-rejudged-{room_id}"):
            return False
        cache.delete(f"room-rejudged-{room_id}")
    except Exception as exc:  # Redis restarting: the next sweep asks again
        logger.warning("room %s: rejudged mark not read: %s", room_id, exc)
        return False
    room = Room.objects.filter(pk=room_id).first()
    if room is None:
        return False
    events.send(room_id, {"type": "ranking", **_ranking_event(room)})
    return True


def close_round(room_id: int, number: int, now: dt.datetime | None = None, *, force: bool = False,
                last: bool = False) -> bool:
    """Judge round ``number`` once: every bulletin scored, solos, totals, the plays written into the game,
    the next round set after the pause (or the game finished). Returns whether this call closed it.

    ``force`` (the host's next/finish): close before the deadline. ``last``: finish the game after it."""
    now = now or timezone.now()
    with transaction.atomic():
        room = Room.objects.select_for_update().select_related("game", "lexicon").get(pk=room_id)
        rnd = RoomRound.objects.select_for_update().filter(room=room, number=number).first()
        if rnd is None or rnd.closed_at is not None or room.status == Room.Status.FINISHED:
            return False
        if not force and (room.status != Room.Status.PLAYING
                          or now < rnd.closes_at + dt.timedelta(seconds=GRACE_SECONDS)):
            return False
        rnd.closed_at = now
        rnd.save(update_fields=["closed_at"])
        made = room.game.rounds.get(number=number)
        members = list(RoomMember.objects.filter(room=room, role=RoomMember.Role.PLAYER).select_related("user"))
        names, judged = _judge(room, rnd, made, members)
        by_name = judged.by_player()
        RoomResult.objects.bulk_create([
            RoomResult(round=rnd, member=m, coord=by_name[names[m.pk]].coord, word=by_name[names[m.pk]].word,
                       score=by_name[names[m.pk]].score, bonus=by_name[names[m.pk]].bonus,
                       valid=by_name[names[m.pk]].valid, reason=by_name[names[m.pk]].reason,
                       solo=by_name[names[m.pk]].solo) for m in members])
        # One set-based UPDATE: bulk_update's CASE per row cost 0.25 s (and its Python side 1 s) at 2,000.
        points = RoomResult.objects.filter(round=rnd, member=OuterRef("pk")).values_list(F("score") + F("bonus"))
        RoomMember.objects.filter(results__round=rnd).update(total=F("total") + Subquery(points[:1]))
        _write_into_game(room, members, names, by_name, judged.verdicts, made, now)
        results = {r.player: {"player": r.player, "coord": r.coord, "word": r.word, "score": r.score,
                              "bonus": r.bonus, "valid": r.valid, "reason": r.reason, "solo": r.solo}
                   for r in judged.results}
        events.send(room.pk, {"type": "round_closed", "round": number, "top": made.top, "subtops": made.subtops,
                              "solo": judged.solo, "results": results})
        if last or number >= room.game.round_count:
            _finish(room, now)
        else:
            _new_round(room, number + 1, now + dt.timedelta(seconds=room.pause_seconds))
            room.round_number = number + 1
            room.save(update_fields=["round_number"])
            events.send(room.pk, {"type": "ranking", **_ranking_event(room)})
    return True


def _refusal(result: judging.Result, verdicts: dict[tuple[str, str], judging.Verdict]) -> str:
    """Why a play scores 0, in words (the review shows it), or "" for a valid play or none."""
    if result.valid or not result.word:
        return ""
    verdict = verdicts.get((result.coord, result.word))
    if verdict is None:
        return ""
    return _("%(word)s at %(coord)s is refused: %(reason)s.") % {
        "word": result.word, "coord": result.coord,
        "reason": grid_services.play_refusal(IllegalPlay(verdict.reason, verdict.message, verdict.words))}


def _write_into_game(room: Room, members: list[RoomMember], names: dict[int, str], by_name: dict[str, Any],
                     verdicts: dict[tuple[str, str], judging.Verdict], made: Any, now: dt.datetime) -> None:
    """The round's plays as the duplicate game's own plays, so the room's game is a normal shared game."""
    game = room.game
    users = [m.user_id for m in members]
    existing = {p.user_id: p for p in DuplicatePlayer.objects.filter(game=game, user_id__in=users)}
    missing = [DuplicatePlayer(game=game, user_id=u) for u in users if u not in existing]
    if missing:
        DuplicatePlayer.objects.bulk_create(missing, ignore_conflicts=True)
        existing = {p.user_id: p for p in DuplicatePlayer.objects.filter(game=game, user_id__in=users)}
    top_score = int(made.top["score"])
    plays = []
    for m in members:
        result = by_name[names[m.pk]]
        move = result.move.to_json("fr") if result.move is not None and result.score else None
        plays.append(DuplicatePlay(player=existing[m.user_id], number=made.number, round=made, word=result.word,
                                   coord=result.coord, move=move, score=result.score, played_at=now,
                                   validated_at=now, refusal=_refusal(result, verdicts), top_word=made.top_word,
                                   top_score=made.top_score, top_tags=made.tags))
    DuplicatePlay.objects.bulk_create(plays, ignore_conflicts=True)
    # The players' running totals from the plays just written, in one UPDATE (bulk_update's CASE per row
    # took 0.7 s of PostgreSQL and 3 s of Python at 2,000 players).
    play = DuplicatePlay.objects.filter(player=OuterRef("pk"), number=made.number)
    DuplicatePlayer.objects.filter(pk__in=[p.pk for p in existing.values()]).update(
        total=F("total") + Coalesce(Subquery(play.values("score")[:1]), 0),
        top_total=F("top_total") + top_score,
        tops_found=F("tops_found") + Case(
            When(Exists(play.filter(move__isnull=False, score__gte=top_score)), then=Value(1)), default=Value(0)),
        current_round=made.number + 1)


def _finish(room: Room, now: dt.datetime) -> None:
    """The game is over: the room's game becomes a shared duplicate game its players can review."""
    room.status, room.finished_at, room.paused_at = Room.Status.FINISHED, now, None
    room.save(update_fields=["status", "finished_at", "paused_at"])
    _open_game_if_over(room.game_id)
    DuplicatePlayer.objects.filter(game=room.game, user__room_memberships__room=room).update(
        finished_at=now, round_started_at=None)
    events.send(room.pk, {"type": "finished", **_ranking_event(room)})


def _ranking_event(room: Room) -> dict[str, Any]:
    """The whole ranking and its index, once per process: each socket sends its reader the first lines and
    their own (:func:`selectors.ranking_for`)."""
    lines = selectors.ranking(room, cached=False)  # in the close's transaction
    return {"ranking": lines, "ranking_index": selectors.ranking_index(lines)}


def _open_game_if_over(game_id: int) -> None:
    """Share the game by link (a normal shared game: ranking, review) once every room playing it is over. The
    rooms of a simultané share one game: while one of them still plays, its tops must not be readable."""
    if not Room.objects.filter(game_id=game_id).exclude(status=Room.Status.FINISHED).exists():
        # A game ended early is the game of the rounds played, everywhere (the furthest room's, in a simultané).
        played = RoomRound.objects.filter(room__game_id=game_id, closed_at__isnull=False).aggregate(
            last=Max("number"))["last"] or 0
        duplicate_services.end_after_round(game_id, played)
        DuplicateGame.objects.filter(pk=game_id, visibility=DuplicateGame.Visibility.PRIVATE).update(
            visibility=DuplicateGame.Visibility.LINK)
