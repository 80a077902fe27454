"""Revision list writes: lists and their words, support letters, FSRS reviews of the words.

Conventions the pages, the API and the tests rely on:

- **Entry lines** (one word per line when pasting): ``BACCARAT:T`` (support letter), ``PRIVATIF 5`` or
  ``PRIVATIF:5`` (the support's position counted from 1, as people count: the 5th letter of PRIVATIF
  is the A), or the word alone. Stored as a 0-based ``support_index`` (the engine's convention). A letter that occurs several times means its first occurrence. A word
  alone gets the most productive support letter (see :func:`training.lists.selectors.support_options`): the
  single-word form on the page proposes the letters with their counts and lets the learner pick;
  a bulk paste takes the best one.
- A word must be in the list's lexicon and have 2 to 8 letters (the rack, the word minus its support
  letter, holds at most 7 tiles). Refusals raise :class:`EntryError`, whose message names the word.
- Each word has an FSRS card (:func:`review_card`): a right answer reviews it Good, a wrong one Again.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from fsrs import Card, Rating, Scheduler
from fsrs import ReviewLog as FsrsReviewLog
from fsrs import State as FsrsState

from core.selectors import not_found_message
from core.validation import MAX_DESCRIPTION_LENGTH, text_problem
from engine.alphabet import InvalidWord, fold_word
from lexicon.models import Lexicon
from training.lists import selectors
from training.lists.models import (
    MAX_WORD_LENGTH,
    FsrsCard,
    ReviewCard,
    ReviewLog,
    RevisionEntry,
    RevisionList,
)

logger = logging.getLogger(__name__)

MAX_BULK_LINES = 500
MAX_BULK_CHARS = 20_000

_LINE = re.compile(r"^\s*([^\s:]+)\s*(?:[:\s]\s*(\S+))?\s*$")


class EntryError(ValueError):
    """A refused revision word; ``code`` is stable for programs, the message (naming the word) is for people."""

    def __init__(self, code: str, message: str, word: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.word = word
        self.message = message


# --- Lists -----------------------------------------------------------------------------------------------

def _check_publish(user, published: bool) -> None:
    if published and not getattr(user, "is_staff", False):
        raise PermissionDenied(_("Only staff members can publish lists."))


def _checked_name(name: str) -> str:
    """The list's name, stripped; ValueError when empty, too long or holding forbidden characters."""
    name = name.strip()
    if not name:
        raise ValueError(_("A list needs a name."))
    problem = text_problem(name, max_length=RevisionList._meta.get_field("name").max_length)
    if problem:
        raise ValueError(_("The name %(problem)s.") % {"problem": problem})
    return name


def _checked_description(description: str) -> str:
    description = description.strip()
    problem = text_problem(description, multiline=True, max_length=MAX_DESCRIPTION_LENGTH)
    if problem:
        raise ValueError(_("The description %(problem)s.") % {"problem": problem})
    return description


@transaction.atomic
def create_list(owner, lexicon: Lexicon, name: str, description: str = "", published: bool = False) -> RevisionList:
    """A new, empty list. ``published`` (shared with every learner) is for staff only."""
    _check_publish(owner, published)
    return RevisionList.objects.create(owner=owner, lexicon=lexicon, name=_checked_name(name),
                                       description=_checked_description(description), published=published)


@transaction.atomic
def update_list(revision_list: RevisionList, user, **changes: Any) -> RevisionList:
    """Change name, description or (staff only) the published flag. The lexicon stays: words were checked against it."""
    if "published" in changes and changes["published"] != revision_list.published:
        _check_publish(user, True)
    for key in ("name", "description", "published"):
        if key in changes:
            value = changes[key]
            if key == "name":
                value = _checked_name(value)
            elif key == "description":
                value = _checked_description(value)
            setattr(revision_list, key, value)
    revision_list.save()
    return revision_list


def delete_list(revision_list: RevisionList) -> None:
    """Delete the list, its words and their cards. Grids built from it stay (their answers are history)."""
    revision_list.delete()


