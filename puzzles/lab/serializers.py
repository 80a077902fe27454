"""REST shapes of the crossword lab. Input serializers check types only; the rules live in :mod:`puzzles.lab.services`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from core import request_serializers
from engine.crossword import ALGORITHMS, GRID_FORMATS
from lexicon.models import Lexicon
from lexicon.serializers import LexiconVersionSerializer
from puzzles.crosswords.models import MAX_SIZE, MIN_SIZE, Crossword
from puzzles.lab.models import FillComparison

GRID_HELP = ("The grid as text: one row per line (or rows separated by `/`); `#` a black cell, `.` an empty "
             "cell, a letter a given letter. With `format` `01`: `1` a black cell, `0` a white one.")




def _rows_pattern(cell: str, separator: str) -> str:
    """Rectangular grid text: 3 to 21 rows of the same width, 3 to 21 cells, one line end allowed after the
    last row (a regular expression has no back-reference to a count, so each width is an alternative)."""
    sides = range(MIN_SIZE, MAX_SIZE + 1)
    widths = "|".join(f"{cell}{{{w}}}(?:{separator}{cell}{{{w}}}){{{MIN_SIZE - 1},{MAX_SIZE - 1}}}" for w in sides)
    return f"^(?:{widths})(?:\\r?\\n)?$"


# A letter is one the engine folds to A-Z (accents dropped; not Æ, Œ, ß, Ð, Ø or Þ).
TEXT_GRID_PATTERN = _rows_pattern("[#.A-Za-zÀ-ÅÇ-ÏÑ-ÖÙ-Ýà-åç-ïñ-öù-ýÿ]", "(?:\\r?\\n|/)")
ZERO_ONE_GRID_PATTERN = _rows_pattern("[01]", "\\r?\\n")


class GridInSerializer(request_serializers.Serializer):
    """A grid to check (what importing a grid file does): text or 0/1."""

    grid = serializers.CharField(help_text=GRID_HELP, trim_whitespace=False, max_length=4000)
    format = serializers.ChoiceField(choices=list(GRID_FORMATS), default="text")
    style = serializers.ChoiceField(choices=Crossword.Style.choices, default="fr")  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)


class GridInSchema(OpenApiSerializerExtension):
    """The grid's text follows its ``format``: the schema says which characters and that the rows are of one
    width, so that only grids the style's rules refuse (answered 422) are refused among those it allows."""

    target_class = GridInSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            schema["if"] = {"properties": {"format": {"const": "01"}}, "required": ["format"]}
            schema["then"] = {"properties": {"grid": {"pattern": ZERO_ONE_GRID_PATTERN}}}
            schema["else"] = {"properties": {"grid": {"pattern": TEXT_GRID_PATTERN}}}
        return schema


class LabGridInSerializer(GridInSerializer):
    """A grid to check (what importing a grid file does): text or 0/1."""


class LabGridOutSerializer(request_serializers.Serializer):
    """A checked grid with its two file forms (what exporting writes)."""

    grid = serializers.ListField(child=serializers.CharField(), help_text="Rows of `#`, `.` and letters.")
    rows = serializers.IntegerField()
    cols = serializers.IntegerField()
    blocks = serializers.IntegerField(help_text="Black cells.")
    text = serializers.CharField(help_text="The grid file in text form.")
    zero_one = serializers.CharField(help_text="The grid file in 0/1 form (1 a black cell).")


class LabRandomInSerializer(request_serializers.Serializer):
    rows = serializers.IntegerField(min_value=3, max_value=21)
    cols = serializers.IntegerField(min_value=3, max_value=21)
    blocks = serializers.IntegerField(min_value=0, max_value=441,
                                      help_text="Exactly this many black cells; at most half the cells (`fr`) or a "
                                                "sixth (`us`, a square grid, an even count without a centre cell). "
                                                "A count the size cannot take is answered 422.")
    style = serializers.ChoiceField(choices=Crossword.Style.choices, default="fr")  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**31 - 1)


class _LabFillInSerializer(GridInSerializer):
    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all())
    lexicons = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all(), many=True, required=False,
                                                  help_text="Other lexicons of the same language: their words "
                                                            "fill the grid too.")


class LabSolveInSerializer(_LabFillInSerializer):
    algorithm = serializers.ChoiceField(choices=list(ALGORITHMS), default="mac")
    theme_list = serializers.IntegerField(required=False, allow_null=True,
                                          help_text="One of your revision lists of the same lexicon: its words "
                                                    "are placed first.")
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**31 - 1)


class LabCompareInSerializer(_LabFillInSerializer):
    algorithms = serializers.ListField(child=serializers.ChoiceField(choices=list(ALGORITHMS)),
                                       default=["fc", "fc-cbj", "mac"], max_length=4)
    seeds = serializers.IntegerField(default=3, min_value=1, max_value=5)
    time_limit = serializers.FloatField(default=10.0, min_value=0.5, max_value=30.0,
                                        help_text="Seconds per run.")


class FillComparisonStartedSerializer(request_serializers.Serializer):
    comparison = serializers.IntegerField()
    task = serializers.UUIDField()


class ComparisonRowSerializer(request_serializers.Serializer):
    grid = serializers.CharField()
    algorithm = serializers.ChoiceField(choices=list(ALGORITHMS))
    runs = serializers.IntegerField()
    solved = serializers.IntegerField(help_text="Runs that filled the grid.")
    unsolvable = serializers.IntegerField(help_text="Runs that proved no fill exists.")
    timeouts = serializers.IntegerField(help_text="Runs stopped by the time limit.")
    median_time = serializers.FloatField(help_text="Seconds; a run stopped by the clock counts with its limit.")
    median_nodes = serializers.FloatField()
    median_backtracks = serializers.FloatField()


class FillComparisonSerializer(LexiconVersionSerializer, request_serializers.ModelSerializer):
    # What PrimaryKeyRelatedField(many=True) builds, spelled out so the type is known.
    lexicons = serializers.ManyRelatedField(child_relation=serializers.PrimaryKeyRelatedField(read_only=True),
                                            source="extra_lexicons", read_only=True)
    task = serializers.UUIDField(source="task_run_id", read_only=True, allow_null=True)
    table = ComparisonRowSerializer(many=True, read_only=True)
    grid = serializers.ListField(source="pattern", child=serializers.CharField(), read_only=True)

    class Meta:
        model = FillComparison
        fields = ["id", "lexicon", "lexicons", "style", "grid", "algorithms", "seeds", "time_limit", "status",
                  "task", "table", "error", "created_at", "finished_at", "lexicon_version", "lexicon_current_version"]
        read_only_fields = fields
