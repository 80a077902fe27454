"""Account reads: a user's preferences (with defaults when they never saved any) and today's progress."""

from __future__ import annotations

from typing import Any

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


def answers_today(user: Any) -> int:
    """Training answers the user gave since local midnight (what the daily goal counts)."""
    if not is_user(user):
        return 0
    from training.grids.models import Answer

    midnight = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    return Answer.objects.filter(user=user, created_at__gte=midnight).count()


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