@transaction.atomic
def copy_list(source: RevisionList, user) -> RevisionList:
    """A private copy of ``source`` for ``user`` (words, supports; fresh FSRS cards)."""
    copy = RevisionList.objects.create(owner=user, lexicon=source.lexicon, name=source.name[:100],
                                       description=source.description, copied_from=source)
    for entry in source.entries.all():
        _create_entry(copy, entry.word, entry.support_index)
    return copy


def share_list(revision_list: RevisionList) -> str:
    """Share the list by link (read-only for other signed-in learners, who may copy it); its token.

    Sharing again keeps the same link; :func:`stop_sharing` makes the link dead (a new share makes a new one).
    """
    if not revision_list.share_token:
        _set_share_token(revision_list, secrets.token_urlsafe(16))
    assert revision_list.share_token is not None
    return revision_list.share_token


def stop_sharing(revision_list: RevisionList) -> None:
    _set_share_token(revision_list, None)


def _set_share_token(revision_list: RevisionList, token: str | None) -> None:
    """Write the list's share token; a list deleted meanwhile (by its owner in another tab) is a 404 in words, as
    if it had been gone when the request came, not the 500 of a save that touched no row."""
    if not RevisionList.objects.filter(pk=revision_list.pk).update(share_token=token):
        raise Http404(not_found_message(RevisionList))
    revision_list.share_token = token


EXPORT_COMMENT = "#"


def entry_line(entry: RevisionEntry) -> str:
    """``BACCARAT:T`` (the support letter), or ``PARAPLUIE 3`` when the support is not the letter's first
    occurrence (the position, counting from 1): what :func:`add_words_bulk` reads back to the same entry."""
    if entry.word.index(entry.support_letter) == entry.support_index:
        return f"{entry.word}:{entry.support_letter}"
    return f"{entry.word} {entry.support_position}"


def read_import_file(upload: Any) -> str:
    """The text of an uploaded list file (UTF-8, with or without a byte-order mark); ``EntryError`` in words
    for a missing, too large or non-text file (nothing is added then)."""
    if upload is None:
        raise EntryError("no_file", _("Choose a text file to import (one word per line)."))
    if upload.size > MAX_BULK_CHARS * 4:
        raise EntryError("too_long", _("The file is too large (%(size)s bytes); at most %(max)s characters at "
                                       "a time.") % {"size": upload.size, "max": MAX_BULK_CHARS})
    raw = upload.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise EntryError("not_text", _("“%(name)s” is not a text file in UTF-8: export it as plain text "
                                       "(.txt) and try again.") % {"name": upload.name}) from None


def export_text(revision_list: RevisionList) -> str:
    """The list as text: comment lines (``#``) naming it, then one word per line with its support."""
    header = [f"{EXPORT_COMMENT} Tirage: {revision_list.name} ({revision_list.lexicon.name})"]
    if revision_list.description:
        header += [f"{EXPORT_COMMENT} {line}" for line in revision_list.description.splitlines() if line.strip()]
    header.append(f"{EXPORT_COMMENT} " + _("One word per line: WORD:LETTER (support letter) or WORD POSITION."))
    return "\n".join(header + [entry_line(entry) for entry in revision_list.entries.all()]) + "\n"


# --- Words ------------------------------------------------------------------------------------------------

def bad_characters_message(alphabet: Any, text: str) -> str:
    """A translated refusal naming the characters of ``text`` that are not letters of ``alphabet``."""
    bad = sorted({ch for ch in fold_word(text) if ch not in alphabet.code_of})
    shown = " ".join(f"“{ch}”" if ch.strip() else _("space") for ch in bad)
    return _("“%(word)s” is not a word: %(chars)s not a letter.") % {"word": text.strip(), "chars": shown}


def _normalise(gaddag: Any, text: str) -> str:
    try:
        return gaddag.alphabet.normalise(text)
    except InvalidWord:
        raise EntryError("bad_letters", bad_characters_message(gaddag.alphabet, text), text) from None


