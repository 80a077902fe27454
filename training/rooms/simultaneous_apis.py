"""REST API of simultanés (``/api/simultanes/``): thin views over :mod:`training.rooms.simultaneous`.

A simultané is visible to its organiser, its rooms' arbitres and its rooms' members; anyone else gets a 404.
Only the organiser manages it (403). Errors are ``{"detail", "code"}`` as for rooms.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import request_serializers
from core.openapi import checked_char_field
from lexicon.models import Lexicon
from training.duplicate.models import DuplicateGame
from training.rooms import simultaneous
from training.rooms.apis import (
    BAD_INPUT,
    CONFLICT,
    FORBIDDEN,
    UNAVAILABLE,
    _answer,
    _game_settings,
    _lexicon_of,
    _refused,
)
from training.rooms.models import DEFAULT_PAUSE, MAX_PAUSE, MIN_PAUSE, Room, Simultane
from training.rooms.serializers import ROOM_CODE, ROOM_NAME, RoomRankingLineSerializer

NOT_FOUND = OpenApiResponse(description="No such simultané, or one the caller has no part in.")


class SimultaneCreateSerializer(request_serializers.Serializer):
    name = checked_char_field(ROOM_NAME, max_length=200, allow_blank=True)
    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all(), required=False,
                                                 help_text="Omitted: the caller's preferred lexicon.")
    variant = serializers.ChoiceField(choices=DuplicateGame.Variant.choices, default=DuplicateGame.Variant.CLASSIC)
    timer_seconds = serializers.IntegerField(min_value=60, max_value=300, default=180)
    rules = serializers.ChoiceField(choices=Room.Rules.choices, default=Room.Rules.TOURNAMENT)
    pause_seconds = serializers.IntegerField(min_value=MIN_PAUSE, max_value=MAX_PAUSE, default=DEFAULT_PAUSE)
    solo_bonus = serializers.IntegerField(min_value=0, max_value=100, default=10,
                                          help_text="Points a solo (over the whole simultané) earns.")
    solo_min_players = serializers.IntegerField(min_value=2, max_value=10000, default=16,
                                                help_text="Players the simultané needs for solos (all rooms).")
    seed = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None)
    rooms = serializers.ListField(child=checked_char_field(ROOM_NAME, max_length=200, allow_blank=True), required=False,
                                  default=list, max_length=simultaneous.MAX_ROOMS,
                                  help_text="Names of rooms the organiser runs, made with the simultané.")


class RoomNameSerializer(request_serializers.Serializer):
    name = checked_char_field(ROOM_NAME, max_length=200, allow_blank=True)


class SimultaneJoinSerializer(request_serializers.Serializer):
    code = checked_char_field(ROOM_CODE, max_length=40)
    name = checked_char_field(ROOM_NAME, max_length=200, allow_blank=True, help_text="The name of the arbitre's room.")


class SimultaneRoomSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    code = serializers.CharField(help_text="The room's code: its players join with it (POST /api/rooms/join/).")
    arbitre = serializers.CharField()
    status = serializers.CharField()
    status_label = serializers.CharField()
    round = serializers.IntegerField()
    players = serializers.IntegerField()


class SimultaneSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    code = serializers.CharField(help_text="Clubs' arbitres join with it (POST /api/simultanes/join/).")
    organiser = serializers.CharField()
    is_organiser = serializers.BooleanField()
    lexicon = serializers.IntegerField()
    variant = serializers.CharField()
    timer_seconds = serializers.IntegerField()
    pause_seconds = serializers.IntegerField()
    rules = serializers.CharField()
    solo_bonus = serializers.IntegerField()
    solo_min_players = serializers.IntegerField()
    game = serializers.IntegerField()
    game_status = serializers.CharField()
    round_count = serializers.IntegerField()
    review = serializers.BooleanField(help_text="Every room is over: the game is a shared game to review.")
    rooms = SimultaneRoomSerializer(many=True)


class SimultaneListSerializer(request_serializers.Serializer):
    simultanes = serializers.ListField(child=serializers.DictField())


class RoomAddedSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    simultane = serializers.IntegerField()
    url = serializers.CharField()


class CombinedLineSerializer(RoomRankingLineSerializer):
    room = serializers.IntegerField()
    room_name = serializers.CharField()
    rounds = serializers.IntegerField(help_text="Rounds the player's room has closed (the négatif's measure).")


class CombinedSoloSerializer(request_serializers.Serializer):
    round = serializers.IntegerField()
    player = serializers.CharField()
    room = serializers.IntegerField()


class CombinedRankingSerializer(request_serializers.Serializer):
    simultane = serializers.IntegerField()
    final = serializers.BooleanField(help_text="Every room is over (until then the ranking moves).")
    ranking = CombinedLineSerializer(many=True)
    solos = CombinedSoloSerializer(many=True)


def _room_added(request: Request, room: Room) -> Response:
    return Response({"id": room.pk, "code": room.code, "name": room.name, "simultane": room.simultane_id,
                     "url": request.build_absolute_uri(reverse("training:room", args=[room.pk]))},
                    status=status.HTTP_201_CREATED)


def _summary(simultane: Simultane) -> dict[str, Any]:
    return {"id": simultane.pk, "name": simultane.name, "code": simultane.code, "created_at": simultane.created_at}


class SimultanesApi(APIView):
    """The caller's simultanés (organised, or with a room they run or play in); make one (the caller is its
    organiser; its game is made once, in the background, for all its rooms)."""

    @extend_schema(operation_id="simultanes_list", responses={200: SimultaneListSerializer})
    def get(self, request: Request) -> Response:
        return Response({"simultanes": [_summary(s) for s in simultaneous.my_simultanes(request.user)]})

    @extend_schema(request=SimultaneCreateSerializer, responses={201: SimultaneSerializer, 400: BAD_INPUT,
                                                             503: UNAVAILABLE})
    def post(self, request: Request) -> Response:
        def create(data: dict[str, Any]) -> Response:
            made = simultaneous.create_simultane(request.user, data["name"], _lexicon_of(request, data),
                                                 **_game_settings(data), rooms=data["rooms"])
            return Response(simultaneous.detail(made, request.user), status=status.HTTP_201_CREATED)

        return _answer(request, SimultaneCreateSerializer, create)


class SimultaneJoinApi(APIView):
    """A club's arbitre joins a simultané by its code with a room of their own (they run its clock)."""

    @extend_schema(request=SimultaneJoinSerializer, responses={201: RoomAddedSerializer, 400: BAD_INPUT,
                                                           404: NOT_FOUND, 409: CONFLICT})
    def post(self, request: Request) -> Response:
        return _answer(request, SimultaneJoinSerializer, lambda data: _room_added(
            request, simultaneous.join_as_arbitre(request.user, data["code"], data["name"])))


