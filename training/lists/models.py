"""Revision lists: the learner's words with their support letters, and each word's FSRS card and log."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

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

    # Set per query by training.lists.selectors and views (annotations, not stored).
    words_text: str

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

    # Set per request by training.lists.selectors (False: the lexicon no longer has the word; not stored).
    in_lexicon: bool | None

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


class FsrsCard(models.Model):
    """The FSRS state of one thing to remember (``fsrs.Card.to_dict()``), with what is queried copied out:
    ``due``, ``state`` (1 learning, 2 review, 3 relearning), the last review, and the counts of reviews and
    of lapses (Again on a card in the Review state, as FSRS counts them). Reviewed only through
    :func:`training.lists.services.review_fsrs_card`."""

    card = models.JSONField(_("FSRS card"))
    due = models.DateTimeField(_("due"), db_index=True)
    state = models.PositiveSmallIntegerField(_("FSRS state"), default=1)
    last_review = models.DateTimeField(_("last review"), null=True, blank=True)
    reviews = models.PositiveIntegerField(_("reviews"), default=0)
    lapses = models.PositiveIntegerField(_("lapses"), default=0)

    class Meta:
        abstract = True


class ReviewCard(FsrsCard):
    """The FSRS state of one revision word, with its review log."""

    entry = models.OneToOneField(RevisionEntry, verbose_name=_("revision word"), on_delete=models.CASCADE,
                                 related_name="card")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="review_cards")

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
