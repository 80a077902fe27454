"""Lexicon writes: imports, versions, word edits, publication (compile + swap), definitions, audit trail.

Rules, and why:

* **Word lists** follow the engine's rules (``engine.wordlist``): one word per line, any case, accents
  folded; bad lines (encoding or letters) are reported with their line numbers and refuse the whole
  file unless ``skip_invalid``. Nothing is half-written: a list is read and checked completely, its
  words are stored by content hash, then rows are written in one transaction.
* **Versions.** A lexicon serves one published version at a time (mirrored on the ``Lexicon`` row).
  An upload becomes a *draft* version; it serves nobody until published. Publishing runs a tracked
  task (:func:`publish_version` → ``lexicon.tasks.publish_version_task`` → :func:`run_publication`)
  that compiles the GADDAG with progress, then swaps the lexicon to the new version in one
  transaction; until that moment the previous version keeps serving, and a failed compile leaves it
  serving. Rolling back is publishing an earlier version again (its compiled file is normally still
  stored, so the task only checks it and swaps).
* **Nothing hurts by accident.** An upload either *replaces* the list (the file becomes the whole lexicon)
  or *adds* its words to the serving list: the curator says which. A publication (or rollback) that
  would remove more than :data:`REMOVAL_CONFIRM_SHARE` of the serving words is refused with the counts
  (:class:`ConfirmationNeeded`) until confirmed; a rollback records its reason (required); a draft
  that is not wanted is discarded (:func:`discard_version`), never left to be published by mistake.
* **Single-word edits** (add or remove, each with a reason) go into the lexicon's *open edit draft*:
  the draft version of origin ``edit`` based on the serving version, created by the first edit.
  Successive edits amend that draft (each one recorded in the audit trail), and the curator
  publishes it like an upload, after reading its diff. Why a draft rather than one published version
  per word: each publication compiles the whole GADDAG (about 20 s for 325k words), and a curator
  usually fixes several words at once.
* **Audit trail**: every curation step writes a :class:`~lexicon.models.LexiconEvent` (who, when, what,
  why). The import command is the one entry point that publishes directly (it runs on the server, by
  an operator, and must leave a ready lexicon for ``make run``).
* **Definitions** belong to the lexicon, not to a version (a word removed then restored keeps its
  definition).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any, Protocol

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.engine_messages import engine_error_message, problem_reason
from core.models import TaskRun
from core.progress import start_task
from core.validation import MAX_NOTE_LENGTH, text_problem
from engine.alphabet import LANGUAGES, InvalidWord, get_alphabet
from engine.wordlist import LineProblem, WordList, WordListError, parse_lines, read_word_list, words_hash
from lexicon.compiled import CompiledLexiconError, compile_words, gaddag_for, load_compiled
from lexicon.models import Definition, Lexicon, LexiconEvent, LexiconVersion
from lexicon.storage import load_words, store_words

logger = logging.getLogger(__name__)

#: Largest word-list or definitions upload accepted (bytes); settings.LEXICON_UPLOAD_MAX_BYTES overrides.
DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024
#: How many bad lines an error message lists (the total is always given).
SHOWN_PROBLEMS = 20
MAX_WORD_LENGTH = 64
MAX_DEFINITION_LENGTH = 500
MAX_REASON_LENGTH = MAX_NOTE_LENGTH
#: A publication removing more than this share of the serving version's words needs an explicit confirmation.
REMOVAL_CONFIRM_SHARE = 0.01

State = LexiconVersion.State
Origin = LexiconVersion.Origin
Action = LexiconEvent.Action


def max_upload_bytes() -> int:
    return int(getattr(settings, "LEXICON_UPLOAD_MAX_BYTES", DEFAULT_MAX_UPLOAD_BYTES))


def _check_free_text(text: str, subject: str, max_length: int | None) -> None:
    """CurationError when a note, reason or definition is too long or holds forbidden characters
    (core.validation: control characters, direction overrides), before anything is written."""
    problem = text_problem(text, multiline=True, max_length=max_length)
    if problem:
        raise CurationError(_("%(subject)s %(problem)s; nothing was saved.") % {"subject": subject, "problem": problem})


class CurationError(Exception):
    """A curation step was refused; the message says why and ``problems`` lists bad lines if any."""

    def __init__(self, message: str, problems: list[LineProblem] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.problems = problems or []


class ConfirmationNeeded(CurationError):
    """The publication removes more than :data:`REMOVAL_CONFIRM_SHARE` of the serving words: say so with the
    counts, and publish only when the curator confirms (``confirm=True``)."""

    def __init__(self, message: str, *, added: int, removed: int, serving_words: int) -> None:
        super().__init__(message)
        self.added, self.removed, self.serving_words = added, removed, serving_words

    @property
    def removed_share(self) -> float:
        return self.removed / self.serving_words if self.serving_words else 0.0


class LexiconImportError(CurationError):
    """The import was refused; the message says why (bad lines with their numbers, bad name...)."""


class UploadedFileLike(Protocol):
    """What an upload must offer (Django's ``UploadedFile`` does): a size, a name and byte lines."""

    size: int
    name: str

    def __iter__(self) -> Any: ...


def _problem_message(intro: str, problems: list[LineProblem]) -> str:
    shown = "; ".join(_("line %(line)s: %(text)s: %(reason)s") % {"line": p.line, "text": repr(p.text),
                                                                  "reason": problem_reason(p)}
                      for p in problems[:SHOWN_PROBLEMS])
    more = len(problems) - SHOWN_PROBLEMS
    return f"{intro}: {shown}" + (_("; and %(count)d more") % {"count": more} if more > 0 else "")


def _check_size(upload: UploadedFileLike) -> None:
    limit = max_upload_bytes()
    if upload.size is None or upload.size > limit:
        raise CurationError(
            _("The file is too large (%(size)s bytes); the limit is %(limit)d MB.")
            % {"size": upload.size, "limit": limit // (1024 * 1024)}
        )


def _event(lexicon: Lexicon, action: str, *, user=None, version: LexiconVersion | None = None, word: str = "",
           reason: str = "", **detail: Any) -> LexiconEvent:
    actor = user if getattr(user, "is_authenticated", False) else None
    return LexiconEvent.objects.create(lexicon=lexicon, version=version, action=action, word=word,
                                       reason=reason, detail=detail, actor=actor)


def _next_number(lexicon: Lexicon) -> int:
    return (lexicon.versions.aggregate(top=Max("number"))["top"] or 0) + 1


def _diff_counts(words: list[str], parent: LexiconVersion | None,
                 parent_words: set[str] | None = None) -> tuple[int, int]:
    """(added, removed) going from ``parent`` to ``words``; ``parent_words`` spares a reload when known."""
    if parent is None:
        return len(words), 0
    new = set(words)
    old = parent_words if parent_words is not None else set(load_words(parent.words_file))
    return len(new - old), len(old - new)


# -- the import command --------------------------------------------------------------------------


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


def import_word_list(path: str | Path, *, name: str, language: str, skip_invalid: bool = False,
                     user=None) -> ImportOutcome:
    """Import the word list at ``path`` as lexicon ``name``, compiled and published at once.

    Re-importing the same content under the same name and language changes nothing
    (``UNCHANGED``, though a missing compiled file is rebuilt); new content becomes a new published
    version (``REPLACED``), the previous one stays in the history for a rollback.
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
    if existing and existing.language != language:
        raise LexiconImportError(
            f"lexicon {name!r} is in {existing.language!r}; a {language!r} list cannot become one of its versions"
        )
    if existing and existing.content_hash == content_hash:
        _compile(word_list.words, language, content_hash)  # no-op when compiled; heals older imports
        return ImportOutcome(existing, ImportStatus.UNCHANGED, word_list.problems, word_list.duplicates)

    # Compile before the row points at the new content, so the lexicon is ready as soon as it serves.
    compiled = _compile(word_list.words, language, content_hash)
    stored_name = store_words(word_list.words, content_hash)
    now = timezone.now()
    with transaction.atomic():
        existing = Lexicon.objects.select_for_update().filter(name=name).first()
        created = existing is None
        lexicon = existing if existing is not None else Lexicon.objects.create(
            name=name, language=language, word_count=len(word_list.words), content_hash=content_hash,
            words_file=stored_name, source_name=path.name[:255], imported_at=now)
        parent = lexicon.current_version
        added, removed = _diff_counts(word_list.words, parent)
        version = LexiconVersion.objects.create(
            lexicon=lexicon, number=_next_number(lexicon), parent=parent, origin=Origin.IMPORT,
            state=State.PUBLISHED, content_hash=content_hash, words_file=stored_name,
            word_count=len(word_list.words), added_count=added, removed_count=removed,
            source_name=path.name[:255], created_by=user if getattr(user, "is_authenticated", False) else None,
            published_at=now, compiled_sha256=compiled.file_sha256, compiled_size=compiled.size,
            note=_skipped_note(word_list),
        )
        _serve(lexicon, version, now)
        _event(lexicon, Action.IMPORT, user=user, version=version, source=path.name[:255],
               words=len(word_list.words), skipped=len(word_list.problems))
    status = ImportStatus.CREATED if created else ImportStatus.REPLACED
    return ImportOutcome(lexicon, status, word_list.problems, word_list.duplicates)


def _skipped_note(word_list: WordList) -> str:
    """The note kept with a version whose bad lines were left out, in the uploader's language."""
    count = len(word_list.problems)
    if not count:
        return ""
    shown = "; ".join(_("line %(line)s: %(text)s: %(reason)s") % {"line": p.line, "text": repr(p.text),
                                                                 "reason": problem_reason(p)}
                      for p in word_list.problems[:5])
    if count > 5:
        shown += _("; and %(count)d more") % {"count": count - 5}
    return ngettext("%(count)d invalid line skipped: %(lines)s", "%(count)d invalid lines skipped: %(lines)s",
                    count) % {"count": count, "lines": shown}


def _compile(words: list[str], language: str, content_hash: str):
    try:
        return compile_words(words, language, content_hash, replace_broken=True)
    except CompiledLexiconError as exc:
        raise LexiconImportError(f"cannot compile the lexicon: {exc}") from None


def _serve(lexicon: Lexicon, version: LexiconVersion, when) -> None:
    """Point the lexicon at ``version`` (inside the caller's transaction); supersede the previous one."""
    previous_id = lexicon.current_version_id
    if previous_id and previous_id != version.pk:
        LexiconVersion.objects.filter(pk=previous_id).update(state=State.SUPERSEDED)
    lexicon.current_version = version
    lexicon.content_hash = version.content_hash
    lexicon.words_file = version.words_file
    lexicon.word_count = version.word_count
    lexicon.source_name = version.source_name[:255]
    lexicon.imported_at = when
    lexicon.save(update_fields=["current_version", "content_hash", "words_file", "word_count", "source_name",
                                "imported_at"])


# -- uploads ---------------------------------------------------------------------------------------


@dataclass
class UploadOutcome:
    version: LexiconVersion
    skipped: list[LineProblem] = field(default_factory=list)
    duplicates: int = 0


class UploadMode(enum.StrEnum):
    REPLACE = "replace"
    """The file is the whole new list: serving words missing from it are removed."""
    ADD = "add"
    """The file's words are added to the serving list; nothing is removed."""


def upload_version(lexicon: Lexicon, upload: UploadedFileLike, *, user, note: str = "",
                   skip_invalid: bool = False, mode: str = UploadMode.REPLACE) -> UploadOutcome:
    """Make an uploaded word list a draft version of ``lexicon`` (nothing serves it until published).

    ``mode``: ``replace`` (the file becomes the whole list) or ``add`` (its words join the serving list).
    Refused, with nothing written, when the file is too large, has bad lines (listed with their line
    numbers) unless ``skip_invalid``, has no word, adds nothing (``add``) or is identical to the serving
    version.
    """
    try:
        mode = UploadMode(mode)
    except ValueError:
        raise CurationError(_("Say whether the file replaces the list or adds its words to it.")) from None
    _check_size(upload)
    _check_free_text(note, _("The note"), MAX_NOTE_LENGTH)
    try:
        word_list = parse_lines(upload, lexicon.language)
    except OSError as exc:
        raise CurationError(_("The file could not be read: %(error)s") % {"error": exc}) from None
    if word_list.problems and not skip_invalid:
        raise CurationError(
            _problem_message(ngettext("%(count)d invalid line, nothing was saved",
                                      "%(count)d invalid lines, nothing was saved", len(word_list.problems))
                             % {"count": len(word_list.problems)},
                             word_list.problems),
            word_list.problems,
        )
    if not word_list.words:
        raise CurationError(_("The file has no valid word; nothing was saved."))
    words = word_list.words
    content_hash = word_list.content_hash
    if mode == UploadMode.ADD:
        if lexicon.current_version is None:
            raise CurationError(_("This lexicon has no published list to add words to: upload the whole list."))
        serving = load_words(lexicon.current_version.words_file)
        words = sorted(set(serving) | set(word_list.words))
        if len(words) == len(serving):
            raise CurationError(_("Every word of the file is already in the lexicon; nothing was saved."))
        content_hash = words_hash(words)
    if content_hash == lexicon.content_hash:
        raise CurationError(_("This list is identical to the version being served; there is nothing to publish."))
    stored_name = store_words(words, content_hash)
    source = Path(upload.name or "upload.txt").name[:255]
    with transaction.atomic():
        lexicon = Lexicon.objects.select_for_update().get(pk=lexicon.pk)
        parent = lexicon.current_version
        added, removed = _diff_counts(words, parent)
        text = note.strip()
        if word_list.problems:
            text = (text + "\n" if text else "") + _skipped_note(word_list)
        version = LexiconVersion.objects.create(
            lexicon=lexicon, number=_next_number(lexicon), parent=parent, origin=Origin.UPLOAD, state=State.DRAFT,
            content_hash=content_hash, words_file=stored_name, word_count=len(words),
            added_count=added, removed_count=removed, source_name=source, note=text, created_by=user,
        )
        _event(lexicon, Action.UPLOAD, user=user, version=version, reason=note.strip(), source=source,
               words=len(words), added=added, removed=removed, skipped=len(word_list.problems), mode=str(mode))
    return UploadOutcome(version, word_list.problems, word_list.duplicates)


# -- single-word edits -----------------------------------------------------------------------------


def normalise_word(language: str, text: str) -> str:
    """The word as stored (upper case, accents folded); CurationError naming it if it is not a word."""
    try:
        word = get_alphabet(language).normalise(text.strip())
    except InvalidWord as exc:
        raise CurationError(_("%(word)s is not a word: %(reason)s") % {"word": repr(text.strip()),
                                                                     "reason": engine_error_message(exc)}) from None
    if len(word) > MAX_WORD_LENGTH:
        raise CurationError(_("%(word)s is too long (at most %(max)d letters).") % {"word": word, "max": MAX_WORD_LENGTH})
    return word


def open_edit_draft(lexicon: Lexicon) -> LexiconVersion | None:
    """The draft that word edits amend: origin ``edit``, still a draft, based on the serving version."""
    return (lexicon.versions.filter(origin=Origin.EDIT, state=State.DRAFT, parent_id=lexicon.current_version_id)
            .order_by("-number").first())


def edit_words(lexicon: Lexicon, *, add: Iterable[str] = (), remove: Iterable[str] = (), reason: str,
               user) -> LexiconVersion:
    """Add and/or remove words in the open edit draft (created on first use); return the draft.

    Every word is checked first (letters, already present, absent, both added and removed): one bad
    word refuses the whole edit and nothing changes. Each word edited is one audit event carrying
    ``reason``.
    """
    reason = (reason or "").strip()
    if not reason:
        raise CurationError(_("Say why: a reason is required for every word edit."))
    if len(reason) > MAX_REASON_LENGTH:
        raise CurationError(_("The reason is too long (at most %(max)d characters).") % {"max": MAX_REASON_LENGTH})
    _check_free_text(reason, _("The reason"), MAX_REASON_LENGTH)
    to_add = sorted({normalise_word(lexicon.language, w) for w in add if w.strip()})
    to_remove = sorted({normalise_word(lexicon.language, w) for w in remove if w.strip()})
    if not to_add and not to_remove:
        raise CurationError(_("Give at least one word to add or remove."))
    both = sorted(set(to_add) & set(to_remove))
    if both:
        raise CurationError(_("Cannot both add and remove: %(words)s.") % {"words": ", ".join(both)})

    with transaction.atomic():
        lexicon = Lexicon.objects.select_for_update().get(pk=lexicon.pk)
        if lexicon.current_version is None:
            raise CurationError(_("This lexicon has no published version to edit."))
        draft = open_edit_draft(lexicon)
        base_words = load_words((draft or lexicon.current_version).words_file)
        present = set(base_words)
        already = [w for w in to_add if w in present]
        missing = [w for w in to_remove if w not in present]
        problems = []
        if already:
            problems.append(_("already in the lexicon: %(words)s") % {"words": ", ".join(already)})
        if missing:
            problems.append(_("not in the lexicon: %(words)s") % {"words": ", ".join(missing)})
        if problems:
            # the separator is the language's: French puts a space before the semicolon
            raise CurationError(_("Nothing was changed: %(problems)s.") % {"problems": _("; ").join(problems)})
        words = sorted((present | set(to_add)) - set(to_remove))
        if not words:
            raise CurationError(_("Nothing was changed: a lexicon cannot be left without words."))
        content_hash = words_hash(words)
        stored_name = store_words(words, content_hash)
        parent = lexicon.current_version
        added, removed = _diff_counts(words, parent, present if draft is None else None)
        if draft is None:
            draft = LexiconVersion.objects.create(
                lexicon=lexicon, number=_next_number(lexicon), parent=parent, origin=Origin.EDIT,
                state=State.DRAFT, content_hash=content_hash, words_file=stored_name, word_count=len(words),
                added_count=added, removed_count=removed, created_by=user,
            )
        else:
            draft.content_hash, draft.words_file, draft.word_count = content_hash, stored_name, len(words)
            draft.added_count, draft.removed_count = added, removed
            draft.save(update_fields=["content_hash", "words_file", "word_count", "added_count", "removed_count"])
        for word in to_add:
            _event(lexicon, Action.ADD_WORD, user=user, version=draft, word=word, reason=reason)
        for word in to_remove:
            _event(lexicon, Action.REMOVE_WORD, user=user, version=draft, word=word, reason=reason)
    return draft


# -- publication ------------------------------------------------------------------------------------


PUBLISHABLE = (State.DRAFT, State.FAILED, State.SUPERSEDED)


#: A compile run that has not reported anything for this long is taken for dead (worker killed, broker
#: lost the message), so the version can be published again instead of staying "compiling" forever.
STALE_COMPILE = timedelta(minutes=30)


def compile_alive(run) -> bool:
    """True while a compile run may still finish (unfinished, and reported something recently)."""
    return run is not None and not run.is_finished and run.updated_at > timezone.now() - STALE_COMPILE


def publication_impact(version: LexiconVersion) -> tuple[int, int, int]:
    """(added, removed, serving words) if ``version`` replaced the serving version now."""
    lexicon = version.lexicon
    current = lexicon.current_version
    if current is None:
        return version.word_count, 0, 0
    if version.parent_id == current.pk:  # the counts stored with the version are against the serving one
        return version.added_count, version.removed_count, current.word_count
    new, old = set(load_words(version.words_file)), set(load_words(current.words_file))
    return len(new - old), len(old - new), len(old)


def is_rollback(version: LexiconVersion) -> bool:
    current = version.lexicon.current_version
    return current is not None and version.number < current.number


def publish_version(version: LexiconVersion, *, user, confirm: bool = False, reason: str = ""):
    """Start compiling ``version`` and serve it when done; return the TaskRun to follow.

    The serving version does not change until the task has compiled and checked the new file.
    Publishing an earlier version is a rollback: ``reason`` is then required (kept in the audit trail).
    Refused for the serving version and for a version whose compile is already under way; refused with
    :class:`ConfirmationNeeded` (nothing started) when it would remove more than
    :data:`REMOVAL_CONFIRM_SHARE` of the serving words, unless ``confirm``.
    """

    reason = (reason or "").strip()
    if reason:
        _check_free_text(reason, _("The reason"), MAX_REASON_LENGTH)
    version = LexiconVersion.objects.select_related("lexicon", "lexicon__current_version").get(pk=version.pk)
    if not version.is_serving:
        if is_rollback(version) and not reason:
            raise CurationError(_("Say why you roll back: a reason is required, kept in the history."))
        added, removed, serving = publication_impact(version)
        if not confirm and serving and removed > serving * REMOVAL_CONFIRM_SHARE:
            raise ConfirmationNeeded(
                _("Version %(number)d would remove %(removed)s of the %(serving)s words served (%(share)s %%) and add "
                  "%(added)s: confirm to publish it.") % {
                    "number": version.number, "removed": number_format(removed, force_grouping=True),
                    "serving": number_format(serving, force_grouping=True),
                    "share": number_format(round(100 * removed / serving, 1), decimal_pos=1),
                    "added": number_format(added, force_grouping=True)},
                added=added, removed=removed, serving_words=serving)
    with transaction.atomic():
        version = (LexiconVersion.objects.select_for_update(of=("self",)).select_related("lexicon", "compile_task")
                   .get(pk=version.pk))
        if version.is_serving:
            raise CurationError(_("Version %(number)d is already the one being served.") % {"number": version.number})
        if version.state == State.COMPILING and compile_alive(version.compile_task):
            raise CurationError(_("Version %(number)d is already being compiled.") % {"number": version.number})
        if version.state not in PUBLISHABLE and version.state != State.COMPILING:
            raise CurationError(_("Version %(number)d cannot be published (state: %(state)s).")
                                % {"number": version.number, "state": version.get_state_display()})
        LexiconVersion.objects.filter(pk=version.pk).update(state=State.COMPILING, compile_error="")
        # Dispatch waits for the commit (celery/thread modes); in sync mode the task has already run and
        # set the final state when start_task returns, so only the run link is written afterwards.
        run = start_task("lexicon.publish_version", owner=user, version_id=version.pk,
                         user_id=getattr(user, "pk", None), reason=reason)
        LexiconVersion.objects.filter(pk=version.pk).update(compile_task=run)
    run.refresh_from_db()
    return run


def run_publication(version_id: int, user_id: int | None = None,
                    report: Callable[[float, str], None] | None = None, reason: str = "") -> dict[str, Any]:
    """The publication task's body: compile (with progress), check, then swap in one transaction.

    On any failure the version is marked ``failed`` with the reason, the audit trail says so, the
    serving version is untouched, and :class:`CurationError` carries the message to the task record.
    """
    from django.contrib.auth import get_user_model

    say = report or (lambda percent, message: None)
    version = LexiconVersion.objects.select_related("lexicon").get(pk=version_id)
    lexicon = version.lexicon
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    LexiconVersion.objects.filter(pk=version.pk).update(state=State.COMPILING, compile_error="")
    try:
        say(5, _("Reading %(count)d words") % {"count": version.word_count})
        words = load_words(version.words_file)
        if words_hash(words) != version.content_hash:
            raise CurationError(_("The stored word list does not match its hash; upload it again."))
        outcome = compile_words(words, lexicon.language, version.content_hash, replace_broken=True,
                                progress=lambda pct, msg: say(pct, msg))
        say(95, _("Checking the compiled file"))
        gaddag = load_compiled(version.content_hash, lexicon.language)
        if gaddag.word_count != len(words):
            raise CurationError(_("The compiled file has %(got)d words instead of %(want)d.")
                                % {"got": gaddag.word_count, "want": len(words)})
    except Exception as exc:
        if isinstance(exc, CurationError):
            message = exc.message
        elif isinstance(exc, CompiledLexiconError):
            message = str(exc)
        else:
            message = f"{type(exc).__name__}: {exc}"
        if not isinstance(exc, CurationError | CompiledLexiconError):
            logger.exception("publishing %s failed", version)
        LexiconVersion.objects.filter(pk=version.pk).update(state=State.FAILED, compile_error=message)
        _event(lexicon, Action.PUBLISH_FAILED, user=user, version=version, error=message)
        raise CurationError(_("Version %(number)d was not published: %(error)s")
                            % {"number": version.number, "error": message}) from exc

    now = timezone.now()
    with transaction.atomic():
        lexicon = Lexicon.objects.select_for_update().get(pk=lexicon.pk)
        previous = lexicon.current_version
        version.refresh_from_db()
        version.state = State.PUBLISHED
        version.published_at = now
        version.compile_error = ""
        version.compiled_sha256 = outcome.file_sha256
        version.compiled_size = outcome.size
        version.save(update_fields=["state", "published_at", "compile_error", "compiled_sha256", "compiled_size"])
        _serve(lexicon, version, now)
        rollback = previous is not None and version.number < previous.number
        _event(lexicon, Action.ROLLBACK if rollback else Action.PUBLISH, user=user, version=version, reason=reason,
               previous=previous.number if previous else None, words=version.word_count)
    return {
        "lexicon": lexicon.pk,
        "version": version.number,
        "words": outcome.word_count,
        "nodes": outcome.node_count,
        "arcs": outcome.arc_count,
        "bytes": outcome.size,
        "reused": outcome.reused,
        "rollback": rollback,
    }


def discard_version(version: LexiconVersion, *, user) -> int:
    """Delete a draft (an upload or word edits never published, or whose compile failed); return its number.

    The audit trail keeps an event saying which version was discarded, by whom (its earlier events stay,
    without the link). Refused for a version that serves or served, and for one being compiled.
    """
    with transaction.atomic():
        version = LexiconVersion.objects.select_for_update(of=("self",)).select_related("lexicon").get(pk=version.pk)
        if version.is_serving or version.published_at is not None or version.state not in (State.DRAFT, State.FAILED):
            raise CurationError(_("Version %(number)d is not a draft (state: %(state)s): only drafts can be discarded.")
                                % {"number": version.number, "state": version.get_state_display()})
        number = version.number
        _event(version.lexicon, Action.DISCARD, user=user, number=number, words=version.word_count,
               added=version.added_count, removed=version.removed_count, source=version.source_name)
        version.delete()
    return number


# -- definitions ------------------------------------------------------------------------------------


def set_definition(lexicon: Lexicon, word: str, text: str, *, user) -> Definition | None:
    """Create, change or (empty ``text``) delete the definition of ``word``; audited.

    The word must be in the serving version: a definition of a word nobody can play is a typo.
    """

    word = normalise_word(lexicon.language, word)
    _check_free_text(text or "", _("The definition"), None)
    text = " ".join((text or "").split())
    if len(text) > MAX_DEFINITION_LENGTH:
        raise CurationError(_("The definition is too long (at most %(max)d characters).") % {"max": MAX_DEFINITION_LENGTH})
    with transaction.atomic():
        if not text:
            deleted, _count = Definition.objects.filter(lexicon=lexicon, word=word).delete()
            if not deleted:
                raise CurationError(_("%(word)s has no definition to delete.") % {"word": word})
            _event(lexicon, Action.DELETE_DEFINITION, user=user, word=word)
            return None
        if not gaddag_for(lexicon).contains(word):
            raise CurationError(_("%(word)s is not in the lexicon.") % {"word": word})
        definition, _created = Definition.objects.update_or_create(
            lexicon=lexicon, word=word, defaults={"text": text, "updated_by": user}
        )
        _event(lexicon, Action.SET_DEFINITION, user=user, word=word, text=text)
    return definition


@dataclass
class DefinitionImport:
    created: int
    updated: int
    unchanged: int
    skipped_unknown: list[str]


def import_definitions(lexicon: Lexicon, upload: UploadedFileLike, *, user,
                       skip_unknown: bool = False) -> DefinitionImport:
    """Import a ``WORD<TAB>definition`` file (UTF-8): all lines valid, or nothing is written.

    Bad lines (encoding, no tab, not a word, empty or too long definition, same word twice) are
    reported with their line numbers. Words not in the serving version refuse the file too, unless
    ``skip_unknown`` (then they are listed back).
    """

    _check_size(upload)
    alphabet = get_alphabet(lexicon.language)
    gaddag = gaddag_for(lexicon)
    problems: list[LineProblem] = []
    entries: dict[str, str] = {}
    first_line: dict[str, int] = {}
    unknown: list[str] = []
    for number, raw in enumerate(upload, start=1):
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            line = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            problems.append(LineProblem(number, raw[:60].decode("utf-8", "replace").strip(),
                                        f"not valid UTF-8 (byte {exc.start})", "not_utf8", {"byte": exc.start}))
            continue
        if not line.strip():
            continue
        if "\t" not in line:
            problems.append(LineProblem(number, line[:60], "no tab between the word and its definition", "no_tab"))
            continue
        raw_word, text = line.split("\t", 1)
        problem = text_problem(line, multiline=True)
        if problem:
            problems.append(LineProblem(number, raw_word[:60], problem))
            continue
        text = " ".join(text.split())
        try:
            word = alphabet.normalise(raw_word.strip())
        except InvalidWord as exc:
            problems.append(LineProblem(number, raw_word[:60], exc.reason, exc.code, dict(exc.params)))
            continue
        if not text:
            problems.append(LineProblem(number, raw_word[:60], "empty definition", "empty_definition"))
        elif len(text) > MAX_DEFINITION_LENGTH:
            problems.append(LineProblem(number, raw_word[:60], f"definition longer than {MAX_DEFINITION_LENGTH} characters",
                                        "definition_too_long", {"max": MAX_DEFINITION_LENGTH}))
        elif word in entries:
            problems.append(LineProblem(number, raw_word[:60], f"defined twice (first on line {first_line[word]})",
                                        "defined_twice", {"line": first_line[word]}))
        elif not gaddag.contains(word):
            if skip_unknown:
                unknown.append(word)
            else:
                problems.append(LineProblem(number, raw_word[:60], "not in the lexicon", "not_in_lexicon"))
        else:
            entries[word] = text
            first_line[word] = number
    if problems:
        raise CurationError(
            _problem_message(ngettext("%(count)d invalid line, nothing was saved",
                                      "%(count)d invalid lines, nothing was saved", len(problems))
                             % {"count": len(problems)}, problems),
            problems,
        )
    if not entries:
        raise CurationError(_("The file has no definition to import; nothing was saved."))
    created = updated = unchanged = 0
    with transaction.atomic():
        existing = {d.word: d for d in Definition.objects.filter(lexicon=lexicon, word__in=list(entries))}
        new_rows = []
        for word, text in entries.items():
            current = existing.get(word)
            if current is None:
                new_rows.append(Definition(lexicon=lexicon, word=word, text=text, updated_by=user))
            elif current.text == text:
                unchanged += 1
            else:
                current.text, current.updated_by = text, user
                current.save(update_fields=["text", "updated_by", "updated_at"])
                updated += 1
        Definition.objects.bulk_create(new_rows, batch_size=1000)
        created = len(new_rows)
        _event(lexicon, Action.IMPORT_DEFINITIONS, user=user, source=Path(upload.name or "").name[:255],
               created=created, updated=updated, unchanged=unchanged, skipped_unknown=len(unknown))
    return DefinitionImport(created, updated, unchanged, unknown)


def fail_versions_of_runs(sender, run_ids, **kwargs) -> None:
    """Receiver of ``core.progress.task_runs_failed``: a version whose compile run was failed outside the task
    (never dispatched, or its worker died) is failed with the run's words instead of "compiling" forever."""
    for run in TaskRun.objects.filter(pk__in=run_ids).only("pk", "error"):
        LexiconVersion.objects.filter(compile_task=run, state=LexiconVersion.State.COMPILING).update(
            state=LexiconVersion.State.FAILED, compile_error=run.error)
