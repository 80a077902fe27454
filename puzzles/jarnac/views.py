"""Jarnac pages: the list of games with the new-game form, and the game page.

Plain forms that post and redirect back (they work with the keyboard alone and without scripts);
``hx-boost`` on the page makes them swap the page in place. Reads through
:mod:`puzzles.jarnac.selectors`, writes through :mod:`puzzles.jarnac.services`; a refused move comes
back as an error message above the board, the game unchanged.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from puzzles.jarnac import selectors, services
from puzzles.jarnac.forms import NewGameForm
from training.lists import selectors as training_selectors

REFUSED_KEY = "jarnac_refused"


@login_required
@require_http_methods(["GET", "POST"])
def games(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.start_game(request.user, form.cleaned_data["lexicon"], form.cleaned_data["level"])
        except services.JarnacInputError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("puzzles:jarnac-game", game_id=game.pk)
    initial = form.fields["lexicon"].initial
    if request.method == "GET" and initial is not None:
        services.prepare_tree(initial)  # built while the learner chooses: "New game" then answers at once
    return render(request, "puzzles/jarnac/games.html", {
        "form": form, "games": selectors.games_of(request.user)[:50],
        "summary": selectors.jarnac_summary(request.user),
    }, status=400 if form.errors else 200)


@login_required
@require_GET
@never_cache
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    found = selectors.get_own_game(request.user, game_id)
    view = selectors.game_view(found)
    if not found.is_over:
        services.prepare_tree(found.lexicon)  # the moves need it (a fresh process has not built it yet)
    hint = None
    if request.GET.get("hint") and not found.is_over:
        hint = services.hint(found)
    refused = request.session.pop(REFUSED_KEY, None)
    if not isinstance(refused, dict) or refused.get("game") != found.pk:
        refused = None
    context = {
        "game": found, "view": view, "hint": hint, "refused": refused,
        "my_rows": selectors.board_rows(view["you"]["lines"]),
        "their_rows": selectors.board_rows(view["opponent"]["lines"]),
        "reserve": list(view["you"]["reserve"]),
        "their_reserve": list(view["opponent"]["reserve"]),
        "moves": list(reversed(view["moves"])),
    }
    if found.is_over:

        context["lists"] = training_selectors.lists_of(request.user).filter(lexicon=found.lexicon)
        context["list_name"] = services.jarnac_list_name()
    return render(request, "puzzles/jarnac/game.html", context)


@login_required
@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    found = selectors.get_own_game(request.user, game_id)
    post = request.POST
    kind = post.get("kind", "")
    line = post.get("line", "")
    if kind == "word":  # one form for both: an empty line means a new word
        kind = "transform" if line != "" else "create"
    try:
        outcome = services.play(found, request.user, kind, word=post.get("word"), line=line,
                                letters=post.get("letters"))
    except services.MoveRefused as exc:
        messages.error(request, exc.message)
        # Back on the page, the refused word is still in its box (fix a letter instead of retyping it).
        request.session[REFUSED_KEY] = {"game": found.pk, "kind": post.get("kind", ""),
                                        "word": str(post.get("word") or "")[:20], "line": line}
    except (services.GameOver, services.NotYourTurn) as exc:
        messages.error(request, str(exc))
    else:
        if outcome.result == "not_available":
            messages.warning(request, _("“Jarnac!” failed: the AI did not have those letters. No more calls this turn."))
        if outcome.ai_moves:
            messages.info(request, _("The AI has played: %(moves)s.")
                          % {"moves": " · ".join(m["text"] for m in selectors.game_view(outcome.game)["moves"]
                                                [-len(outcome.ai_moves):])})
    return redirect("puzzles:jarnac-game", game_id=found.pk)


@login_required
@require_POST
def review(request: HttpRequest, game_id: int) -> HttpResponse:
    found = selectors.get_own_game(request.user, game_id)
    words = request.POST.getlist("words")
    try:
        outcome = services.add_missed_to_review(found, request.user, words or None, request.POST.get("list") or None)
    except (services.JarnacInputError, services.GameOver) as exc:
        messages.error(request, str(exc))
    else:
        if outcome.added:
            messages.success(request, _("Added to “%(list)s”: %(words)s.")
                             % {"list": outcome.revision_list.name, "words": ", ".join(outcome.added)})
        for skipped in outcome.skipped:
            messages.warning(request, _("%(word)s not added: %(reason)s") % skipped)
    return redirect("puzzles:jarnac-game", game_id=found.pk)
