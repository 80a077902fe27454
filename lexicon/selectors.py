"""Lexicon reads for the pages, the API and the other apps.

For other apps:

* ``gaddag_for(lexicon)``: the serving version's compiled :class:`engine.gaddag.Gaddag`, loaded once
  per process, swapped to a newly published version on the next call (see :mod:`lexicon.compiled`);
* ``gaddag_of_version(content_hash, language, words_file=...)``: the compiled GADDAG of one version of
  a word list (by its content hash), for work tied to a version (word-study ranks, a duplicate game);
* ``definitions_for(lexicon, words)``: definitions (crossword clues) of the words that have one;
* ``removed_words(lexicon, words)`` / ``word_flags(lexicon, words)``: which of a learner's words the
  serving version no longer has (flag them, do not delete them: a rollback may bring them back).

Lookups (check, anagrams, pattern, hooks) answer with the engine's own results, bounded so one
request cannot run for minutes; bad input raises :class:`LookupInputError` with a readable message.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from core.engine_messages import engine_error_message
from core.hooks import app_hooks
from core.request_memo import request_memo
from core.shared_cache import shared
from core.task_subjects import TaskSubject
from engine.alphabet import BLANK, InvalidWord, get_alphabet
from engine.gaddag import BlankedWord
from lexicon.compiled import CompiledLexiconError, gaddag_for, load_compiled
from lexicon.models import Definition, Lexicon, LexiconEvent, LexiconVersion
from lexicon.storage import load_words

__all__ = [
    "CompiledLexiconError",
    "LookupInputError",
    "anagram_lookup",
    "check_words",
    "default_lexicon",
    "definitions_for",
    "gaddag_for",
    "gaddag_of_version",
    "get_lexicon",
    "hooks_lookup",
    "lexicon_words",
    "list_lexicons",
    "pattern_lookup",
    "preferred_lexicon",
    "request_lexicon",
    "site_lexicon",
    "removed_words",
    "version_diff",
    "word_flags",
]

MAX_CHECK_WORDS = 100
MAX_RACK = 15
MAX_BLANKS = 2
MAX_PATTERN = 15
MAX_RESULTS = 2000


class LookupInputError(ValueError):
    """The query cannot be answered as given; the message tells the user what to change."""


# -- lexicons ---------------------------------------------------------------------------------------


def list_lexicons(language: str | None = None) -> QuerySet[Lexicon]:
    queryset = Lexicon.objects.select_related("current_version")
    return queryset.filter(language=language) if language else queryset


def get_lexicon(name: str) -> Lexicon:
    """The lexicon called ``name``; ``Lexicon.DoesNotExist`` otherwise."""
    return Lexicon.objects.get(name=name)


def default_lexicon(language: str) -> Lexicon | None:
    """The most recently imported lexicon of ``language`` (None when there is none)."""
    return Lexicon.objects.filter(language=language).order_by("-imported_at").first()


def gaddag_of_version(content_hash: str, language: str, *, words_file: str | None = None) -> Any:
    """The compiled GADDAG of the word list version ``content_hash`` (loaded once per process; compiled
    from ``words_file`` when it is not stored yet). The other apps' way to :mod:`lexicon.compiled`."""
    return load_compiled(content_hash, language, words_file=words_file)


def preferred_lexicon(user: Any, language: str = "fr") -> Lexicon | None:
    """The lexicon to preselect for ``user``: their chosen default (the ``chosen_lexicon`` hook, the accounts
    app), else the site's default of ``language``, else the first lexicon by name.

    Worked out once per request and language (``core.request_memo``: a page's blocks each ask for it);
    a change of the learner's preferences drops it (``accounts.selectors.forget_preferences``).
    """
    memo, key = request_memo(), ("lexicon", getattr(user, "pk", None), language)
    if memo is not None and key in memo:
        return memo[key]
    lexicon = next((found for chosen in app_hooks("chosen_lexicon") if (found := chosen(user)) is not None), None)
    lexicon = lexicon or site_lexicon(language)
    if memo is not None:
        memo[key] = lexicon
    return lexicon


