"""Room pages under ``/training/rooms/``: the lobby (make, join), the room (player, host, spectator) and the
projector view. The pages read the state from the API and follow the room's WebSocket (``static/js/rooms.js``);
everything they show is also in ``GET /api/rooms/{id}/state/``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
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


@login_required
@require_http_methods(["GET", "POST"])
def lobby(request: HttpRequest) -> HttpResponse:
    """Make a room, or join one by its code; the rooms the user hosts or joined."""
    form = RoomForm(request.POST if request.POST.get("action") == "create" else None)
    join_form = JoinForm(request.POST if request.POST.get("action") == "join" else None,
                         initial={"code": request.GET.get("code", "")[:12]})
    if request.method == "POST" and form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            room = services.create_room(request.user, data["name"], data["lexicon"], variant=data["variant"],
                                        timer_seconds=int(data["timer"]), rules=data["rules"],
                                        pause_seconds=data["pause"])
        except services.RoomError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("training:room", room_id=room.pk)
    if request.method == "POST" and join_form.is_bound and join_form.is_valid():
        try:
            member = services.join(request.user, join_form.cleaned_data["code"], join_form.cleaned_data["role"])
        except services.RoomError as exc:
            join_form.add_error(None, exc.message)
        else:
            return redirect("training:room", room_id=member.room_id)
    failed = (form.is_bound and form.errors) or (join_form.is_bound and join_form.errors)
    return render(request, "training/rooms/lobby.html", {
        "form": form, "join_form": join_form, "rooms": selectors.my_rooms(request.user),
    }, status=400 if failed else 200)


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
