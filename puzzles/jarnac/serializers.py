"""REST shapes of Jarnac games. Inputs check types only (the rules and their messages live in
:mod:`puzzles.jarnac.services`); outputs describe :func:`puzzles.jarnac.selectors.game_view`."""

from __future__ import annotations

from rest_framework import serializers

from core import request_serializers, text_schemas
from core.openapi import checked_json_field
from engine.jarnac.rules import LINES
from lexicon.serializers import LexiconVersionSerializer
from puzzles.jarnac.services import KINDS, LEVELS


class JarnacGameCreateSerializer(request_serializers.Serializer):
    lexicon = checked_json_field({"oneOf": [{"type": "integer"}, {"type": "string", "minLength": 1}]},
                                 required=False, allow_null=True,
                                 help_text="The lexicon's id or name; the default French lexicon if left out.")
    level = checked_json_field({"type": "string", "enum": list(LEVELS)},
                               help_text="The AI's level: `easy`, `medium` or `hard` (required).")
    # Any number or text of 1 to 64 characters (the service keeps it as text: 64 digits, or a sign and 63).
    seed = checked_json_field({"oneOf": [{"type": "integer", "minimum": -(10**63) + 1, "maximum": 10**64 - 1},
                                         {"type": "string", "minLength": 1, "maxLength": 64}]},
                              required=False, allow_null=True,
                              help_text="Optional: the bag's shuffle (the same seed and moves replay the same game).")


class JarnacGameListSerializer(LexiconVersionSerializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["playing", "over"])
    level = serializers.ChoiceField(choices=list(LEVELS))
    lexicon = serializers.IntegerField(source="lexicon_id")
    lexicon_name = serializers.CharField(source="lexicon.name")
    score = serializers.IntegerField()
    opponent_score = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True, help_text="`you`, `opponent`, `tie`, or null while playing.")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["winner"] = data["winner"] or None
        return data


class JarnacMoveInSerializer(request_serializers.Serializer):
    kind = checked_json_field({"type": "string", "enum": list(KINDS)}, required=False,
                              help_text="`create`, `transform`, `draw`, `exchange`, `pass` or `jarnac`.")
    word = checked_json_field(text_schemas.word(maxLength=40), required=False, allow_null=True,
                              help_text="The word, for `create`, `transform` and `jarnac`.")
    line = checked_json_field({"type": "integer", "minimum": 0, "maximum": LINES - 1}, required=False, allow_null=True,
                              help_text="0-based line: yours for `transform`; the opponent's for `jarnac` "
                                        "(null: a word from the opponent's loose letters alone).")
    letters = checked_json_field(text_schemas.word(maxLength=40), required=False, allow_null=True,
                                 help_text="The 3 letters given back, for `exchange`.")


class JarnacYouSerializer(request_serializers.Serializer):
    lines = serializers.ListField(child=serializers.CharField(), help_text="Your words, line 0 first.")
    line_scores = serializers.ListField(child=serializers.IntegerField(), help_text="Each line's score: its length squared.")
    reserve = serializers.CharField(allow_blank=True, help_text="Your loose letters, sorted.")
    score = serializers.IntegerField()


class JarnacOpponentSerializer(request_serializers.Serializer):
    lines = serializers.ListField(child=serializers.CharField())
    line_scores = serializers.ListField(child=serializers.IntegerField())
    reserve = serializers.CharField(allow_blank=True, help_text="The AI's loose letters, sorted (face up, as on "
                                    "a real table: a \u201cJarnac!\u201d steals from them).")
    reserve_size = serializers.IntegerField(help_text="How many loose letters the AI holds.")
    score = serializers.IntegerField()


class JarnacMoveSerializer(request_serializers.Serializer):
    number = serializers.IntegerField()
    turn = serializers.IntegerField()
    player = serializers.ChoiceField(choices=["you", "opponent"])
    kind = serializers.ChoiceField(choices=list(KINDS))
    word = serializers.CharField(allow_null=True)
    line = serializers.IntegerField(allow_null=True, help_text="0-based, as played.")
    base = serializers.CharField(allow_null=True, help_text="The word transformed or stolen from, if any.")
    result = serializers.ChoiceField(choices=["ok", "not_a_word", "not_available"])
    drawn = serializers.CharField(allow_null=True, help_text="Letters you drew (null for the AI's moves).")
    letters = serializers.CharField(allow_null=True, help_text="Letters you gave back in an exchange.")
    text = serializers.CharField(help_text="The move in words.")


