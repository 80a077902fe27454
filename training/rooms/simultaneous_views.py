"""Simultané pages under ``/training/rooms/simultanes/``: the list (make one, join one as a club's arbitre)
and a simultané's page (its code, its rooms with their status, the combined ranking). Server-rendered: every
figure is also in ``/api/simultanes/``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from training.rooms import simultaneous
from training.rooms.forms import AddRoomForm, SimultaneForm, SimultaneJoinForm
from training.rooms.models import Room
from training.rooms.views import act_on, page_status, posted


@login_required
@require_http_methods(["GET", "POST"])
def simultanes(request: HttpRequest) -> HttpResponse:
    """Make a simultané, or join one with a room of one's own; the user's simultanés."""
    form = SimultaneForm(posted(request, "create"))
    join_form = SimultaneJoinForm(posted(request, "join"), initial={"code": request.GET.get("code", "")[:12]})

    def create(data: dict[str, Any]) -> HttpResponse:
        made = simultaneous.create_simultane(
            request.user, data["name"], data["lexicon"], variant=data["variant"], timer_seconds=int(data["timer"]),
            rules=data["rules"], pause_seconds=data["pause"], rooms=data["rooms"])
        return redirect("training:simultane", simultane_id=made.pk)

    def join(data: dict[str, Any]) -> HttpResponse:
        return redirect("training:room", room_id=simultaneous.join_as_arbitre(request.user, data["code"],
                                                                              data["name"]).pk)

    return act_on(form, create) or act_on(join_form, join) or render(request, "training/rooms/simultanes.html", {
        "form": form, "join_form": join_form, "simultanes": simultaneous.my_simultanes(request.user),
    }, status=page_status(form, join_form))


@login_required
@require_http_methods(["GET", "POST"])
def simultane_page(request: HttpRequest, simultane_id: int) -> HttpResponse:
    """A simultané: code, settings, rooms and their status, the combined ranking; the organiser adds rooms."""
    simultane = simultaneous.get_simultane(request.user, simultane_id)
    is_organiser = simultane.host_id == request.user.pk
    form = AddRoomForm(posted(request, "add"))

    def add(data: dict[str, Any]) -> HttpResponse:
        return redirect("training:room", room_id=simultaneous.add_room(simultane, request.user, data["name"]).pk)

    added = act_on(form, add)
    if added is not None:
        return added
    simultaneous.advance_rooms(simultane)
    detail = simultaneous.detail(simultane, request.user)
    mine = set(Room.objects.filter(simultane=simultane, host_id=request.user.pk).values_list("pk", flat=True))
    return render(request, "training/rooms/simultane.html", {
        "simultane": simultane, "detail": detail, "ranking": simultaneous.ranking(simultane),
        "is_organiser": is_organiser, "form": form, "my_room_ids": mine,
    }, status=page_status(form))