def resolve_support(word: str, support: Any) -> int:
    """The stored 0-based support index meant by ``support``, as people type it: a 1-based position
    (an int or digits: ``5`` is the 5th letter) or a letter of the word (its first occurrence)."""
    if isinstance(support, bool):
        support = None
    if isinstance(support, int) or (isinstance(support, str) and support.strip().isdigit()):
        position = int(support)
        if not 1 <= position <= len(word):
            raise EntryError("bad_support", _("%(word)s: support position %(position)s is out of range (1 to "
                                              "%(last)s, counting the letters from 1).")
                             % {"word": word, "position": position, "last": len(word)}, word)
        return position - 1
    if isinstance(support, str):
        letter = support.strip().upper()
        if len(letter) == 1 and letter in word:
            return word.index(letter)
        raise EntryError("bad_support", _("%(word)s: support “%(support)s” is not a letter of the word.")
                         % {"word": word, "support": support.strip()}, word)
    raise EntryError("bad_support", _("%(word)s: the support must be a letter of the word or its position "
                                      "(counting from 1).") % {"word": word}, word)


def check_word(revision_list: RevisionList, text: str, support: Any = None) -> tuple[str, int]:
    """Validate a word (and its support) for ``revision_list``: ``(normalised word, support index)``.

    Refusals, in order: empty, letters outside the alphabet, length, not in the lexicon, bad support.
    """
    text = (text or "").strip()
    if not text:
        raise EntryError("empty", _("Type a word."))
    gaddag = selectors.gaddag_of(revision_list.lexicon)
    word = _normalise(gaddag, text)
    if not 2 <= len(word) <= MAX_WORD_LENGTH:
        raise EntryError("bad_length", _("%(word)s has %(n)s letters: revision words have 2 to %(max)s letters "
                                         "(the rack holds at most 7 tiles).")
                         % {"word": word, "n": len(word), "max": MAX_WORD_LENGTH}, word)
    if not gaddag.contains(word):
        raise EntryError("not_in_lexicon", _("%(word)s is not in the lexicon %(lexicon)s.")
                         % {"word": word, "lexicon": revision_list.lexicon.name}, word)
    if support is None or (isinstance(support, str) and not support.strip()):
        index = selectors.support_options(gaddag, word)[0].index
    else:
        index = resolve_support(word, support)
    return word, index


def new_card_fields(now: dt.datetime | None = None) -> dict[str, Any]:
    """A fresh FSRS card as the fields of an :class:`FsrsCard` row (``card``, ``due``, ``state``), due ``now``
    (Django's clock, as every query reads it), for every kind of card: revision words, alphagrams, puzzles.

    The card is named by the time in milliseconds like FSRS names it, without FSRS's own 1 ms sleep: ``fsrs.Card()``
    sleeps a millisecond after each card so that its ids stay unique; nothing here reads that id (a card is its
    row), and the sleep was most of the time a starter list of 1,000 words took to create (and more on a loaded
    machine)."""
    now = now or timezone.now()
    card = Card(card_id=int(now.timestamp() * 1000), due=now)
    return {"card": card.to_dict(), "due": card.due, "state": int(card.state)}


def _create_entry(revision_list: RevisionList, word: str, index: int) -> RevisionEntry:
    entry = RevisionEntry.objects.create(revision_list=revision_list, word=word, support_index=index)
    ReviewCard.objects.create(entry=entry, owner=revision_list.owner, **new_card_fields())
    return entry


def add_word(revision_list: RevisionList, text: str, support: Any = None) -> RevisionEntry:
    """Add one word (with its support; the best one when ``support`` is empty) and its FSRS card."""
    word, index = check_word(revision_list, text, support)
    if revision_list.entries.filter(word=word).exists():
        raise EntryError("duplicate", _("%(word)s is already in this list.") % {"word": word}, word)
    try:
        with transaction.atomic():
            entry = _create_entry(revision_list, word, index)
    except IntegrityError:  # a concurrent add of the same word
        raise EntryError("duplicate", _("%(word)s is already in this list.") % {"word": word}, word) from None
    RevisionList.objects.filter(pk=revision_list.pk).update(updated_at=timezone.now())
    return entry


