"""Live rooms: a room plays one :class:`~training.duplicate.models.DuplicateGame` on a server clock.

- :class:`Room`: the host (arbitre), settings (timer, pause, rules, solo settings), the join code, the status;
- :class:`RoomMember`: a user in the room, player or spectator, with their running total;
- :class:`RoomRound`: one round's clock (``opens_at``, ``closes_at``) and when it was closed (judged once);
- :class:`Bulletin`: a player's bulletin of a round (one row: the last one received counts);
- :class:`RoomResult`: a player's judged play of a closed round (score, solo bonus, reason);
- :class:`Simultane`: several rooms playing one game at the same time, each on its own clock, one combined
  ranking (``training.rooms.simultaneous``).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.duplicate.judging import SOLO_BONUS, SOLO_MIN_PLAYERS
from lexicon.models import Lexicon
from training.duplicate.models import DuplicateGame

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed from a screen
CODE_LENGTH = 6
DEFAULT_PAUSE = 20
"""Seconds between a round's close and the next round's opening (docs/rooms.md: time to read the top)."""
MIN_PAUSE, MAX_PAUSE = 0, 120


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))


class Room(models.Model):
    class Rules(models.TextChoices):
        TOURNAMENT = "tournament", _("Tournament (nothing said before the close)")
        TRAINING = "training", _("Training (plays checked at once)")

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for the start")
        PLAYING = "playing", _("Playing")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")

    host = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("host"), on_delete=models.CASCADE,
                             related_name="hosted_rooms")
    name = models.CharField(_("name"), max_length=80)
    code = models.CharField(_("code"), max_length=12, unique=True, default=new_code)
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    game = models.ForeignKey(DuplicateGame, verbose_name=_("game"), on_delete=models.PROTECT, related_name="rooms")
    timer_seconds = models.PositiveSmallIntegerField(_("time per round (seconds)"), default=180)
    pause_seconds = models.PositiveSmallIntegerField(_("pause between rounds (seconds)"), default=DEFAULT_PAUSE)
    rules = models.CharField(_("rules"), max_length=10, choices=Rules.choices, default=Rules.TOURNAMENT)
    solo_bonus = models.PositiveSmallIntegerField(_("solo bonus"), default=SOLO_BONUS)
    solo_min_players = models.PositiveSmallIntegerField(_("players needed for a solo"), default=SOLO_MIN_PLAYERS)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.WAITING)
    round_number = models.PositiveSmallIntegerField(_("current round"), default=0)
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    simultane = models.ForeignKey("Simultane", verbose_name=_("simultané"), null=True, blank=True,
                                  on_delete=models.CASCADE, related_name="rooms")

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("room")
        verbose_name_plural = _("rooms")

    def __str__(self) -> str:
        return f"room {self.code} ({self.status})"


class RoomMember(models.Model):
    class Role(models.TextChoices):
        PLAYER = "player", _("Player")
        SPECTATOR = "spectator", _("Spectator")

    room = models.ForeignKey(Room, verbose_name=_("room"), on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="room_memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.PLAYER)
    total = models.IntegerField(_("total"), default=0)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [models.UniqueConstraint(fields=["room", "user"], name="room_one_member_per_user")]
        verbose_name = _("room member")
        verbose_name_plural = _("room members")

    def __str__(self) -> str:
        return f"{self.user} in {self.room_id} ({self.role})"


class RoomRound(models.Model):
    room = models.ForeignKey(Room, verbose_name=_("room"), on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    opens_at = models.DateTimeField(_("opens at"))
    closes_at = models.DateTimeField(_("closes at"))
    announced = models.BooleanField(_("opening announced"), default=False)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        ordering = ["room", "number"]
        constraints = [models.UniqueConstraint(fields=["room", "number"], name="room_round_number")]
        verbose_name = _("room round")
        verbose_name_plural = _("room rounds")

    def __str__(self) -> str:
        return f"room {self.room_id} round {self.number}"


class Bulletin(models.Model):
    """A player's bulletin: the coordinate and word as received (normalised); replaced until the close."""

    round = models.ForeignKey(RoomRound, verbose_name=_("round"), on_delete=models.CASCADE, related_name="bulletins")
    member = models.ForeignKey(RoomMember, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="bulletins")
    coord = models.CharField(_("coordinates"), max_length=4)
    word = models.CharField(_("word"), max_length=15)
    received_at = models.DateTimeField(_("received at"))
    replaced = models.PositiveSmallIntegerField(_("times replaced"), default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "member"], name="room_one_bulletin_per_round")]
        verbose_name = _("bulletin")
        verbose_name_plural = _("bulletins")

    def __str__(self) -> str:
        return f"{self.coord} {self.word}"


class RoomResult(models.Model):
    round = models.ForeignKey(RoomRound, verbose_name=_("round"), on_delete=models.CASCADE, related_name="results")
    member = models.ForeignKey(RoomMember, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="results")
    coord = models.CharField(_("coordinates"), max_length=4, blank=True)
    word = models.CharField(_("word"), max_length=15, blank=True)
    score = models.IntegerField(_("score"), default=0)
    bonus = models.IntegerField(_("solo bonus"), default=0)
    valid = models.BooleanField(_("valid"), default=False)
    reason = models.CharField(_("reason"), max_length=20, blank=True)
    solo = models.BooleanField(_("solo"), default=False)

    class Meta:
        ordering = ["round", "-score", "member"]
        constraints = [models.UniqueConstraint(fields=["round", "member"], name="room_one_result_per_round")]
        verbose_name = _("room result")
        verbose_name_plural = _("room results")

    def __str__(self) -> str:
        return f"{self.coord} {self.word} ({self.score})"


class Simultane(models.Model):
    """One game played by several rooms at the same time: the organiser makes it (and its game, once), each
    room is run by its own arbitre on its own clock, and the results make one combined ranking."""

    host = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("organiser"), on_delete=models.CASCADE,
                             related_name="hosted_simultanes")
    name = models.CharField(_("name"), max_length=80)
    code = models.CharField(_("code"), max_length=12, unique=True, default=new_code)
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    game = models.ForeignKey(DuplicateGame, verbose_name=_("game"), on_delete=models.PROTECT,
                             related_name="simultanes")
    timer_seconds = models.PositiveSmallIntegerField(_("time per round (seconds)"), default=180)
    pause_seconds = models.PositiveSmallIntegerField(_("pause between rounds (seconds)"), default=DEFAULT_PAUSE)
    rules = models.CharField(_("rules"), max_length=10, choices=Room.Rules.choices, default=Room.Rules.TOURNAMENT)
    solo_bonus = models.PositiveSmallIntegerField(_("solo bonus"), default=SOLO_BONUS)
    solo_min_players = models.PositiveSmallIntegerField(_("players needed for a solo"), default=SOLO_MIN_PLAYERS)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("simultané")
        verbose_name_plural = _("simultanés")

    def __str__(self) -> str:
        return f"simultané {self.code}"
