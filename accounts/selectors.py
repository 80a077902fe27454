"""Account reads: a user's preferences (with defaults when they never saved any), today's progress towards
the daily goal and the activity of the last days (grid answers, duplicate rounds, quiz answers)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.models import Profile
from core.selectors import is_user
from lexicon.models import Lexicon
from lexicon.selectors import default_lexicon


def profile_of(user: Any) -> Profile:
    """The user's profile; an unsaved one with the defaults when they have none (nothing written on read)."""
    if not is_user(user):
        return Profile()
    profile = Profile.objects.select_related("default_lexicon").filter(user=user).first()
    return profile if profile is not None else Profile(user=user)


def preferred_lexicon(user: Any, language: str = "fr") -> Lexicon | None:
    """The lexicon to preselect for ``user``: their chosen default, else the site's default of ``language``."""
    chosen = profile_of(user).default_lexicon if is_user(user) else None
    return chosen or default_lexicon(language) or Lexicon.objects.order_by("name").first()


ACTIVITY_KINDS = ("answers", "rounds", "quiz")
"""What the daily goal counts: training-grid answers, duplicate rounds played, word-study quiz answers."""


@dataclass(frozen=True)
class DayActivity:
    """One local day's activity: grid answers, duplicate rounds played, final quiz answers."""

    date: dt.date
    answers: int = 0
    rounds: int = 0
    quiz: int = 0

    @property
    def total(self) -> int:
        return self.answers + self.rounds + self.quiz


def _activity_times(user: Any, since: dt.datetime) -> dict[str, list[dt.datetime]]:
    """When each piece of activity since ``since`` happened, per kind (accounts sits below training:
    its models are imported at call time)."""
    from training.duplicate.models import DuplicatePlay
    from training.models import Answer
    from training.wordstudy.models import QuizAnswer

    answers = list(Answer.objects.filter(user=user, created_at__gte=since).values_list("created_at", flat=True))
    # A round counts when it was played: validated, or else its last play in time (a timed-out round
    # with a play in the fields counts too; one without any play does not).
    rounds = [validated or played for validated, played in DuplicatePlay.objects.filter(
        Q(validated_at__gte=since) | Q(validated_at__isnull=True, played_at__gte=since),
        player__user=user).values_list("validated_at", "played_at")]
    # A quiz question counts once, at its final answer (word-wall words typed on the way do not).
    quiz = list(QuizAnswer.objects.filter(user=user, final=True, question__isnull=False,
                                          created_at__gte=since).values_list("created_at", flat=True))
    return {"answers": answers, "rounds": rounds, "quiz": quiz}


def activity_by_day(user: Any, days: int = 30, now: dt.datetime | None = None) -> list[DayActivity]:
    """One :class:`DayActivity` per local day of the last ``days`` days (today included, empty days too)."""
    today = timezone.localdate(now or timezone.now())
    first = today - dt.timedelta(days=days - 1)
    if not is_user(user):
        return [DayActivity(first + dt.timedelta(days=k)) for k in range(days)]
    since = timezone.make_aware(dt.datetime.combine(first, dt.time.min))
    counts: dict[dt.date, dict[str, int]] = {}
    for kind, times in _activity_times(user, since).items():
        for moment in times:
            day = counts.setdefault(timezone.localdate(moment), dict.fromkeys(ACTIVITY_KINDS, 0))
            day[kind] += 1
    return [DayActivity(first + dt.timedelta(days=k), **counts.get(first + dt.timedelta(days=k), {}))
            for k in range(days)]


def activity_today(user: Any) -> DayActivity:
    """Today's activity (since local midnight): what the daily goal counts."""
    return activity_by_day(user, 1)[0]


def answers_today(user: Any) -> int:
    """What the daily goal counts today: training answers, duplicate rounds played and quiz answers."""
    return activity_today(user).total


def daily_goal_status(user: Any) -> dict[str, Any]:
    """``{"goal", "done", "percent", "reached", "answers", "rounds", "quiz"}`` for the home page, the
    dashboard, the account page and the API: ``done`` sums the three kinds of activity."""
    goal = profile_of(user).daily_goal
    today = activity_today(user)
    done = today.total
    return {"goal": goal, "done": done, "percent": min(100, round(100 * done / goal)) if goal else 100,
            "reached": done >= goal, "answers": today.answers, "rounds": today.rounds, "quiz": today.quiz}
