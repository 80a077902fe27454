"""Training grid reads: grids, situations and answers, and the learner's progress. Every ``get_*`` takes
the requesting user and raises ``Http404`` for anyone else's object (the API must not reveal which ids exist).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.selectors import activity_streak
from core.engine_messages import unplaced_reason
from core.request_memo import request_memo
from core.selectors import expire_stale_runs_of, get_or_404, is_user, not_found_message
from core.task_subjects import TaskSubject
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.notation import square_name
from training.grids.models import Answer, Situation, TopFind, TrainingGrid
from training.lists.selectors import review_pace

# --- Grids and situations ------------------------------------------------------------------------------

def grids_of(user) -> QuerySet[TrainingGrid]:
    """The user's grids; their dead generation runs are failed first, so no grid shows as waiting forever."""
    if not is_user(user):
        return TrainingGrid.objects.none()
    expire_stale_runs_of(user)
    return TrainingGrid.objects.filter(owner=user).select_related("task_run", "revision_list", "lexicon")


def get_own_grid(user, grid_id: Any) -> TrainingGrid:
    return get_or_404(grids_of(user), grid_id, "No such grid.")


def grid_status(grid: TrainingGrid) -> str:
    """The grid's status, reconciled with its task: a task that failed outside the grid code (a crashed
    worker) still shows the grid as failed instead of running forever."""
    run = grid.task_run
    if grid.status in (TrainingGrid.Status.PENDING, TrainingGrid.Status.RUNNING) and run is not None:
        if run.state == "failed":
            return TrainingGrid.Status.FAILED
        if run.state == "running" and grid.status == TrainingGrid.Status.PENDING:
            return TrainingGrid.Status.RUNNING
    return grid.status


def grid_building(grid: TrainingGrid) -> bool:
    """The grid is still being built (pending or running, its task reconciled): its situations arrive one by one
    (``training.grids.services.build_grid`` stores each as CBIC builds it), so those already there may be
    played while more are to come; the final board and the reveal wait for the end."""
    unfinished = (TrainingGrid.Status.PENDING, TrainingGrid.Status.RUNNING)
    return grid.status in unfinished and grid_status(grid) in unfinished  # a built grid never reads its run


def nothing_new_since(grid: TrainingGrid, shown: int | None) -> bool:
    """A grid still building whose reader already shows its ``shown`` situations: nothing to redraw yet.

    Why: the grid page polls its body while the grid builds; redrawing it when nothing changed would move the
    learner's focus and make screen readers read the page again."""
    return shown is not None and grid_building(grid) and grid.situations.count() == shown


def grid_progress(grid: TrainingGrid) -> int:
    if grid.status == TrainingGrid.Status.DONE:
        return 100
    return grid.task_run.progress if grid.task_run is not None else 0


def grid_error(grid: TrainingGrid) -> str:
    if grid.error:
        return grid.error
    run = grid.task_run
    return run.error if run is not None and run.state == "failed" else ""


def _mark(situation: Situation, answers: list[Answer], revealed: bool, available: bool,
          top_finds: list[TopFind] | None = None) -> Situation:
    """Set the learner's view of a situation: its one deciding answer (if any) and what it says, the top
    found (``top_find``: another play than the list word; ``top_found``: that, or the list word when it
    scores the top), and whether its board may be shown (``available``, see :func:`situations_with_answers`)."""
    situation.my_answers = answers
    first = answers[0] if answers else None
    situation.top_find = top_finds[0] if top_finds else None
    best = max((int(t.get("score", 0)) for t in situation.top or [] if isinstance(t, dict)), default=None)
    situation.top_found = situation.top_find is not None or bool(first and (
        first.verdict == Answer.Verdict.TOP  # answers recorded when a top decided a situation
        or (first.verdict in (Answer.Verdict.EXPECTED, Answer.Verdict.ANAGRAM) and best is not None
            and first.score >= best)))
    situation.my_answer = first
    situation.answered = first is not None
    situation.solved = bool(first and first.correct)
    situation.verdict = first.verdict if first else None
    situation.wrong = int(bool(first and not first.correct))
    situation.revealed = revealed and first is None
    situation.decided = situation.answered or revealed
    situation.available = available
    return situation