def parse_line(line: str) -> tuple[str, str | None]:
    """Split ``BACCARAT:T`` / ``PRIVATIF 5`` / ``WORD`` into (word, support text or None)."""
    match = _LINE.match(line)
    if not match:
        raise EntryError("bad_line", _("“%(line)s”: write WORD, WORD:LETTER or WORD INDEX.") % {"line": line.strip()},
                         line.strip())
    return match.group(1), match.group(2)


@dataclass
class Refusal:
    line: str
    word: str
    code: str
    reason: str
    number: int = 0  # the line's number in the text (from 1, blank and comment lines counted)

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "word": self.word, "code": self.code, "reason": self.reason,
                "line_number": self.number}


@dataclass
class BulkOutcome:
    added: list[RevisionEntry] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)

    @property
    def remaining_text(self) -> str:
        """The refused lines only, to re-show in the textarea (what was added is not lost nor repeated)."""
        return "\n".join(r.line for r in self.refused)


def add_words_bulk(revision_list: RevisionList, text: str) -> BulkOutcome:
    """Add every valid line of a paste; refuse the others one by one (each message names its word).

    Blank lines and comment lines (``#``, as :func:`export_text` writes) are ignored; a word already in
    the list (or twice in the paste) is reported as a duplicate and not refused, since nothing about it
    is lost. Each refusal carries its line's number in the text. A paste over the size limits is refused
    whole before anything is added, so the learner can split it.
    """
    if len(text) > MAX_BULK_CHARS:
        raise EntryError("too_long", _("The paste has %(n)s characters; at most %(max)s at a time.")
                         % {"n": len(text), "max": MAX_BULK_CHARS})
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)
             if line.strip() and not line.lstrip().startswith(EXPORT_COMMENT)]
    if len(lines) > MAX_BULK_LINES:
        raise EntryError("too_long", _("The paste has %(n)s lines; at most %(max)s at a time.")
                         % {"n": len(lines), "max": MAX_BULK_LINES})
    outcome = BulkOutcome()
    present = set(revision_list.entries.values_list("word", flat=True))
    for number, line in lines:
        try:
            raw_word, support = parse_line(line)
            word, index = check_word(revision_list, raw_word, support)
        except EntryError as exc:
            outcome.refused.append(Refusal(line, exc.word, exc.code, exc.message, number))
            continue
        if word in present:
            outcome.duplicates.append(word)
            continue
        with transaction.atomic():
            outcome.added.append(_create_entry(revision_list, word, index))
        present.add(word)
    if outcome.added:
        RevisionList.objects.filter(pk=revision_list.pk).update(updated_at=timezone.now())
    return outcome


def set_support(entry: RevisionEntry, support: Any) -> RevisionEntry:
    entry.support_index = resolve_support(entry.word, support)
    entry.save(update_fields=["support_index"])
    _touch(entry.revision_list_id)
    return entry


def remove_entry(entry: RevisionEntry) -> None:
    """Remove a word from its list (its card goes; situations already played keep their answers)."""
    entry.delete()
    _touch(entry.revision_list_id)


def _touch(list_id: int) -> None:
    """A list's words changed: its ``updated_at`` moves (the order of the lists, and the key of the
    published words' and starter lists' caches, ``training.lists.selectors``)."""
    RevisionList.objects.filter(pk=list_id).update(updated_at=timezone.now())


# --- Words sent from a game ------------------------------------------------------------------------------

def own_list_named(owner, lexicon: Lexicon, name: str, description: str = "") -> RevisionList:
    """The owner's list of that name in ``lexicon`` (the list a mode sends its missed words to), created on
    first use."""
    existing = RevisionList.objects.filter(owner=owner, lexicon=lexicon, name=name).first()
    return existing if existing is not None else create_list(owner, lexicon, name, description)


