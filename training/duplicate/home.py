"""The duplicate block of the home page: today's game of the learner's lexicon (``core.home.HomeBlock``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from lexicon.selectors import request_lexicon
from training.duplicate import selectors


def today_context(request: HttpRequest) -> dict[str, Any] | None:
    """Today's game (None until made: the link makes it on demand) and the learner's progress in it."""
    lexicon = request_lexicon(request)
    if lexicon is None:
        return None
    game = selectors.today_game(lexicon)
    player = selectors.player_of(game, request.user) if game is not None else None
    return {"lexicon": lexicon, "today_game": game, "state": selectors.player_state(player)}
