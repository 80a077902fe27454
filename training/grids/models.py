"""Training grids: a grid built by CBIC from list words, its situations and the learner's answers."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.models import TaskRow
from lexicon.models import Lexicon
from training.lists.models import RevisionEntry, RevisionList


class TrainingGrid(TaskRow):
    RUN_FAILED_WORDS = _("The grid could not be built.")

    class Source(models.TextChoices):
        LIST = "list", _("Revision list")
        DUE = "due", _("Words due for review")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="training_grids")
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    lexicon_version = models.PositiveIntegerField(
        _("lexicon version"), null=True, blank=True,
        help_text=_("The lexicon's serving version when the grid was made (empty for older ones)."))
    revision_list = models.ForeignKey(RevisionList, verbose_name=_("revision list"), null=True, blank=True,
                                      on_delete=models.SET_NULL, related_name="grids")
    source = models.CharField(_("source"), max_length=8, choices=Source.choices, default=Source.LIST)
    seed = models.PositiveIntegerField(_("seed"), default=0)
    words = models.JSONField(_("requested words"), default=list,
                             help_text=_("[{entry, word, support_index}] sent to the generator."))
    board = models.JSONField(_("board"), default=list, blank=True)
    unplaced = models.JSONField(_("unplaced words"), default=list, blank=True)
    stats = models.JSONField(_("statistics"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    revealed_at = models.DateTimeField(
        _("revealed at"), null=True, blank=True,
        help_text=_("When the learner asked to see the final grid before answering every situation: the "
                    "situations left unanswered are then closed and the grid does not count as solved."))

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        verbose_name = _("training grid")
        verbose_name_plural = _("training grids")

    def __str__(self) -> str:
        return f"grid {self.pk} ({self.status})"


class Situation(models.Model):
    """One revision word to find: the position just before it was placed, the rack, the expected play, the tops."""

    grid = models.ForeignKey(TrainingGrid, verbose_name=_("grid"), on_delete=models.CASCADE,
                             related_name="situations")
    entry = models.ForeignKey(RevisionEntry, verbose_name=_("revision word"), null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="situations")
    order = models.PositiveSmallIntegerField(_("order"))
    word = models.CharField(_("word"), max_length=15)
    cgp = models.TextField(_("position (CGP)"))
    rack = models.CharField(_("rack"), max_length=7)
    support = models.JSONField(_("support square"), default=dict)
    expected = models.JSONField(_("expected play"))
    top = models.JSONField(_("top plays"), default=list)

    # The reader's view of the situation, set per request by training.grids.selectors (not stored).
    my_answers: list[Answer]
    my_answer: Answer | None
    top_find: TopFind | None
    top_found: bool
    answered: bool
    solved: bool
    verdict: str | None
    wrong: int
    revealed: bool
    decided: bool
    available: bool

    class Meta:
        ordering = ["grid", "order"]
        constraints = [models.UniqueConstraint(fields=["grid", "order"], name="training_situation_order")]
        verbose_name = _("situation")
        verbose_name_plural = _("situations")

    def __str__(self) -> str:
        return f"{self.word} ({self.rack})"


class Answer(models.Model):
    """The one answer that decides a situation for a learner (right or wrong); later tries are refused.

    Accuracy, streaks and the hardest words come from here. ``verdict`` says how it was judged:
    the expected word, another play scoring at least as much (a top), or wrong.
    """

    class Verdict(models.TextChoices):
        EXPECTED = "expected", _("Expected word")
        ANAGRAM = "anagram", _("An anagram of the expected word, through its support letter")
        TOP = "top", _("Top (scores as much or more)")
        WRONG = "wrong", _("Wrong")

    situation = models.ForeignKey(Situation, verbose_name=_("situation"), on_delete=models.CASCADE,
                                  related_name="answers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="training_answers")
    word = models.CharField(_("word"), max_length=15)
    coord = models.CharField(_("coordinates"), max_length=4, blank=True)
    correct = models.BooleanField(_("correct"))
    verdict = models.CharField(_("verdict"), max_length=8, choices=Verdict.choices, default=Verdict.WRONG)
    score = models.IntegerField(_("score"), default=0)
    play = models.JSONField(_("play"), null=True, blank=True,
                            help_text=_("The learner's legal play as the engine scored it (null when illegal)."))
    message = models.CharField(_("message"), max_length=255, blank=True)
    created_at = models.DateTimeField(_("answered at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["user", "created_at"])]
        constraints = [models.UniqueConstraint(fields=["situation", "user"], name="training_one_answer_per_situation")]
        verbose_name = _("answer")
        verbose_name_plural = _("answers")

    def __str__(self) -> str:
        return f"{self.word} {'✓' if self.correct else '✗'}"


class TopFind(models.Model):
    """A top found in a situation whose top is another play than its list word: credited, and the situation
    stays open, since its goal is the list word (a top found never replaces the word the learner revises)."""

    situation = models.ForeignKey(Situation, verbose_name=_("situation"), on_delete=models.CASCADE,
                                  related_name="top_finds")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="training_top_finds")
    word = models.CharField(_("word"), max_length=15)
    coord = models.CharField(_("coordinates"), max_length=4, blank=True)
    score = models.IntegerField(_("score"), default=0)
    play = models.JSONField(_("play"), help_text=_("The top as the engine scored it."))
    created_at = models.DateTimeField(_("found at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["situation", "user"], name="training_one_top_find_per_situation")]
        verbose_name = _("top found")
        verbose_name_plural = _("tops found")

    def __str__(self) -> str:
        return f"{self.word} {self.coord} ({self.score})"