def site_lexicon(language: str = "fr") -> Lexicon | None:
    """The site's lexicon for ``language`` when nobody chose one: its default, else the first lexicon by
    name (None only when no lexicon is installed). Shared by every learner without a chosen lexicon: kept in
    the cache until a lexicon is saved or deleted (:func:`site_lexicon_keys`, ``core.shared_cache``)."""
    return shared(f"site-lexicon:{language}",
                  lambda: default_lexicon(language) or Lexicon.objects.order_by("name").first())


def site_lexicon_keys(_lexicon: Lexicon) -> list[str]:
    """The shared values a change of any lexicon can move (which is the newest, its name, its version)."""
    return [f"site-lexicon:{code}" for code, _name in settings.LANGUAGES]


def request_lexicon(request: Any) -> Lexicon | None:
    """:func:`preferred_lexicon` for a request: its user, in the language of the page."""
    return preferred_lexicon(request.user, (getattr(request, "LANGUAGE_CODE", "") or "fr")[:2])


def lexicon_words(lexicon: Lexicon) -> list[str]:
    """The serving version's normalised words, sorted."""
    return load_words(lexicon.words_file.name)


# -- versions and diffs ------------------------------------------------------------------------------


def serving_version_number(lexicon: Lexicon) -> int | None:
    """The number of the lexicon's serving version (None before its first publication): what games and
    quizzes record to name the version they were made with."""
    if lexicon.current_version_id is None:
        return None
    return LexiconVersion.objects.filter(pk=lexicon.current_version_id).values_list("number", flat=True).first()


def version_keys(lexicon: Lexicon, version: int | None) -> dict[str, int | None]:
    """The API keys of anything that records the version it was made with: that version (None when it was
    made before versions were recorded) and the one in service now (a different number: published again since)."""
    return {"lexicon_version": version, "lexicon_current_version": serving_version_number(lexicon)}


def lexicon_versions(lexicon: Lexicon) -> QuerySet[LexiconVersion]:
    return lexicon.versions.select_related("created_by", "compile_task", "parent").order_by("-number")


def get_version(lexicon: Lexicon, number: int) -> LexiconVersion:
    """Version ``number`` of ``lexicon``; ``LexiconVersion.DoesNotExist`` otherwise."""
    return lexicon.versions.select_related("lexicon", "parent", "compile_task", "created_by").get(number=number)


@functools.lru_cache(maxsize=4)
def _words_of(words_file: str) -> frozenset[str]:
    """Word sets by storage name. Safe to cache: names are content hashes, the files never change."""
    return frozenset(load_words(words_file))


@dataclass(frozen=True)
class VersionDiff:
    version: LexiconVersion
    base: LexiconVersion | None
    added: list[str]
    removed: list[str]


def diff_base(version: LexiconVersion) -> LexiconVersion | None:
    """What a version is compared with: the serving version for one not yet serving (what publishing
    it would replace), otherwise the version it was based on."""
    current = version.lexicon.current_version
    if current is not None and current.pk != version.pk and version.state != LexiconVersion.State.SUPERSEDED:
        return current
    return version.parent


def version_diff(version: LexiconVersion, base: LexiconVersion | None = None) -> VersionDiff:
    """Words added and removed (sorted) going from ``base`` (default :func:`diff_base`) to ``version``."""
    base = base if base is not None else diff_base(version)
    new = _words_of(version.words_file)
    old = _words_of(base.words_file) if base is not None else frozenset()
    return VersionDiff(version, base, sorted(new - old), sorted(old - new))


def new_words(lexicon: Lexicon, number: int | None = None) -> tuple[LexiconVersion | None, list[str]]:
    """Words that version ``number`` (default: the serving one) added to the version it was based on."""
    version = lexicon.current_version if number is None else lexicon.versions.filter(number=number).first()
    if version is None:
        return None, []
    old = _words_of(version.parent.words_file) if version.parent else frozenset()
    return version, sorted(_words_of(version.words_file) - old)


def lexicon_events(lexicon: Lexicon) -> QuerySet[LexiconEvent]:
    return lexicon.events.select_related("actor", "version")


# -- learners' words ----------------------------------------------------------------------------------


