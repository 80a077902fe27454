"""Reads of the coach: a player's diagnosis over their last games, their puzzles, drills and rating.

The diagnosis is three queries whatever the number of games: the games (one row per finished game), one
aggregate over every validated play of those games grouped in SQL by the kinds of the round's top (the mask
stored on the round when it was made), and the missed words grouped by word. Nothing is replayed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, F, Q, Sum
from django.db.models.functions import Greatest
from django.db.models.lookups import GreaterThan
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.selectors import get_or_404
from core.task_subjects import TaskSubject
from engine.coach import TAGS, tags_of_mask
from engine.scrabble.notation import format_coord
from training.coach.models import Drill, DrillItem, Puzzle, PuzzleAnswer, PuzzleBank, PuzzleCard, PuzzleRating
from training.duplicate.models import DuplicatePlay, DuplicatePlayer
from training.duplicate.selectors import percent

User = Any
"""A signed-in user (the views and APIs are for signed-in learners only)."""

DEFAULT_GAMES = 20
MAX_GAMES = 500
GAME_CHOICES = (10, 20, 50, 100, 500)
MISSED_WORDS = 20
"""The words listed as "missed most": the first twenty, by times missed then points lost."""

TAG_NAMES = {
    "scrabble": _("scrabble"),
    "joker": _("joker"),
    "collante": _("collante"),
    "rallonge": _("rallonge"),
    "chere": _("costly letter"),
    "triple": _("triple word"),
}
"""The kinds of tops as players name them (docs/coach.md); French names in the French catalogue."""

TAG_HELP = {
    "scrabble": _("all seven tiles of the rack played"),
    "joker": _("a blank among the tiles played"),
    "collante": _("a word laid along others: two cross-words or more"),
    "rallonge": _("a word on the board lengthened in front, behind or both"),
    "chere": _("a letter worth 8 points or more played"),
    "triple": _("a tile on a triple-word square"),
}


def tag_name(tag: str) -> str:
    return str(TAG_NAMES.get(tag, tag))


def tag_help(tag: str) -> str:
    return str(TAG_HELP.get(tag, ""))


@dataclass
class TagLine:
    tag: str
    rounds: int
    found: int
    lost: int
    share: float
    """Percent of the négatif of these games lost on rounds whose top has this kind (a round whose top has
    several kinds counts for each: the shares add up to more than 100)."""

    @property
    def name(self) -> str:
        return tag_name(self.tag)

    @property
    def help(self) -> str:
        return tag_help(self.tag)

    @property
    def found_percent(self) -> float:
        return percent(self.found, self.rounds)

    def to_json(self) -> dict[str, Any]:
        return {"tag": self.tag, "name": self.name, "rounds": self.rounds, "found": self.found, "lost": self.lost,
                "share": self.share}


@dataclass
class TrendPoint:
    game: int
    date: dt.datetime
    percent: float

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "date": self.date, "percent": self.percent}


@dataclass
class MissedWord:
    word: str
    count: int
    lost: int

    def to_json(self) -> dict[str, Any]:
        return {"word": self.word, "count": self.count, "lost": self.lost}


@dataclass
class Diagnosis:
    games: int
    rounds: int
    found: int
    lost: int
    tags: list[TagLine] = field(default_factory=list)
    trend: list[TrendPoint] = field(default_factory=list)
    missed_words: list[MissedWord] = field(default_factory=list)

    @property
    def weaknesses(self) -> list[TagLine]:
        """The kinds that cost points, most points first (what the dashboard's top three are taken from)."""
        return [line for line in self.tags if line.lost > 0]

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "rounds": self.rounds, "found": self.found, "lost": self.lost,
                "tags": [t.to_json() for t in self.tags], "trend": [p.to_json() for p in self.trend],
                "missed_words": [w.to_json() for w in self.missed_words]}


def _has_tag(tag: str) -> GreaterThan:
    return GreaterThan(F("top_tags").bitand(1 << TAGS.index(tag)), 0)


FOUND = Q(move__isnull=False, score__gte=F("top_score"))
"""A round's top is found when the player's play scores as much (another play of the same score counts)."""
LOST = Greatest(F("top_score") - F("score"), 0)


