"""REST shapes of revision lists. Input serializers check types only; rules live in the services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import request_serializers
from core.openapi import checked_json_field
from lexicon.models import Lexicon
from training.lists import selectors
from training.lists.models import ReviewCard, RevisionEntry, RevisionList


class EntrySerializer(request_serializers.ModelSerializer):
    """A revision word. ``support_index`` is 0-based (the engine's convention, kept for compatibility);
    ``support_position`` is the same letter counted from 1, as people (and ``support`` inputs) count."""

    support_position = serializers.IntegerField(read_only=True, help_text="Position of the support letter, from 1.")
    support_letter = serializers.CharField(read_only=True)
    rack = serializers.CharField(read_only=True)
    in_lexicon = serializers.SerializerMethodField()
    due = serializers.SerializerMethodField()
    new = serializers.SerializerMethodField(help_text="Never reviewed yet: the word enters the reviews within the "
                                                      "owner's daily cap of new words.")

    class Meta:
        model = RevisionEntry
        fields = ["id", "word", "support_index", "support_position", "support_letter", "rack", "in_lexicon", "due",
                  "new", "added_at"]
        extra_kwargs = {"support_index": {"help_text": "0-based index of the support letter (engine convention)."}}
        read_only_fields = fields

    def get_in_lexicon(self, entry: RevisionEntry) -> bool | None:
        return getattr(entry, "in_lexicon", None)

    @extend_schema_field(OpenApiTypes.DATETIME)
    def get_due(self, entry: RevisionEntry) -> Any:
        card = getattr(entry, "card", None)
        return card.due if card is not None else None

    def get_new(self, entry: RevisionEntry) -> bool | None:
        card = getattr(entry, "card", None)
        return card.reviews == 0 if card is not None else None


class ListSerializer(request_serializers.ModelSerializer):
    """A revision list. ``lexicon`` is set at creation and then fixed; ``published`` is staff only."""

    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all())
    lexicon_name = serializers.CharField(source="lexicon.name", read_only=True)
    entry_count = serializers.IntegerField(read_only=True, default=0)
    due_count = serializers.IntegerField(read_only=True, allow_null=True, default=None,
                                         help_text="The owner's words of this list due for review now: the words "
                                                   "reviewed before whose time has come and the new ones the "
                                                   "owner's daily cap lets in today (null on published lists "
                                                   "read by others).")

    class Meta:
        model = RevisionList
        fields = ["id", "name", "description", "lexicon", "lexicon_name", "published", "copied_from",
                  "entry_count", "due_count", "created_at", "updated_at"]
        read_only_fields = ["id", "lexicon_name", "copied_from", "entry_count", "due_count", "created_at",
                            "updated_at"]
        extra_kwargs = {"description": {"required": False}, "published": {"required": False}}


class ListDetailSerializer(ListSerializer):
    entries = serializers.SerializerMethodField()

    class Meta(ListSerializer.Meta):
        fields = [*ListSerializer.Meta.fields, "entries"]
        read_only_fields = [*ListSerializer.Meta.read_only_fields, "entries"]

    @extend_schema_field(EntrySerializer(many=True))
    def get_entries(self, revision_list: RevisionList) -> list[dict[str, Any]]:
        return list(EntrySerializer(selectors.entries_of(revision_list), many=True).data)


class ListUpdateSerializer(request_serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False)
    description = serializers.CharField(required=False, allow_blank=True)
    published = serializers.BooleanField(required=False)


class WordInSerializer(request_serializers.Serializer):
    """``support``: a letter of the word, its position counted from 1 (``5`` = the 5th letter), or empty
    (null or omitted) for the most productive letter."""

    word = serializers.CharField(max_length=64, allow_blank=True, trim_whitespace=True)
    support = serializers.JSONField(required=False, allow_null=True,
                                    help_text="A letter of the word, or its position counted from 1; omitted or "
                                              "null: the most productive support letter.")


class BulkInSerializer(request_serializers.Serializer):
    text = serializers.CharField(allow_blank=True, trim_whitespace=False)


class RefusalSerializer(request_serializers.Serializer):
    line = serializers.CharField()
    word = serializers.CharField()
    code = serializers.CharField()
    reason = serializers.CharField()
    line_number = serializers.IntegerField(help_text="The line's number in the text, from 1 (blank and comment "
                                                     "lines counted).")


class ImportInSerializer(request_serializers.Serializer):
    text = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False,
                                 help_text="The list as text (what the export gives), or send `file` instead.")
    file = serializers.FileField(required=False, help_text="A UTF-8 text file (multipart).")


class ShareSerializer(request_serializers.Serializer):
    token = serializers.CharField()
    url = serializers.CharField(help_text="The page any signed-in learner may open to read and copy the list.")
    api_url = serializers.CharField()


class SharedEntrySerializer(request_serializers.Serializer):
    word = serializers.CharField()
    support_index = serializers.IntegerField()
    support_position = serializers.IntegerField()
    support_letter = serializers.CharField()
    rack = serializers.CharField()


class SharedListSerializer(request_serializers.Serializer):
    """A list shared by link, as others see it: no id, no review schedule, only the words and supports."""

    name = serializers.CharField()
    description = serializers.CharField()
    owner = serializers.CharField(source="owner.username")
    lexicon = serializers.IntegerField(source="lexicon_id")
    lexicon_name = serializers.CharField(source="lexicon.name")
    entries = SharedEntrySerializer(many=True, source="entries.all")


class BulkOutSerializer(request_serializers.Serializer):
    added = EntrySerializer(many=True)
    refused = RefusalSerializer(many=True)
    duplicates = serializers.ListField(child=serializers.CharField())
    remaining_text = serializers.CharField()


class TrainingConflictSerializer(request_serializers.Serializer):
    """A refusal the learner can understand (already answered, grid revealed, grid not built), in their language."""

    detail = serializers.CharField()


class EntryErrorSerializer(request_serializers.Serializer):
    detail = serializers.CharField()
    code = serializers.CharField()
    word = serializers.CharField()


class SupportOptionSerializer(request_serializers.Serializer):
    index = serializers.IntegerField(help_text="0-based index of the letter in the word.")
    position = serializers.IntegerField(help_text="The letter's position counted from 1 (what ``support`` takes).")
    letter = serializers.CharField()
    rack = serializers.CharField()
    count = serializers.IntegerField()


class SupportsOutSerializer(request_serializers.Serializer):
    word = serializers.CharField()
    options = SupportOptionSerializer(many=True)


class EntryUpdateSerializer(request_serializers.Serializer):
    """What a PATCH of a list's word may change: its support letter (left out: nothing changes)."""

    support = checked_json_field(
        {"oneOf": [{"type": "string", "pattern": "^[A-Za-z1-9]$"}, {"type": "integer", "minimum": 1, "maximum": 15}]},
        required=False,
        help_text="A letter of the word, or its position counted from 1 (a number or one digit). One that does not "
                  "fit the entry's word (a letter it lacks, a position past its end) is answered 422.")


class DueCardSerializer(request_serializers.ModelSerializer):
    entry = serializers.IntegerField(source="entry_id")
    word = serializers.CharField(source="entry.word")
    support_index = serializers.IntegerField(source="entry.support_index", help_text="0-based.")
    support_position = serializers.IntegerField(source="entry.support_position", help_text="Counted from 1.")
    support_letter = serializers.CharField(source="entry.support_letter")
    rack = serializers.CharField(source="entry.rack")
    list = serializers.IntegerField(source="entry.revision_list_id")
    list_name = serializers.CharField(source="entry.revision_list.name")
    lexicon = serializers.IntegerField(source="entry.revision_list.lexicon_id")
    new = serializers.SerializerMethodField(help_text="A new word (never reviewed), one of the day's new words the "
                                                      "learner's daily cap lets in.")

    class Meta:
        model = ReviewCard
        fields = ["entry", "word", "support_index", "support_position", "support_letter", "rack", "list", "list_name",
                  "lexicon", "due",
                  "state", "reviews", "lapses", "last_review", "new"]
        read_only_fields = fields

    def get_new(self, card: ReviewCard) -> bool:
        return card.reviews == 0
