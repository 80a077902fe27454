"""Room pages under ``/training/rooms/``: the lobby (make, join), the room (player, host, spectator) and the
projector view. The pages read the state from the API and follow the room's WebSocket (``static/js/rooms.js``);
everything they show is also in ``GET /api/rooms/{id}/state/``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from engine.duplicate import judging
from engine.scrabble.scoring import IllegalPlay
from training.grids import services as grid_services
from training.rooms import selectors, services
from training.rooms.forms import JoinForm, RoomForm
from training.rooms.models import RoomMember

# The engine's refusal codes a room's result can carry (besides late and none), said in words on the page.
REFUSAL_CODES = ("off_board", "overlap", "incomplete_word", "no_tiles", "not_in_rack", "not_connected", "no_centre",
                 "too_short", "gap", "not_in_line", "bad_letter", "bad_coord")


def refusal_reasons() -> dict[str, str]:
    """Why a play scores 0, in the reader's language, by the reason code a room's result carries: the page's
    script says it after the close (the state and the socket give the code, not words)."""
    reasons = {code: grid_services.play_refusal(IllegalPlay(code, "")) for code in REFUSAL_CODES}
    reasons["invalid_word"] = _("a word it forms is not in the lexicon")
    reasons[judging.LATE] = _("handed in after the time")
    reasons["other"] = grid_services.play_refusal(IllegalPlay("", ""))
    return reasons


def posted(request: HttpRequest, action: str) -> QueryDict | None:
    """The POST data when the request is the page's form of ``action`` (a hidden field names it), else None:
    a page with several forms binds only the one that was sent."""
    return request.POST if request.method == "POST" and request.POST.get("action") == action else None


def act_on(form: forms.Form, act: Callable[[dict[str, Any]], HttpResponse]) -> HttpResponse | None:
    """``act`` on a sent and valid form, and its answer (a redirect); None when the form was not sent, is
    invalid, or ``act`` was refused (the refusal, in words, is then the form's error)."""
    if not (form.is_bound and form.is_valid()):
        return None
    try:
        return act(form.cleaned_data)
    except services.RoomError as exc:
        form.add_error(None, exc.message)
        return None


def page_status(*page_forms: forms.Form) -> int:
    """400 when a form sent is sent back with errors, else 200."""
    return 400 if any(form.is_bound and form.errors for form in page_forms) else 200


@login_required
@require_http_methods(["GET", "POST"])
def lobby(request: HttpRequest) -> HttpResponse:
    """Make a room, or join one by its code; the rooms the user hosts or joined."""
    form = RoomForm(posted(request, "create"))
    join_form = JoinForm(posted(request, "join"), initial={"code": request.GET.get("code", "")[:12]})

    def create(data: dict[str, Any]) -> HttpResponse:
        room = services.create_room(request.user, data["name"], data["lexicon"], variant=data["variant"],
                                    timer_seconds=int(data["timer"]), rules=data["rules"],
                                    pause_seconds=data["pause"])
        return redirect("training:room", room_id=room.pk)

    def join(data: dict[str, Any]) -> HttpResponse:
        return redirect("training:room", room_id=services.join(request.user, data["code"], data["role"]).room_id)

    return act_on(form, create) or act_on(join_form, join) or render(request, "training/rooms/lobby.html", {
        "form": form, "join_form": join_form, "rooms": selectors.my_rooms(request.user),
    }, status=page_status(form, join_form))


@login_required
def room_page(request: HttpRequest, room_id: int) -> HttpResponse:
    """The room: a player's board, rack, countdown and bulletin; the host's controls; a spectator's view.
    Someone not in the room is sent to the lobby with the code filled in when they came by the link."""
    try:
        room = selectors.get_room(request.user, room_id)
    except Http404:
        code = request.GET.get("code", "")
        if code:
            return redirect(reverse("training:rooms") + "?" + urlencode({"code": code[:12]}))
        raise
    member = selectors.member_of(room, request.user)
    return render(request, "training/rooms/room.html", {
        "room": room, "member": member, "is_host": room.host_id == request.user.pk,
        "is_player": member is not None and member.role == RoomMember.Role.PLAYER,
        "language": room.lexicon.language, "empty_rows": ["." * 15] * 15, "reasons": refusal_reasons(),
    })


@login_required
def projector(request: HttpRequest, room_id: int) -> HttpResponse:
    """The club's screen: big board, rack, countdown, then the top and the ranking (host and members)."""
    room = selectors.get_room(request.user, room_id)
    return render(request, "training/rooms/projector.html", {
        "room": room, "language": room.lexicon.language, "empty_rows": ["." * 15] * 15,
    })
