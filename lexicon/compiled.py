"""Compiled lexicons (GADDAG files): build, store by content hash, load once per process, hot-swap.

Why this shape:

* **Stored by content hash.** A compiled file is named after the SHA-256 of the normalised word list it
  was built from, plus the language and the engine's file-format version
  (``lexicons/compiled/<sha256>.<language>.v<format>.gaddag``). The name alone says what is inside, so identical
  content is compiled and stored once, a rollback to an earlier version finds its file already there,
  and no database column has to be kept in step with the file.
* **Through Django's storage API.** A deployment may put media on object storage. Memory-mapping needs
  a local path: on a file-system storage the stored file is mapped in place; otherwise it is copied
  once into a local cache directory (``settings.TIRAGE_LEXICON_CACHE_DIR``, default
  ``<VAR_DIR>/lexicon-cache``) and mapped from there.
* **Loaded once per process, swapped without a restart.** :func:`gaddag_for` asks the database for the
  lexicon's current content hash on every call (one indexed primary-key query) and returns the
  process-wide :class:`~engine.gaddag.Gaddag` cached under that hash. Publishing a version changes the
  hash in the database, so every web and worker process picks the new file on its next call; until the
  new version is published the old hash, hence the old file, keeps serving.
* **Never a dead end.** When the file is missing (a lexicon imported before compilation existed, storage
  wiped) or unreadable, it is compiled synchronously from the stored word list and stored, so callers
  always get a usable GADDAG or a clear :class:`CompiledLexiconError`.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.files import File
from django.core.files.storage import default_storage
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.gaddag import FORMAT_VERSION, Gaddag, LexiconFormatError, build_gaddag, load_gaddag
from lexicon.models import Lexicon
from lexicon.storage import PREFIX, load_words

if TYPE_CHECKING:
    from lexicon.models import Lexicon

logger = logging.getLogger(__name__)

#: How many compiled lexicons a process keeps mapped (most recently used first out last). Old versions
#: drop out after a few publications; the operating system frees their pages once nothing uses them.
MAX_LOADED = 8

ProgressCallback = Callable[[float, str], None]


class CompiledLexiconError(RuntimeError):
    """The lexicon cannot be compiled or loaded; the message says which one and why."""


@dataclass(frozen=True)
class CompileOutcome:
    """What :func:`compile_words` did: where the file is and the figures shown after a publication."""

    name: str  # storage name
    size: int  # bytes
    word_count: int
    node_count: int
    arc_count: int
    file_sha256: str  # SHA-256 of the compiled file's bytes (an integrity check, shown to admins)
    reused: bool  # True when the file was already stored (identical content compiled before)


def compiled_path(content_hash: str, language: str) -> str:
    """Storage name of the compiled file for a word list of ``content_hash`` in ``language``."""
    return f"{PREFIX}/compiled/{content_hash}.{language}.v{FORMAT_VERSION}.gaddag"


# -- the per-process cache --------------------------------------------------------------------------

_loaded: OrderedDict[tuple[str, str], Gaddag] = OrderedDict()
_cache_lock = threading.Lock()
_key_locks: dict[tuple[str, str], threading.Lock] = {}


def _key_lock(key: tuple[str, str]) -> threading.Lock:
    with _cache_lock:
        return _key_locks.setdefault(key, threading.Lock())


def loaded_hashes() -> list[tuple[str, str]]:
    """(content hash, language) of the compiled lexicons this process has mapped, oldest first."""
    with _cache_lock:
        return list(_loaded)


def forget_loaded() -> None:
    """Drop this process's cache (tests use it to simulate a fresh process; not needed to swap)."""
    with _cache_lock:
        _loaded.clear()


def _remember(key: tuple[str, str], gaddag: Gaddag) -> None:
    with _cache_lock:
        _loaded[key] = gaddag
        _loaded.move_to_end(key)
        while len(_loaded) > MAX_LOADED:
            _loaded.popitem(last=False)  # not closed: a request may still be walking it


def _cached(key: tuple[str, str]) -> Gaddag | None:
    with _cache_lock:
        gaddag = _loaded.get(key)
        if gaddag is not None:
            _loaded.move_to_end(key)
        return gaddag


# -- public entry points ----------------------------------------------------------------------------


def gaddag_for(lexicon: Lexicon | int) -> Gaddag:
    """The compiled GADDAG of the lexicon's currently published word list.

    Takes a :class:`~lexicon.models.Lexicon` (or its primary key). The current content hash is read
    from the database on every call, so a stale ``Lexicon`` instance still gets the version being
    served now. Raises ``Lexicon.DoesNotExist`` for an unknown lexicon and
    :class:`CompiledLexiconError` when no usable file can be produced.
    """

    pk = lexicon if isinstance(lexicon, int) else lexicon.pk
    row = Lexicon.objects.filter(pk=pk).values_list("content_hash", "language", "words_file").first()
    if row is None:
        raise Lexicon.DoesNotExist(f"no lexicon with id {pk}")
    content_hash, language, words_file = row
    return load_compiled(content_hash, language, words_file=words_file)


