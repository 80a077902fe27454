"""The training block of the home page: where to start (starter lists, a grid in one click, the daily goal)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from accounts.selectors import daily_goal_status
from accounts.services import EDITORIAL_USERNAME
from lexicon.selectors import request_lexicon
from training.lists import selectors


def start_context(request: HttpRequest) -> dict[str, Any] | None:
    """The starter lists of the learner's lexicon; the first list of 7-letter words offers the grid."""
    lexicon = request_lexicon(request)
    starters = selectors.starter_lists(lexicon, EDITORIAL_USERNAME) if lexicon is not None else []
    grid_list = next((lst for lst in starters if "7" in lst.name), starters[0] if starters else None)
    copied = selectors.copied_from(request.user, [lst.pk for lst in starters]) if starters else set()
    return {"lexicon": lexicon, "starters": starters, "grid_list": grid_list, "copied": copied,
            "goal": daily_goal_status(request.user)}
