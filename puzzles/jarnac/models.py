"""Jarnac games against the AI, stored as their seed and moves (replayable)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from lexicon.models import Lexicon

PLAYER = 0
"""The learner's index in the engine's game state (the AI plays index 1)."""
AI = 1


class JarnacGame(models.Model):
    """A learner's Jarnac game against the AI, stored as its seed and moves (replayable).

    ``moves`` lists every move of both players in order, as the engine's JSON (``{"type": ...}``); the
    engine's ``replay(seed, moves)`` rebuilds the game exactly. ``state`` is the engine's full state
    after those moves, kept so that a request does not replay the whole game; it holds the bag's
    order and the AI's loose letters, so it never leaves the server (pages and the API show
    ``engine.jarnac.public_view``-like data built by ``puzzles.jarnac.selectors``). The learner is
    always player 0 (they start); the AI is player 1.
    """

    class Level(models.TextChoices):
        EASY = "easy", _("Easy")
        MEDIUM = "medium", _("Medium")
        HARD = "hard", _("Hard")

    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        OVER = "over", _("Over")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="jarnac_games")
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    lexicon_version = models.PositiveIntegerField(
        _("lexicon version"), null=True, blank=True,
        help_text=_("The lexicon's serving version when the game was made (empty for older ones)."))
    level = models.CharField(_("AI level"), max_length=8, choices=Level.choices)
    seed = models.CharField(_("seed"), max_length=64)
    moves = models.JSONField(_("moves"), default=list, blank=True)
    state = models.JSONField(_("state"), default=dict, blank=True)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PLAYING)
    score = models.PositiveSmallIntegerField(_("your score"), default=0)
    opponent_score = models.PositiveSmallIntegerField(_("AI score"), default=0)
    winner = models.CharField(_("winner"), max_length=8, blank=True,
                              help_text=_("“you”, “opponent” or “tie” once the game is over."))
    missed = models.JSONField(_("missed words"), default=list, blank=True,
                              help_text=_("[{word, base, turn}]: transformations the learner could have played."))
    review_words = models.JSONField(_("words sent to review"), default=list, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        constraints = [
            models.CheckConstraint(condition=models.Q(level__in=["easy", "medium", "hard"]),
                                   name="puzzles_jarnac_level"),
        ]
        verbose_name = _("Jarnac game")
        verbose_name_plural = _("Jarnac games")

    def __str__(self) -> str:
        return f"Jarnac game {self.pk} ({self.level}, {self.status})"

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.OVER
