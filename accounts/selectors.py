"""Account reads: a user's preferences (with defaults when they never saved any) and today's progress."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

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


def token_language(key: str) -> str | None:
    """The language of the owner of API token ``key`` (None when there is no such token); a hook of
    :class:`core.middleware.LanguageMiddleware`."""
    return (Profile.objects.filter(user__auth_token__key=key).values_list("language", flat=True).first())


def answers_today(user: Any) -> int:
    """Training answers the user gave since local midnight (what the daily goal counts)."""
    if not is_user(user):
        return 0
    midnight = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    return sum(count(user, midnight) for count in app_hooks("answers_since"))


def daily_goal_status(user: Any) -> dict[str, int | bool]:
    """``{"goal", "done", "percent", "reached"}`` for the home page, the dashboard and the API."""
    goal = profile_of(user).daily_goal
    done = answers_today(user)
    return {"goal": goal, "done": done, "percent": min(100, round(100 * done / goal)) if goal else 100,
            "reached": done >= goal}


def me_of(user) -> dict:
    """What ``GET /api/auth/me/`` shows: the user, their preferences and today's progress towards the goal."""
    profile = profile_of(user)
    goal = daily_goal_status(user)
    return {"username": user.get_username(), "email": user.email or "", "is_staff": user.is_staff,
            "language": profile.language, "default_lexicon": profile.default_lexicon_id,
            "daily_goal": profile.daily_goal, "answers_today": goal["done"], "goal_reached": goal["reached"]}
