"""The home page's block of the crossword of the day."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from lexicon.selectors import request_lexicon
from puzzles.crosswords.services import DAILY_SIZE, find_daily_crossword


def home_context(request: HttpRequest) -> dict[str, Any] | None:
    """The home page's block: today's crossword of the learner's lexicon (ready, being made, or not asked yet)."""
    lexicon = request_lexicon(request)
    if lexicon is None:
        return None
    return {"lexicon": lexicon, "crossword": find_daily_crossword(lexicon), "size": DAILY_SIZE,
            "today": timezone.localdate()}
