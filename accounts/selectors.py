"""Account reads: a user's preferences (with defaults when they never saved any), today's progress towards
the daily goal and the activity of the last days (grid answers, duplicate rounds, quiz answers)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import Profile
from core.hooks import app_hooks
from core.request_memo import request_memo
from core.selectors import is_user
from lexicon.models import Lexicon


def profile_of(user: Any) -> Profile:
    """The user's profile; an unsaved one with the defaults when they have none (nothing written on read).

    Read once per request (``core.request_memo``): the home page's blocks, the forms and the daily goal each
    ask for it; ``update_profile`` drops it.
    """
    if not is_user(user):
        return Profile()
    memo, key = request_memo(), ("profile", user.pk)
    if memo is not None and key in memo:
        return memo[key]
    profile = Profile.objects.select_related("default_lexicon").filter(user=user).first() or Profile(user=user)
    if memo is not None:
        memo[key] = profile
    return profile


def forget_preferences(user: Any) -> None:
    """Drop what this request kept of ``user``'s profile and preferred lexicon (they changed)."""
    memo = request_memo()
    if memo is not None:
        for key in [key for key in memo if key[0] in ("profile", "lexicon") and key[1] == user.pk]:
            del memo[key]


def chosen_lexicon(user: Any) -> Lexicon | None:
    """The default lexicon ``user`` chose on their account page (None: the site's default); a hook of
    :func:`lexicon.selectors.preferred_lexicon`."""
    return profile_of(user).default_lexicon if is_user(user) else None


def token_owner(key: str) -> Token | None:
    """API token ``key`` with its owner, the owner's profile and default lexicon, in one query and once per
    request (``core.request_memo``): the language middleware and the authentication both need it, then the
    view the profile (the language, the preferred lexicon, the daily goal). None when there is no such token."""
    memo, memo_key = request_memo(), ("token", key)
    if memo is not None and memo_key in memo:
        return memo[memo_key]
    token = (Token.objects.select_related("user", "user__profile", "user__profile__default_lexicon")
             .filter(key=key).first())
    if memo is not None:
        memo[memo_key] = token
        if token is not None:  # what profile_of would read next
            profile = token.user._state.fields_cache.get("profile")
            memo[("profile", token.user.pk)] = profile or Profile(user=token.user)
    return token


def token_language(key: str) -> str | None:
    """The language of the owner of API token ``key`` (None when there is no such token or the owner has no
    profile); a hook of :class:`core.middleware.ChosenLanguageMiddleware`."""
    token = token_owner(key)
    profile = token.user._state.fields_cache.get("profile") if token is not None else None
    if profile is None or profile.pk is None:  # no profile saved: not the defaults of an unsaved one
        return None
    return profile.language


ACTIVITY_KINDS = ("answers", "rounds", "quiz", "puzzles")
"""What the daily goal counts: training-grid answers, duplicate rounds played (with a play: an empty
validation is not practice), word-study quiz answers, the coach's puzzles solved."""


@dataclass(frozen=True)
class DayActivity:
    """One local day's activity: grid answers, duplicate rounds played, final quiz answers, puzzles solved."""

    date: dt.date
    answers: int = 0
    rounds: int = 0
    quiz: int = 0
    puzzles: int = 0

    @property
    def total(self) -> int:
        return self.answers + self.rounds + self.quiz + self.puzzles

    @property
    def active(self) -> bool:
        """Whether the learner practised that day: the one definition the daily goal's chart and the streak share
        (any grid answer, duplicate round played, final quiz answer or puzzle solved counts)."""
        return self.total > 0


def _activity_times(user: Any, since: dt.datetime) -> dict[str, list[dt.datetime]]:
    """When each piece of activity since ``since`` happened, per kind, from every app's
    ``activity_since(user, since)`` hook (core.hooks: training knows its grids, rounds and quizzes).
    Read once per request (``core.request_memo``): the dashboard's chart and its streak read the same days."""
    memo, key = request_memo(), ("activity-times", user.pk, since)
    if memo is not None and key in memo:
        return memo[key]
    times: dict[str, list[dt.datetime]] = {kind: [] for kind in ACTIVITY_KINDS}
    for hook in app_hooks("activity_since"):
        for kind, moments in hook(user, since).items():
            times.setdefault(kind, []).extend(moments)
    if memo is not None:
        memo[key] = times
    return times


