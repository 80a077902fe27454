"""Simultané pages under ``/training/rooms/simultanes/``: the list (make one, join one as a club's arbitre)
and a simultané's page (its code, its rooms with their status, the combined ranking). Server-rendered: every
figure is also in ``/api/simultanes/``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from training.rooms import simultaneous
from training.rooms.forms import AddRoomForm, SimultaneForm, SimultaneJoinForm
from training.rooms.models import Room


@login_required
@require_http_methods(["GET", "POST"])
def simultanes(request: HttpRequest) -> HttpResponse:
    """Make a simultané, or join one with a room of one's own; the user's simultanés."""
    action = request.POST.get("action")
    form = SimultaneForm(request.POST if action == "create" else None)
    join_form = SimultaneJoinForm(request.POST if action == "join" else None,
                                  initial={"code": request.GET.get("code", "")[:12]})
    if request.method == "POST" and form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            made = simultaneous.create_simultane(
                request.user, data["name"], data["lexicon"], variant=data["variant"], timer_seconds=int(data["timer"]),
                rules=data["rules"], pause_seconds=data["pause"], rooms=data["rooms"])
        except simultaneous.RoomError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("training:simultane", simultane_id=made.pk)
    if request.method == "POST" and join_form.is_bound and join_form.is_valid():
        try:
            room = simultaneous.join_as_arbitre(request.user, join_form.cleaned_data["code"],
                                                join_form.cleaned_data["name"])
        except simultaneous.RoomError as exc:
            join_form.add_error(None, exc.message)
        else:
            return redirect("training:room", room_id=room.pk)
    failed = (form.is_bound and form.errors) or (join_form.is_bound and join_form.errors)
    return render(request, "training/rooms/simultanes.html", {
        "form": form, "join_form": join_form, "simultanes": simultaneous.my_simultanes(request.user),
    }, status=400 if failed else 200)


@login_required
@require_http_methods(["GET", "POST"])
def simultane_page(request: HttpRequest, simultane_id: int) -> HttpResponse:
    """A simultané: code, settings, rooms and their status, the combined ranking; the organiser adds rooms."""
    simultane = simultaneous.get_simultane(request.user, simultane_id)
    is_organiser = simultane.host_id == request.user.pk
    form = AddRoomForm(request.POST if request.method == "POST" and request.POST.get("action") == "add" else None)
    if form.is_bound and form.is_valid():
        try:
            room = simultaneous.add_room(simultane, request.user, form.cleaned_data["name"])
        except simultaneous.RoomError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("training:room", room_id=room.pk)
    simultaneous.advance_rooms(simultane)
    detail = simultaneous.detail(simultane, request.user)
    mine = set(Room.objects.filter(simultane=simultane, host_id=request.user.pk).values_list("pk", flat=True))
    return render(request, "training/rooms/simultane.html", {
        "simultane": simultane, "detail": detail, "ranking": simultaneous.ranking(simultane),
        "is_organiser": is_organiser, "form": form, "my_room_ids": mine,
    }, status=400 if form.is_bound and form.errors else 200)