class SimultaneApi(APIView):
    """A simultané: its settings, its code, its rooms with their status."""

    @extend_schema(responses={200: SimultaneSerializer, 404: NOT_FOUND})
    def get(self, request: Request, simultane_id: int) -> Response:
        simultane = simultaneous.get_simultane(request.user, simultane_id)
        simultaneous.advance_rooms(simultane)
        return Response(simultaneous.detail(simultane, request.user))


class SimultaneRoomsApi(APIView):
    """Organiser only: add a room they run themselves."""

    @extend_schema(request=RoomNameSerializer, responses={201: RoomAddedSerializer, 400: BAD_INPUT,
                                                      403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT})
    def post(self, request: Request, simultane_id: int) -> Response:
        simultane = simultaneous.get_simultane(request.user, simultane_id)  # 404 before the body is read
        return _answer(request, RoomNameSerializer, lambda data: _room_added(
            request, simultaneous.add_room(simultane, request.user, data["name"])))


class SimultaneRoomApi(APIView):
    """Organiser only: take out a room that has not started."""

    @extend_schema(request=None, responses={204: None, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT})
    def delete(self, request: Request, simultane_id: int, room_id: int) -> Response:
        simultane = simultaneous.get_simultane(request.user, simultane_id)
        try:
            simultaneous.remove_room(simultane, request.user, room_id)
        except simultaneous.RoomError as exc:
            return _refused(exc)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SimultaneRankingApi(APIView):
    """The combined ranking over every room: total, négatif, % of the tops, solos over the whole simultané."""

    @extend_schema(responses={200: CombinedRankingSerializer, 404: NOT_FOUND})
    def get(self, request: Request, simultane_id: int) -> Response:
        simultane = simultaneous.get_simultane(request.user, simultane_id)
        simultaneous.advance_rooms(simultane)
        return Response(simultaneous.ranking(simultane))