def situations_with_answers(grid: TrainingGrid, user) -> list[Situation]:
    """The grid's situations in order, each with the user's deciding answer (``my_answer``, ``answered``,
    ``solved``, ``verdict``, ``wrong``), ``revealed`` (closed unanswered by a reveal of the grid) and
    ``available``.

    Why ``available``: CBIC builds the grid word after word, so a situation's board (its CGP) holds the
    words of every situation before it, answers included. A board is only sent once every earlier
    situation is decided (answered, or the grid revealed): the learner's current situation and those
    before it. Situations are therefore answered in order."""
    answers = Answer.objects.filter(user=user).order_by("created_at", "id")
    finds = TopFind.objects.filter(user=user)
    situations = list(grid.situations.order_by("order")  # type: ignore[no-redef]  # to_attr: Situation.my_answers
                      .prefetch_related(Prefetch("answers", queryset=answers, to_attr="my_answers"),
                                        Prefetch("top_finds", queryset=finds, to_attr="my_top_finds")))
    revealed = grid.revealed_at is not None
    marked: list[Situation] = []
    earlier_decided = True
    for situation in situations:
        marked.append(_mark(situation, situation.my_answers, revealed, available=earlier_decided,
                            top_finds=situation.my_top_finds))
        earlier_decided = earlier_decided and situation.decided
    return marked


def grid_finished(grid: TrainingGrid, situations: list[Situation]) -> bool:
    """Did the learner answer every situation of the grid (a revealed one does not count)? Only once the grid
    is built: while it builds, answering the situations already there leaves more to come."""
    return (grid.status == TrainingGrid.Status.DONE and bool(situations)
            and all(s.answered for s in situations))


def final_board_visible(grid: TrainingGrid, situations: list[Situation]) -> bool:
    """The final board shows every answer: only once the learner finished the grid or revealed it."""
    return grid.status == TrainingGrid.Status.DONE and (grid.revealed_at is not None
                                                        or grid_finished(grid, situations))


def get_own_situation(user, situation_id: Any) -> Situation:
    """A situation of one of the user's grids; 404 otherwise."""
    if not is_user(user):
        raise Http404(not_found_message(Situation))
    situation = get_or_404(Situation.objects.select_related("grid", "grid__lexicon").filter(grid__owner=user),
                           situation_id, "No such situation.")
    answers = list(situation.answers.filter(user=user).order_by("created_at", "id"))
    finds = list(situation.top_finds.filter(user=user))
    revealed = situation.grid.revealed_at is not None
    return _mark(situation, answers, revealed, available=revealed or not _open_before(situation, user).exists(),
                 top_finds=finds)


def situation_goal(situation: Situation) -> dict[str, Any]:
    """What the situation asks: the list word's length, its support letter and square (the word crosses the
    board there), and whether the board's top is another play (then finding it is credited too)."""
    support = situation.support or {}
    row, col = support.get("row"), support.get("col")
    square = square_name(row, col, "fr") if isinstance(row, int) and isinstance(col, int) else ""
    best = max((int(t.get("score", 0)) for t in situation.top or [] if isinstance(t, dict)), default=None)
    letter = str(support.get("letter", ""))
    return {"length": len(situation.word), "support_letter": letter.lower() if support.get("blank") else letter.upper(),
            "support_square": square, "support_blank": bool(support.get("blank")),
            "top_is_other_play": best is not None and int(situation.expected.get("score", 0)) < best,
            "anagram_counts": bool(square)}


def _open_before(situation: Situation, user) -> QuerySet[Situation]:
    """The situations of the same grid before ``situation`` that ``user`` has not answered yet."""
    return (Situation.objects.filter(grid_id=situation.grid_id, order__lt=situation.order)
            .exclude(answers__user=user).order_by("order"))


def current_situation(situation: Situation, user) -> Situation | None:
    """The situation to answer before ``situation`` (the first one of the grid still open), if any."""
    if situation.grid.revealed_at is not None:
        return None
    return _open_before(situation, user).first()


def unplaced_words(grid: TrainingGrid) -> list[dict[str, Any]]:
    """The words CBIC left out, each with its reason in the reader's language (translated by code;
    grids stored before codes existed keep their English reason)."""

    return [{"word": item.get("word", ""), "spec": item.get("spec", ""), "reason": unplaced_reason(item),
             "code": item.get("code", ""), "params": item.get("params") or {}}
            for item in grid.unplaced or [] if isinstance(item, dict)]


def situation_rows(situation: Situation) -> list[str]:
    """The 15 rows of the situation's board (before the word is played), ``.`` for empty squares."""
    return parse_cgp(situation.cgp).board.rows()


def next_situation(situation: Situation, user) -> Situation | None:
    """The next situation of the same grid the user has not answered yet (after this one, then from the start)."""
    if situation.grid.revealed_at is not None:
        return None
    answered = Answer.objects.filter(user=user, situation__grid=situation.grid_id).values("situation")
    open_ones = situation.grid.situations.exclude(pk=situation.pk).exclude(pk__in=answered).order_by("order")
    return open_ones.filter(order__gt=situation.order).first() or open_ones.first()


@dataclass
class DayAccuracy:
    date: dt.date
    answers: int
    correct: int

    @property
    def accuracy(self) -> float | None:
        """The day's share of right answers; None for a day without answers (a gap, not 0 %)."""
        return self.correct / self.answers if self.answers else None


