"""Lexicons, their versions, the audit trail of curation, and per-word definitions.

The words themselves are not rows: a list of 400k words is one gzip file in Django's storage, named by
the SHA-256 of its normalised content (identical content is stored once). Each :class:`LexiconVersion`
points at such a file; a version's compiled GADDAG is stored under the same hash (see
:mod:`lexicon.compiled`).

The :class:`Lexicon` row mirrors its *serving* version (``content_hash``, ``words_file``,
``word_count``): every process reads those three columns to know which compiled file to use, so they
change in one transaction only once a new version is compiled and published. Until then the previous
version keeps serving.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from engine.alphabet import LANGUAGES

LANGUAGE_CHOICES = [(code, {"fr": _("French"), "en": _("English")}.get(code, code)) for code in LANGUAGES]


class Lexicon(models.Model):
    name = models.SlugField(_("name"), max_length=64, unique=True)
    language = models.CharField(_("language"), max_length=8, choices=LANGUAGE_CHOICES)
    word_count = models.PositiveIntegerField(_("word count"))
    content_hash = models.CharField(_("content hash"), max_length=64, help_text=_("SHA-256 of the normalised word list."))
    words_file = models.FileField(_("words file"), max_length=255)
    source_name = models.CharField(_("source file"), max_length=255, blank=True)
    imported_at = models.DateTimeField(_("imported at"), help_text=_("When the serving version was published."))
    current_version = models.ForeignKey(
        "LexiconVersion",
        verbose_name=_("current version"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("lexicon")
        verbose_name_plural = _("lexicons")

    def __str__(self) -> str:
        # Shown in every lexicon menu: in the reader's language ("mots" in French).
        return ngettext("%(name)s (%(language)s, %(count)s word)", "%(name)s (%(language)s, %(count)s words)",
                        self.word_count) % {"name": self.name, "language": self.language,
                                            "count": number_format(self.word_count, force_grouping=True)}


class LexiconVersion(models.Model):
    """One immutable word list of a lexicon (drafts built from word edits may still grow, see services)."""

    class State(models.TextChoices):
        DRAFT = "draft", _("Draft")
        COMPILING = "compiling", _("Compiling")
        PUBLISHED = "published", _("Published")
        FAILED = "failed", _("Failed")
        SUPERSEDED = "superseded", _("Superseded")

    class Origin(models.TextChoices):
        IMPORT = "import", _("Import command")
        UPLOAD = "upload", _("Upload")
        EDIT = "edit", _("Word edits")

    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("number"))
    parent = models.ForeignKey(
        "self",
        verbose_name=_("based on"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="children",
        help_text=_("The published version this one was made against; its diff is computed against it."),
    )
    origin = models.CharField(_("origin"), max_length=10, choices=Origin.choices)
    state = models.CharField(_("state"), max_length=12, choices=State.choices, default=State.DRAFT)
    content_hash = models.CharField(_("content hash"), max_length=64)
    words_file = models.CharField(_("words file"), max_length=255)
    word_count = models.PositiveIntegerField(_("word count"))
    added_count = models.PositiveIntegerField(_("words added"), default=0)
    removed_count = models.PositiveIntegerField(_("words removed"), default=0)
    source_name = models.CharField(_("source file"), max_length=255, blank=True)
    note = models.TextField(_("note"), blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    compile_task = models.ForeignKey(
        "core.TaskRun", verbose_name=_("compile task"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    compile_error = models.TextField(_("compile error"), blank=True)
    compiled_sha256 = models.CharField(_("compiled file SHA-256"), max_length=64, blank=True)
    compiled_size = models.PositiveBigIntegerField(_("compiled file size"), null=True, blank=True)

    class Meta:
        ordering = ["lexicon", "-number"]
        constraints = [models.UniqueConstraint(fields=["lexicon", "number"], name="lexicon_version_number_unique")]
        verbose_name = _("lexicon version")
        verbose_name_plural = _("lexicon versions")

    def __str__(self) -> str:
        return ngettext("%(name)s v%(number)s (%(state)s, %(count)s word)",
                        "%(name)s v%(number)s (%(state)s, %(count)s words)", self.word_count) % {
            "name": self.lexicon.name, "number": self.number, "state": self.get_state_display(),
            "count": number_format(self.word_count, force_grouping=True)}

    @property
    def is_serving(self) -> bool:
        return self.lexicon.current_version_id == self.pk


class LexiconEvent(models.Model):
    """The audit trail: who did what to a lexicon, when, and why (never edited, never deleted)."""

    class Action(models.TextChoices):
        IMPORT = "import", _("Imported")
        UPLOAD = "upload", _("Uploaded a version")
        ADD_WORD = "add_word", _("Added a word")
        REMOVE_WORD = "remove_word", _("Removed a word")
        PUBLISH = "publish", _("Published")
        ROLLBACK = "rollback", _("Rolled back")
        PUBLISH_FAILED = "publish_failed", _("Publication failed")
        SET_DEFINITION = "set_definition", _("Edited a definition")
        DELETE_DEFINITION = "delete_definition", _("Deleted a definition")
        IMPORT_DEFINITIONS = "import_definitions", _("Imported definitions")
        DISCARD = "discard", _("Discarded a draft")

    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="events")
    version = models.ForeignKey(
        LexiconVersion, verbose_name=_("version"), null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    word = models.CharField(_("word"), max_length=64, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    detail = models.JSONField(_("detail"), default=dict, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["lexicon", "-at"])]
        verbose_name = _("lexicon event")
        verbose_name_plural = _("lexicon events")

    def __str__(self) -> str:
        return f"{self.lexicon.name}: {self.get_action_display()} {self.word} ({self.at:%Y-%m-%d %H:%M})"


class Definition(models.Model):
    """A short definition of a word of a lexicon (shown as a crossword clue). Kept across versions."""

    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="definitions")
    word = models.CharField(_("word"), max_length=64)
    text = models.CharField(_("definition"), max_length=500)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("updated by"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["lexicon", "word"]
        constraints = [models.UniqueConstraint(fields=["lexicon", "word"], name="lexicon_definition_word_unique")]
        verbose_name = _("definition")
        verbose_name_plural = _("definitions")

    def __str__(self) -> str:
        return f"{self.word}: {self.text[:40]}"
