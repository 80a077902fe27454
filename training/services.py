"""Training writes and rules: lists and their words, support letters, grid generation, answers, FSRS.

Conventions the pages, the API and the tests rely on:

- **Entry lines** (one word per line when pasting): ``BACCARAT:T`` (support letter), ``PRIVATIF 5`` or
  ``PRIVATIF:5`` (0-based support index, as the engine's CBIC generator counts: index 5 of PRIVATIF is
  the T), or the word alone. A letter that occurs several times means its first occurrence. A word
  alone gets the most productive support letter (see :func:`training.selectors.support_options`): the
  single-word form on the page proposes the letters with their counts and lets the learner pick;
  a bulk paste takes the best one.
- A word must be in the list's lexicon and have 2 to 8 letters (the rack, the word minus its support
  letter, holds at most 7 tiles). Refusals raise :class:`EntryError`, whose message names the word.
- **Answers**: correct when the word is the expected word. Coordinates are optional; when given, they
  must place that word legally: the expected placement or any other legal placement of the same word
  (validated by the engine, which also scores it). The first answer to a situation reviews the word's
  FSRS card (correct = Good, wrong = Again); later answers are kept and counted but do not reschedule,
  because only the first attempt is an honest test of recall.
"""

from __future__ import annotations

import logging
import random
import re
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from fsrs import Card, Rating, Scheduler

from core.progress import Progress, TaskFailure, start_task
from engine.alphabet import InvalidWord, fold_word
from engine.cgp import parse_cgp
from engine.notation import NotationError, parse_coord
from engine.scoring import IllegalPlay, validate_play
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


class GridError(ValueError):
    """A grid that cannot be started (no usable words); the message says why."""


# --- Lists -----------------------------------------------------------------------------------------------

def _check_publish(user, published: bool) -> None:
    if published and not getattr(user, "is_staff", False):
        raise PermissionDenied(_("Only staff members can publish lists."))


@transaction.atomic
def create_list(owner, lexicon: Lexicon, name: str, description: str = "", published: bool = False) -> RevisionList:
    """A new, empty list. ``published`` (shared with every learner) is for staff only."""
    _check_publish(owner, published)
    name = name.strip()
    if not name:
        raise ValueError(_("A list needs a name."))
    return RevisionList.objects.create(owner=owner, lexicon=lexicon, name=name[:100],
                                       description=description.strip(), published=published)