def answers_since_moment(user, since: dt.datetime) -> list[tuple[dt.datetime, bool]]:
    """``(created_at, correct)`` of the user's answers since ``since``, oldest first, read once per request
    (``core.request_memo``): the dashboard's accuracy and its 30 days of activity both ask for the same days."""
    memo, key = request_memo(), ("answers-since", user.pk, since)
    if memo is not None and key in memo:
        return memo[key]
    rows = list(Answer.objects.filter(user=user, created_at__gte=since).order_by("created_at", "id")
                .values_list("created_at", "correct"))
    if memo is not None:
        memo[key] = rows
    return rows


def accuracy_by_day(user, days: int = 30, now: dt.datetime | None = None) -> list[DayAccuracy]:
    """One point per day of the last ``days`` days (local dates, today included), empty days with 0 answers."""
    today = timezone.localdate(now or timezone.now())
    first = today - dt.timedelta(days=days - 1)
    per_day: dict[dt.date, list[int]] = defaultdict(lambda: [0, 0])
    start = timezone.make_aware(dt.datetime.combine(first, dt.time.min))
    for created_at, correct in answers_since_moment(user, start):
        day = timezone.localdate(created_at)
        per_day[day][0] += 1
        per_day[day][1] += int(correct)
    return [DayAccuracy(first + dt.timedelta(days=k), *per_day.get(first + dt.timedelta(days=k), (0, 0)))
            for k in range(days)]


def streak(user, now: dt.datetime | None = None) -> int:
    """Consecutive days with activity ending today (or yesterday: today is not over yet): every kind the daily
    goal counts (grid answers, duplicate rounds, quiz answers), not grid answers alone, so the dashboard's
    "days in a row" and its daily goal agree (:func:`accounts.selectors.activity_streak`)."""
    if not is_user(user):
        return 0
    return activity_streak(user, now)


def hardest_words(user, limit: int = 10) -> list[dict[str, Any]]:
    """Words answered wrongly most often (then with the lowest success rate): what to work on."""
    rows = (Answer.objects.filter(user=user, situation__entry__isnull=False)
            .values("situation__entry", "situation__entry__word", "situation__entry__revision_list__name")
            .annotate(answers=Count("id"), wrong=Count("id", filter=Q(correct=False)))
            .filter(wrong__gt=0)
            .order_by("-wrong", "answers", "situation__entry__word")[:limit])
    return [{"entry": row["situation__entry"], "word": row["situation__entry__word"],
             "list": row["situation__entry__revision_list__name"], "answers": row["answers"],
             "wrong": row["wrong"]} for row in rows]


def progress_summary(user, now: dt.datetime | None = None) -> dict[str, Any]:
    """Everything the dashboard and ``GET /api/progress/`` show, computed from cards and answers. What is due
    counts the new words (never reviewed) the learner's daily cap lets in today, no more
    (:func:`training.lists.selectors.review_pace`): ``new_waiting`` says how many wait for the next days."""
    pace = review_pace(user, now)  # the cards' counts (once per request when ``now`` is not given)
    now = now or timezone.now()
    if not is_user(user):
        answers = {"total": 0, "correct": 0}
    else:  # one query for the answers' counts
        answers = Answer.objects.filter(user=user).aggregate(total=Count("id"), correct=Count("id", filter=Q(correct=True)))
    total_answers, correct = answers["total"], answers["correct"]
    return {
        "due_now": pace.due_now,
        "due_today": pace.due_today,
        "new_cap": pace.new_cap,
        "new_today": pace.new_today,
        "new_due": pace.new_due,
        "new_waiting": pace.new_waiting,
        "reviews_due": pace.reviews_due,
        "cards": pace.cards,
        "learned": pace.learned,
        "answers": total_answers,
        "correct": correct,
        "wrong": total_answers - correct,
        "accuracy": round(correct / total_answers, 4) if total_answers else None,
        "streak": streak(user, now),
        "accuracy_by_day": accuracy_by_day(user, 30, now),
        "hardest": hardest_words(user),
    }


def answers_since(user, since: dt.datetime) -> int:
    """How many answers ``user`` gave since ``since`` (the daily goal counts them; a hook, see core.hooks)."""
    return Answer.objects.filter(user=user, created_at__gte=since).count()


def grid_task_subject(run: Any) -> Any:
    """The training grid a generation task builds, for progress bars shown away from its page."""
    grid = TrainingGrid.objects.filter(task_run=run).select_related("revision_list").first()
    if grid is None:
        return None
    label = (_("Training grid %(n)s (list “%(list)s”)") % {"n": grid.pk, "list": grid.revision_list.name}
             if grid.revision_list else _("Training grid %(n)s") % {"n": grid.pk})
    return TaskSubject(label, reverse("training:grid", args=[grid.pk]))
