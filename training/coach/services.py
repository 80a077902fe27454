"""Writes of the coach: drills made of the learner's own missed positions (the bank when they have too few),
hints, answers judged exactly, FSRS over puzzles, Glicko-2 ratings; the bank's task body.

Why puzzles from the learner's own rounds first: a position they actually met and missed is the training
that transfers (the top they did not see, on a board they remember); the bank, positions from games the
engine plays, only fills in when a kind of top has not cost them enough rounds yet.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.db.models.functions import Abs, Length
from django.utils import timezone
from django.utils.translation import gettext as _
from fsrs import Rating

from core.progress import Progress, TaskFailure, start_task
from core.task_rows import failing_in_words, follow_run, mark_row
from engine.coach import TAGS, bank_positions, rate_pair
from engine.coach import Rating as Glicko
from engine.scrabble.cgp import parse_cgp
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_of_version, preferred_lexicon
from training.coach import selectors
from training.coach.models import Drill, DrillItem, Puzzle, PuzzleAnswer, PuzzleBank, PuzzleCard, PuzzleRating
from training.duplicate import services as duplicate_services
from training.duplicate.selectors import gaddag_of
from training.lists.models import RevisionEntry
from training.lists.services import new_card_fields, review_fsrs_card

DRILL_SIZE = 10
MAX_DRILL = 30
BANK_SIZE = 50
"""Positions a bank keeps per kind of top and lexicon version."""
BANK_MAX_GAMES = 400
"""Games the bank's task may play before it gives up on finding ``BANK_SIZE`` positions (a kind that a
lexicon hardly ever makes a top, such as costly letters in a list without them)."""


class CoachError(ValueError):
    """A request the coach refuses; ``code`` is stable for programs, the message says what to change."""

    def __init__(self, code: str, message: str, *, run: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.run = run
        """The bank's task run, when the refusal is "the bank is being built": poll it, then ask again."""


# --- Drills ---------------------------------------------------------------------------------------------------

def check_tag(tag: Any) -> str:
    if tag not in TAGS:
        raise CoachError("bad_input", _("Unknown kind of top “%(tag)s”: one of %(tags)s.")
                         % {"tag": str(tag)[:20], "tags": ", ".join(TAGS)})
    return str(tag)


def _list_words(user: Any) -> Any:
    return RevisionEntry.objects.filter(revision_list__owner=user).values("word")


def puzzle_of_round(play: Any) -> Puzzle:
    """The puzzle of a round the player missed (made once per round, kept for the player's cards)."""
    rnd = play.round
    existing = Puzzle.objects.filter(round=rnd).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Puzzle.objects.create(
                lexicon=play.player.game.lexicon, source=Puzzle.Source.ROUND, round=rnd, cgp=rnd.cgp, rack=rnd.rack,
                top=rnd.top, top_word=rnd.top_word, top_score=rnd.top_score, tags=rnd.tags,
                word_length=len(rnd.top_word))
    except IntegrityError:  # made by a concurrent drill of the same player
        return Puzzle.objects.get(round=rnd)


@dataclass
class DrillOutcome:
    drill: Drill
    items: list[DrillItem]
    bank: PuzzleBank | None
    """The bank being built for this kind when the learner's own puzzles and the bank's did not fill the drill."""


