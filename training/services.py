"""Training writes and rules: lists and their words, support letters, grid generation, answers, FSRS.

Conventions the pages, the API and the tests rely on:

- **Entry lines** (one word per line when pasting): ``BACCARAT:T`` (support letter), ``PRIVATIF 5`` or
  ``PRIVATIF:5`` (the support's position counted from 1, as people count: the 5th letter of PRIVATIF
  is the A), or the word alone. Stored as a 0-based ``support_index`` (the engine's convention). A letter that occurs several times means its first occurrence. A word
  alone gets the most productive support letter (see :func:`training.selectors.support_options`): the
  single-word form on the page proposes the letters with their counts and lets the learner pick;
  a bulk paste takes the best one.
- A word must be in the list's lexicon and have 2 to 8 letters (the rack, the word minus its support
  letter, holds at most 7 tiles). Refusals raise :class:`EntryError`, whose message names the word.
- **Answers** are judged by score: the list word is the expected answer (right wherever it is legal);
  any other legal play (checked and scored by the engine) scoring as much or more is a *top*, counted
  right; anything else is wrong, with its score (or the reason it is not a legal play). Coordinates are
  optional: without them a word is judged at its best legal placement. ONE answer decides a situation
  and reviews the word's FSRS card (right = Good, wrong = Again); later tries are refused and counted
  nowhere, because only the first attempt is an honest test of recall.
"""

from __future__ import annotations

import logging
import random
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from fsrs import Card, Rating, Scheduler

from core.engine_messages import engine_note, message_for
from core.progress import Progress, TaskDispatchError, TaskFailure, start_task
from core.validation import MAX_DESCRIPTION_LENGTH, text_problem
from engine.alphabet import InvalidWord, fold_word
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from engine.scrabble.notation import NotationError, parse_coord
from engine.scrabble.scoring import IllegalPlay, validate_play
from lexicon.models import Lexicon
from training import selectors
from training.models import (
    MAX_WORD_LENGTH,
    Answer,
    ReviewCard,
    ReviewLog,
    RevisionEntry,
    RevisionList,
    Situation,
    TrainingGrid,
)

logger = logging.getLogger(__name__)

MAX_BULK_LINES = 500
MAX_BULK_CHARS = 20_000
GRID_MAX_WORDS = 10
"""Words per training grid: CBIC is tuned and benchmarked for sets of 5 to 10 words."""
TOP_N = 10
MAX_ANSWER_LENGTH = 15

_LINE = re.compile(r"^\s*([^\s:]+)\s*(?:[:\s]\s*(\S+))?\s*$")


