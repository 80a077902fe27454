"""The lookups block of the home page: check a word, find anagrams or a pattern in the learner's lexicon."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from lexicon.selectors import request_lexicon


def lookups_context(request: HttpRequest) -> dict[str, Any] | None:
    lexicon = request_lexicon(request)
    return {"lexicon": lexicon} if lexicon is not None else None
