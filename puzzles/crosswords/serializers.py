"""REST shapes of the puzzles app. Input serializers check types only; the rules live in the services.

No output serializer carries answers: the grid is ``#``/``.`` rows, slots have clues but no answers.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import request_serializers, text_schemas
from core.openapi import checked_json_field
from lexicon.models import Lexicon
from lexicon.serializers import LexiconVersionSerializer
from puzzles.crosswords import selectors
from puzzles.crosswords.models import Crossword, CrosswordProgress
from puzzles.crosswords.services import MAX_TIMER_SECONDS


class CrosswordCreateSerializer(request_serializers.Serializer):
    """A crossword request. ``size`` and ``style`` are checked by the service (one set of messages)."""

    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all())
    size = checked_json_field({"type": "integer", "minimum": 3, "maximum": 21}, help_text="Grid side, 3 to 21.")
    style = checked_json_field({"type": "string", "enum": ["fr", "us"]}, help_text="`fr` (French: black cells anywhere, 2+ letter words) or "  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
                                             "`us` (American: symmetric, 3+ letter words).")
    theme_list = serializers.IntegerField(required=False, allow_null=True,
                                          help_text="One of your revision lists of the same lexicon: its words "
                                                    "become theme entries.")
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**31 - 1)


class CrosswordStartedSerializer(request_serializers.Serializer):
    crossword = serializers.IntegerField()
    task = serializers.UUIDField()


class CrosswordSlotSerializer(request_serializers.Serializer):
    key = serializers.CharField(help_text="Number and direction: `12A`, `3D`.")
    number = serializers.IntegerField()
    dir = serializers.ChoiceField(choices=["A", "D"])
    row = serializers.IntegerField(help_text="0-based.")
    col = serializers.IntegerField(help_text="0-based.")
    length = serializers.IntegerField()
    clue = serializers.CharField()


class CrosswordProgressSerializer(request_serializers.ModelSerializer):
    finished = serializers.BooleanField(source="is_finished", read_only=True)
    solved = serializers.BooleanField(source="is_solved", read_only=True,
                                      help_text="Finished with no revealed letter (a revealed grid is not solved).")

    class Meta:
        model = CrosswordProgress
        fields = ["entries", "seconds", "checks", "reveals", "revealed", "missed", "started_at", "updated_at",
                  "finished", "solved", "finished_at", "review_words", "review_skipped"]
        read_only_fields = fields


class CrosswordListSerializer(LexiconVersionSerializer, request_serializers.ModelSerializer):
    lexicon_name = serializers.CharField(source="lexicon.name", read_only=True)
    task = serializers.UUIDField(source="task_run_id", read_only=True, allow_null=True)

    class Meta:
        model = Crossword
        fields = ["id", "lexicon", "lexicon_name", "size", "style", "status", "task", "theme_words", "error",
                  "created_at", "finished_at", "lexicon_version", "lexicon_current_version"]
        read_only_fields = fields


class CrosswordSerializer(CrosswordListSerializer):
    """One crossword as a learner sees it: grid without answers, clues, their saved entries and progress."""

    width = serializers.IntegerField(read_only=True)
    height = serializers.IntegerField(read_only=True)
    grid = serializers.SerializerMethodField(help_text="Rows: `#` black cell, `.` white cell.")
    slots = serializers.SerializerMethodField()
    entries = serializers.SerializerMethodField(help_text="Saved entries: rows like `grid` with letters typed.")
    progress = serializers.SerializerMethodField()
    theme_placed = serializers.SerializerMethodField()

    class Meta(CrosswordListSerializer.Meta):
        fields = [*CrosswordListSerializer.Meta.fields, "width", "height", "grid", "slots", "entries", "progress",
                  "theme_placed"]
        read_only_fields = fields

    def _progress(self, crossword: Crossword) -> CrosswordProgress | None:
        return self.context.get("progress")

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_grid(self, crossword: Crossword) -> list[str]:
        return selectors.public_rows(crossword)

    @extend_schema_field(CrosswordSlotSerializer(many=True))
    def get_slots(self, crossword: Crossword) -> list[dict[str, Any]]:
        return selectors.public_slots(crossword)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_entries(self, crossword: Crossword) -> list[str]:
        return selectors.entries_of(crossword, self._progress(crossword)) if crossword.is_ready else []

    @extend_schema_field(CrosswordProgressSerializer(allow_null=True))
    def get_progress(self, crossword: Crossword) -> dict[str, Any] | None:
        progress = self._progress(crossword)
        return CrosswordProgressSerializer(progress).data if progress is not None else None

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_theme_placed(self, crossword: Crossword) -> list[str]:
        return list((crossword.stats or {}).get("theme_placed", []))


# What the services read (``services.parse_entries``, ``services.check``), typed for the schema: any other
# value is refused by the service in words, as before. Sides are at most 21 cells (``size``).
ENTRIES = {"type": "array", "maxItems": 21, "items": text_schemas.grid_row(maxLength=21)}
SECONDS = {"type": "integer", "minimum": 0, "maximum": MAX_TIMER_SECONDS}
CELL_INDEX = {"type": "integer", "minimum": 0, "maximum": 20}


class EntriesInSerializer(request_serializers.Serializer):
    entries = checked_json_field(ENTRIES, help_text="Rows of the grid's shape: `#` on black cells, a letter or `.` "
                                                    "on white cells.")
    seconds = checked_json_field(SECONDS, required=False, help_text="Timer, in seconds (it only goes forward).")


class CheckInSerializer(request_serializers.Serializer):
    scope = checked_json_field({"type": "string", "enum": ["cell", "word", "grid"]},
                               help_text="`cell`, `word` or `grid`.")
    row = checked_json_field(CELL_INDEX, required=False, help_text="0-based row, for a cell.")
    col = checked_json_field(CELL_INDEX, required=False, help_text="0-based column, for a cell.")
    slot = checked_json_field({"type": "string", "pattern": "^[0-9]{1,2}[ADad]$"}, required=False,
                              help_text="Slot key for a word: `12A`, `3D`.")
    reveal = serializers.BooleanField(required=False, default=False,
                                      help_text="Reveal (write the answers in) instead of checking.")
    entries = checked_json_field(ENTRIES, required=False, help_text="Current entries, saved before the check.")
    seconds = checked_json_field(SECONDS, required=False)


class CrosswordCheckedCellSerializer(request_serializers.Serializer):
    row = serializers.IntegerField()
    col = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["right", "wrong", "empty", "revealed"])
    letter = serializers.CharField(required=False, help_text="Only for reveals.")


class CheckOutSerializer(request_serializers.Serializer):
    scope = serializers.CharField()
    reveal = serializers.BooleanField()
    right = serializers.IntegerField()
    wrong = serializers.IntegerField()
    empty = serializers.IntegerField()
    cells = CrosswordCheckedCellSerializer(many=True)
    solved = serializers.BooleanField(help_text="Finished with the learner's own letters (no revealed letter).")
    finished = serializers.BooleanField(help_text="Every white cell holds its answer (typed or revealed).")
    just_finished = serializers.BooleanField()
    progress = CrosswordProgressSerializer()


class CrosswordErrorSerializer(request_serializers.Serializer):
    detail = serializers.CharField()

