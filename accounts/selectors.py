"""Account reads: a user's preferences (with defaults when they never saved any) and today's progress."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.models import Profile
from core.request_memo import request_memo
from core.selectors import is_user
from lexicon.models import Lexicon
from lexicon.selectors import default_lexicon


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


def preferred_lexicon(user: Any, language: str = "fr") -> Lexicon | None:
    """The lexicon to preselect for ``user``: their chosen default, else the site's default of ``language``
    (worked out once per request and language, like the profile)."""
    memo, key = request_memo(), ("lexicon", getattr(user, "pk", None), language)
    if memo is not None and key in memo:
        return memo[key]
    chosen = profile_of(user).default_lexicon if is_user(user) else None
    lexicon = chosen or default_lexicon(language) or Lexicon.objects.order_by("name").first()
    if memo is not None:
        memo[key] = lexicon
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
