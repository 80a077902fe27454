"""Lexicon reads for the other apps: find a lexicon, read its words, get its compiled GADDAG.

``gaddag_for(lexicon)`` is the one way other apps get a lexicon's :class:`engine.gaddag.Gaddag`: loaded
once per process, swapped to a newly published version on the next call (see :mod:`lexicon.compiled`).
"""

from __future__ import annotations

from django.db.models import QuerySet

from lexicon.compiled import CompiledLexiconError, gaddag_for
from lexicon.models import Lexicon
from lexicon.storage import load_words

__all__ = [
    "CompiledLexiconError",
    "default_lexicon",
    "gaddag_for",
    "get_lexicon",
    "lexicon_words",
    "list_lexicons",
]


def list_lexicons(language: str | None = None) -> QuerySet[Lexicon]:
    queryset = Lexicon.objects.all()
    return queryset.filter(language=language) if language else queryset


def get_lexicon(name: str) -> Lexicon:
    """The lexicon called ``name``; ``Lexicon.DoesNotExist`` otherwise."""
    return Lexicon.objects.get(name=name)


def default_lexicon(language: str) -> Lexicon | None:
    """The most recently imported lexicon of ``language`` (None when there is none)."""
    return Lexicon.objects.filter(language=language).order_by("-imported_at").first()


def lexicon_words(lexicon: Lexicon) -> list[str]:
    """The normalised words, sorted, as stored at import."""
    return load_words(lexicon.words_file.name)