class JarnacMissedSerializer(request_serializers.Serializer):
    word = serializers.CharField()
    base = serializers.CharField(help_text="Your word it transforms.")
    turn = serializers.IntegerField()


class JarnacGameSerializer(LexiconVersionSerializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["playing", "over"])
    turn = serializers.ChoiceField(choices=["you", "opponent"], allow_null=True, help_text="null once over.")
    turn_number = serializers.IntegerField()
    phase = serializers.ChoiceField(choices=["start", "draw", "play", "over"],
                                    help_text="`start`: “Jarnac!” window, then draw or exchange; `draw`: draw or "
                                              "exchange; `play`: create, transform or pass.")
    allowed = serializers.ListField(child=serializers.ChoiceField(choices=list(KINDS)),
                                    help_text="The move kinds you may try now.")
    jarnac_window = serializers.BooleanField()
    first_turn = serializers.BooleanField(help_text="Your first draw gives six letters.")
    you = JarnacYouSerializer()
    opponent = JarnacOpponentSerializer()
    bag = serializers.IntegerField(help_text="Letters left in the bag.")
    moves = JarnacMoveSerializer(many=True)
    winner = serializers.ChoiceField(choices=["you", "opponent", "tie"], allow_null=True)
    end_reason = serializers.ChoiceField(choices=["eighth_line", "bag_empty"], allow_null=True)
    level = serializers.ChoiceField(choices=list(LEVELS))
    lexicon = serializers.IntegerField()
    lexicon_name = serializers.CharField()
    language = serializers.CharField()
    missed = JarnacMissedSerializer(many=True, help_text="Once over: transformations you could have played.")
    review_words = serializers.ListField(child=serializers.CharField(), help_text="Missed words sent to a revision list.")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class JarnacMoveOutSerializer(JarnacGameSerializer):
    ai_moves = JarnacMoveSerializer(many=True, help_text="The AI's reply when your move passed the turn.")
    ai_ms = serializers.FloatField(help_text="Time the AI took to reply, in milliseconds.")


class JarnacLineHintSerializer(request_serializers.Serializer):
    line = serializers.IntegerField(help_text="0-based.")
    word = serializers.CharField()
    count = serializers.IntegerField(help_text="Transformations your reserve allows.")
    example = serializers.CharField(allow_null=True, help_text="One of them (the longest).")
    added = serializers.CharField(allow_null=True, help_text="The letters it takes from the reserve.")


class JarnacHintSerializer(request_serializers.Serializer):
    reserve = serializers.CharField(allow_blank=True)
    total = serializers.IntegerField(help_text="Transformations over all your lines.")
    lines = JarnacLineHintSerializer(many=True)
    creations = serializers.IntegerField(help_text="New words your reserve alone makes (0 when your 8 lines are used).")
    creation = serializers.CharField(allow_null=True, help_text="One of them (the longest).")


class JarnacReviewInSerializer(request_serializers.Serializer):
    words = checked_json_field({"type": "array", "items": text_schemas.word(maxLength=40)},
                               required=False, allow_null=True,
                               help_text="Missed words to add (all of them if left out).")
    list = checked_json_field({"type": "integer", "minimum": 1}, required=False, allow_null=True,
                              help_text="One of your revision lists of the game's lexicon; by default your list "
                                        "“Jarnac: missed words”, created on first use.")


class JarnacSkippedSerializer(request_serializers.Serializer):
    word = serializers.CharField()
    reason = serializers.CharField()


class JarnacReviewOutSerializer(request_serializers.Serializer):
    list = serializers.IntegerField()
    list_name = serializers.CharField()
    added = serializers.ListField(child=serializers.CharField())
    skipped = JarnacSkippedSerializer(many=True)


class JarnacErrorSerializer(request_serializers.Serializer):
    detail = serializers.CharField()
    code = serializers.CharField(required=False, help_text="For refused moves: `not_a_word`, `missing_letters`, "
                                                           "`drops_letters`, `adds_nothing`, `bad_line`, ...")
