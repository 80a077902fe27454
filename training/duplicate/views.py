"""Duplicate pages (htmx) under ``/training/duplicate/``: make a game, play rounds, results, ranking, review.

Thin like the other training views: reads through :mod:`training.duplicate.selectors`, writes through
:mod:`training.duplicate.services`. Every form also works without JavaScript (POST and redirect); with htmx
the play form swaps only its feedback. Progress lives on the server, so a game is resumed on any device by
opening its page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.http import HtmxHttpRequest
from engine.scrabble.notation import NotationError, format_coord, parse_coord
from lexicon.selectors import request_lexicon
from training.duplicate import selectors, services
from training.duplicate.forms import NOTATIONS, ImportForm, NewGameForm, PlayForm, ShareForm
from training.duplicate.models import DuplicateGame, DuplicatePlayer
from training.lists import selectors as training_selectors

NOTATION_SESSION_KEY = "duplicate_notation"
"""The session remembers the notation chosen on the play page, per game (``{"<game id>": "en", ...}``), and
the latest choice (``"last"``) as the starting notation of a game not played yet."""
NOTATION_GAMES_KEPT = 50


def _notation(request: HttpRequest, game: DuplicateGame) -> str:
    chosen = request.session.get(NOTATION_SESSION_KEY) or {}
    style = chosen.get(str(game.pk)) or chosen.get("last") or "fr"
    return style if style in NOTATIONS else "fr"


def _remember_notation(request: HttpRequest, game: DuplicateGame, style: str) -> None:
    chosen = dict(request.session.get(NOTATION_SESSION_KEY) or {})
    if chosen.get(str(game.pk)) == style and chosen.get("last") == style:
        return  # nothing new: the session is not written again
    chosen.pop(str(game.pk), None)
    chosen.pop("last", None)
    games = list(chosen.items())[-(NOTATION_GAMES_KEPT - 1):]  # the oldest games are forgotten first
    request.session[NOTATION_SESSION_KEY] = {**dict(games), str(game.pk): style, "last": style}


def _in_notation(coord: str, style: str) -> str:
    """A coordinate stored in French notation, written in ``style`` (as it is when unreadable)."""
    if style == "fr" or not coord:
        return coord
    try:
        return format_coord(*parse_coord(coord, "fr"), style)
    except NotationError:
        return coord


def _move_in(move: dict | None, style: str) -> dict | None:
    return None if move is None else {**move, "coord": _in_notation(move.get("coord", ""), style)}


@login_required
@require_http_methods(["GET", "POST"])
def index(request: HttpRequest) -> HttpResponse:
    """Make a game; the player's games; public games; the game of the day."""
    form = NewGameForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.start_game(request.user, data["lexicon"], variant=data["variant"],
                                       timer_seconds=int(data["timer"]) or None, tournament=data["tournament"])
        except services.GameError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("training:duplicate-game", game_id=game.pk)
    return render(request, "training/duplicate/index.html", {
        "form": form, "games": selectors.my_games(request.user), "public": selectors.public_games(),
        "players": ({p.game_id: p for p in DuplicatePlayer.objects.filter(user=request.user)}
                    if request.user.is_authenticated else {}),
    }, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def import_game(request: HttpRequest) -> HttpResponse:
    """Replay a published game ("rejouer une partie"): a game file checked round by round; a file that does
    not replay is refused with its line and the reason, and nothing is stored."""
    form = ImportForm(request.POST or None, request.FILES or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.import_game(request.user, data["lexicon"], data["format"], data["text"],
                                        variant=data["variant"], timer_seconds=int(data["timer"]) or None,
                                        tournament=data["tournament"], my_plays=data["my_plays"])
        except (services.RecordRefused, services.GameError) as exc:
            form.add_error(None, str(exc))
            if request.FILES.get("file"):  # a file cannot be chosen again for the player: its text, to correct
                form.data = {**form.data, "text": data["text"]}
        else:
            return redirect("training:duplicate-game", game_id=game.pk)
    return render(request, "training/duplicate/import.html", {"form": form}, status=400 if form.errors else 200)


def _game_context(request: HttpRequest, game: DuplicateGame, **extra) -> dict:
    player = selectors.player_of(game, request.user)
    context = {"game": game, "player": player, "state": selectors.player_state(player),
               "language": game.lexicon.language}
    context.update(extra)
    return context


@never_cache
@login_required
@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game: its making (progress bar), else the current round to play, else the end of the game."""
    game = selectors.get_visible_game(request.user, game_id)
    if not game.is_ready:
        return render(request, "training/duplicate/making.html", _game_context(request, game))
    player = services.join(game, request.user)
    round_ = services.open_round(player)
    if round_ is None:
        return render(request, "training/duplicate/finished.html", _game_context(request, game))
    return _play_page(request, game, player, round_)


def _play_page(request: HttpRequest, game: DuplicateGame, player, round_, *, form: PlayForm | None = None,
               error: str = "", status: int = 200) -> HttpResponse:
    """The round to play. The fields start with the play that counts so far (the placement script draws
    them on the board), or with the play just refused (``form`` bound to it, ``error`` its reason), so
    what the player placed is never lost."""
    state = selectors.round_state(player, round_)
    style = _notation(request, game)
    mine = _move_in(state["play"], style)
    if form is None:
        initial = {"word": mine["word"], "coord": mine["coord"]} if mine else {}
        form = PlayForm(style=style, initial=initial)
    deadline = state["deadline"]
    ms_left = None if deadline is None else max(0, int((deadline - timezone.now()).total_seconds() * 1000))
    return render(request, "training/duplicate/play.html", _game_context(
        request, game, round=round_, round_state=state, ms_left=ms_left, draw=selectors.draw_of(round_),
        bag=selectors.bag_left(game, round_),
        rows=selectors.board_before(game, round_.number), form=form, mine=mine, error=error,
        share_form=ShareForm(initial={"visibility": game.visibility})), status=status)


@never_cache
@login_required
@require_GET
def making_body(request: HttpRequest, game_id: int) -> HttpResponse:
    """Polled target once the making task finishes: sends the browser to the game page."""
    game = selectors.get_visible_game(request.user, game_id)
    response = HttpResponse(status=204)
    response["HX-Redirect"] = reverse("training:duplicate-game", args=[game.pk])
    return response


@login_required
@require_POST
def play(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = selectors.get_visible_game(request.user, game_id)
    if not game.is_ready:
        return redirect("training:duplicate-game", game_id=game.pk)
    form = PlayForm(request.POST, style=_notation(request, game))
    form.is_valid()
    data = form.cleaned_data  # the fields that are valid (an unknown notation: the one remembered)
    style = data.get("style") or _notation(request, game)
    _remember_notation(request, game, style)
    player = services.join(game, request.user)
    context = {"game": game, "form": form, "style": style}
    status = 200
    try:
        outcome = services.play(player, data.get("word", ""), data.get("coord", ""), style=style,
                                round_number=_int(request.POST.get("round")))
    except services.RoundClosed as exc:
        if not request.htmx:
            messages.error(request, str(exc))
            return redirect("training:duplicate-game", game_id=game.pk)
        context["error"], status = str(exc), 409
    except services.PlayError as exc:
        if not request.htmx:  # the page again, the play where the player left it, with the reason
            round_ = services.open_round(player)
            if round_ is not None:
                return _play_page(request, game, player, round_, form=form, error=exc.message, status=400)
        context["error"], status = exc.message, 400
    else:
        context["outcome"] = outcome
        context["coord"] = _in_notation(outcome.move["coord"], style)
    if not request.htmx:
        if "error" in context:
            messages.error(request, str(context["error"]))
        return redirect("training:duplicate-game", game_id=game.pk)
    return render(request, "training/duplicate/_feedback.html", context, status=status)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
@require_POST
def validate(request: HttpRequest, game_id: int) -> HttpResponse:
    """"Validate and see the top", or the countdown reaching zero: the play in the fields (placed on the board
    or typed) is the player's play and is checked now. Refused while time is left, the round stays open and
    the page comes back with the letters where they were and the reason; refused once time is up, the round
    ends without it and the result says why."""
    game = selectors.get_visible_game(request.user, game_id)
    if not game.is_ready:
        return redirect("training:duplicate-game", game_id=game.pk)
    form = PlayForm(request.POST, style=_notation(request, game))
    form.is_valid()
    data = form.cleaned_data
    style = data.get("style") or _notation(request, game)
    _remember_notation(request, game, style)
    player = services.join(game, request.user)
    try:
        result = services.validate_round(player, round_number=_int(request.POST.get("round")),
                                         word=data.get("word", ""), coord=data.get("coord", ""), style=style)
    except services.RoundClosed as exc:
        messages.error(request, str(exc))
        return redirect("training:duplicate-game", game_id=game.pk)
    except services.PlayError as exc:
        round_ = services.open_round(player)
        if round_ is None:  # finished meanwhile (another tab)
            return redirect("training:duplicate-game", game_id=game.pk)
        return _play_page(request, game, player, round_, form=form, error=exc.message, status=400)
    if result.refused is not None:
        messages.error(request, _("Time was up: %(reason)s The round ends without it.")
                       % {"reason": result.refused.message})
    return redirect("training:duplicate-result", game_id=game.pk, number=result.round.number)


@never_cache
@login_required
@require_GET
def round_result(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """A validated round: the player's score, the top, the next 10 plays, the running total and % of the top."""
    game = selectors.get_visible_game(request.user, game_id)
    player = selectors.player_of(game, request.user)
    mine = selectors.play_of(player, number) if player else None
    if player is None or mine is None or mine.validated_at is None:
        raise Http404(_("This round is not finished."))
    round_ = selectors.round_of(game, number)
    style = _notation(request, game)
    missed = int(round_.top["score"]) - mine.score
    # Green for the top, neutral for a play that scored (a good score is not an error), red for no play.
    verdict = "ok" if missed <= 0 and mine.move else ("info" if mine.move and mine.score > 0 else "ko")
    latest = (player.is_finished and number == game.round_count) or number == player.current_round - 1
    return render(request, "training/duplicate/result.html", _game_context(
        request, game, round=round_, mine=mine, rows=round_.board_after, draw=selectors.draw_of(round_),
        sous_top=selectors.round_sous_top(round_), verdict=verdict,
        difference=next((d for d in game.differences or [] if int(d.get("round", 0)) == number), None),
        standing=selectors.standing_at(player, number), is_latest=latest, now_total=player.total,
        highlight=_squares(round_.top), missed=missed,
        mine_coord=_in_notation(mine.coord, style), top=_move_in(round_.top, style),
        # the sous-tops table lists the plays below the top; other plays worth the top are named with it (and
        # an imported game's plays above the file's top, with the difference)
        subtops=[{**m, "coord": _in_notation(m.get("coord", ""), style), "below": int(round_.top["score"]) - int(m["score"])}
                 for m in round_.subtops if int(m["score"]) < int(round_.top["score"])],
        other_tops=[_move_in(m, style) for m in round_.subtops if int(m["score"]) == int(round_.top["score"])]))


def _squares(play: dict) -> list[tuple[int, int]]:
    return [(play["row"], play["col"] + k) if play["dir"] == "H" else (play["row"] + k, play["col"])
            for k in range(len(play["word"]))]


@login_required
@require_GET
def ranking(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.get_visible_game(request.user, game_id)
    return render(request, "training/duplicate/ranking.html",
                  _game_context(request, game, ranking=selectors.ranking(game)))


@login_required
@require_GET
def review(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.get_visible_game(request.user, game_id)
    player = selectors.player_of(game, request.user)
    if player is None or not player.is_finished:
        messages.info(request, _("The review opens once you have played every round of this game."))
        return redirect("training:duplicate-game", game_id=game.pk)
    lists = training_selectors.lists_of(request.user).filter(lexicon=game.lexicon)
    return render(request, "training/duplicate/review.html",
                  _game_context(request, game, rows=selectors.review(player), lists=lists,
                                negatif=player.total - player.top_total, formats=_export_formats(game)))


EXPORT_FORMATS = [("eliot", "Eliot"), ("eliot-xml", "Eliot XML"), ("gcg", "GCG")]


def _export_formats(game: DuplicateGame) -> list[tuple[str, str]]:
    allowed = selectors.export_formats(game)
    return [(value, label) for value, label in EXPORT_FORMATS if value in allowed]


@never_cache
@login_required
@require_GET
def sheet(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game sheet ("feuille de partie"), ready to print: every round's draw as announced, the top, its
    coordinates, points and the running total. For the owner, and for a player once they finished."""
    game = selectors.get_visible_game(request.user, game_id)
    player = selectors.player_of(game, request.user)
    if not game.is_ready or (game.owner_id != request.user.pk and (player is None or not player.is_finished)):
        messages.info(request, _("The game sheet opens once you have played every round of this game."))
        return redirect("training:duplicate-game", game_id=game.pk)
    return render(request, "training/duplicate/sheet.html",
                  _game_context(request, game, lines=selectors.sheet_lines(game), formats=_export_formats(game)))


@login_required
@require_POST
def add_missed(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.get_visible_game(request.user, game_id)
    player = selectors.player_of(game, request.user)
    if player is None or not player.is_finished:
        return redirect("training:duplicate-game", game_id=game.pk)
    list_id = _int(request.POST.get("list"))
    revision_list = training_selectors.get_own_list(request.user, list_id) if list_id else None
    try:
        outcome = services.add_missed_tops(player, revision_list)
    except (services.GameError, ValueError) as exc:
        messages.error(request, str(exc))
        return redirect("training:duplicate-review", game_id=game.pk)
    text = _("%(n)s missed tops added to “%(list)s”.") % {"n": len(outcome.added), "list": outcome.revision_list.name}
    if outcome.already:
        text += " " + _("Already there: %(words)s.") % {"words": ", ".join(outcome.already)}
    if outcome.skipped:
        text += " " + _("Not added: %(words)s.") % {"words": "; ".join(f"{s['word']} ({s['reason']})"
                                                                       for s in outcome.skipped)}
    messages.success(request, text)
    return redirect("training:list", list_id=outcome.revision_list.pk)


@login_required
@require_POST
def share(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.get_own_game(request.user, game_id)
    form = ShareForm(request.POST)
    if form.is_valid():
        services.share(game, request.user, form.cleaned_data["visibility"])
        if game.visibility == DuplicateGame.Visibility.PRIVATE:
            messages.success(request, _("The game is private again."))
        else:
            url = request.build_absolute_uri(reverse("training:duplicate-join", args=[game.share_token]))
            messages.success(request, _("Shared: send this link to other players: %(url)s") % {"url": url})
    return redirect("training:duplicate-game", game_id=game.pk)


@login_required
@require_GET
def join(request: HttpRequest, token: str) -> HttpResponse:
    game = selectors.game_by_token(token)
    services.join(game, request.user)
    return redirect("training:duplicate-game", game_id=game.pk)


@login_required
@require_GET
def today(request: HttpRequest) -> HttpResponse:
    """The game of the day of the learner's lexicon (their default, else the site's), made if needed."""
    lexicon = request_lexicon(request)
    if lexicon is None:
        messages.error(request, _("No lexicon is installed yet."))
        return redirect("training:duplicate")
    game = services.game_of_the_day(lexicon)
    return redirect("training:duplicate-game", game_id=game.pk)
