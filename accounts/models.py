"""A learner's preferences: the site's language for them, the lexicon preselected in forms, a daily goal, how
many new words a day enter their reviews, and the passing time of flash cards.

Why a profile row instead of fields on the user: Django's user model stays the default one (no swap
mid-project), and preferences are read on a few pages only. A user without a row has the defaults
(:func:`accounts.selectors.profile_of` creates nothing on read).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from lexicon.models import Lexicon

MIN_DAILY_GOAL = 1
MAX_DAILY_GOAL = 500
DEFAULT_DAILY_GOAL = 20
MIN_NEW_CARDS_PER_DAY = 0  # 0: no new word today, only the reviews
MAX_NEW_CARDS_PER_DAY = 500
DEFAULT_NEW_CARDS_PER_DAY = 20  # Anki's default "new cards/day": a pace card-box players keep (docs/training.md)
MIN_PASSING_SECONDS = 1
MAX_PASSING_SECONDS = 600


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                                related_name="profile")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES,
                                default=settings.LANGUAGE_CODE)
    default_lexicon = models.ForeignKey(
        Lexicon, verbose_name=_("default lexicon"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", help_text=_("Preselected in the forms (lists, grids, crosswords, lookups)."))
    daily_goal = models.PositiveSmallIntegerField(
        _("daily goal"), default=DEFAULT_DAILY_GOAL,
        validators=[MinValueValidator(MIN_DAILY_GOAL), MaxValueValidator(MAX_DAILY_GOAL)],
        help_text=_("Answers a day you aim at; shown on the home page and the dashboard."))
    new_cards_per_day = models.PositiveSmallIntegerField(
        _("new words a day"), default=DEFAULT_NEW_CARDS_PER_DAY,
        validators=[MinValueValidator(MIN_NEW_CARDS_PER_DAY), MaxValueValidator(MAX_NEW_CARDS_PER_DAY)],
        help_text=_("Words never reviewed that enter your reviews each day; the others wait their turn."))
    passing_seconds = models.PositiveSmallIntegerField(
        _("passing time (seconds)"), null=True, blank=True,
        validators=[MinValueValidator(MIN_PASSING_SECONDS), MaxValueValidator(MAX_PASSING_SECONDS)],
        help_text=_("A flash card answered right but slower than this counts as missed for the card box; "
                    "empty: no passing time."))
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return f"profile of {self.user_id}"
