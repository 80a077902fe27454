"""REST API of live rooms (``/api/rooms/``): thin views over the services and selectors.

A room is visible to its host and its members; anyone else gets a 404. Errors are ``{"detail", "code"}``:
400 for input to fix, 403 for the host's controls asked by someone else or a spectator's bulletin, 409 once
a round is closed or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import error_response
from core.arrival import arrived_at
from lexicon.models import Lexicon
from lexicon.selectors import preferred_lexicon
from training.rooms import selectors, services
from training.rooms.serializers import (
    ErrorSerializer,
    RoomBulletinInSerializer,
    RoomBulletinOutSerializer,
    RoomCreatedSerializer,
    RoomCreateSerializer,
    RoomJoinInSerializer,
    RoomJoinOutSerializer,
    RoomRankingSerializer,
    RoomRoundOutSerializer,
    RoomStateSerializer,
)

BAD_INPUT = OpenApiResponse(ErrorSerializer, description="Bad input: the reason in words.")
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such room, or a room the caller is not in.")
FORBIDDEN = OpenApiResponse(ErrorSerializer, description="Only the host may do this / spectators do not play.")
UNAVAILABLE = OpenApiResponse(ErrorSerializer, description="The task service does not answer: the room's game "
                                                           "could not be started; try again later.")
CONFLICT = OpenApiResponse(ErrorSerializer, description="The round is closed, the game over or not started.")


def _refused(exc: services.RoomError) -> Response:
    return error_response(exc.message, exc.status, code=exc.code)


def _validated(serializer_class: type, data: Any) -> dict[str, Any] | Response:
    if not isinstance(data, dict):
        return error_response(_("The body must be a JSON object."), code="bad_input")
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        fields = {k: [str(m) for m in (v if isinstance(v, list) else [v])] for k, v in serializer.errors.items()}
        first = next(iter(fields.items()))
        return error_response(f"{first[0]}: {first[1][0]}", code="bad_input", fields=fields)
    return dict(serializer.validated_data)


def _language(request: Request) -> str:
    return (getattr(request, "LANGUAGE_CODE", "") or "fr")[:2]


def _answer(request: Request, serializer_class: type,
            act: Callable[[dict[str, Any]], Response]) -> Response:
    """A POST's answer: 400 when its body does not check, else what ``act`` answers with the checked body,
    or the services' refusal (400, 403, 404, 409, 503) in the error shape."""
    data = _validated(serializer_class, request.data)
    if isinstance(data, Response):
        return data
    try:
        return act(data)
    except services.RoomError as exc:
        return _refused(exc)


def _lexicon_of(request: Request, data: dict[str, Any]) -> Lexicon:
    """The lexicon a room or a simultané is made with: the one asked for, or else the caller's preferred one
    for their language (refused, 400, when no lexicon is installed yet)."""
    lexicon = data.get("lexicon") or preferred_lexicon(request.user, _language(request))
    if lexicon is None:
        raise services.RoomError(_("No lexicon is installed yet."))
    return lexicon


GAME_SETTINGS = ("variant", "timer_seconds", "rules", "pause_seconds", "solo_bonus", "solo_min_players", "seed")
"""What a room and a simultané are both made with, besides the name and the lexicon (the same body fields)."""


def _game_settings(data: dict[str, Any]) -> dict[str, Any]:
    """The settings of :data:`GAME_SETTINGS` out of a checked body, as the services take them."""
    return {name: data.get(name) for name in GAME_SETTINGS}


class RoomsApi(APIView):
    """Make a room (the caller is its host and arbitre); its game is made in the background (``game``, ``task``)."""

    @extend_schema(request=RoomCreateSerializer, responses={201: RoomCreatedSerializer, 400: BAD_INPUT, 503: UNAVAILABLE})
    def post(self, request: Request) -> Response:
        def create(data: dict[str, Any]) -> Response:
            room = services.create_room(request.user, data["name"], _lexicon_of(request, data),
                                        **_game_settings(data))
            return Response({"id": room.pk, "code": room.code, "name": room.name, "game": room.game_id,
                             "task": str(room.game.task_run_id) if room.game.task_run_id else None,
                             "url": request.build_absolute_uri(reverse("training:room", args=[room.pk]))},
                            status=status.HTTP_201_CREATED)

        return _answer(request, RoomCreateSerializer, create)