@dataclass
class SentWords:
    """What :func:`send_to_revision_list` did: ``added`` new words, ``already`` words the list held,
    ``sent`` both in the order given (what the list now trains), ``skipped`` [{word, reason}] not sent."""

    revision_list: RevisionList
    added: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)


ON_DUPLICATE = ("already", "skip", "review")


def send_to_revision_list(revision_list: RevisionList, words: Iterable[str | tuple[str, Any]], *,
                          min_length: int | None = None, on_duplicate: str = "already") -> SentWords:
    """Send words a game found missed to a revision list, each with its FSRS card, so grids and reviews bring
    them back. ``words``: words, or (word, support) pairs (a support as :func:`add_word` reads it).

    A word shorter than ``min_length`` or longer than a revision word may be, or refused by :func:`add_word`,
    is skipped with the reason in words. A word the list already holds is, by ``on_duplicate``: reported in
    ``already`` (``"already"``), skipped with the reason (``"skip"``), or reviewed as forgotten, which makes
    it due again at once (``"review"``, and reported in ``already``).
    """
    if on_duplicate not in ON_DUPLICATE:
        raise ValueError(f"on_duplicate must be one of {ON_DUPLICATE}, not {on_duplicate!r}")
    outcome = SentWords(revision_list)
    for item in words:
        word, support = (item, None) if isinstance(item, str) else item
        if min_length is not None and len(word) < min_length:
            outcome.skipped.append({"word": word, "reason": _("shorter than %(min)s letters: too short to be worth "
                                                              "training") % {"min": min_length}})
            continue
        if len(word) > MAX_WORD_LENGTH:
            outcome.skipped.append({"word": word, "reason": _("longer than %(max)s letters: revision words are racks "
                                                              "of at most 7 tiles plus a support letter")
                                    % {"max": MAX_WORD_LENGTH}})
            continue
        try:
            add_word(revision_list, word, support)
        except EntryError as exc:
            if exc.code != "duplicate" or on_duplicate == "skip":
                outcome.skipped.append({"word": word, "reason": exc.message})
                continue
            if on_duplicate == "review":
                card = getattr(revision_list.entries.select_related("card").get(word=word), "card", None)
                if card is not None:
                    review_card(card, correct=False)
            outcome.already.append(word)
            outcome.sent.append(word)
            continue
        outcome.added.append(word)
        outcome.sent.append(word)
    return outcome


# --- Answers and reviews ---------------------------------------------------------------------------------

_scheduler = Scheduler()


def review_fsrs_card(row: FsrsCard, correct: bool, now: Any = None, *, rating: Rating | None = None) -> FsrsReviewLog:
    """Apply one FSRS review to ``row`` (correct = Good, wrong = Again, unless ``rating`` says otherwise: Hard
    for a puzzle solved with hints) and return FSRS's log; the caller saves.

    ``lapses`` counts what FSRS calls a lapse: Again on a card in the Review state (learned, then forgotten:
    FSRS moves it to Relearning). Again on a card still being learned (a first meeting included) or
    relearned is not one.
    """
    now = now or timezone.now()
    rating = rating or (Rating.Good if correct else Rating.Again)
    before = Card.from_dict(row.card)
    card, log = _scheduler.review_card(before, rating, review_datetime=now)
    row.card = card.to_dict()
    row.due = card.due
    row.state = int(card.state)
    row.last_review = now
    row.reviews += 1
    if rating == Rating.Again and before.state == FsrsState.Review:
        row.lapses += 1
    return log


def review_card(card_row: ReviewCard, correct: bool, now=None) -> ReviewCard:
    """Apply one FSRS review to a revision word's card (correct = Good, wrong = Again) and keep its log."""
    now = now or timezone.now()
    log = review_fsrs_card(card_row, correct, now)
    card_row.save()
    ReviewLog.objects.create(card=card_row, rating=int(log.rating), reviewed_at=now, log=log.to_dict())
    selectors.forget_pace(card_row.owner_id)  # a new word started: the day's cap counts it from now on
    return card_row