def word_flags(lexicon: Lexicon, words: Iterable[str]) -> dict[str, bool]:
    """For each word as given: True when the serving version has it. Words that are not words of the
    alphabet at all are False (a learner's list may hold anything; flagging must not fail)."""
    gaddag = gaddag_for(lexicon)
    flags: dict[str, bool] = {}
    for word in words:
        try:
            flags[word] = bool(word) and gaddag.contains(word)
        except InvalidWord:
            flags[word] = False
    return flags


def removed_words(lexicon: Lexicon, words: Iterable[str]) -> list[str]:
    """The words (as given, in order) that the serving version does not have."""
    return [word for word, present in word_flags(lexicon, words).items() if not present]


# -- definitions -----------------------------------------------------------------------------------------


def definitions_for(lexicon: Lexicon, words: Iterable[str]) -> dict[str, str]:
    """``{word: definition}`` for the given words that have one (keys as given; lookup normalised)."""
    alphabet = get_alphabet(lexicon.language)
    wanted: dict[str, list[str]] = {}
    for word in words:
        try:
            wanted.setdefault(alphabet.normalise(word), []).append(word)
        except InvalidWord:
            continue
    found: dict[str, str] = {}
    keys = list(wanted)
    for start in range(0, len(keys), 500):  # stay under every database's parameter limit
        for word, text in Definition.objects.filter(lexicon=lexicon, word__in=keys[start:start + 500]).values_list(
            "word", "text"
        ):
            for original in wanted[word]:
                found[original] = text
    return found


def lexicon_definitions(lexicon: Lexicon, prefix: str = "") -> QuerySet[Definition]:
    queryset = lexicon.definitions.select_related("updated_by")
    return queryset.filter(word__startswith=prefix) if prefix else queryset


# -- lookups ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WordCheck:
    text: str
    word: str  # normalised, "" when the text is not a word of the alphabet
    valid: bool
    error: str = ""
    front: str = ""  # front hook letters of a valid word ("" otherwise), e.g. "S" for ELLE → SELLE
    back: str = ""  # back hook letters of a valid word
    definition: str | None = None  # the curated definition, when there is one


def check_words(lexicon: Lexicon, texts: Iterable[str]) -> list[WordCheck]:
    """Validity of each word in the serving version (text that is not a word is reported, not fatal)."""
    texts = [t.strip() for t in texts if t.strip()]
    if not texts:
        raise LookupInputError(_("Give at least one word."))
    if len(texts) > MAX_CHECK_WORDS:
        raise LookupInputError(_("At most %(max)d words at a time.") % {"max": MAX_CHECK_WORDS})
    gaddag = gaddag_for(lexicon)
    alphabet = gaddag.alphabet
    results = []
    for text in texts:
        try:
            word = alphabet.normalise(text)
        except InvalidWord as exc:
            results.append(WordCheck(text, "", False, engine_error_message(exc)))
            continue
        valid = gaddag.contains(word)
        if valid:
            results.append(WordCheck(text, word, True, front=gaddag.front_hooks(word), back=gaddag.back_hooks(word)))
        else:
            results.append(WordCheck(text, word, False))
    definitions = definitions_for(lexicon, [c.word for c in results if c.valid])
    return [replace(c, definition=definitions[c.word]) if c.word in definitions else c for c in results]


@dataclass(frozen=True)
class AnagramGroup:
    """Anagrams whose blanks stand for the same letters (``added``, sorted; "" without blanks)."""

    added: str
    found: list[BlankedWord]


@dataclass(frozen=True)
class LookupResult:
    query: str
    words: list[str]
    total: int
    tiles: list[str] | None = None  # anagrams: each listed word spelled with blank letters in lower case
    groups: list[AnagramGroup] | None = None  # anagrams of a rack with blanks, by the letters the blanks add

    @property
    def truncated(self) -> bool:
        return self.total > len(self.words)


def group_by_added_letters(found: list[BlankedWord]) -> list[AnagramGroup]:
    """Anagrams grouped by the letters their blanks stand for (groups in alphabetical order of those)."""
    groups: dict[str, list[BlankedWord]] = {}
    for item in found:
        groups.setdefault("".join(sorted(item.blanks)), []).append(item)
    return [AnagramGroup(added, groups[added]) for added in sorted(groups, key=lambda a: (len(a), a))]


