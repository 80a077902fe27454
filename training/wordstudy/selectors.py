"""Word-study reads. Quizzes are looked up through the owner, so another user's quiz is a 404."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from core.selectors import is_user
from core.shared_cache import shared
from core.task_subjects import TaskSubject
from lexicon.models import Lexicon
from training.wordstudy.models import (
    AlphagramCard,
    AlphagramPlayability,
    AlphagramRanking,
    DailyChallenge,
    Quiz,
    QuizQuestion,
)
from training.wordstudy.ranking import ranking_of

FSRS_STATES = {1: "learning", 2: "review", 3: "relearning"}


def quizzes_of(user) -> QuerySet[Quiz]:
    if not is_user(user):
        return Quiz.objects.none()
    return Quiz.objects.filter(owner=user).select_related("lexicon", "challenge")


def questions_of(quiz: Quiz) -> list[QuizQuestion]:
    return list(quiz.questions.all())


def next_open_question(quiz: Quiz) -> QuizQuestion | None:
    """Flash mode: the first question not closed yet."""
    return quiz.questions.filter(settled_at__isnull=True).first()


@dataclass(frozen=True)
class Score:
    questions: int
    right: int  # questions closed with every answer and nothing wrong
    answers: int
    found: int
    wrong: int
    seconds: int | None
    slow: int = 0  # right, but past the passing time: reviewed as missed

    def to_json(self) -> dict[str, Any]:
        return {"questions": self.questions, "right": self.right, "answers": self.answers, "found": self.found,
                "wrong": self.wrong, "seconds": self.seconds, "slow": self.slow}


def score_of(quiz: Quiz, questions: list[QuizQuestion] | None = None) -> Score:
    questions = questions if questions is not None else questions_of(quiz)
    end = quiz.finished_at
    seconds = None
    if end is not None:
        seconds = max(0, int((end - quiz.created_at).total_seconds()))
        if quiz.time_limit:
            seconds = min(seconds, quiz.time_limit)
    return Score(
        questions=len(questions),
        right=sum(1 for q in questions if q.correct),
        answers=sum(len(q.answers) for q in questions),
        found=sum(len(q.found) for q in questions),
        wrong=sum(len(q.wrong) for q in questions) + quiz.answers.filter(question__isnull=True).exclude(wrong=[]).count(),
        seconds=seconds,
        slow=sum(1 for q in questions if q.slow),
    )


# --- Card box ---------------------------------------------------------------------------------------------

def cards_of(user, lexicon: Lexicon | None = None) -> QuerySet[AlphagramCard]:
    if not is_user(user):
        return AlphagramCard.objects.none()
    cards = AlphagramCard.objects.filter(owner=user).select_related("lexicon")
    return cards.filter(lexicon=lexicon) if lexicon is not None else cards


def due_cards(user, lexicon: Lexicon | None = None, now=None) -> QuerySet[AlphagramCard]:
    """The user's alphagram cards due now (earliest first)."""
    return cards_of(user, lexicon).filter(due__lte=now or timezone.now()).order_by("due", "id")


@dataclass(frozen=True)
class CardBox:
    total: int
    due: int
    by_state: dict[str, int]
    next_due: Any  # the first card due after ``now`` (None when none is)
    now: Any = None  # the moment the box was read: the due cards listed beside it are read at the same moment


def card_box(user, lexicon: Lexicon | None = None, now=None) -> CardBox:
    """The card box at ``now`` (default: the current time): its cards by FSRS state, how many are due and when the
    next one falls due. A page that lists the due cards too reads them with the same ``now``, so it never says
    "nothing is due" beside a card due by then."""
    cards = cards_of(user, lexicon)
    now = now or timezone.now()
    states = Counter(cards.values_list("state", flat=True))
    upcoming = cards.filter(due__gt=now).order_by("due").values_list("due", flat=True).first()
    return CardBox(total=sum(states.values()), due=cards.filter(due__lte=now).count(),
                   by_state={name: states.get(code, 0) for code, name in FSRS_STATES.items()}, next_due=upcoming,
                   now=now)


# --- Challenges -------------------------------------------------------------------------------------------

def todays_challenge(lexicon: Lexicon) -> DailyChallenge | None:
    """Today's challenge of ``lexicon`` (None until someone opens it): the same for every learner, kept in the
    cache until a challenge of that day is saved or deleted (``core.shared_cache``)."""
    day = timezone.localdate()
    return shared(f"challenge:{lexicon.pk}:{day.isoformat()}",
                  lambda: DailyChallenge.objects.filter(lexicon=lexicon, day=day).first())


def challenge_keys(challenge: DailyChallenge) -> list[str]:
    return [f"challenge:{challenge.lexicon_id}:{challenge.day.isoformat()}"]


def own_try(user, challenge: DailyChallenge) -> Quiz | None:
    if not is_user(user):
        return None
    return Quiz.objects.filter(challenge=challenge, owner=user).first()


def ranking_state(lexicon: Lexicon) -> Any:
    """The ranking row of the lexicon's serving version (None before the first demand)."""
    return ranking_of(lexicon)


def ranking_task_subject(run: Any) -> Any:
    """The word-study ranks a shared task computes for a lexicon's word list."""
    ranking = AlphagramRanking.objects.filter(task_run=run).first()
    if ranking is None:
        return None
    names = list(Lexicon.objects.filter(content_hash=ranking.content_hash).values_list("name", flat=True)[:3])
    return TaskSubject(_("Word-study ranks of %(lexicon)s") % {"lexicon": ", ".join(names) or "—"})


def playability_task_subject(run: Any) -> Any:
    """The word-study playability a shared task computes (duplicate games played) for a lexicon's word list."""
    playability = AlphagramPlayability.objects.filter(task_run=run).first()
    if playability is None:
        return None
    names = list(Lexicon.objects.filter(content_hash=playability.content_hash).values_list("name", flat=True)[:3])
    return TaskSubject(_("Word-study playability of %(lexicon)s (%(games)s games)")
                       % {"lexicon": ", ".join(names) or "—",
                          "games": number_format(playability.games, force_grouping=True)})


def playability_games(quiz: Quiz) -> int | None:
    """How many games the playability a quiz ordered by it was drawn from (None for other quizzes, or when the
    row is gone): the quiz pages say "tops in N games"."""
    if quiz.order != Quiz.Order.PLAYABILITY:
        return None
    return (AlphagramPlayability.objects.filter(content_hash=quiz.content_hash, language=quiz.lexicon.language)
            .values_list("games", flat=True).first())
