"""Lexicon writes. ``import_word_list`` is the one way a word list enters the site.

Rules (same as the engine's, through ``engine.wordlist.read_word_list``): one word per line, any case,
accents folded; bad lines refuse the whole file unless ``skip_invalid``. Nothing is half-imported: the
file is read completely first, the words are stored by content hash, then the row is written in one
transaction. Issue 10 extends this module (versions, definitions, GADDAG compilation).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from engine.alphabet import LANGUAGES
from engine.wordlist import LineProblem, WordListError, read_word_list
from lexicon.compiled import CompiledLexiconError, compile_words
from lexicon.models import Lexicon
from lexicon.storage import store_words


class LexiconImportError(Exception):
    """The import was refused; the message says why (bad lines with their numbers, bad name...)."""

    def __init__(self, message: str, problems: list[LineProblem] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


class ImportStatus(enum.StrEnum):
    CREATED = "created"
    REPLACED = "replaced"
    UNCHANGED = "unchanged"


@dataclass
class ImportOutcome:
    lexicon: Lexicon
    status: ImportStatus
    skipped: list[LineProblem] = field(default_factory=list)
    duplicates: int = 0


def validate_name(name: str) -> str:
    if not name or slugify(name) != name:
        raise LexiconImportError(
            f"invalid lexicon name {name!r}: use lower-case letters, digits, '-' or '_' (e.g. 'ods9' or 'wfrench')"
        )
    if len(name) > 64:
        raise LexiconImportError(f"invalid lexicon name {name!r}: at most 64 characters")
    return name


def import_word_list(path: str | Path, *, name: str, language: str, skip_invalid: bool = False) -> ImportOutcome:
    """Import the word list at ``path`` as lexicon ``name``.

    Re-importing the same content under the same name and language changes nothing
    (``UNCHANGED``); new content replaces the old atomically (``REPLACED``).
    """
    validate_name(name)
    if language not in LANGUAGES:
        raise LexiconImportError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
    path = Path(path)
    if not path.is_file():
        raise LexiconImportError(f"no such file: {path}")
    try:
        word_list = read_word_list(path, language, skip_invalid=skip_invalid)
    except WordListError as exc:
        raise LexiconImportError(f"{path.name}: {exc}", exc.problems) from None
    except OSError as exc:
        raise LexiconImportError(f"cannot read {path}: {exc.strerror or exc}") from None

    content_hash = word_list.content_hash
    existing = Lexicon.objects.filter(name=name).first()
    if existing and existing.content_hash == content_hash and existing.language == language:
        _compile(word_list.words, language, content_hash)  # no-op when compiled; heals older imports
        return ImportOutcome(existing, ImportStatus.UNCHANGED, word_list.problems, word_list.duplicates)

    # Compile before the row points at the new content, so the lexicon is ready as soon as it exists.
    _compile(word_list.words, language, content_hash)
    stored_name = store_words(word_list.words, content_hash)
    with transaction.atomic():
        lexicon, created = Lexicon.objects.update_or_create(
            name=name,
            defaults={
                "language": language,
                "word_count": len(word_list.words),
                "content_hash": content_hash,
                "words_file": stored_name,
                "source_name": path.name[:255],
                "imported_at": timezone.now(),
            },
        )
    status = ImportStatus.CREATED if created else ImportStatus.REPLACED
    return ImportOutcome(lexicon, status, word_list.problems, word_list.duplicates)


def _compile(words: list[str], language: str, content_hash: str) -> None:
    try:
        compile_words(words, language, content_hash, replace_broken=True)
    except CompiledLexiconError as exc:
        raise LexiconImportError(f"cannot compile the lexicon: {exc}") from None
