"""Duplicate data: a game (made once: its rounds with racks and tops), players and their plays.

A game is **made** by a background task (status pending → running → done | failed) and never changes
afterwards: every player sees the same racks and the same tops. Each player has a :class:`DuplicatePlayer`
row (their current round, when its clock started, their total) and one :class:`DuplicatePlay` per round
(the play they chose, changed until they validate or time runs out).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.models import TaskRow
from lexicon.models import Lexicon

TIMER_CHOICES = (60, 120, 180, 240, 300)
MIN_TIMER, MAX_TIMER = 60, 300
"""The time per round: 1 to 5 minutes, or none (untimed: ``None``, given as 0 or empty)."""
DEFAULT_TIMER = 180


def new_share_token() -> str:
    return secrets.token_urlsafe(12)


class DuplicateGame(TaskRow):
    RUN_FAILED_WORDS = _("The game could not be made.")

    class Variant(models.TextChoices):
        CLASSIC = "classic", _("Classic")
        JOKER = "joker", _("Joker (a blank always on the rack)")

    class Source(models.TextChoices):
        MADE = "made", _("Made by Tirage")
        IMPORTED = "imported", _("Imported from a game file")

    class Visibility(models.TextChoices):
        PRIVATE = "private", _("Private")
        LINK = "link", _("Anyone with the link")
        PUBLIC = "public", _("Public")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), null=True, blank=True,
                              on_delete=models.CASCADE, related_name="duplicate_games",
                              help_text=_("Empty for the games of the day."))
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    seed = models.PositiveIntegerField(_("seed"))
    variant = models.CharField(_("variant"), max_length=8, choices=Variant.choices, default=Variant.CLASSIC)
    timer_seconds = models.PositiveSmallIntegerField(_("time per round (seconds)"), null=True, blank=True,
                                                     default=DEFAULT_TIMER, help_text=_("Empty: untimed."))
    visibility = models.CharField(_("visibility"), max_length=8, choices=Visibility.choices,
                                  default=Visibility.PRIVATE)
    share_token = models.CharField(_("share token"), max_length=32, unique=True, default=new_share_token)
    daily_date = models.DateField(_("game of the day"), null=True, blank=True)
    round_count = models.PositiveSmallIntegerField(_("rounds"), default=0)
    top_total = models.PositiveIntegerField(_("total of the tops"), default=0)
    end_reason = models.CharField(_("end"), max_length=10, blank=True)
    solo_min_players = models.PositiveSmallIntegerField(
        _("players needed for a solo"), default=2,
        help_text=_("Players on a round for its top found by one of them alone to be a solo: 2 for a shared game, "
                    "a room's or a simultané's own rule for theirs."))
    lexicon_version = models.PositiveIntegerField(
        _("lexicon version"), null=True, blank=True,
        help_text=_("The lexicon's serving version when the game was made (empty for older games)."))
    tournament = models.BooleanField(
        _("tournament scoring"), default=False,
        help_text=_("No validity or score before the round ends; an invalid play scores 0, its reason shown after."))
    source = models.CharField(_("source"), max_length=8, choices=Source.choices, default=Source.MADE)
    record_format = models.CharField(_("record format"), max_length=10, blank=True)
    record_text = models.TextField(_("record"), blank=True, help_text=_("The game file an imported game was read from."))
    record_lexicon = models.CharField(_("dictionary named by the record"), max_length=100, blank=True)
    differences = models.JSONField(_("rounds where Tirage's top differs"), default=list, blank=True)
    record_player = models.CharField(
        _("the file's player, played by the owner"), max_length=100, blank=True,
        help_text=_("An imported file that keeps a player's plays, imported as the owner's own game: the name the "
                    "file gives that player (their plays became the owner's, and the coach reads them)."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"]), models.Index(fields=["visibility", "status"])]
        constraints = [models.UniqueConstraint(fields=["lexicon", "daily_date"], name="duplicate_one_daily_game")]
        verbose_name = _("duplicate game")
        verbose_name_plural = _("duplicate games")

    def __str__(self) -> str:
        return gettext("Duplicate game %(id)s (%(status)s)") % {"id": self.pk, "status": self.get_status_display()}

    @property
    def is_ready(self) -> bool:
        return self.status == self.Status.DONE


class DuplicateRound(models.Model):
    """One round as made: the rack (kept letters + new tiles), the position (CGP), the top and sub-tops."""

    game = models.ForeignKey(DuplicateGame, verbose_name=_("game"), on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    rack = models.CharField(_("rack"), max_length=7)
    kept = models.CharField(_("kept letters"), max_length=7, blank=True)
    cgp = models.TextField(_("position (CGP)"))
    top = models.JSONField(_("top"))
    subtops = models.JSONField(_("next plays"), default=list)
    board_after = models.JSONField(_("board after the top"), default=list)
    rejected = models.JSONField(_("racks put back"), default=list)
    top_word = models.CharField(_("top's word"), max_length=15, blank=True,
                                help_text=_("The top's main word in capitals (a blank as its letter)."))
    top_score = models.IntegerField(_("top's score"), default=0)
    tags = models.PositiveIntegerField(
        _("kinds of top"), default=0,
        help_text=_("The kinds of the top (engine.coach.TAGS, one bit each): tagged once, when the round is made."))

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="duplicate_round_number")]
        verbose_name = _("duplicate round")
        verbose_name_plural = _("duplicate rounds")

    def __str__(self) -> str:
        return gettext("Round %(number)s (%(rack)s)") % {"number": self.number, "rack": self.rack}


class DuplicatePlayer(models.Model):
    """A user's progress in a game: their current round, when its clock started, their running totals."""

    game = models.ForeignKey(DuplicateGame, verbose_name=_("game"), on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="duplicate_players")
    current_round = models.PositiveSmallIntegerField(_("current round"), default=1)
    round_started_at = models.DateTimeField(_("round started at"), null=True, blank=True)
    total = models.IntegerField(_("total"), default=0)
    top_total = models.IntegerField(_("total of the tops played"), default=0)
    tops_found = models.PositiveSmallIntegerField(_("tops found"), default=0)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
        ordering = ["-total", "joined_at", "id"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="duplicate_one_player_per_user")]
        verbose_name = _("duplicate player")
        verbose_name_plural = _("duplicate players")

    def __str__(self) -> str:
        return gettext("%(user)s in game %(game)s") % {"user": self.user, "game": self.game_id}

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


