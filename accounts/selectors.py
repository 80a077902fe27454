"""Account reads: a user's preferences (with defaults when they never saved any) and today's progress."""

from __future__ import annotations

import contextlib
from typing import Any

from django.utils import timezone

from accounts.models import Profile
from core.selectors import is_user
from lexicon.models import Lexicon
from lexicon.selectors import default_lexicon

PROFILE_MEMO = "_tirage_profile"
LEXICON_MEMO = "_tirage_preferred_lexicons"


def profile_of(user: Any) -> Profile:
    """The user's profile; an unsaved one with the defaults when they have none (nothing written on read).

    Read once per request: kept on the user object (``request.user`` lives as long as the request), since
    the home page's blocks, the forms and the daily goal each ask for it; ``update_profile`` replaces it.
    """
    if not is_user(user):
        return Profile()
    profile = getattr(user, PROFILE_MEMO, None)
    if profile is None:
        profile = Profile.objects.select_related("default_lexicon").filter(user=user).first() or Profile(user=user)
        setattr(user, PROFILE_MEMO, profile)
    return profile


def forget_preferences(user: Any) -> None:
    """Drop what :func:`profile_of` and :func:`preferred_lexicon` kept on ``user`` (its profile changed)."""
    for name in (PROFILE_MEMO, LEXICON_MEMO):
        with contextlib.suppress(AttributeError):
            delattr(user, name)


def preferred_lexicon(user: Any, language: str = "fr") -> Lexicon | None:
    """The lexicon to preselect for ``user``: their chosen default, else the site's default of ``language``
    (worked out once per request and language, kept on the user object like the profile)."""
    memo = getattr(user, LEXICON_MEMO, None) if user is not None else None
    if memo is not None and language in memo:
        return memo[language]
    chosen = profile_of(user).default_lexicon if is_user(user) else None
    lexicon = chosen or default_lexicon(language) or Lexicon.objects.order_by("name").first()
    if user is not None:
        with contextlib.suppress(AttributeError):  # an object that takes no attributes: no memo
            setattr(user, LEXICON_MEMO, {**(memo or {}), language: lexicon})
    return lexicon


def answers_today(user: Any) -> int:
    """Training answers the user gave since local midnight (what the daily goal counts)."""
    if not is_user(user):
        return 0
    from training.models import Answer  # accounts sits below training: import at call time

    midnight = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    return Answer.objects.filter(user=user, created_at__gte=midnight).count()


def daily_goal_status(user: Any) -> dict[str, int | bool]:
    """``{"goal", "done", "percent", "reached"}`` for the home page, the dashboard and the API."""
    goal = profile_of(user).daily_goal
    done = answers_today(user)
    return {"goal": goal, "done": done, "percent": min(100, round(100 * done / goal)) if goal else 100,
            "reached": done >= goal}
