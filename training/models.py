"""Training data: revision lists and their words, training grids and situations, answers, FSRS cards.

Ownership is the backbone: a list, a grid and a card all belong to one user, and every read goes
through :mod:`training.selectors`, which filters by owner so another user's object is a 404.

Words are stored normalised (upper case, accents folded) with a **0-based** ``support_index``, the same
convention as the engine's CBIC generator; people type and read 1-based positions (``PRIVATIF 5`` is
the 5th letter, the A, stored as index 4), see ``support_position``. A word that has left the lexicon
(a new lexicon version) is never deleted: the selectors compute an ``in_lexicon`` flag instead.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.models import TaskRun
from core.validation import MAX_DESCRIPTION_LENGTH, validate_multiline, validate_single_line
from lexicon.models import Lexicon

MAX_WORD_LENGTH = 8
"""Longest revision word: the rack is the word minus its support letter and holds at most 7 tiles."""


class RevisionList(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE, related_name="revision_lists"
    )
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    name = models.CharField(_("name"), max_length=100, validators=[validate_single_line])
    # A TextField's max_length only reaches forms: the validator makes full_clean() hold it too.
    description = models.TextField(_("description"), blank=True, max_length=MAX_DESCRIPTION_LENGTH,
                                   validators=[MaxLengthValidator(MAX_DESCRIPTION_LENGTH), validate_multiline])
    published = models.BooleanField(
        _("published"), default=False, help_text=_("Shared with every learner, who may copy it (staff only).")
    )
    copied_from = models.ForeignKey(
        "self", verbose_name=_("copied from"), null=True, blank=True, on_delete=models.SET_NULL, related_name="copies"
    )
    share_token = models.CharField(
        _("share token"), max_length=32, null=True, blank=True, unique=True,
        help_text=_("Set while the owner shares the list by link: any signed-in learner with the link may "
                    "read it and copy it."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "-updated_at"]), models.Index(fields=["published"])]
        verbose_name = _("revision list")
        verbose_name_plural = _("revision lists")

    def __str__(self) -> str:
        return self.name


class RevisionEntry(models.Model):
    revision_list = models.ForeignKey(
        RevisionList, verbose_name=_("revision list"), on_delete=models.CASCADE, related_name="entries"
    )
    word = models.CharField(_("word"), max_length=15)
    support_index = models.PositiveSmallIntegerField(
        _("support index"), help_text=_("0-based position in the word of the letter already on the board.")
    )
    added_at = models.DateTimeField(_("added at"), auto_now_add=True)

    class Meta:
        ordering = ["added_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["revision_list", "word"], name="training_entry_unique_word"),
        ]
        verbose_name = _("revision word")
        verbose_name_plural = _("revision words")

    def __str__(self) -> str:
        return f"{self.word}:{self.support_letter}"

    @property
    def support_letter(self) -> str:
        return self.word[self.support_index] if self.support_index < len(self.word) else ""

    @property
    def support_position(self) -> int:
        """The support letter's position as people count it, from 1 (``support_index`` + 1)."""
        return self.support_index + 1

    @property
    def rack(self) -> str:
        """The training rack: the word minus its support letter, letters sorted (how racks are shown)."""
        letters = self.word[: self.support_index] + self.word[self.support_index + 1 :]
        return "".join(sorted(letters))


class ReviewCard(models.Model):
    """The FSRS state of one revision word (``fsrs.Card.to_dict()``), with ``due`` copied out to query it."""

    entry = models.OneToOneField(RevisionEntry, verbose_name=_("revision word"), on_delete=models.CASCADE,
                                 related_name="card")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="review_cards")
    card = models.JSONField(_("FSRS card"))
    due = models.DateTimeField(_("due"), db_index=True)
    state = models.PositiveSmallIntegerField(_("FSRS state"), default=1)
    last_review = models.DateTimeField(_("last review"), null=True, blank=True)
    reviews = models.PositiveIntegerField(_("reviews"), default=0)
    lapses = models.PositiveIntegerField(_("lapses"), default=0)

    class Meta:
        indexes = [models.Index(fields=["owner", "due"])]
        verbose_name = _("review card")
        verbose_name_plural = _("review cards")

    def __str__(self) -> str:
        return f"{self.entry.word} due {self.due:%Y-%m-%d %H:%M}"


class ReviewLog(models.Model):
    card = models.ForeignKey(ReviewCard, verbose_name=_("card"), on_delete=models.CASCADE, related_name="logs")
    rating = models.PositiveSmallIntegerField(_("rating"))
    reviewed_at = models.DateTimeField(_("reviewed at"))
    log = models.JSONField(_("FSRS log"))

    class Meta:
        ordering = ["reviewed_at", "id"]
        verbose_name = _("review log")
        verbose_name_plural = _("review logs")

    def __str__(self) -> str:
        return f"rating {self.rating} at {self.reviewed_at:%Y-%m-%d %H:%M}"


class TrainingGrid(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    class Source(models.TextChoices):
        LIST = "list", _("Revision list")
        DUE = "due", _("Words due for review")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="training_grids")
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    revision_list = models.ForeignKey(RevisionList, verbose_name=_("revision list"), null=True, blank=True,
                                      on_delete=models.SET_NULL, related_name="grids")
    source = models.CharField(_("source"), max_length=8, choices=Source.choices, default=Source.LIST)
    task_run = models.ForeignKey(TaskRun, verbose_name=_("task"), null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    seed = models.PositiveIntegerField(_("seed"), default=0)
    words = models.JSONField(_("requested words"), default=list,
                             help_text=_("[{entry, word, support_index}] sent to the generator."))
    board = models.JSONField(_("board"), default=list, blank=True)
    unplaced = models.JSONField(_("unplaced words"), default=list, blank=True)
    stats = models.JSONField(_("statistics"), default=dict, blank=True)
    error = models.TextField(_("error"), blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
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


# Duplicate games live in their own module (training/duplicate/); importing them here registers them with the app.
from training.duplicate.models import (  # noqa: E402,F401
    DuplicateGame,
    DuplicatePlay,
    DuplicatePlayer,
    DuplicateRound,
)

# Word study lives in its own module (training/wordstudy/); importing it here registers its models with the app.
from training.wordstudy.models import (  # noqa: E402,F401
    AlphagramCard,
    AlphagramRanking,
    DailyChallenge,
    Quiz,
    QuizAnswer,
    QuizQuestion,
    RankedAlphagram,
)
