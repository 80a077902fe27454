"""REST shapes of live rooms. Input serializers check types only; the rules live in the services."""

from __future__ import annotations

from rest_framework import serializers

from core import request_serializers, text_schemas
from core.openapi import checked_char_field
from lexicon.models import Lexicon
from training.duplicate.models import DuplicateGame
from training.duplicate.serializers import ErrorSerializer  # noqa: F401 (the same error body)
from training.rooms.models import (
    CODE_ALPHABET,
    CODE_LENGTH,
    DEFAULT_PAUSE,
    MAX_PAUSE,
    MIN_PAUSE,
    Room,
    RoomMember,
)
from training.rooms.services import MAX_NAME

# The rules the services check on names and codes (``services.create_room``, ``services.join``), stated for
# the schema; the services keep their own messages.
ROOM_NAME = text_schemas.not_blank(MAX_NAME)
ROOM_CODE = text_schemas.code(CODE_ALPHABET, CODE_LENGTH)


class RoomCreateSerializer(request_serializers.Serializer):
    name = checked_char_field(ROOM_NAME, max_length=200, allow_blank=True)
    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all(), required=False,
                                                 help_text="Omitted: the caller's preferred lexicon.")
    variant = serializers.ChoiceField(choices=DuplicateGame.Variant.choices, default=DuplicateGame.Variant.CLASSIC)
    timer_seconds = serializers.IntegerField(min_value=60, max_value=300, default=180,
                                             help_text="Time per round: 60 to 300 seconds (default 180).")
    rules = serializers.ChoiceField(choices=Room.Rules.choices, default=Room.Rules.TOURNAMENT)
    pause_seconds = serializers.IntegerField(min_value=MIN_PAUSE, max_value=MAX_PAUSE, default=DEFAULT_PAUSE,
                                             help_text="Seconds between a round's close and the next opening.")
    solo_bonus = serializers.IntegerField(min_value=0, max_value=100, default=10,
                                          help_text="Points a solo earns (default 10, the ODS value).")
    solo_min_players = serializers.IntegerField(min_value=2, max_value=10000, default=16,
                                                help_text="Players a room needs for solos (default 16).")
    seed = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None)


class RoomCreatedSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    game = serializers.IntegerField()
    task = serializers.CharField(allow_null=True, help_text="The task making the game (/api/tasks/{task}/).")
    url = serializers.CharField(help_text="The room's page (share it: it asks to join).")


class RoomJoinInSerializer(request_serializers.Serializer):
    code = checked_char_field(ROOM_CODE, max_length=40)
    role = serializers.ChoiceField(choices=RoomMember.Role.choices, default=RoomMember.Role.PLAYER)


class RoomJoinOutSerializer(request_serializers.Serializer):
    room = serializers.IntegerField()
    role = serializers.CharField()


class RoomBulletinInSerializer(request_serializers.Serializer):
    round = serializers.IntegerField(min_value=0, max_value=1000)
    coord = serializers.CharField(max_length=20, allow_blank=True)
    word = serializers.CharField(max_length=40, allow_blank=True)
    style = serializers.ChoiceField(  # type: ignore[assignment]  # a field named like DRF's Field.style
        choices=(("fr", "French"), ("en", "English")), default="fr")


class RoomBulletinOutSerializer(request_serializers.Serializer):
    round = serializers.IntegerField()
    received_at = serializers.DateTimeField()
    score = serializers.IntegerField(required=False, help_text="Training rules only.")


class RoomResultSerializer(request_serializers.Serializer):
    player = serializers.CharField()
    coord = serializers.CharField()
    word = serializers.CharField()
    score = serializers.IntegerField()
    bonus = serializers.IntegerField()
    valid = serializers.BooleanField()
    reason = serializers.CharField(help_text="Why the play scores 0: the engine's code, late, none; empty if valid.")
    solo = serializers.BooleanField()


class RoomRoundOutSerializer(request_serializers.Serializer):
    round = serializers.IntegerField()
    rack = serializers.CharField()
    top = serializers.DictField()
    subtops = serializers.ListField(child=serializers.DictField())
    results = RoomResultSerializer(many=True)


class RoomRankingLineSerializer(request_serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    total = serializers.IntegerField()
    negatif = serializers.IntegerField()
    percent = serializers.FloatField()
    solos = serializers.IntegerField()


class RoomRankingSerializer(request_serializers.Serializer):
    room = serializers.IntegerField()
    ranking = RoomRankingLineSerializer(many=True)


class RoomStateSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    code = serializers.CharField()
    rules = serializers.CharField()
    status = serializers.CharField()
    host = serializers.CharField()
    is_host = serializers.BooleanField()
    role = serializers.CharField(allow_null=True)
    timer_seconds = serializers.IntegerField()
    pause_seconds = serializers.IntegerField()
    round_count = serializers.IntegerField()
    game = serializers.IntegerField()
    game_status = serializers.CharField()
    simultane = serializers.IntegerField(allow_null=True, help_text="The simultané the room plays in "
                                         "(/api/simultanes/{id}/ranking/: the combined ranking), or null.")
    lexicon = serializers.IntegerField()
    lexicon_name = serializers.CharField()
    lexicon_version = serializers.IntegerField(allow_null=True, help_text="The version of the lexicon the room's "
                                               "game was made with (null for a game made before versions were "
                                               "recorded).")
    round = serializers.IntegerField(allow_null=True)
    cgp = serializers.CharField(allow_null=True)
    rack = serializers.CharField(allow_null=True)
    board = serializers.ListField(child=serializers.CharField(), allow_null=True)
    opens_at = serializers.DateTimeField(allow_null=True)
    closes_at = serializers.DateTimeField(allow_null=True)
    closed = serializers.BooleanField()
    paused_at = serializers.DateTimeField(allow_null=True)
    server_time = serializers.DateTimeField()
    players = serializers.IntegerField(help_text="How many players are in the room.")
    spectators = serializers.IntegerField()
    bulletins = serializers.IntegerField(help_text="Bulletins handed in for the current round.")
    my_bulletin = serializers.DictField(allow_null=True)
    last_result = serializers.DictField(allow_null=True)
    ranking = RoomRankingLineSerializer(many=True)