class DuplicatePlay(models.Model):
    """A player's play of one round: the last one received in time counts; validated ends the round."""

    player = models.ForeignKey(DuplicatePlayer, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="plays")
    number = models.PositiveSmallIntegerField(_("round"))
    round = models.ForeignKey(DuplicateRound, verbose_name=_("round made"), null=True, blank=True,
                              on_delete=models.CASCADE, related_name="plays",
                              help_text=_("The round this play answers: what the coach reads its top from."))
    # The round's top as the coach reads it, copied when the play is validated: a player's diagnosis over
    # hundreds of games then reads their plays alone, without looking up the (wide) round of each.
    top_word = models.CharField(_("top's word"), max_length=15, blank=True)
    top_score = models.IntegerField(_("top's score"), null=True, blank=True)
    top_tags = models.PositiveIntegerField(_("kinds of top"), default=0)
    word = models.CharField(_("word"), max_length=15, blank=True)
    coord = models.CharField(_("coordinates"), max_length=4, blank=True)
    move = models.JSONField(_("play"), null=True, blank=True)
    score = models.IntegerField(_("score"), default=0)
    played_at = models.DateTimeField(_("played at"), null=True, blank=True)
    late_attempts = models.PositiveSmallIntegerField(_("plays after the time"), default=0)
    refusal = models.TextField(_("why the play scores 0"), blank=True,
                               help_text=_("Tournament scoring: an invalid play is kept, scores 0, and this says why."))
    validated_at = models.DateTimeField(_("validated at"), null=True, blank=True)

    class Meta:
        ordering = ["player", "number"]
        constraints = [models.UniqueConstraint(fields=["player", "number"], name="duplicate_one_play_per_round")]
        verbose_name = _("duplicate play")
        verbose_name_plural = _("duplicate plays")

    def __str__(self) -> str:
        return gettext("Round %(number)s: %(word)s %(coord)s (%(score)s)") % {
            "number": self.number, "word": self.word or "—", "coord": self.coord, "score": self.score}

