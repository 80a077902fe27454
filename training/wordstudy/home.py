"""The word-study block of the home page: today's challenge of the learner's lexicon (slot 40)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from lexicon.selectors import request_lexicon
from training.wordstudy.selectors import own_try, todays_challenge


def challenge_context(request: HttpRequest) -> dict[str, Any] | None:
    """The lexicon, today's challenge if someone has opened it, and the learner's try; None without a lexicon."""
    lexicon = request_lexicon(request)
    if lexicon is None:
        return None
    challenge = todays_challenge(lexicon)
    return {"lexicon": lexicon, "challenge": challenge,
            "mine": own_try(request.user, challenge) if challenge is not None else None}