def _bounded(query: str, words: list[str]) -> LookupResult:
    return LookupResult(query, words[:MAX_RESULTS], len(words))


def anagram_lookup(lexicon: Lexicon, letters: str, min_length: int | None = None) -> LookupResult:
    """Anagrams of ``letters`` (``?`` = blank): exact length, or every length from ``min_length``."""
    letters = (letters or "").strip().replace(" ", "")
    if not letters:
        raise LookupInputError(_("Give the letters of the rack (use ? for a blank)."))
    if len(letters) > MAX_RACK:
        raise LookupInputError(_("At most %(max)d letters.") % {"max": MAX_RACK})
    if letters.count(BLANK) > MAX_BLANKS:
        raise LookupInputError(_("At most %(max)d blanks.") % {"max": MAX_BLANKS})
    if min_length is not None and not 1 <= min_length <= len(letters):
        raise LookupInputError(_("The minimum length must be between 1 and the number of letters (%(max)d).")
                               % {"max": len(letters)})
    try:
        found = gaddag_for(lexicon).anagrams_blanked(letters, min_length)
    except InvalidWord as exc:
        raise LookupInputError(_("Not a rack: %(reason)s") % {"reason": engine_error_message(exc)}) from None
    except ValueError as exc:  # any other refusal of the engine: a message, never a server error
        raise LookupInputError(engine_error_message(exc)) from None
    listed = found[:MAX_RESULTS]
    return LookupResult(letters, [b.word for b in listed], len(found), tiles=[b.tiles for b in listed],
                        groups=group_by_added_letters(listed) if BLANK in letters else None)


def pattern_lookup(lexicon: Lexicon, pattern: str, rack: str | None = None) -> LookupResult:
    """Words matching ``pattern`` (``.`` = any letter, ``*`` = any run of letters), the dots and stars
    optionally filled from ``rack``."""
    pattern = (pattern or "").strip()
    rack = (rack or "").strip().replace(" ", "") or None
    if not pattern:
        raise LookupInputError(_("Give a pattern such as .A.E. (a dot for any letter) or *TION (a star for "
                                 "any run of letters)."))
    if len(pattern) > MAX_PATTERN:
        raise LookupInputError(_("At most %(max)d letters or dots.") % {"max": MAX_PATTERN})
    if rack is not None and (len(rack) > MAX_RACK or rack.count(BLANK) > MAX_BLANKS):
        raise LookupInputError(_("At most %(max)d letters and %(blanks)d blanks in the rack.")
                               % {"max": MAX_RACK, "blanks": MAX_BLANKS})
    try:
        words = gaddag_for(lexicon).pattern(pattern, rack)
    except InvalidWord as exc:
        raise LookupInputError(_("Not a pattern: %(reason)s") % {"reason": engine_error_message(exc)}) from None
    except ValueError as exc:
        raise LookupInputError(engine_error_message(exc)) from None
    return _bounded(pattern, words)


@dataclass(frozen=True)
class Hooks:
    word: str
    valid: bool
    front: str
    back: str


def hooks_lookup(lexicon: Lexicon, text: str) -> Hooks:
    """Front and back hooks of a word (the word itself need not be valid: hooks of a stem are useful)."""
    text = (text or "").strip()
    if not text:
        raise LookupInputError(_("Give a word."))
    gaddag = gaddag_for(lexicon)
    try:
        word = gaddag.alphabet.normalise(text)
    except InvalidWord as exc:
        raise LookupInputError(_("Not a word: %(reason)s") % {"reason": engine_error_message(exc)}) from None
    if len(word) > MAX_PATTERN * 2:
        raise LookupInputError(_("At most %(max)d letters.") % {"max": MAX_PATTERN * 2})
    return Hooks(word, gaddag.contains(word), gaddag.front_hooks(word), gaddag.back_hooks(word))


def version_task_subject(run: Any) -> Any:
    """The lexicon version a publication task compiles."""
    version = LexiconVersion.objects.filter(compile_task=run).select_related("lexicon").first()
    if version is None:
        return None
    return TaskSubject(_("Publishing version %(n)s of %(lexicon)s") % {"n": version.number,
                                                                       "lexicon": version.lexicon.name},
                       reverse("lexicon-version", args=[version.lexicon_id, version.number]))
