"""The crossword lab's timing tables: one grid filled by several algorithms with several seeds."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.models import TaskRow
from lexicon.models import Lexicon
from puzzles.crosswords.models import Crossword


class FillComparison(TaskRow):
    """The crossword lab's timing table: one grid filled by several algorithms with several seeds.

    ``table`` holds the engine's rows (``engine.crossword.compare_fills``): one per algorithm, with how
    many runs filled the grid, were proved unsolvable or ran out of time, and the median time, nodes and
    backtracks.
    """

    RUN_FAILED_WORDS = _("The comparison task failed.")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="fill_comparisons")
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.PROTECT, related_name="+")
    lexicon_version = models.PositiveIntegerField(
        _("lexicon version"), null=True, blank=True,
        help_text=_("The lexicon's serving version when the comparison was made (empty for older ones)."))
    extra_lexicons = models.ManyToManyField(Lexicon, verbose_name=_("other lexicons"), blank=True, related_name="+")
    style = models.CharField(_("style"), max_length=2, choices=Crossword.Style.choices)
    pattern = models.JSONField(_("grid"), default=list)
    algorithms = models.JSONField(_("algorithms"), default=list)
    seeds = models.PositiveSmallIntegerField(_("seeds"), default=3)
    time_limit = models.FloatField(_("time limit per run (s)"), default=10.0)
    table = models.JSONField(_("table"), default=list, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        verbose_name = _("fill comparison")
        verbose_name_plural = _("fill comparisons")

    def __str__(self) -> str:
        return f"fill comparison {self.pk} ({', '.join(self.algorithms)}, {self.status})"
