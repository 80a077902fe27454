"""Training grid pages (htmx): the dashboard, grids with progress, situations and answers.

Thin by design: each view reads through :mod:`training.grids.selectors`, writes through
:mod:`training.grids.services`, and renders. Every form also works without JavaScript (plain POST and
redirect); with htmx the same endpoints return the partial to swap.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from accounts.selectors import activity_by_day, daily_goal_status
from core.hooks import app_hooks
from core.http import HtmxHttpRequest
from core.validation import as_whole_number
from training.grids import selectors, services
from training.grids.forms import AnswerForm, DueGridForm
from training.lists import selectors as list_selectors
from training.lists import services as list_services


@login_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    summary = selectors.progress_summary(request.user)
    more = {}
    for extra in app_hooks("dashboard_context"):  # other modes' figures (the crosswords)
        more.update(extra(request.user))
    activity = activity_by_day(request.user, 30)
    return render(request, "training/dashboard.html", {
        **more,
        "summary": summary,
        "goal": daily_goal_status(request.user, activity[-1]),  # today: the last of the 30 days
        "activity": activity,
        "lists": list_selectors.lists_of(request.user)[:20],
        "grids": selectors.grids_of(request.user)[:10],
        "due_lexicons": list_selectors.due_lexicons(request.user),
        "due_form": DueGridForm(),
    })


@login_required
@require_POST
def grid_start(request: HttpRequest, list_id: int) -> HttpResponse:
    revision_list = list_selectors.get_own_list(request.user, list_id)
    try:
        grid = services.start_list_grid(request.user, revision_list)
    except services.GridError as exc:
        messages.error(request, str(exc))
        return redirect("training:list", list_id=revision_list.pk)
    return redirect("training:grid", grid_id=grid.pk)


@login_required
@require_POST
def due_grid_start(request: HttpRequest) -> HttpResponse:
    form = DueGridForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a lexicon."))
        return redirect("training:dashboard")
    try:
        grid = services.start_due_grid(request.user, form.cleaned_data["lexicon"])
    except services.GridError as exc:
        messages.error(request, str(exc))
        return redirect("training:dashboard")
    return redirect("training:grid", grid_id=grid.pk)


def _grid_context(request: HttpRequest, grid) -> dict:
    """The grid page: its situations once built, and while it builds those already there (playable), with the
    progress of the rest (``building``)."""
    status = selectors.grid_status(grid)
    building = selectors.grid_building(grid)
    situations = selectors.situations_with_answers(grid, request.user) if status == "done" or building else []
    first = next((s for s in situations if not s.decided), None)
    return {"grid": grid, "status": status, "building": building, "error": selectors.grid_error(grid),
            "situations": situations, "unplaced": selectors.unplaced_words(grid) if status == "done" else [],
            "first": first, "finished": selectors.grid_finished(grid, situations),
            "show_board": selectors.final_board_visible(grid, situations),
            "solved": sum(1 for s in situations if s.solved),
            "tops": sum(1 for s in situations if s.top_found),
            "wrong": sum(1 for s in situations if s.answered and not s.solved),
            "unanswered": sum(1 for s in situations if not s.answered)}


@login_required
@require_GET
def grid_detail(request: HttpRequest, grid_id: int) -> HttpResponse:
    grid = selectors.get_own_grid(request.user, grid_id)
    return render(request, "training/grid.html", _grid_context(request, grid))


@never_cache
@login_required
@require_GET
def grid_body(request: HttpRequest, grid_id: int) -> HttpResponse:
    """The grid's body, polled by htmx while the grid builds (``shown``: the situations the page shows) and
    swapped in when a situation arrives or the generation task reports it has finished; 204 (htmx swaps
    nothing) while nothing changed."""
    grid = selectors.get_own_grid(request.user, grid_id)
    if selectors.nothing_new_since(grid, as_whole_number(request.GET.get("shown"))):
        return HttpResponse(status=204)
    return render(request, "training/_grid_body.html", _grid_context(request, grid))


@login_required
@require_POST
def grid_reveal(request: HttpRequest, grid_id: int) -> HttpResponse:
    """Show the final grid and every answer; the situations not answered yet are closed."""
    grid = selectors.get_own_grid(request.user, grid_id)
    try:
        services.reveal_grid(grid)
    except services.GridError as exc:
        messages.error(request, str(exc))
    return redirect("training:grid", grid_id=grid.pk)


def _situation_context(situation, user, **extra) -> dict:
    """A situation page: the board before the word, the rack, and either the answer form or, once the
    situation is decided (answered, or its grid revealed), the verdict with the expected play and tops.

    A situation whose earlier situations are still open shows neither board nor verdict (its board holds
    their answers): only which situation to answer first (``current``)."""
    context = {"situation": situation, "grid": situation.grid, "form": AnswerForm(),
               "count": situation.grid.situations.count(), "goal": selectors.situation_goal(situation),
               "building": selectors.grid_building(situation.grid)}
    if not situation.available:
        context.update(locked=True, current=selectors.current_situation(situation, user), rows=None)
        context.update({key: value for key, value in extra.items() if key == "refused"})
        return context
    context["rows"] = selectors.situation_rows(situation)
    if situation.decided and "outcome" not in extra:
        context["outcome"] = services.recorded_outcome(situation)
    context.update(extra)
    return context


@login_required
@require_GET
def situation_detail(request: HttpRequest, situation_id: int) -> HttpResponse:
    situation = selectors.get_own_situation(request.user, situation_id)
    following = selectors.next_situation(situation, request.user) if situation.decided else None
    return render(request, "training/situation.html", _situation_context(situation, request.user, next=following))


@login_required
@require_POST
def situation_answer(request: HtmxHttpRequest, situation_id: int) -> HttpResponse:
    situation = selectors.get_own_situation(request.user, situation_id)
    form = AnswerForm(request.POST)
    outcome = None
    refused = ""
    if form.is_valid():
        try:
            outcome = services.answer_situation(situation, request.user, form.cleaned_data["word"],
                                                form.cleaned_data["coord"])
        except services.AlreadyAnswered as exc:
            refused = str(exc)
        except services.SituationLocked as exc:
            context = _situation_context(situation, request.user, refused=str(exc))
            template = "training/_locked.html" if request.htmx else "training/situation.html"
            return render(request, template, context, status=409)
        except services.CoordError as exc:
            form.add_error("coord", str(exc))
        except services.AnswerError as exc:
            form.add_error("word", str(exc))
    if refused:  # a second try: say so, and show the verdict that stands
        situation = selectors.get_own_situation(request.user, situation_id)
        following = selectors.next_situation(situation, request.user)
        context = _situation_context(situation, request.user, refused=refused, next=following)
        template = "training/_feedback.html" if request.htmx else "training/situation.html"
        return render(request, template, context, status=409)
    if outcome is None:
        context = _situation_context(situation, request.user, form=form)
        context.pop("outcome", None)
        template = "training/_answer_form.html" if request.htmx else "training/situation.html"
        return render(request, template, context, status=400)
    situation = selectors.get_own_situation(request.user, situation_id)
    if not outcome.decided:  # a top other than the list word: credited, the situation stays open
        context = _situation_context(situation, request.user, credited=outcome.message)
        context.pop("outcome", None)
        template = "training/_answer_form.html" if request.htmx else "training/situation.html"
        return render(request, template, context)
    following = selectors.next_situation(situation, request.user)
    context = _situation_context(situation, request.user, outcome=outcome, next=following)
    if request.htmx:
        return render(request, "training/_feedback.html", context)
    return render(request, "training/situation.html", context)


@login_required
@require_POST
def starter_grid(request: HttpRequest, list_id: int) -> HttpResponse:
    source = list_selectors.get_published_list(list_id)
    copy = list_selectors.lists_of(request.user).filter(copied_from=source).order_by("-id").first()
    if copy is None:
        copy = list_services.copy_list(source, request.user)
    try:
        grid = services.start_list_grid(request.user, copy)
    except services.GridError as exc:
        messages.error(request, str(exc))
        return redirect("training:list", list_id=copy.pk)
    return redirect("training:grid", grid_id=grid.pk)