def activity_by_day(user: Any, days: int = 30, now: dt.datetime | None = None) -> list[DayActivity]:
    """One :class:`DayActivity` per local day of the last ``days`` days (today included, empty days too)."""
    today = timezone.localdate(now or timezone.now())
    first = today - dt.timedelta(days=days - 1)
    if not is_user(user):
        return [DayActivity(first + dt.timedelta(days=k)) for k in range(days)]
    since = timezone.make_aware(dt.datetime.combine(first, dt.time.min))
    counts: dict[dt.date, dict[str, int]] = {}
    for kind, times in _activity_times(user, since).items():
        if kind not in ACTIVITY_KINDS:
            continue
        for moment in times:
            day = counts.setdefault(timezone.localdate(moment), dict.fromkeys(ACTIVITY_KINDS, 0))
            day[kind] += 1
    return [DayActivity(first + dt.timedelta(days=k), **counts.get(first + dt.timedelta(days=k), {}))
            for k in range(days)]


STREAK_FIRST_WINDOW = 30
"""Days read at first for a streak (the dashboard's 30 days of activity, read once for both); a streak as long
as the window reads twice as many days, and so on."""
STREAK_LONGEST = STREAK_FIRST_WINDOW * 2 ** 10
"""The most days a streak reads (about 84 years): the doubling stops there whatever the data say."""


def activity_streak(user: Any, now: dt.datetime | None = None) -> int:
    """Consecutive local days with activity (:attr:`DayActivity.active`, what the daily goal counts), ending
    today, or yesterday while today has none yet (the day is not over). The days are read in windows that
    double while the streak fills them: a usual streak costs one read of a month."""
    days = STREAK_FIRST_WINDOW
    while True:
        activity = activity_by_day(user, days, now)
        if not activity[-1].active:
            activity = activity[:-1]  # today not played yet: the streak may still end yesterday
        count = 0
        for day in reversed(activity):
            if not day.active:
                return count
            count += 1
        if count == 0 or days >= STREAK_LONGEST:
            return count
        days *= 2


def activity_today(user: Any) -> DayActivity:
    """Today's activity (since local midnight): what the daily goal counts."""
    return activity_by_day(user, 1)[0]


def answers_today(user: Any) -> int:
    """What the daily goal counts today: training answers, duplicate rounds played, quiz answers, puzzles solved."""
    return activity_today(user).total


def daily_goal_status(user: Any, today: DayActivity | None = None) -> dict[str, Any]:
    """``{"goal", "done", "percent", "reached", "answers", "rounds", "quiz", "puzzles"}`` for the home page, the
    dashboard, the account page and the API: ``done`` sums the kinds of activity. ``today``: today's
    :class:`DayActivity` when the caller has it already (the last day of :func:`activity_by_day`)."""
    goal = profile_of(user).daily_goal
    today = today if today is not None else activity_today(user)
    done = today.total
    return {"goal": goal, "done": done, "percent": min(100, round(100 * done / goal)) if goal else 100,
            "reached": done >= goal, "answers": today.answers, "rounds": today.rounds, "quiz": today.quiz,
            "puzzles": today.puzzles}


def me_of(user) -> dict:
    """What ``GET /api/auth/me/`` shows: the user, their preferences, today's progress towards the goal (by
    kind) and the activity of the last 30 days."""
    profile = profile_of(user)
    activity = activity_by_day(user, 30)
    goal = daily_goal_status(user, activity[-1])
    return {"username": user.get_username(), "email": user.email or "", "is_staff": user.is_staff,
            "language": profile.language, "default_lexicon": profile.default_lexicon_id,
            "daily_goal": profile.daily_goal, "new_cards_per_day": profile.new_cards_per_day,
            "passing_seconds": profile.passing_seconds, "answers_today": goal["done"], "goal_reached": goal["reached"],
            "activity_today": {kind: goal[kind] for kind in ACTIVITY_KINDS},
            "activity": [{"date": day.date, "answers": day.answers, "rounds": day.rounds, "quiz": day.quiz,
                          "puzzles": day.puzzles} for day in activity]}
