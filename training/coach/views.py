"""The coach's pages (htmx) under ``/training/coach/``: "Mon entraîneur" (the diagnosis), drills, puzzles.

Thin like every training view: reads through :mod:`.selectors`, writes through :mod:`.services`. Every form
works without JavaScript (POST and redirect); with htmx the answer form swaps only its feedback, and the
puzzle board takes placed plays with the duplicate page's own script (the same component everywhere a play is
entered).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from core.http import HtmxHttpRequest
from core.validation import parse_query_integer
from engine.scrabble.cgp import parse_cgp
from training.coach import selectors, services
from training.coach.forms import DrillForm
from training.coach.models import Puzzle
from training.duplicate.forms import PlayForm
from training.duplicate.services import PlayError

TREND_SHOWN = 100
"""Games the page's chart and table show, the last ones: a line of 500 dots reads no better than one of 100,
and drawing each point costs the page (the API gives every game)."""


def _games(request: HttpRequest) -> int:
    try:
        return parse_query_integer(request.GET.get("games"), name="games", default=selectors.DEFAULT_GAMES,
                                   minimum=1, maximum=selectors.MAX_GAMES)
    except ValueError:
        return selectors.DEFAULT_GAMES


@login_required
@require_GET
def coach(request: HttpRequest) -> HttpResponse:
    """"Mon entraîneur": which kinds of tops cost the player points over their last games, the % of the top per
    game, the words missed most, and a drill one click away for each weakness."""
    games = _games(request)
    diagnosis = selectors.diagnosis(request.user, games)
    return render(request, "training/coach/coach.html", {
        "diagnosis": diagnosis, "games": games, "game_choices": selectors.GAME_CHOICES,
        "trend": diagnosis.trend[-TREND_SHOWN:],
        "rating": selectors.rating_of(request.user), "drill_form": DrillForm(user=request.user),
        "max_lost": max([line.lost for line in diagnosis.tags] + [1])})


def _go(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """A redirect, or for an htmx request (the bank's wait, an answer) the browser sent there by htmx."""
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


@login_required
@require_POST
def new_drill(request: HtmxHttpRequest) -> HttpResponse:
    """Make a drill of the kind chosen; while the bank of that kind is being built, its progress bar, and the
    drill made once the bank is ready."""
    form = DrillForm(request.POST, user=request.user)
    if not form.is_valid():
        return render(request, "training/coach/drill_wait.html", {"form": form}, status=400)
    data = form.cleaned_data
    try:
        outcome = services.create_drill(request.user, data["tag"], data["count"] or services.DRILL_SIZE,
                                        length=data["length"], my_lists=data["my_lists"], lexicon=data["lexicon"])
    except services.CoachError as exc:
        return render(request, "training/coach/drill_wait.html", {"form": form, "error": exc, "run": exc.run},
                      status=409 if exc.run is None else 200)
    return _go(request, reverse("training:coach-drill", args=[outcome.drill.pk]))


@never_cache
@login_required
@require_GET
def drill(request: HttpRequest, drill_id: int) -> HttpResponse:
    drill = selectors.get_drill(request.user, drill_id)
    items = selectors.items_of(drill)
    following = next((item for item in items if item.answered_at is None), None)
    return render(request, "training/coach/drill.html", {
        "drill": drill, "items": items, "next": following, "tag_name": selectors.tag_name(drill.tag),
        "found": sum(1 for item in items if item.correct), "answered": sum(1 for item in items if item.answered_at),
        "rating": selectors.rating_of(request.user)})


def _puzzle_context(request: HttpRequest, puzzle: Puzzle, **extra: Any) -> dict[str, Any]:
    """The puzzle page: open (an answer awaited), or answered (the last answer's verdict, the top, what next)."""
    state = selectors.puzzle_state(request.user, puzzle)
    item, last, drill = state.item, state.last, state.drill
    position = parse_cgp(puzzle.cgp)
    context: dict[str, Any] = {
        "puzzle": puzzle, "item": item, "last": last, "drill": drill, "tag": state.tag,
        "tag_name": selectors.tag_name(state.tag), "rows": position.board.rows(), "language": puzzle.lexicon.language,
        "hints": state.hints, "hints_left": state.hints_left, "form": PlayForm(style="fr"),
        "rating": selectors.rating_of(request.user),
        "next": selectors.next_item(drill) if drill is not None and item is None else None}
    if last is not None:  # the board with the top laid on it, its new tiles lit
        after = position.board.copy()
        top = puzzle.top
        placed = after.place(top["row"], top["col"], top["dir"], top["word"])
        context.update({"last_rows": after.rows(), "top_squares": [(r, c) for r, c, _tile in placed],
                        "kinds": ", ".join(selectors.tag_name(t) for t in selectors.puzzle_tags(puzzle))})
    context.update(extra)
    return context


@never_cache
@login_required
@require_GET
def puzzle(request: HttpRequest, puzzle_id: int) -> HttpResponse:
    """The position to solve: the board, the rack, the hints taken, the play form (typed or placed); once
    answered, the verdict and the top on the board."""
    found = selectors.get_puzzle(request.user, puzzle_id)
    return render(request, "training/coach/puzzle.html", _puzzle_context(request, found))


@login_required
@require_POST
def hint(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    """The next hint: with htmx only the hints' block changes (a play placed on the board stays)."""
    found = selectors.get_puzzle(request.user, puzzle_id)
    try:
        services.take_hint(request.user, found)
    except services.CoachError as exc:
        return render(request, "training/coach/puzzle.html", _puzzle_context(request, found, error=exc.message),
                      status=409)
    if request.htmx:
        return render(request, "training/coach/_hints.html", _puzzle_context(request, found))
    return redirect("training:coach-puzzle", puzzle_id=found.pk)


@login_required
@require_POST
def answer(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    """Judge the play: refused in words (the puzzle stays open, the form keeps what was typed), or answered:
    the puzzle's page then shows the verdict, the top and the player's new rating."""
    found = selectors.get_puzzle(request.user, puzzle_id)
    form = PlayForm(request.POST, style="fr")
    form.is_valid()
    data = form.cleaned_data
    try:
        services.answer(request.user, found, data.get("word", ""), data.get("coord", ""),
                        style=data.get("style") or "fr")
    except (PlayError, services.CoachError) as exc:
        if request.htmx:
            return render(request, "training/coach/_feedback.html", {"error": exc.message}, status=400)
        return render(request, "training/coach/puzzle.html",
                      _puzzle_context(request, found, form=form, error=exc.message), status=400)
    return _go(request, reverse("training:coach-puzzle", args=[found.pk]))
