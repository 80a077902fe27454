"""What the daily goal counts, by kind (a hook of :mod:`accounts.selectors`, see :mod:`core.hooks`): answers in
training grids, duplicate rounds played, word-study quiz answers, the coach's puzzles solved."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Q

from training.coach.selectors import solved_since
from training.duplicate.models import DuplicatePlay
from training.grids.selectors import answers_since_moment
from training.wordstudy.models import QuizAnswer


def activity_since(user: Any, since: dt.datetime) -> dict[str, list[dt.datetime]]:
    """When ``user`` practised since ``since``: ``{"answers", "rounds", "quiz", "puzzles"}``, each a list of
    moments."""
    answers = [created_at for created_at, _correct in answers_since_moment(user, since)]
    # A round counts when it was played: a play was made (an empty "Validate" is not practice), counted when
    # it was validated, or else at its last play in time (a timed-out round with a play in the fields counts).
    rounds = [validated or played for validated, played in DuplicatePlay.objects.filter(
        Q(validated_at__gte=since) | Q(validated_at__isnull=True, played_at__gte=since),
        player__user=user).exclude(word="").values_list("validated_at", "played_at")]
    # A quiz question counts once, at its final answer (word-wall words typed on the way do not).
    quiz = list(QuizAnswer.objects.filter(user=user, final=True, question__isnull=False,
                                          created_at__gte=since).values_list("created_at", flat=True))
    return {"answers": answers, "rounds": rounds, "quiz": quiz, "puzzles": solved_since(user, since)}  # type: ignore[dict-item]  # each row has one of its two dates (the query's filter)