def played_rounds(user: User, player_ids: list[int] | None = None) -> Any:
    """The rounds a player has validated that the coach can read (their round's top copied on the play when it
    was validated): all of them, or those of the given player rows (the user's own, read just before: no join
    back to the players then, and none to the rounds)."""
    plays = DuplicatePlay.objects.filter(validated_at__isnull=False, top_score__isnull=False)
    return plays.filter(player__user=user) if player_ids is None else plays.filter(player_id__in=player_ids)


def diagnosis(user: User, games: int = DEFAULT_GAMES) -> Diagnosis:
    """What kinds of tops ``user`` misses over their last ``games`` finished games, every mode together."""
    games = max(1, min(int(games), MAX_GAMES))
    finished = list(DuplicatePlayer.objects.filter(user=user, finished_at__isnull=False)
                    .order_by("-finished_at", "-id").values_list("pk", "game_id", "finished_at", "total", "top_total")
                    [:games])
    if not finished:
        return Diagnosis(0, 0, 0, 0, [TagLine(tag, 0, 0, 0, 0.0) for tag in TAGS])
    plays = played_rounds(user, [row[0] for row in finished])
    sums: dict[str, Any] = {"rounds": Count("pk"), "found": Count("pk", filter=FOUND), "lost": Sum(LOST)}
    for tag in TAGS:
        has = _has_tag(tag)
        sums[f"{tag}_rounds"] = Count("pk", filter=has)
        sums[f"{tag}_found"] = Count("pk", filter=Q(has) & FOUND)
        sums[f"{tag}_lost"] = Sum(LOST, filter=has)
    totals = plays.aggregate(**sums)
    lost = int(totals["lost"] or 0)
    lines = [TagLine(tag, totals[f"{tag}_rounds"], totals[f"{tag}_found"], int(totals[f"{tag}_lost"] or 0),
                     percent(int(totals[f"{tag}_lost"] or 0), lost)) for tag in TAGS]
    lines.sort(key=lambda line: (-line.lost, -line.rounds, TAGS.index(line.tag)))
    trend = [TrendPoint(game_id, finished_at, percent(total, top_total))  # type: ignore[arg-type]  # finished: the query's filter
             for _pk, game_id, finished_at, total, top_total in reversed(finished)]
    missed = (plays.exclude(FOUND).values("top_word").annotate(count=Count("pk"), lost=Sum(LOST))
              .order_by("-count", "-lost", "top_word")[:MISSED_WORDS])
    words = [MissedWord(row["top_word"], row["count"], int(row["lost"] or 0)) for row in missed]
    return Diagnosis(len(finished), totals["rounds"], totals["found"], lost, lines, trend, words)


def missed_rounds(user: User, tag: str) -> Any:
    """The player's validated rounds whose top has ``tag`` and that they missed, biggest loss first."""
    return (played_rounds(user).filter(_has_tag(tag), round__isnull=False).exclude(FOUND)
            .select_related("round", "player__game__lexicon")
            .annotate(lost=LOST).order_by("-lost", "-validated_at", "-id"))


# --- Puzzles and drills ------------------------------------------------------------------------------------

def rating_of(user: User) -> PuzzleRating:
    """The learner's puzzle rating (Glicko-2's starting values before their first answer; not stored)."""
    found = PuzzleRating.objects.filter(user=user).first()
    return found if found is not None else PuzzleRating(user=user)


def get_drill(user: User, drill_id: Any) -> Drill:
    return get_or_404(Drill.objects.filter(user=user), drill_id, "No such drill.")


def items_of(drill: Drill) -> list[DrillItem]:
    return list(drill.items.select_related("puzzle").order_by("order"))


def get_puzzle(user: User, puzzle_id: Any) -> Puzzle:
    """A puzzle the learner has met (a card of theirs: it was put in one of their drills); else 404."""
    return get_or_404(Puzzle.objects.filter(cards__user=user).select_related("lexicon"), puzzle_id,
                      "No such puzzle.")