def create_drill(user: Any, tag: Any, count: int = DRILL_SIZE, *, length: int | None = None,
                 my_lists: bool = False, lexicon: Lexicon | None = None,
                 now: dt.datetime | None = None) -> DrillOutcome:
    """A drill of up to ``count`` puzzles whose top has ``tag``: the learner's puzzles due again first, then
    rounds they missed that are not puzzles yet (biggest loss first), then the bank's positions nearest their
    rating. Optional filters: the top's ``length``, and ``my_lists`` (only tops that are words of their
    revision lists). Nothing at all to offer: :class:`CoachError` ``bank_building`` with the bank's run."""
    tag = check_tag(tag)
    count = max(1, min(int(count), MAX_DRILL))
    now = now or timezone.now()
    bit = 1 << TAGS.index(tag)
    chosen: list[Puzzle] = []

    def wanted(puzzles: Any) -> Any:
        puzzles = puzzles.filter(tags=F("tags").bitor(bit))  # the kind's bit is set
        if length:
            puzzles = puzzles.filter(word_length=length)
        if my_lists:
            puzzles = puzzles.filter(top_word__in=_list_words(user))
        return puzzles.exclude(pk__in=[p.pk for p in chosen])

    due = wanted(Puzzle.objects.filter(cards__user=user, cards__due__lte=now)).order_by("cards__due")
    chosen += list(due[:count])
    if len(chosen) < count:
        rounds = selectors.missed_rounds(user, tag).filter(round__puzzle__isnull=True)
        if length:
            rounds = rounds.annotate(top_length=Length("top_word")).filter(top_length=length)
        if my_lists:
            rounds = rounds.filter(top_word__in=_list_words(user))
        for play in rounds[:count - len(chosen)]:
            chosen.append(puzzle_of_round(play))
    bank = None
    if len(chosen) < count:
        lexicon = lexicon or preferred_lexicon(user)
        if lexicon is not None:
            bank = ensure_bank(lexicon, tag, user)
            if bank.status == PuzzleBank.Status.DONE:
                rating = selectors.rating_of(user).rating
                fresh = wanted(Puzzle.objects.filter(bank=bank)).exclude(cards__user=user)
                chosen += list(fresh.order_by(Abs(F("rating") - rating), "id")[:count - len(chosen)])
                bank = None
    if not chosen:
        if bank is not None and bank.status == PuzzleBank.Status.FAILED:
            raise CoachError("no_puzzles", _("No puzzle of this kind: %(error)s") % {"error": bank.error})
        if bank is not None:
            raise CoachError("bank_building", _("No puzzle of this kind yet: the puzzle bank is being built; try "
                                                "again in a moment."), run=bank.task_run)
        raise CoachError("no_puzzles", _("No puzzle matches: play more games, or widen the filters."))
    with transaction.atomic():
        drill = Drill.objects.create(user=user, tag=tag)
        items = DrillItem.objects.bulk_create(
            [DrillItem(drill=drill, puzzle=p, order=n) for n, p in enumerate(chosen, start=1)])
        have = set(PuzzleCard.objects.filter(user=user, puzzle__in=chosen).values_list("puzzle_id", flat=True))
        PuzzleCard.objects.bulk_create([PuzzleCard(user=user, puzzle=p, **new_card_fields(now))
                                        for p in chosen if p.pk not in have], ignore_conflicts=True)
    return DrillOutcome(drill, items, bank)


# --- Hints and answers ------------------------------------------------------------------------------------------

def _open_item(user: Any, puzzle: Puzzle) -> DrillItem:
    item = selectors.open_item(user, puzzle)
    if item is None:
        raise _answered()
    return item


def _answered() -> CoachError:
    return CoachError("answered", _("This puzzle is answered: it comes back in a drill when it is due."))


def take_hint(user: Any, puzzle: Puzzle) -> DrillItem:
    """Show the next hint of the ladder (the kind, the length, the square); a hint taken lowers what a right
    answer is worth to the rating and the card (see :func:`answer`)."""
    item = _open_item(user, puzzle)
    if item.hints >= len(selectors.HINTS):
        raise CoachError("no_more_hints", _("Every hint is shown."))
    DrillItem.objects.filter(pk=item.pk, hints=item.hints).update(hints=F("hints") + 1)
    item.refresh_from_db(fields=["hints"])
    return item


@dataclass
class AnswerOutcome:
    item: DrillItem
    correct: bool
    word: str
    coord: str
    score: int
    rating: float


def _glicko(row: Any) -> Glicko:
    return Glicko(row.rating, row.deviation, row.volatility)


def _store_glicko(row: Any, value: Glicko) -> None:
    row.rating, row.deviation, row.volatility = value.rating, value.deviation, value.volatility


def answer(user: Any, puzzle: Puzzle, word: str, coord: str, *, style: str = "fr",
           now: dt.datetime | None = None) -> AnswerOutcome:
    """Judge a play on the puzzle's position with the engine's rules, exactly as a duplicate round does: a
    play that is not legal raises :class:`duplicate_services.PlayError` (400 with the reason; the puzzle stays
    open); a legal one answers it: ``correct`` when it scores the top's score.

    Then the learner and the puzzle are rated against each other (Glicko-2: a win without hints, half a win
    with hints, a loss) and the learner's card is reviewed (Good, Hard with hints, Again when missed: a
    missed puzzle comes back soon)."""
    now = now or timezone.now()
    item = _open_item(user, puzzle)
    move = duplicate_services.judge_play(gaddag_of(puzzle.lexicon), parse_cgp(puzzle.cgp), word, coord, style)
    correct = move.score >= puzzle.top_score
    with transaction.atomic():
        item = DrillItem.objects.select_for_update().get(pk=item.pk)
        if item.answered_at is not None:
            raise _answered()
        result = (1.0 if not item.hints else 0.5) if correct else 0.0  # the hints as locked: none taken since
        locked = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        rating, _created = PuzzleRating.objects.select_for_update().get_or_create(user=user)
        player_after, puzzle_after = rate_pair(_glicko(rating), _glicko(locked), result)
        _store_glicko(rating, player_after)
        rating.answered += 1
        rating.save()
        _store_glicko(locked, puzzle_after)
        locked.save(update_fields=["rating", "deviation", "volatility"])
        card = PuzzleCard.objects.select_for_update().get(user=user, puzzle=puzzle)
        review_fsrs_card(card, correct, now, rating=(Rating.Good if not item.hints else Rating.Hard)
                         if correct else Rating.Again)
        card.save()
        item.answered_at, item.correct = now, correct
        item.save(update_fields=["answered_at", "correct"])
        PuzzleAnswer.objects.create(user=user, puzzle=puzzle, item=item, word=move.word, coord=move.coord,
                                    score=move.score, correct=correct, hints=item.hints, rating_after=rating.rating)
    return AnswerOutcome(item, correct, move.word, move.coord, move.score, rating.rating)


