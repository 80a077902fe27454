"""The coach's data: puzzles (a position whose top is to be found), the bank that makes them, drills, each
learner's puzzle cards (FSRS) and puzzle rating (Glicko-2), every answer kept.

What the coach *reads* — the rounds a player played and the kinds of their tops — is the duplicate mode's
own data (:class:`training.duplicate.models.DuplicateRound` keeps ``tags``, ``top_word`` and ``top_score``,
set once when the round is made); nothing is copied here until a missed round becomes a puzzle.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.models import TaskRow
from lexicon.models import Lexicon
from training.duplicate.models import DuplicateRound
from training.lists.models import FsrsCard

START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
"""Glicko-2's starting values (Glickman's paper): a new player and a new puzzle alike."""


class Rated(models.Model):
    """A Glicko-2 rating: a learner's puzzle rating or a puzzle's difficulty."""

    rating = models.FloatField(_("rating"), default=START_RATING)
    deviation = models.FloatField(_("rating deviation"), default=START_DEVIATION)
    volatility = models.FloatField(_("rating volatility"), default=START_VOLATILITY)

    class Meta:
        abstract = True


class PuzzleBank(TaskRow):
    """Positions whose top has one kind (``tag``), taken from games the engine plays with one lexicon version,
    made by the task ``coach.build_bank`` for learners who have too few missed rounds of their own."""

    RUN_FAILED_WORDS = _("The puzzle bank could not be built.")

    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="+")
    content_hash = models.CharField(_("content hash"), max_length=64)
    tag = models.CharField(_("kind of top"), max_length=16)
    seed = models.PositiveIntegerField(_("seed"), default=1)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["lexicon", "content_hash", "tag"], name="coach_one_bank")]
        verbose_name = _("puzzle bank")
        verbose_name_plural = _("puzzle banks")

    def __str__(self) -> str:
        return gettext("Puzzle bank %(tag)s of %(lexicon)s") % {"tag": self.tag, "lexicon": self.lexicon_id}


class Puzzle(Rated):
    """A position (board and rack) whose top is to be found: a round a learner missed, or a bank position."""

    class Source(models.TextChoices):
        ROUND = "round", _("A round you played")
        BANK = "bank", _("The puzzle bank")

    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="+")
    source = models.CharField(_("source"), max_length=8, choices=Source.choices)
    round = models.OneToOneField(DuplicateRound, verbose_name=_("round"), null=True, blank=True,
                                 on_delete=models.CASCADE, related_name="puzzle")
    bank = models.ForeignKey(PuzzleBank, verbose_name=_("bank"), null=True, blank=True, on_delete=models.CASCADE,
                             related_name="puzzles")
    cgp = models.TextField(_("position (CGP)"))
    rack = models.CharField(_("rack"), max_length=8)
    top = models.JSONField(_("top"))
    top_word = models.CharField(_("top's word"), max_length=15)
    top_score = models.IntegerField(_("top's score"))
    tags = models.PositiveIntegerField(_("kinds of top"), default=0)
    word_length = models.PositiveSmallIntegerField(_("word length"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["bank", "rating"]), models.Index(fields=["lexicon", "top_word"])]
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")

    def __str__(self) -> str:
        return gettext("Puzzle %(id)s (%(rack)s)") % {"id": self.pk, "rack": self.rack}


class PuzzleRating(Rated):
    """A learner's puzzle rating: one Glicko-2 rating over every puzzle they answer."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                                related_name="puzzle_rating")
    answered = models.PositiveIntegerField(_("puzzles answered"), default=0)

    class Meta:
        verbose_name = _("puzzle rating")
        verbose_name_plural = _("puzzle ratings")

    def __str__(self) -> str:
        return f"{self.user} {self.rating:.0f}"


class PuzzleCard(FsrsCard):
    """One learner's FSRS card of one puzzle: a missed puzzle comes back when it is due."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="puzzle_cards")
    puzzle = models.ForeignKey(Puzzle, verbose_name=_("puzzle"), on_delete=models.CASCADE, related_name="cards")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "puzzle"], name="coach_one_card_per_puzzle")]
        indexes = [models.Index(fields=["user", "due"])]
        verbose_name = _("puzzle card")
        verbose_name_plural = _("puzzle cards")

    def __str__(self) -> str:
        return f"{self.puzzle_id} due {self.due:%Y-%m-%d %H:%M}"


class Drill(models.Model):
    """A learner's series of puzzles aimed at one kind of top ("train this weakness")."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="drills")
    tag = models.CharField(_("kind of top"), max_length=16)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("drill")
        verbose_name_plural = _("drills")

    def __str__(self) -> str:
        return gettext("Drill %(id)s (%(tag)s)") % {"id": self.pk, "tag": self.tag}


class DrillItem(models.Model):
    """One puzzle of a drill, in order: open until answered with a legal play; the hints taken on the way."""

    drill = models.ForeignKey(Drill, verbose_name=_("drill"), on_delete=models.CASCADE, related_name="items")
    puzzle = models.ForeignKey(Puzzle, verbose_name=_("puzzle"), on_delete=models.CASCADE, related_name="+")
    order = models.PositiveSmallIntegerField(_("order"))
    hints = models.PositiveSmallIntegerField(_("hints taken"), default=0)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    correct = models.BooleanField(_("top found"), default=False)

    class Meta:
        ordering = ["drill", "order"]
        constraints = [models.UniqueConstraint(fields=["drill", "order"], name="coach_drill_item_order")]
        verbose_name = _("drill puzzle")
        verbose_name_plural = _("drill puzzles")

    def __str__(self) -> str:
        return f"{self.drill_id}#{self.order}"


class PuzzleAnswer(models.Model):
    """Every legal play a learner answered a puzzle with (kept: the daily goal counts the solved ones)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="puzzle_answers")
    puzzle = models.ForeignKey(Puzzle, verbose_name=_("puzzle"), on_delete=models.CASCADE, related_name="answers")
    item = models.ForeignKey(DrillItem, verbose_name=_("drill puzzle"), null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="answers")
    word = models.CharField(_("word"), max_length=15)
    coord = models.CharField(_("coordinates"), max_length=4)
    score = models.IntegerField(_("score"))
    correct = models.BooleanField(_("top found"))
    hints = models.PositiveSmallIntegerField(_("hints taken"), default=0)
    rating_after = models.FloatField(_("rating after"))
    created_at = models.DateTimeField(_("answered at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "created_at"])]
        verbose_name = _("puzzle answer")
        verbose_name_plural = _("puzzle answers")

    def __str__(self) -> str:
        return f"{self.word} {self.coord} ({self.score})"