class EntryError(ValueError):
    """A refused revision word; ``code`` is stable for programs, the message (naming the word) is for people."""

    def __init__(self, code: str, message: str, word: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.word = word
        self.message = message


class AnswerError(ValueError):
    """Bad answer input (empty word, unknown letters, unreadable coordinates): nothing is recorded."""


class CoordError(AnswerError):
    """Unreadable coordinates (the pages show it under the coordinate field)."""


class GridError(ValueError):
    """A grid that cannot be started (no usable words); the message says why."""


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
        revision_list.share_token = secrets.token_urlsafe(16)
        revision_list.save(update_fields=["share_token"])
    return revision_list.share_token


def stop_sharing(revision_list: RevisionList) -> None:
    revision_list.share_token = None
    revision_list.save(update_fields=["share_token"])


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


def _create_entry(revision_list: RevisionList, word: str, index: int) -> RevisionEntry:
    entry = RevisionEntry.objects.create(revision_list=revision_list, word=word, support_index=index)
    card = Card()
    ReviewCard.objects.create(entry=entry, owner=revision_list.owner, card=card.to_dict(), due=card.due,
                              state=int(card.state))
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
    return entry


def remove_entry(entry: RevisionEntry) -> None:
    """Remove a word from its list (its card goes; situations already played keep their answers)."""
    entry.delete()


# --- Grids ------------------------------------------------------------------------------------------------

def _grid_words(entries: list[RevisionEntry], gaddag: Any, limit: int) -> list[dict[str, Any]]:
    """The request sent to CBIC: words still in the lexicon, one per distinct word, at most ``limit``."""
    words: list[dict[str, Any]] = []
    seen: set[str] = set()
    for entry in entries:
        if entry.word in seen or not gaddag.contains(entry.word):
            continue
        seen.add(entry.word)
        words.append({"entry": entry.pk, "word": entry.word, "support_index": entry.support_index})
        if len(words) == limit:
            break
    return words


def _start(user, lexicon: Lexicon, words: list[dict[str, Any]], *, source: str,
           revision_list: RevisionList | None, seed: int | None) -> TrainingGrid:
    if not words:
        raise GridError(_("No word to train on: add words that are in the lexicon %(lexicon)s first.")
                        % {"lexicon": lexicon.name})
    from training.tasks import generate_grid  # tasks import services: import here to avoid a cycle

    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    grid = TrainingGrid.objects.create(owner=user, lexicon=lexicon, revision_list=revision_list, source=source,
                                       seed=seed, words=words)
    try:
        run = start_task(generate_grid, owner=user, grid_id=grid.pk)
    except TaskDispatchError:
        grid.delete()  # nothing was started: leave no grid waiting for a task that will never run
        raise
    TrainingGrid.objects.filter(pk=grid.pk).update(task_run=run)
    grid.refresh_from_db()
    return grid


def start_list_grid(user, revision_list: RevisionList, *, max_words: int = GRID_MAX_WORDS,
                    seed: int | None = None) -> TrainingGrid:
    """Start generating a grid from a list: its words due soonest first (never-reviewed ones are due now)."""
    max_words = max(1, min(int(max_words), GRID_MAX_WORDS))
    entries = list(revision_list.entries.select_related("card").order_by("card__due", "id"))
    words = _grid_words(entries, selectors.gaddag_of(revision_list.lexicon), max_words)
    return _start(user, revision_list.lexicon, words, source=TrainingGrid.Source.LIST,
                  revision_list=revision_list, seed=seed)


def start_due_grid(user, lexicon: Lexicon, *, max_words: int = GRID_MAX_WORDS, seed: int | None = None) -> TrainingGrid:
    """Start generating a grid from the user's words due for review in ``lexicon`` (all lists)."""
    max_words = max(1, min(int(max_words), GRID_MAX_WORDS))
    entries = [card.entry for card in selectors.due_cards(user, lexicon=lexicon)]
    if not entries:
        raise GridError(_("No word is due for review in %(lexicon)s.") % {"lexicon": lexicon.name})
    words = _grid_words(entries, selectors.gaddag_of(lexicon), max_words)
    return _start(user, lexicon, words, source=TrainingGrid.Source.DUE, revision_list=None, seed=seed)


def _expected_play(gaddag: Any, cgp: str, placed: dict[str, Any]) -> dict[str, Any]:
    """Validate the generator's placement with the engine's rules and return the scored play's JSON.

    Why re-validate: the situation is what the learner is judged against, so an illegal one must
    never be shown; a refusal here is reported as an unplaced word instead.
    """
    from engine.scrabble.notation import format_coord

    position = parse_cgp(cgp)
    coord = format_coord(placed["row"], placed["col"], placed["dir"], "fr")
    move = validate_play(gaddag, position, coord, placed["word"])
    return move.to_json("fr")


def build_grid(grid_id: int, progress: Progress) -> dict[str, Any]:
    """Run CBIC for a pending grid and store its board and situations (called by the Celery task).

    Marks the grid running, then done (with its situations) or failed (with the reason, raised again
    as :class:`TaskFailure` so the task run shows it too).
    """
    grid = TrainingGrid.objects.select_related("lexicon").get(pk=grid_id)
    if grid.status == TrainingGrid.Status.DONE:  # a message delivered again after the grid was stored
        return _built_summary(grid)
    TrainingGrid.objects.filter(pk=grid_id).update(status=TrainingGrid.Status.RUNNING)
    try:
        progress.report(2, _("Loading the lexicon"))
        gaddag = selectors.gaddag_of(grid.lexicon)
        progress.report(5, _("Building the grid"))
        from training.cbic import run_cbic

        result = run_cbic(gaddag, grid.words, seed=grid.seed, top_n=TOP_N, lexicon_name=grid.lexicon.name,
                          progress=lambda pct, msg="": progress.report(5 + 0.9 * float(pct), engine_note(msg)))
        progress.report(96, _("Checking the situations"))
        entries = {w["word"]: w["entry"] for w in grid.words}
        existing = set(RevisionEntry.objects.filter(pk__in=entries.values()).values_list("pk", flat=True))
        unplaced = list(result.get("unplaced", []))
        situations: list[Situation] = []
        for placed in result.get("placed", []):
            situation = placed.get("situation") or {}
            word = placed["word"].upper()
            try:
                expected = _expected_play(gaddag, situation["cgp"], placed)
            except (IllegalPlay, KeyError, ValueError) as exc:
                logger.error("grid %s: CBIC situation for %s refused: %s", grid_id, word, exc)
                unplaced.append({"word": word, "reason": f"illegal situation: {exc}", "code": "cbic_illegal_situation",
                                 "params": {"error": getattr(exc, "code", type(exc).__name__)}})
                continue
            entry_id = entries.get(word)
            situations.append(Situation(
                grid=grid, entry_id=entry_id if entry_id in existing else None, order=len(situations), word=word,
                cgp=situation["cgp"], rack=situation.get("rack", ""), support=placed.get("support") or {},
                expected=expected, top=[_top_json(play) for play in situation.get("top", [])],
            ))
        with transaction.atomic():
            # Two deliveries of one message may race (a worker presumed dead finishing late): the first to
            # lock the grid stores it, the other keeps what is there, so situations are never doubled.
            locked = TrainingGrid.objects.select_for_update().get(pk=grid_id)
            if locked.status == TrainingGrid.Status.DONE:
                return _built_summary(locked)
            Situation.objects.bulk_create(situations)
            TrainingGrid.objects.filter(pk=grid_id).update(
                status=TrainingGrid.Status.DONE, board=result.get("board", []), unplaced=unplaced,
                stats=result.get("stats", {}), finished_at=timezone.now(), error="")
    except Exception as exc:
        message = str(exc) if isinstance(exc, TaskFailure | GridError) else f"{type(exc).__name__}: {exc}"
        TrainingGrid.objects.filter(pk=grid_id).update(status=TrainingGrid.Status.FAILED, error=message[:2000],
                                                       finished_at=timezone.now())
        if isinstance(exc, TaskFailure):
            raise
        raise TaskFailure(_("The grid could not be built: %(error)s") % {"error": message}) from exc
    return {"grid": grid_id, "situations": len(situations), "unplaced": len(unplaced)}


def _built_summary(grid: TrainingGrid) -> dict[str, Any]:
    return {"grid": grid.pk, "situations": grid.situations.count(), "unplaced": len(grid.unplaced)}


def fail_grids_of_runs(sender: Any, run_ids: list[Any], **kwargs: Any) -> None:
    """Receiver of ``core.progress.task_runs_failed``: grids whose run was failed outside the grid code
    (found stale, never dispatched) are failed with the run's words, so lists and counts tell the truth."""
    from core.models import TaskRun

    for run in TaskRun.objects.filter(pk__in=run_ids).only("pk", "error"):
        TrainingGrid.objects.filter(task_run=run, status__in=[TrainingGrid.Status.PENDING, TrainingGrid.Status.RUNNING]
                                    ).update(status=TrainingGrid.Status.FAILED, error=run.error, finished_at=timezone.now())


def _top_json(play: dict[str, Any]) -> dict[str, Any]:
    keys = ("coord", "row", "col", "dir", "word", "score", "tiles", "expected")
    return {k: play[k] for k in keys if k in play}


# --- Answers and reviews ---------------------------------------------------------------------------------

_scheduler = Scheduler()


def review_card(card_row: ReviewCard, correct: bool, now=None) -> ReviewCard:
    """Apply one FSRS review (correct = Good, wrong = Again) and keep its log."""
    now = now or timezone.now()
    rating = Rating.Good if correct else Rating.Again
    card = Card.from_dict(card_row.card)
    card, log = _scheduler.review_card(card, rating, review_datetime=now)
    card_row.card = card.to_dict()
    card_row.due = card.due
    card_row.state = int(card.state)
    card_row.last_review = now
    card_row.reviews += 1
    if not correct:
        card_row.lapses += 1
    card_row.save()
    ReviewLog.objects.create(card=card_row, rating=int(rating), reviewed_at=now, log=log.to_dict())
    return card_row


def play_refusal(exc: IllegalPlay) -> str:
    """The engine's refusal in the learner's language, by its stable ``code`` and the words and params it
    carries (``exc.words`` for invalid words), never by reading its English message."""
    reasons = {
        "off_board": _("the word runs off the board"),
        "overlap": _("a square on the way holds another letter"),
        "incomplete_word": _("the word continues into a tile on the board: write the whole word"),
        "no_tiles": _("the word is already on the board"),
        "not_in_rack": _("the rack does not hold the letters this placement needs"),
        "not_connected": _("the word does not touch the tiles on the board"),
        "no_centre": _("the first word must cover the centre square"),
        "too_short": _("a word needs at least 2 letters"),
        "gap": _("the tiles leave a gap"),
        "not_in_line": _("the tiles are not in one line"),
    }
    params = getattr(exc, "params", None) or {}
    if exc.code == "invalid_word":
        return _("it forms words that are not in the lexicon: %(words)s") % {"words": ", ".join(exc.words) or "?"}
    if exc.code == "bad_letter":
        if "letter" in params:
            return message_for("bad_character", {"char": params["letter"]})
        return _("a tile is not a letter of the alphabet")
    if exc.code == "bad_coord":
        if params.get("coord"):
            return _("the coordinates “%(coord)s” cannot be read") % {"coord": params["coord"]}
        return _("the coordinates cannot be read")
    return reasons.get(exc.code) or _("the play breaks a rule of the game")


@dataclass
class AnswerOutcome:
    answer: Answer | None
    correct: bool
    score: int
    message: str
    expected: dict[str, Any]
    top: list[dict[str, Any]]
    verdict: str = Answer.Verdict.WRONG
    play: dict[str, Any] | None = None
    """The learner's legal play as the engine scored it (None when the answer is not a legal play)."""

    @property
    def top_rows(self) -> list[dict[str, Any]]:
        """The top plays with ``mine`` (the learner's play) and ``is_expected`` (the list word) marked."""
        def key(play: dict[str, Any] | None) -> tuple[str, str] | None:
            return (play.get("coord", ""), str(play.get("word", "")).upper()) if play else None

        mine, expected = key(self.play), key(self.expected)
        return [{**t, "mine": mine is not None and key(t) == mine, "is_expected": key(t) == expected}
                for t in self.top]

    @property
    def play_in_top(self) -> bool:
        return any(row["mine"] for row in self.top_rows)


class AlreadyAnswered(Exception):
    """The situation is already decided for this learner (answered, or its grid revealed): nothing recorded."""


class SituationLocked(Exception):
    """An earlier situation of the grid is still open: this one's board would show its answer (CBIC builds
    the grid word after word), so situations are answered in order. Nothing recorded."""

    def __init__(self, message: str, current: Situation | None = None) -> None:
        super().__init__(message)
        self.current = current


def _coord_message(coord: str) -> str:
    return _("Coordinates “%(coord)s” cannot be read: write a row letter A to O and a column number 1 to 15, "
             "such as H4 (across) or 4H (down).") % {"coord": coord}


@dataclass
class _Judgement:
    verdict: str
    score: int
    message: str
    play: dict[str, Any] | None


def _judge_move(move: Any, expected: dict[str, Any], expected_word: str) -> _Judgement:
    """A legal play against the expected one: the list word is right anywhere it is legal; another play
    is a top when it scores at least as much as the expected play, else wrong with its score."""
    play = move.to_json("fr")
    word = move.word.upper()
    target = int(expected.get("score", 0))
    values = {"word": word, "coord": move.coord, "score": move.score, "expected": target}
    if word == expected_word:
        return _Judgement(Answer.Verdict.EXPECTED, move.score,
                          _("Right: %(word)s at %(coord)s scores %(score)s.") % values, play)
    if move.score >= target:
        return _Judgement(Answer.Verdict.TOP, move.score,
                          _("A top: %(word)s at %(coord)s scores %(score)s, as much as or more than the word of "
                            "the list (%(expected)s).") % values, play)
    return _Judgement(Answer.Verdict.WRONG, move.score,
                      _("%(word)s at %(coord)s is legal but scores %(score)s, less than the word to find "
                        "(%(expected)s).") % values, play)


def judge_answer(gaddag: Any, situation: Situation, word: str, coord: str) -> _Judgement:
    """Judge a normalised word (and optional French coordinates) by score, without recording anything.

    With coordinates the play is checked and scored by the engine's rules (:func:`validate_play`).
    Without them, the expected word is right at its expected placement; any other word is judged at
    its best legal placement on the situation's board with the situation's rack (the move generator
    lists every legal play), so a top found without coordinates counts too.
    """
    expected = situation.expected
    expected_word = situation.word.upper()
    position = parse_cgp(situation.cgp)
    if coord:
        try:
            move = validate_play(gaddag, position, coord, word)
        except IllegalPlay as exc:
            return _Judgement(Answer.Verdict.WRONG, 0, _("%(word)s at %(coord)s is not a legal play: %(reason)s") % {
                "word": word, "coord": coord, "reason": play_refusal(exc)}, None)
        return _judge_move(move, expected, expected_word)
    if word == expected_word:
        return _Judgement(Answer.Verdict.EXPECTED, int(expected.get("score", 0)),
                          _("Right: %(word)s at %(coord)s scores %(score)s.") % {
                              "word": expected_word, "coord": expected.get("coord", ""),
                              "score": expected.get("score", 0)}, dict(expected))
    if not gaddag.contains(word):
        return _Judgement(Answer.Verdict.WRONG, 0, _("%(word)s is not in the lexicon.") % {"word": word}, None)
    plays = [m for m in generate_moves(gaddag, position) if m.word.upper() == word]
    if not plays:
        return _Judgement(Answer.Verdict.WRONG, 0, _("%(word)s is a word, but it cannot be played on this board "
                                                     "with this rack.") % {"word": word}, None)
    return _judge_move(plays[0], expected, expected_word)


def answer_situation(situation: Situation, user, word: str, coord: str | None = None) -> AnswerOutcome:
    """Judge and record the one answer that decides ``situation`` for ``user``; review its FSRS card.

    Judged by score (:func:`judge_answer`): the list word is right; a legal play scoring as much or
    more is a top, counted right; anything else is wrong. Raises :class:`AnswerError` (nothing
    recorded) for an empty word, letters outside the alphabet, a word longer than 15 letters or
    unreadable coordinates, :class:`AlreadyAnswered` when the situation was already answered or
    its grid revealed: only the first try is an honest test of recall, so later ones count nowhere, and
    :class:`SituationLocked` while an earlier situation of the grid is open (its board is not shown yet).
    """
    text = (word or "").strip()
    if not text:
        raise AnswerError(_("Type a word."))
    gaddag = selectors.gaddag_of(situation.grid.lexicon)
    try:
        normalised = gaddag.alphabet.normalise(text)
    except InvalidWord:
        raise AnswerError(bad_characters_message(gaddag.alphabet, text)) from None
    if len(normalised) > MAX_ANSWER_LENGTH:
        raise AnswerError(_("“%(word)s” is too long for the board.") % {"word": text})
    coord = (coord or "").strip().upper()
    if coord:
        try:
            parse_coord(coord, "fr")
        except NotationError:
            raise CoordError(_coord_message(coord)) from None
    _refuse_if_decided(situation, user)
    _refuse_if_locked(situation, user)

    judged = judge_answer(gaddag, situation, normalised, coord)
    correct = judged.verdict != Answer.Verdict.WRONG
    try:
        with transaction.atomic():
            _refuse_if_decided(situation, user)
            answer = Answer.objects.create(
                situation=situation, user=user, word=normalised, coord=(judged.play or {}).get("coord", coord)[:4],
                correct=correct, verdict=judged.verdict, score=judged.score, play=judged.play,
                message=judged.message[:255])
            if situation.entry_id is not None:
                card_row = (ReviewCard.objects.select_for_update()
                            .filter(entry_id=situation.entry_id, owner=user).first())
                if card_row is not None:
                    review_card(card_row, correct)
    except IntegrityError:  # a concurrent first answer won the race
        raise AlreadyAnswered(_already_message()) from None
    return AnswerOutcome(answer, correct, judged.score, judged.message, situation.expected, list(situation.top),
                         judged.verdict, judged.play)


def recorded_outcome(situation: Situation) -> AnswerOutcome | None:
    """The verdict that stands for a decided situation (its answer, as recorded), for pages shown again;
    a situation closed by a reveal gets an outcome without an answer (nothing was counted)."""
    answer = getattr(situation, "my_answer", None)
    if answer is None:
        if not getattr(situation, "revealed", False):
            return None
        return AnswerOutcome(None, False, 0, _("Revealed: this situation was not answered and counts nowhere."),
                             situation.expected, list(situation.top), "", None)
    return AnswerOutcome(answer, answer.correct, answer.score, answer.message, situation.expected,
                         list(situation.top), answer.verdict, answer.play)


def _already_message() -> str:
    return _("This situation is already decided: only the first answer counts. Go on to the next one.")


def _refuse_if_decided(situation: Situation, user) -> None:
    if situation.answers.filter(user=user).exists():
        raise AlreadyAnswered(_already_message())
    if TrainingGrid.objects.filter(pk=situation.grid_id, revealed_at__isnull=False).exists():
        raise AlreadyAnswered(_("The grid was revealed: its situations can no longer be answered."))


def locked_message(current: Situation) -> str:
    return _("Answer situation %(n)s first: situations are played in order, since the board of each one "
             "shows the answers of those before it.") % {"n": current.order + 1}


def _refuse_if_locked(situation: Situation, user) -> None:
    current = selectors.current_situation(situation, user)
    if current is not None:
        raise SituationLocked(locked_message(current), current)


def reveal_grid(grid: TrainingGrid) -> TrainingGrid:
    """Show the final grid before every situation is answered; the unanswered ones are closed (shown as
    revealed, counted nowhere) and the grid will never count as solved. Idempotent."""
    if grid.status != TrainingGrid.Status.DONE:
        raise GridError(_("The grid is not built yet: there is nothing to reveal."))
    if grid.revealed_at is None:
        TrainingGrid.objects.filter(pk=grid.pk, revealed_at__isnull=True).update(revealed_at=timezone.now())
        grid.refresh_from_db(fields=["revealed_at"])
    return grid
