"""Shapes of the coach's API: the diagnosis, drills, puzzles and answers (requests refuse unknown fields)."""

from __future__ import annotations

from rest_framework import serializers

from core import request_serializers
from engine.coach import TAGS
from lexicon.models import Lexicon
from training.coach.selectors import MAX_GAMES
from training.coach.services import MAX_DRILL
from training.duplicate.serializers import STYLES, ErrorSerializer  # noqa: F401 (the coach answers the same errors)

TAG_CHOICES = tuple((tag, tag) for tag in TAGS)


class TagLineSerializer(request_serializers.Serializer):
    tag = serializers.ChoiceField(choices=TAG_CHOICES)
    name = serializers.CharField(help_text="The kind's name in the reader's language.")
    rounds = serializers.IntegerField(help_text="Rounds whose top has this kind.")
    found = serializers.IntegerField(help_text="Of those, rounds whose top the player found (scored as much).")
    lost = serializers.IntegerField(help_text="Points lost on those rounds (top − the player's score, summed). A "
                                              "round whose top has several kinds counts for each.")
    share = serializers.FloatField(help_text="lost / the négatif of these games × 100 (shares overlap: see lost).")


class TrendPointSerializer(request_serializers.Serializer):
    game = serializers.IntegerField()
    date = serializers.DateTimeField(help_text="When the player finished the game.")
    percent = serializers.FloatField(help_text="The player's total / the tops' total × 100 in that game.")


class MissedWordSerializer(request_serializers.Serializer):
    word = serializers.CharField()
    count = serializers.IntegerField(help_text="Rounds where this word was the top and the player missed it.")
    lost = serializers.IntegerField()


class CoachSerializer(request_serializers.Serializer):
    games = serializers.IntegerField(help_text=f"Finished games read (the last ones, at most {MAX_GAMES}).")
    rounds = serializers.IntegerField(help_text="Rounds validated in those games.")
    found = serializers.IntegerField(help_text="Tops found.")
    lost = serializers.IntegerField(help_text="The négatif: points lost against the tops, every round together.")
    tags = TagLineSerializer(many=True, help_text="Per kind of top, most points lost first.")
    trend = TrendPointSerializer(many=True, help_text="% of the top per game, oldest first.")
    missed_words = MissedWordSerializer(many=True, help_text="The tops missed most often, most first.")


class DrillInSerializer(request_serializers.Serializer):
    tag = serializers.ChoiceField(choices=TAG_CHOICES, help_text="The kind of top to train.")
    count = serializers.IntegerField(min_value=1, max_value=MAX_DRILL, default=10)
    length = serializers.IntegerField(min_value=2, max_value=15, required=False, allow_null=True, default=None,
                                      help_text="Only tops of this many letters.")
    my_lists = serializers.BooleanField(default=False, help_text="Only tops that are words of my revision lists.")
    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all(), required=False, allow_null=True,
                                                 default=None, help_text="The bank's lexicon when the player's own "
                                                                         "rounds are too few (omitted: their preferred).")


class DrillPuzzleSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    cgp = serializers.CharField(help_text="The position: board, rack, lexicon (CGP).")
    rack = serializers.CharField()
    tag = serializers.ChoiceField(choices=TAG_CHOICES)
    answered = serializers.BooleanField(required=False)
    correct = serializers.BooleanField(required=False)


class DrillCreatedSerializer(request_serializers.Serializer):
    drill = serializers.IntegerField()
    puzzles = DrillPuzzleSerializer(many=True)
    bank_task = serializers.UUIDField(allow_null=True, help_text="The puzzle bank being built when the drill has "
                                                                 "fewer puzzles than asked: ask again once it is done.")


class DrillSerializer(request_serializers.Serializer):
    drill = serializers.IntegerField()
    tag = serializers.ChoiceField(choices=TAG_CHOICES)
    created_at = serializers.DateTimeField()
    puzzles = DrillPuzzleSerializer(many=True)


class PuzzleSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    cgp = serializers.CharField()
    rack = serializers.CharField()
    tag = serializers.ChoiceField(choices=TAG_CHOICES, help_text="The kind the drill trains (else the top's first).")
    tags = serializers.ListField(child=serializers.ChoiceField(choices=TAG_CHOICES))
    lexicon = serializers.IntegerField()
    source = serializers.ChoiceField(choices=(("round", "A round the player missed"), ("bank", "The puzzle bank")))  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
    rating = serializers.FloatField(help_text="The puzzle's difficulty (Glicko-2).")
    hints = serializers.ListField(child=serializers.CharField(), help_text="The hints taken so far, in words.")
    hints_left = serializers.IntegerField()
    open = serializers.BooleanField(help_text="Whether an answer is awaited (the puzzle is in an unfinished drill).")


class PuzzleAnswerInSerializer(request_serializers.Serializer):
    word = serializers.CharField(max_length=64, trim_whitespace=True,
                                 help_text="The whole word, board letters included (as in duplicate).")
    coord = serializers.CharField(max_length=16, trim_whitespace=True)
    style = serializers.ChoiceField(choices=STYLES, default="fr")  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)


class TopSerializer(request_serializers.Serializer):
    word = serializers.CharField()
    coord = serializers.CharField()
    score = serializers.IntegerField()


class PuzzleAnswerOutSerializer(request_serializers.Serializer):
    correct = serializers.BooleanField(help_text="The play scores the top's score.")
    top = TopSerializer()
    word = serializers.CharField()
    coord = serializers.CharField()
    score = serializers.IntegerField(help_text="The answered play's score.")
    rating = serializers.FloatField(help_text="The player's puzzle rating after this answer (Glicko-2).")
    next = serializers.IntegerField(allow_null=True, help_text="The drill's next open puzzle, if any.")