def load_compiled(content_hash: str, language: str, *, words_file: str | None = None) -> Gaddag:
    """The process-wide GADDAG for ``content_hash``; compiled from ``words_file`` if not stored yet."""
    key = (content_hash, language)
    gaddag = _cached(key)
    if gaddag is not None:
        return gaddag
    with _key_lock(key):  # one thread per process loads or compiles a given file
        gaddag = _cached(key)
        if gaddag is not None:
            return gaddag
        name = compiled_path(content_hash, language)
        try:
            gaddag = _load_stored(name)
        except FileNotFoundError as exc:
            if words_file is None:
                raise CompiledLexiconError(f"compiled lexicon {name} is not in storage") from exc
            compile_words(_read_words(words_file), language, content_hash)
            gaddag = _load_stored(name)
        except LexiconFormatError as exc:
            # Unusable stored file (damaged, or another process still writing it): serve from a private
            # build in the local cache and leave storage alone; re-publishing the version replaces it.
            if words_file is None:
                raise CompiledLexiconError(f"compiled lexicon {name} is unusable: {exc}") from exc
            logger.warning("compiled lexicon %s is unusable (%s): building a local copy", name, exc)
            gaddag = _build_local(_read_words(words_file), language, name)
        _remember(key, gaddag)
        return gaddag


def compile_words(words: Iterable[str], language: str, content_hash: str, *,
                  progress: ProgressCallback | None = None, replace_broken: bool = False) -> CompileOutcome:
    """Build the GADDAG of normalised ``words`` and store it under :func:`compiled_path`.

    Idempotent: when a sound file is already stored under the name, it is kept (``reused=True``).
    ``progress(percent, message)`` is called between the stages (reading, building, storing, checking),
    with messages in the active language (a task runs in its starter's); the engine's builder is one
    opaque step, so the percentages are stage marks, not estimates.
    """
    report = progress or (lambda percent, message: None)
    name = compiled_path(content_hash, language)
    if default_storage.exists(name):
        try:
            path = _readable_path(name)
            existing = load_gaddag(path)
            outcome = CompileOutcome(name, default_storage.size(name), existing.word_count,
                                     existing.node_count, existing.arc_count, _sha256_file(path), True)
            existing.close()
            report(95, _("Compiled file already stored"))
            return outcome
        except LexiconFormatError as exc:
            if not replace_broken:
                raise CompiledLexiconError(f"{name} is stored but unusable: {exc}") from exc
            logger.warning("replacing unusable compiled lexicon %s (%s)", name, exc)
            default_storage.delete(name)
            _drop_local_cache(name)
    word_list = list(words)
    if not word_list:
        raise CompiledLexiconError("cannot compile an empty word list")
    report(20, ngettext("Building the GADDAG of %(count)s word", "Building the GADDAG of %(count)s words",
                        len(word_list)) % {"count": len(word_list)})
    gaddag = build_gaddag(word_list, language)
    report(80, _("Writing the compiled file"))
    with tempfile.TemporaryDirectory(prefix="tirage-compile-") as tmp:
        built = Path(tmp) / "lexicon.gaddag"
        size = gaddag.save(built)
        load_gaddag(built).close()  # the checksum round trip: never store a file we cannot read back
        digest = _sha256_file(built)
        report(90, _("Storing the compiled file"))
        with open(built, "rb") as handle:
            saved = default_storage.save(name, File(handle, name=Path(name).name))
        if saved != name:  # another process stored the same content meanwhile: identical bytes, keep one
            default_storage.delete(saved)
    return CompileOutcome(name, size, gaddag.word_count, gaddag.node_count, gaddag.arc_count, digest, False)


def is_compiled(content_hash: str, language: str) -> bool:
    """True when the compiled file for this content is in storage (not necessarily loaded here)."""
    return default_storage.exists(compiled_path(content_hash, language))


# -- helpers ----------------------------------------------------------------------------------------


def _read_words(words_file: str) -> list[str]:
    try:
        return load_words(words_file)
    except FileNotFoundError as exc:
        raise CompiledLexiconError(f"the word list {words_file} is missing from storage") from exc


def _local_path(name: str) -> str | None:
    """The storage's own local path for ``name`` when it has one (file-system storage)."""
    try:
        return default_storage.path(name)
    except NotImplementedError:
        return None


def cache_dir() -> Path:
    default = Path(getattr(settings, "VAR_DIR", tempfile.gettempdir())) / "lexicon-cache"
    return Path(getattr(settings, "TIRAGE_LEXICON_CACHE_DIR", default))


def _cached_copy(name: str) -> Path:
    """Copy a stored file to the local cache directory (once) and return the local path."""
    target = cache_dir() / Path(name).name
    if target.exists() and target.stat().st_size == default_storage.size(name):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out, default_storage.open(name, "rb") as src:
            shutil.copyfileobj(src, out, 1 << 20)
        os.replace(tmp, target)  # atomic: another process may be mapping the same name
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return target


def _build_local(words: list[str], language: str, name: str) -> Gaddag:
    """Build into the local cache directory (not storage) and map it from there."""
    target = cache_dir() / ("local-" + Path(name).name)
    target.parent.mkdir(parents=True, exist_ok=True)
    build_gaddag(words, language).save(target)  # atomic write (temporary file, then rename)
    return load_gaddag(target)


def _drop_local_cache(name: str) -> None:
    target = cache_dir() / Path(name).name
    if target.exists():
        target.unlink()


def _readable_path(name: str) -> str:
    """A local path holding the stored file ``name`` (the file itself, or a cached copy)."""
    local = _local_path(name)
    return local if local is not None else str(_cached_copy(name))


def _load_stored(name: str) -> Gaddag:
    """Memory-map the stored file ``name``; FileNotFoundError / LexiconFormatError otherwise."""
    local = _local_path(name)
    if local is not None:
        if not os.path.exists(local):
            raise FileNotFoundError(name)
        return load_gaddag(local)
    if not default_storage.exists(name):
        raise FileNotFoundError(name)
    path = _cached_copy(name)
    try:
        return load_gaddag(path)
    except LexiconFormatError:
        _drop_local_cache(name)  # a bad copy: the next attempt copies again
        raise


def _sha256_file(path: str | os.PathLike[str]) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
