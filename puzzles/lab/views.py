"""Crossword lab pages: the grid editor with its actions (blank, random, import, export, solve,
compare) and the comparison page with its timing table.

Thin by design: every rule is in :mod:`puzzles.lab.services`; the editor script (``static/js/lab.js``) only
draws the grid and keeps the ``grid`` text field in step, so the page also works without it.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from puzzles.crosswords.models import EMPTY, MAX_SIZE, MIN_SIZE
from puzzles.lab import selectors, services
from puzzles.lab.forms import LabForm

MAX_FILE_BYTES = 64 * 1024
ACTIONS = ("blank", "random", "import", "export", "solve", "compare")


def _with_grid(request: HttpRequest, rows: list[str]) -> LabForm:
    """The same form, its grid replaced (what the random, blank and import actions produce)."""
    data = request.POST.copy()
    data["grid"] = "\n".join(rows)
    data["rows"], data["cols"] = str(len(rows)), str(len(rows[0]))
    return LabForm(data, user=request.user)


def _blank(rows: int | None, cols: int | None) -> list[str]:
    if rows is None or cols is None or not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        raise services.LabInputError(_("Each side of the grid must be between %(min)s and %(max)s.")
                                % {"min": MIN_SIZE, "max": MAX_SIZE})
    return [EMPTY * cols] * rows


def _uploaded_text(upload) -> str:
    if upload is None:
        raise services.LabInputError(_("Choose a grid file to import."))
    if upload.size > MAX_FILE_BYTES:
        raise services.LabInputError(_("The file is too large for a grid (%(max)s KB at most).")
                                % {"max": MAX_FILE_BYTES // 1024})
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise services.LabInputError(_("The file is not UTF-8 text.")) from None


def _act(request: HttpRequest, form: LabForm, action: str) -> HttpResponse | LabForm:
    data = form.cleaned_data
    if action == "blank":
        return _with_grid(request, _blank(data.get("rows"), data.get("cols")))
    if action == "random":
        return _with_grid(request, services.random_lab_grid(data.get("rows"), data.get("cols"), data.get("blocks"),
                                                       data["style"]))
    if action == "import":
        text = _uploaded_text(data.get("file"))
        return _with_grid(request, services.read_lab_grid(text, data["style"], data["file_format"]))
    rows = services.read_lab_grid(data["grid"], data["style"])
    if action == "export":
        fmt = data["file_format"]
        response = HttpResponse(services.export_grid(rows, fmt), content_type="text/plain; charset=utf-8")
        name = "grille-01.txt" if fmt == "01" else "grille.txt"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    if action == "compare":
        comparison = services.start_comparison(request.user, data["lexicon"], rows, data["style"],
                                          algorithms=data.get("algorithms") or [], seeds=data.get("seeds"),
                                          time_limit=data.get("time_limit"), extra_lexicons=data["extra_lexicons"])
        return redirect("puzzles:lab-comparison", comparison_id=comparison.pk)
    crossword = services.start_lab_crossword(request.user, data["lexicon"], rows, data["style"],
                                        extra_lexicons=data["extra_lexicons"], algorithm=data["algorithm"],
                                        theme_list=data.get("theme_list"))
    return redirect("puzzles:crossword", crossword_id=crossword.pk)


@login_required
@require_http_methods(["GET", "POST"])
def lab_page(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = LabForm(request.POST, request.FILES, user=request.user)
        action = request.POST.get("action", "solve")
        if action not in ACTIONS:
            form.add_error(None, _("Unknown action."))
        elif form.is_valid():
            try:
                outcome = _act(request, form, action)
            except services.LabInputError as exc:
                form.add_error("file" if action == "import" else "grid", str(exc))
            else:
                if isinstance(outcome, HttpResponse):
                    return outcome
                form = outcome
    else:
        form = LabForm(initial={"grid": "\n".join(services.random_lab_grid(9, 9, 12, "fr", seed=0))}, user=request.user)
    return render(request, "puzzles/lab.html", {
        "form": form, "comparisons": selectors.comparisons_of(request.user)[:20],
        "labels": services.algorithm_labels(),
    }, status=400 if form.errors else 200)


def _comparison_context(request: HttpRequest, comparison_id: int) -> dict:
    comparison = services.follow_comparison(selectors.get_own_comparison(request.user, comparison_id))
    return {"comparison": comparison, "rows": services.comparison_rows(comparison),
            "blacks": services.black_count(comparison.pattern)}


@login_required
@require_GET
def comparison_page(request: HttpRequest, comparison_id: int) -> HttpResponse:
    return render(request, "puzzles/lab_comparison.html", _comparison_context(request, comparison_id))


@never_cache
@login_required
@require_GET
def comparison_body(request: HttpRequest, comparison_id: int) -> HttpResponse:
    """The table (or the failure), swapped in by htmx when the comparison task reports it has finished."""
    return render(request, "puzzles/_lab_comparison_body.html", _comparison_context(request, comparison_id))