# --- The bank -------------------------------------------------------------------------------------------------

def bank_of(lexicon: Lexicon, tag: str) -> PuzzleBank | None:
    return PuzzleBank.objects.filter(lexicon=lexicon, content_hash=lexicon.content_hash, tag=tag).first()


def ensure_bank(lexicon: Lexicon, tag: str, user: Any = None) -> PuzzleBank:
    """The bank of ``tag`` for the lexicon's serving version, its task started when it has none (or failed):
    one row per lexicon version and kind, so concurrent first demands start one task."""
    bank = bank_of(lexicon, tag)
    if bank is not None:
        bank = follow_run(bank)
        if bank.status != PuzzleBank.Status.FAILED:
            return bank
    with transaction.atomic():
        if bank is None:
            try:
                with transaction.atomic():
                    bank = PuzzleBank.objects.create(lexicon=lexicon, content_hash=lexicon.content_hash, tag=tag,
                                                     seed=random.SystemRandom().randrange(1, 2**31))
            except IntegrityError:  # another first demand won: theirs is running
                return PuzzleBank.objects.get(lexicon=lexicon, content_hash=lexicon.content_hash, tag=tag)
        elif not PuzzleBank.objects.filter(pk=bank.pk, status=PuzzleBank.Status.FAILED).update(
                status=PuzzleBank.Status.PENDING, error=""):
            return PuzzleBank.objects.get(pk=bank.pk)
        run = start_task("coach.build_bank", owner=user, bank_id=bank.pk)
        PuzzleBank.objects.filter(pk=bank.pk).update(task_run=run)
    bank.refresh_from_db()
    return bank


def build_bank(bank_id: int, progress: Progress) -> dict[str, Any]:
    """The task's body: play games with the engine until ``BANK_SIZE`` rounds have a top of the bank's kind,
    and store them as puzzles (idempotent: a bank already built is left as it is)."""
    bank = PuzzleBank.objects.select_related("lexicon").get(pk=bank_id)
    if bank.status == PuzzleBank.Status.DONE:
        return {"bank": bank.pk, "puzzles": bank.puzzles.count()}
    mark_row(PuzzleBank, bank_id, PuzzleBank.Status.RUNNING)
    with failing_in_words(PuzzleBank, bank_id, _("The puzzle bank could not be built: %(error)s")):
        lexicon = bank.lexicon
        progress.report(2, _("Loading the lexicon"))
        gaddag = gaddag_of_version(bank.content_hash, lexicon.language, words_file=lexicon.words_file.name)
        progress.report(5, _("Playing games to find positions"))
        found = bank_positions(gaddag, bank.tag, BANK_SIZE, seed=bank.seed, lexicon_name=lexicon.name,
                               max_games=BANK_MAX_GAMES,
                               progress=lambda percent: progress.report(5 + 0.9 * percent, _("Finding positions")))
        if not found:
            raise TaskFailure(_("The games of this lexicon have no top of this kind."))
        rows = [Puzzle(lexicon=lexicon, source=Puzzle.Source.BANK, bank=bank, cgp=p.cgp, rack=p.rack, top=p.top,
                       top_word=p.top["word"].upper()[:15], top_score=int(p.top["score"]),
                       tags=duplicate_services.top_fields(p.cgp, p.top, lexicon.language)["tags"],
                       word_length=p.word_length) for p in found]
        with transaction.atomic():
            Puzzle.objects.filter(bank=bank).delete()
            Puzzle.objects.bulk_create(rows)
            mark_row(PuzzleBank, bank_id, PuzzleBank.Status.DONE, error="")
    return {"bank": bank_id, "puzzles": len(rows)}