def open_item(user: User, puzzle: Puzzle) -> DrillItem | None:
    """The learner's latest unanswered drill place of ``puzzle`` (where an answer or a hint goes), or None."""
    return (DrillItem.objects.filter(drill__user=user, puzzle=puzzle, answered_at__isnull=True)
            .select_related("drill").order_by("-drill__created_at", "-drill_id").first())


def next_item(drill: Drill) -> DrillItem | None:
    return drill.items.filter(answered_at__isnull=True).select_related("puzzle").order_by("order").first()


def last_answer(user: User, puzzle: Puzzle) -> PuzzleAnswer | None:
    return PuzzleAnswer.objects.filter(user=user, puzzle=puzzle).select_related("item__drill").first()


HINTS = ("tag", "length", "square")
"""The hint ladder: the kind of top, then the word's length, then its square and direction."""


def hint_texts(puzzle: Puzzle, tag: str, shown: int) -> list[str]:
    """The first ``shown`` hints of the ladder, in words (the kind trained first, then the top's other kinds)."""
    top = puzzle.top
    kinds = [tag, *(t for t in puzzle_tags(puzzle) if t != tag)]
    texts = [
        gettext("Kind of top: %(kinds)s.") % {"kinds": ", ".join(tag_name(t) for t in kinds)},
        gettext("The word has %(n)s letters.") % {"n": len(top["word"])},
        gettext("It is played at %(coord)s.") % {"coord": format_coord(top["row"], top["col"], top["dir"], "fr")},
    ]
    return texts[:shown]


@dataclass
class PuzzleState:
    """A puzzle as the learner meets it, the page and the API alike: open (its drill place awaiting an answer,
    the hints taken so far) or answered (the last answer, every hint shown), and the kind its drill trains."""

    item: DrillItem | None
    last: PuzzleAnswer | None
    drill: Drill | None
    tag: str
    hints: list[str]

    @property
    def open(self) -> bool:
        return self.item is not None

    @property
    def hints_left(self) -> int:
        return len(HINTS) - len(self.hints)


def puzzle_state(user: User, puzzle: Puzzle) -> PuzzleState:
    item = open_item(user, puzzle)
    last = None if item is not None else last_answer(user, puzzle)
    drill = item.drill if item is not None else (last.item.drill if last is not None and last.item else None)
    tags = puzzle_tags(puzzle)
    tag = drill.tag if drill is not None else (tags[0] if tags else "")
    shown = item.hints if item is not None else (len(HINTS) if last is not None else 0)
    return PuzzleState(item, last, drill, tag, hint_texts(puzzle, tag, shown))


def puzzle_tags(puzzle: Puzzle) -> tuple[str, ...]:
    return tags_of_mask(puzzle.tags)


def due_puzzles(user: User, now: dt.datetime) -> int:
    return PuzzleCard.objects.filter(user=user, due__lte=now).count()


def solved_since(user: User, since: dt.datetime) -> list[dt.datetime]:
    """When ``user`` solved puzzles (found the top) since ``since``: what the daily goal counts of the coach."""
    return list(PuzzleAnswer.objects.filter(user=user, correct=True, created_at__gte=since)
                .values_list("created_at", flat=True))


def bank_task_subject(run: Any) -> Any:
    """The puzzle bank a shared task builds for a lexicon and a kind of top."""
    bank = PuzzleBank.objects.filter(task_run=run).select_related("lexicon").first()
    if bank is None:
        return None
    return TaskSubject(_("Puzzle bank “%(kind)s” of %(lexicon)s") % {"kind": tag_name(bank.tag),
                                                                     "lexicon": bank.lexicon.name})


DASHBOARD_GAMES = 20
DASHBOARD_WEAKNESSES = 3


def dashboard_context(user: User) -> dict[str, Any]:
    """The training dashboard's coach block (a ``dashboard_context`` hook, see :mod:`core.hooks`): the % of the
    top over the last games and the three kinds of tops that cost the most, each with its drill."""
    found = diagnosis(user, DASHBOARD_GAMES)
    return {"coach": found, "coach_weaknesses": found.weaknesses[:DASHBOARD_WEAKNESSES]}
