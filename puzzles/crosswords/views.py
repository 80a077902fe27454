"""Crossword pages (htmx): the list with the request form, and the solve page.

Thin by design: reads through :mod:`puzzles.crosswords.selectors`, writes through :mod:`puzzles.crosswords.services`. The
solve page is driven by ``static/js/crossword.js``, which talks to the REST API (session auth) for
autosave, checks and reveals, so the answers never reach the page before a reveal.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from lexicon.selectors import request_lexicon
from puzzles.crosswords import selectors, services
from puzzles.crosswords.forms import CrosswordForm


@login_required
@require_http_methods(["GET", "POST"])
def crosswords(request: HttpRequest) -> HttpResponse:
    form = CrosswordForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            crossword = services.start_crossword(request.user, data["lexicon"], data["size"], data["style"],
                                                 theme_list=data.get("theme_list"))
        except services.CrosswordInputError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("puzzles:crossword", crossword_id=crossword.pk)
    return render(request, "puzzles/crosswords.html", {
        "form": form, "crosswords": selectors.crosswords_of(request.user)[:50],
        "summary": selectors.crossword_summary(request.user),
    }, status=400 if form.errors else 200)


def _solver_strings() -> dict[str, str]:
    """The solver script's messages, translated here (the script fills in the ``{placeholders}``)."""
    return {
        "across": _("across"),
        "down": _("down"),
        "checked": _("{right} right, {wrong} wrong, {empty} empty."),
        "revealed": _("Revealed."),
        "solved": _("Solved in {time}!"),
        "finishedRevealed": _("Finished with revealed letters: not counted as solved."),
        "notSaved": _("Not saved:"),
        "sent": _("Missed words of 4 letters or more sent to your review queue:"),
        "error": _("Error"),
    }


def _context(request: HttpRequest, crossword) -> dict:
    context = {"crossword": crossword}
    if crossword.is_ready:
        progress = selectors.progress_of(crossword, request.user)
        across, down = selectors.clue_lists(crossword)
        context.update({
            "progress": progress,
            "cells": selectors.grid_cells(crossword, progress),
            "across": across,
            "down": down,
            "solver": {
                "id": crossword.pk,
                "slots": selectors.public_slots(crossword),
                "grid": selectors.public_rows(crossword),
                "entries": selectors.entries_of(crossword, progress),
                "seconds": progress.seconds if progress else 0,
                "finished": bool(progress and progress.is_finished),
                "entriesUrl": reverse("api-crossword-entries", args=[crossword.pk]),
                "checkUrl": reverse("api-crossword-check", args=[crossword.pk]),
                "strings": _solver_strings(),
            },
        })
    return context


@login_required
@require_GET
def crossword_detail(request: HttpRequest, crossword_id: int) -> HttpResponse:
    crossword = services.follow_task(selectors.get_solvable_crossword(request.user, crossword_id))
    return render(request, "puzzles/crossword.html", _context(request, crossword))


@never_cache
@login_required
@require_GET
def crossword_body(request: HttpRequest, crossword_id: int) -> HttpResponse:
    """The solver (or the failure), swapped in by htmx when the generation task reports it has finished."""
    crossword = services.follow_task(selectors.get_solvable_crossword(request.user, crossword_id))
    return render(request, "puzzles/_body.html", _context(request, crossword))


@login_required
@require_POST
def crossword_delete(request: HttpRequest, crossword_id: int) -> HttpResponse:
    crossword = selectors.get_own_crossword(request.user, crossword_id)
    services.delete_crossword(crossword)
    messages.success(request, _("Crossword deleted."))
    return redirect("puzzles:crosswords")


# --- The crossword of the day ---------------------------------------------------------------------

@never_cache
@require_GET
def daily(request: HttpRequest) -> HttpResponse:
    """``/puzzles/crosswords/daily/``: today's crossword, made on demand; a waiting page while it is made."""
    if not request.user.is_authenticated:
        from django.contrib.auth.views import redirect_to_login

        return redirect_to_login(request.get_full_path())
    lexicon = request_lexicon(request)
    if lexicon is None:
        raise Http404(_("No lexicon yet."))
    try:
        crossword = services.daily_crossword(lexicon)
    except services.CrosswordInputError as exc:  # e.g. too many grids being made at once
        return render(request, "puzzles/daily_wait.html", {"lexicon": lexicon, "error": str(exc)}, status=503)
    if crossword.is_ready:
        return redirect("puzzles:crossword", crossword_id=crossword.pk)
    return render(request, "puzzles/daily_wait.html", {"lexicon": lexicon, "crossword": crossword})
