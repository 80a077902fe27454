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
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Case, Exists, F, OuterRef, Q, Subquery, Value, When
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.duplicate import judging
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.entry import fit_blanks
from engine.scrabble.notation import format_coord, parse_coord
from engine.scrabble.scoring import IllegalPlay
from lexicon.models import Lexicon
from training.duplicate import selectors as duplicate_selectors
from training.duplicate import services as duplicate_services
from training.duplicate.models import DuplicateGame, DuplicatePlay, DuplicatePlayer
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
                                                 tournament=rules == Room.Rules.TOURNAMENT)
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
    return len(rooms)


# --- Bulletins ----------------------------------------------------------------------------------------------

@dataclass
class BulletinOutcome:
    bulletin: Bulletin
    round: int
    received_at: dt.datetime
    score: int | None = None
    """Training rules only: the play's score (tournament rules say nothing before the close)."""


def submit_bulletin(room: Room, user: Any, round_number: Any, coord: Any, word: Any, *, style: str = "fr",
                    now: dt.datetime | None = None) -> BulletinOutcome:
    """Hand in (or replace) a player's bulletin of the current round."""
    now = now or timezone.now()
    member = selectors.member_of(room, user)
    if member is None:
        if room.host_id == getattr(user, "pk", None):
            raise _forbidden(_("The host referees the room: join it as a player to play."))
        raise RoomError(_("No such room."), "not_found", 404)
    if member.role != RoomMember.Role.PLAYER:
        raise _forbidden(_("Spectators watch: they do not hand in bulletins."))
    try:
        number = int(round_number)
    except (TypeError, ValueError):
        raise RoomError(_("Give the round's number.")) from None
    room = advance(room, now)
    if room.status == Room.Status.FINISHED:
        raise _conflict(_("This room's game is over."), "finished")
    if room.status == Room.Status.WAITING:
        raise _conflict(_("The game has not started yet."), "not_started")
    if number != room.round_number:
        if 0 < number < room.round_number:
            raise _conflict(_("Round %(n)s is closed.") % {"n": number}, "round_closed")
        raise RoomError(_("Round %(n)s is not the current round (%(c)s).") % {"n": number, "c": room.round_number},
                        "wrong_round")
    gaddag = duplicate_selectors.gaddag_of(room.lexicon)
    try:
        normalised, coord_text = duplicate_services.normalise_play(gaddag, str(word or ""), str(coord or ""), style)
    except duplicate_services.PlayError as exc:
        raise RoomError(exc.message, exc.code) from None
    made = room.game.rounds.get(number=number)
    position = parse_cgp(made.cgp)
    normalised = fit_blanks(position.rack, normalised, position.board.cells, coord_text, style)
    row, col, direction = parse_coord(coord_text, style)
    coord_fr = format_coord(row, col, direction, "fr")
    score = None
    if room.rules == Room.Rules.TRAINING:
        verdict = judging.judge_play(gaddag, position, coord_fr, normalised)
        if not verdict.valid:
            reason = grid_services.play_refusal(IllegalPlay(verdict.reason, verdict.message, verdict.words))
            raise RoomError(_("%(word)s at %(coord)s is refused: %(reason)s.") % {
                "word": normalised, "coord": coord_fr, "reason": reason}, verdict.reason)
        score = verdict.score
    with transaction.atomic():
        rnd = _round_shared(room, number)
        paused = Room.objects.filter(pk=room.pk, status=Room.Status.PAUSED).exists()
        if rnd.closed_at is not None or (not paused and now > rnd.closes_at + dt.timedelta(seconds=GRACE_SECONDS)):
            raise _conflict(_("Round %(n)s is closed.") % {"n": number}, "round_closed")
        if rnd.opens_at > now:
            raise _conflict(_("Round %(n)s has not opened yet.") % {"n": number}, "not_open")
        bulletin, created = Bulletin.objects.get_or_create(
            round=rnd, member=member, defaults={"coord": coord_fr, "word": normalised, "received_at": now})
        if not created:
            bulletin.coord, bulletin.word, bulletin.received_at = coord_fr, normalised, now
            bulletin.replaced += 1
            bulletin.save(update_fields=["coord", "word", "received_at", "replaced"])
    return BulletinOutcome(bulletin, number, now, score)


def _round_shared(room: Room, number: int) -> RoomRound:
    """The round, locked against its close but not against the other bulletins (PostgreSQL's ``FOR SHARE``).

    The close takes the round ``FOR UPDATE``: it waits for the bulletins being written, and a bulletin that
    comes after it reads the round closed (409), so no bulletin is accepted and left unjudged. ``FOR UPDATE``
    here made every bulletin of a room wait for the one before: at 2,000 players sending within 10 s the
    two processes' connections all queued on that one row and bulletins failed with 503."""
    if connection.vendor == "postgresql":
        found = list(RoomRound.objects.raw(
            f"SELECT * FROM {RoomRound._meta.db_table} WHERE room_id = %s AND number = %s FOR SHARE",  # noqa: S608
            [room.pk, number]))
        if not found:
            raise RoomRound.DoesNotExist
        return found[0]
    return RoomRound.objects.select_for_update().get(room=room, number=number)


# --- The close ----------------------------------------------------------------------------------------------

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
        top_score = int(made.top["score"])
        members = list(RoomMember.objects.filter(room=room, role=RoomMember.Role.PLAYER).select_related("user"))
        handed = {b.member_id: b for b in Bulletin.objects.filter(round=rnd)}
        names = {m.pk: m.user.get_username() for m in members}
        bulletins = [judging.Bulletin(names[m.pk], handed[m.pk].coord, handed[m.pk].word) if m.pk in handed
                     else judging.Bulletin(names[m.pk]) for m in members]
        judged = judging.judge_round(duplicate_selectors.gaddag_of(room.lexicon), parse_cgp(made.cgp), bulletins,
                                     top_score, solo_bonus=room.solo_bonus, solo_min_players=room.solo_min_players)
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
        plays.append(DuplicatePlay(player=existing[m.user_id], number=made.number, word=result.word,
                                   coord=result.coord, move=move, score=result.score, played_at=now,
                                   validated_at=now, refusal=_refusal(result, verdicts)))
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
        DuplicateGame.objects.filter(pk=game_id, visibility=DuplicateGame.Visibility.PRIVATE).update(
            visibility=DuplicateGame.Visibility.LINK)
