"""Crosswords: a learner's request, the filled grid with its clues, and the learner's solving progress.

Why the answers live on :class:`Crossword` and never in what the solve page or ``GET`` returns: a
crossword is an anagram drill (clues are the sorted letters unless a definition was curated), so the
answers reach the learner only through a check, a reveal, or an export they ask for.

Grid conventions, shared by the models, the API and ``static/js/crossword.js``:

- ``rows``: one string per row, ``#`` a black cell, a capital letter A-Z the answer of a white cell;
- ``slots``: ``[{"key": "12A", "number": 12, "dir": "A"|"D", "row", "col", "length", "answer", "clue"}]``
  in clue-list order (across by number, then down), 0-based ``row``/``col``;
- saved entries: the same shape as ``rows`` with ``.`` for an empty white cell.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.models import TaskRow
from lexicon.models import Lexicon

MIN_SIZE = 3
MAX_SIZE = 21
"""Grid sizes offered: 3×3 is the smallest grid with real crossings; 21×21 is the Sunday-size maximum
(beyond it a fill with single dictionary words takes far longer than a web task should)."""

BLACK = "#"
EMPTY = "."


class Crossword(TaskRow):
    RUN_FAILED_WORDS = _("The generation task failed.")

    class Style(models.TextChoices):
        FR = "fr", _("French (black cells anywhere, 2+ letter words)")
        US = "us", _("American (symmetric, 3+ letter words)")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="crosswords")
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    lexicon_version = models.PositiveIntegerField(
        _("lexicon version"), null=True, blank=True,
        help_text=_("The lexicon's serving version when the crossword was made (empty for older ones)."))
    size = models.PositiveSmallIntegerField(_("size"))
    style = models.CharField(_("style"), max_length=2, choices=Style.choices)
    seed = models.PositiveIntegerField(_("seed"), default=0)
    theme_list = models.ForeignKey("training.RevisionList", verbose_name=_("theme list"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    theme_words = models.JSONField(_("theme words"), default=list, blank=True,
                                   help_text=_("Words of the theme list asked to appear in the grid."))
    pattern = models.JSONField(_("given grid"), default=list, blank=True,
                               help_text=_("Rows drawn in the crossword lab (# black, . empty, a letter "
                                           "prefilled); empty: the grid is drawn at random."))
    extra_lexicons = models.ManyToManyField(Lexicon, verbose_name=_("other lexicons"), blank=True, related_name="+",
                                            help_text=_("Lexicons whose words fill the grid too."))
    algorithm = models.CharField(_("algorithm"), max_length=8, default="mac",
                                 help_text=_("The filler's search: bt, fc, fc-cbj or mac."))
    rows = models.JSONField(_("grid with answers"), default=list, blank=True)
    slots = models.JSONField(_("slots"), default=list, blank=True)
    stats = models.JSONField(_("statistics"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        constraints = [
            models.CheckConstraint(condition=models.Q(size__gte=MIN_SIZE, size__lte=MAX_SIZE),
                                   name="puzzles_crossword_size_range"),
            models.CheckConstraint(condition=models.Q(style__in=["fr", "us"]), name="puzzles_crossword_style"),
        ]
        verbose_name = _("crossword")
        verbose_name_plural = _("crosswords")

    def __str__(self) -> str:
        return f"crossword {self.pk} ({self.size}×{self.size} {self.style}, {self.status})"

    @property
    def is_ready(self) -> bool:
        return self.status == self.Status.DONE and bool(self.rows)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0


class CrosswordProgress(models.Model):
    """One learner's work on one crossword: saved entries, time, checks and reveals, missed words.

    ``missed`` holds the keys of the slots the learner did not find alone (a check showed a wrong
    letter in them, or a letter of theirs was revealed); they go to the review queue once the grid is
    solved or revealed in full.
    """

    crossword = models.ForeignKey(Crossword, verbose_name=_("crossword"), on_delete=models.CASCADE,
                                  related_name="progress_rows")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="crossword_progress")
    entries = models.JSONField(_("entries"), default=list, blank=True)
    revealed = models.JSONField(_("revealed cells"), default=list, blank=True, help_text=_("[[row, col], ...]"))
    missed = models.JSONField(_("missed slots"), default=list, blank=True)
    seconds = models.PositiveIntegerField(_("seconds spent"), default=0)
    checks = models.PositiveIntegerField(_("checks"), default=0)
    reveals = models.PositiveIntegerField(_("reveals"), default=0)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    review_words = models.JSONField(_("words sent to review"), default=list, blank=True)
    review_skipped = models.JSONField(_("missed words not sent to review"), default=list, blank=True,
                                      help_text=_("[{word, reason}]: e.g. longer than a revision word may be."))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["crossword", "user"], name="puzzles_progress_unique")]
        indexes = [models.Index(fields=["user", "finished_at"])]
        verbose_name = _("crossword progress")
        verbose_name_plural = _("crossword progress")

    def __str__(self) -> str:
        return f"{self.user_id} on crossword {self.crossword_id}"

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def is_solved(self) -> bool:
        """Finished by the learner's own letters: a grid completed by reveals is finished, not solved."""
        return self.is_finished and not self.revealed


class MissesList(models.Model):
    """Which revision list receives a learner's missed crossword words for a lexicon.

    Kept here rather than found by name so that renaming the list, or switching the site's language,
    never makes a second one.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="+")
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="+")
    revision_list = models.OneToOneField("training.RevisionList", verbose_name=_("revision list"),
                                         on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "lexicon"], name="puzzles_misses_list_unique")]
        verbose_name = _("crossword misses list")
        verbose_name_plural = _("crossword misses lists")

    def __str__(self) -> str:
        return f"misses of {self.owner_id} in {self.lexicon_id}"
