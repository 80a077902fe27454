"""The Lexicon row: a named word list and where its normalised words are stored.

The words themselves are not rows: a list of 400k words is one gzip file in Django's storage, named by
the SHA-256 of its normalised content (identical content is stored once). Later issues add versions,
definitions and compiled GADDAG files next to this.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.alphabet import LANGUAGES

LANGUAGE_CHOICES = [(code, {"fr": _("French"), "en": _("English")}.get(code, code)) for code in LANGUAGES]


class Lexicon(models.Model):
    name = models.SlugField(_("name"), max_length=64, unique=True)
    language = models.CharField(_("language"), max_length=8, choices=LANGUAGE_CHOICES)
    word_count = models.PositiveIntegerField(_("word count"))
    content_hash = models.CharField(_("content hash"), max_length=64, help_text=_("SHA-256 of the normalised word list."))
    words_file = models.FileField(_("words file"), max_length=255)
    source_name = models.CharField(_("source file"), max_length=255, blank=True)
    imported_at = models.DateTimeField(_("imported at"))

    class Meta:
        ordering = ["name"]
        verbose_name = _("lexicon")
        verbose_name_plural = _("lexicons")

    def __str__(self) -> str:
        return f"{self.name} ({self.language}, {self.word_count} words)"