class JoinApi(APIView):
    """Join a room by its code, as a player or a spectator."""

    @extend_schema(request=RoomJoinInSerializer, responses={200: RoomJoinOutSerializer, 400: BAD_INPUT, 404: NOT_FOUND,
                                                        409: CONFLICT})
    def post(self, request: Request) -> Response:
        def join(data: dict[str, Any]) -> Response:
            member = services.join(request.user, data["code"], data["role"])
            return Response({"room": member.room_id, "role": member.role})

        return _answer(request, RoomJoinInSerializer, join)


class StateApi(APIView):
    """Everything the socket says, by polling: the round, its rack and board once open, the server's clock, the
    caller's bulletin, the last result, the ranking. Reading it also closes an overdue round."""

    @extend_schema(responses={200: RoomStateSerializer, 404: NOT_FOUND})
    def get(self, request: Request, room_id: int) -> Response:
        room = services.advance(selectors.get_room(request.user, room_id))
        return Response(selectors.state(room, request.user))


def _control(action: str):  # noqa: ANN202
    def post(self: APIView, request: Request, room_id: int) -> Response:
        room = selectors.get_room(request.user, room_id)
        try:
            room = getattr(services, action)(room, request.user)
        except services.RoomError as exc:
            return _refused(exc)
        return Response(selectors.state(room, request.user))

    post.__doc__ = f"Host only: {action.replace('_', ' ')}."
    return extend_schema(request=None, responses={200: RoomStateSerializer, 403: FORBIDDEN, 404: NOT_FOUND,
                                                  409: CONFLICT})(post)


class StartApi(APIView):
    """Host only: open round 1 (the game must be made)."""

    post = _control("start")


class PauseApi(APIView):
    """Host only: stop the clock."""

    post = _control("pause")


class ResumeApi(APIView):
    """Host only: start the clock again (the deadline moves by the pause)."""

    post = _control("resume")


class NextApi(APIView):
    """Host only: close the current round now (bulletins judged), the next opens after the pause."""

    post = _control("next_round")


class FinishApi(APIView):
    """Host only: end the game (an open round is judged first)."""

    post = _control("finish")


class BulletinApi(APIView):
    """Hand in (or replace) a bulletin of the current round: 202 under tournament rules (nothing said before
    the close; the last one received counts); under training rules it is judged at once (400 with the reason)."""

    @extend_schema(request=RoomBulletinInSerializer, responses={202: RoomBulletinOutSerializer, 400: BAD_INPUT,
                                                            403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT})
    def post(self, request: Request, room_id: int) -> Response:
        def hand_in(data: dict[str, Any]) -> Response:
            # the room and the membership are read with the round, in one query (404, 403 as elsewhere)
            outcome = services.submit_bulletin(room_id, request.user, data["round"], data["coord"], data["word"],
                                               style=data["style"], arrived_at=arrived_at(request))
            body: dict[str, Any] = {"round": outcome.round, "received_at": outcome.received_at}
            if outcome.score is not None:
                body["score"] = outcome.score
            return Response(body, status=status.HTTP_202_ACCEPTED)

        return _answer(request, RoomBulletinInSerializer, hand_in)


class RoundApi(APIView):
    """A closed round: the top, the next plays and every player's judged play (409 before the close)."""

    @extend_schema(responses={200: RoomRoundOutSerializer, 404: NOT_FOUND, 409: CONFLICT})
    def get(self, request: Request, room_id: int, number: int) -> Response:
        room = services.advance(selectors.get_room(request.user, room_id))
        rnd = selectors.round_of(room, number)
        if rnd is None:
            return error_response(_("Round %(n)s has not been played in this room.") % {"n": number},
                                  status.HTTP_404_NOT_FOUND, code="not_found")
        if rnd.closed_at is None:
            return error_response(_("Round %(n)s is not closed yet.") % {"n": number},
                                  status.HTTP_409_CONFLICT, code="not_closed")
        return Response(selectors.round_results(room, rnd))


class RankingApi(APIView):
    """The live ranking: total (solo bonuses included), négatif, % of the tops, solos."""

    @extend_schema(responses={200: RoomRankingSerializer, 404: NOT_FOUND})
    def get(self, request: Request, room_id: int) -> Response:
        room = services.advance(selectors.get_room(request.user, room_id))
        return Response({"room": room.pk, "ranking": selectors.ranking(room)})