@transaction.atomic
def update_list(revision_list: RevisionList, user, **changes: Any) -> RevisionList:
    """Change name, description or (staff only) the published flag. The lexicon stays: words were checked against it."""
    if "published" in changes and changes["published"] != revision_list.published:
        _check_publish(user, True)
    for key in ("name", "description", "published"):
        if key in changes:
            value = changes[key]
            if key == "name":
                value = value.strip()
                if not value:
                    raise ValueError(_("A list needs a name."))
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
    """The 0-based support index meant by ``support``: an index (int or digits) or a letter of the word."""
    if isinstance(support, bool):
        support = None
    if isinstance(support, int) or (isinstance(support, str) and support.strip().isdigit()):
        index = int(support)
        if not 0 <= index < len(word):
            raise EntryError("bad_support", _("%(word)s: support index %(index)s is out of range (0 to %(last)s).")
                             % {"word": word, "index": index, "last": len(word) - 1}, word)
        return index
    if isinstance(support, str):
        letter = support.strip().upper()
        if len(letter) == 1 and letter in word:
            return word.index(letter)
        raise EntryError("bad_support", _("%(word)s: support “%(support)s” is not a letter of the word.")
                         % {"word": word, "support": support.strip()}, word)
    raise EntryError("bad_support", _("%(word)s: the support must be a letter of the word or its 0-based index.")
                     % {"word": word}, word)


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

    def to_json(self) -> dict[str, str]:
        return {"line": self.line, "word": self.word, "code": self.code, "reason": self.reason}


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

    Blank lines are ignored; a word already in the list (or twice in the paste) is reported as a
    duplicate and not refused, since nothing about it is lost. A paste over the size limits is refused
    whole before anything is added, so the learner can split it.
    """
    if len(text) > MAX_BULK_CHARS:
        raise EntryError("too_long", _("The paste has %(n)s characters; at most %(max)s at a time.")
                         % {"n": len(text), "max": MAX_BULK_CHARS})
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_BULK_LINES:
        raise EntryError("too_long", _("The paste has %(n)s lines; at most %(max)s at a time.")
                         % {"n": len(lines), "max": MAX_BULK_LINES})
    outcome = BulkOutcome()
    present = set(revision_list.entries.values_list("word", flat=True))
    for line in lines:
        try:
            raw_word, support = parse_line(line)
            word, index = check_word(revision_list, raw_word, support)
        except EntryError as exc:
            outcome.refused.append(Refusal(line, exc.word, exc.code, exc.message))
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
    run = start_task(generate_grid, owner=user, grid_id=grid.pk)
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
    from engine.notation import format_coord

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
    TrainingGrid.objects.filter(pk=grid_id).update(status=TrainingGrid.Status.RUNNING)
    try:
        progress.report(2, _("Loading the lexicon"))
        gaddag = selectors.gaddag_of(grid.lexicon)
        progress.report(5, _("Building the grid"))
        from training.cbic import run_cbic

        result = run_cbic(gaddag, grid.words, seed=grid.seed, top_n=TOP_N, lexicon_name=grid.lexicon.name,
                          progress=lambda pct, msg="": progress.report(5 + 0.9 * float(pct), msg))
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
                unplaced.append({"word": word, "reason": f"illegal situation: {exc}"})
                continue
            entry_id = entries.get(word)
            situations.append(Situation(
                grid=grid, entry_id=entry_id if entry_id in existing else None, order=len(situations), word=word,
                cgp=situation["cgp"], rack=situation.get("rack", ""), support=placed.get("support") or {},
                expected=expected, top=[_top_json(play) for play in situation.get("top", [])],
            ))
        with transaction.atomic():
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
    """The engine's refusal in the learner's language (by its stable ``code``; its own words otherwise)."""
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
    if exc.code == "invalid_word":
        words = exc.reason.split(" ", 2)[-1] if exc.reason.startswith("invalid word") else exc.reason
        return _("it forms words that are not in the lexicon: %(words)s") % {"words": words}
    return reasons.get(exc.code, exc.reason)


@dataclass
class AnswerOutcome:
    answer: Answer
    correct: bool
    score: int
    message: str
    expected: dict[str, Any]
    top: list[dict[str, Any]]


def answer_situation(situation: Situation, user, word: str, coord: str | None = None) -> AnswerOutcome:
    """Judge and record an answer (see the module docstring for the rules); update FSRS on the first one.

    Raises :class:`AnswerError` (nothing recorded) for an empty word, letters outside the alphabet,
    a word longer than 15 letters or unreadable coordinates.
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
            raise AnswerError(_("Coordinates “%(coord)s” cannot be read: write a row letter A to O and a column "
                                "number 1 to 15, such as H4 (across) or 4H (down).") % {"coord": coord}) from None

    expected = situation.expected
    expected_word = situation.word.upper()
    right_word = normalised == expected_word
    score = 0
    if coord:
        try:
            move = validate_play(gaddag, parse_cgp(situation.cgp), coord, normalised)
        except IllegalPlay as exc:
            correct = False
            message = _("%(word)s at %(coord)s is not a legal play: %(reason)s") % {
                "word": normalised, "coord": coord, "reason": play_refusal(exc)}
        else:
            correct = right_word and move.word.upper() == expected_word
            score = move.score
            if correct:
                message = _("Right: %(word)s at %(coord)s scores %(score)s.") % {
                    "word": normalised, "coord": move.coord, "score": score}
            else:
                message = _("%(word)s at %(coord)s is legal (%(score)s points) but not the word to find.") % {
                    "word": move.word.upper(), "coord": move.coord, "score": score}
    elif right_word:
        correct = True
        score = int(expected.get("score", 0))
        message = _("Right: %(word)s at %(coord)s scores %(score)s.") % {
            "word": expected_word, "coord": expected.get("coord", ""), "score": score}
    else:
        correct = False
        in_lexicon = gaddag.contains(normalised)
        message = (_("%(word)s is a word, but not the one to find.") if in_lexicon
                   else _("%(word)s is not in the lexicon.")) % {"word": normalised}

    with transaction.atomic():
        first = not situation.answers.filter(user=user).exists()
        answer = Answer.objects.create(situation=situation, user=user, word=normalised, coord=coord,
                                       correct=correct, score=score, message=message[:255])
        if first and situation.entry_id is not None:
            card_row = ReviewCard.objects.select_for_update().filter(entry_id=situation.entry_id, owner=user).first()
            if card_row is not None:
                review_card(card_row, correct)
    return AnswerOutcome(answer, correct, score, message, expected, list(situation.top))
