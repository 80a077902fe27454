"""REST shapes of lexicons, versions, lookups, edits and definitions."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import request_serializers
from core.validation import MAX_NOTE_LENGTH, validate_multiline
from lexicon.models import Definition, Lexicon, LexiconEvent, LexiconVersion
from lexicon.selectors import serving_version_number


class LexiconSerializer(request_serializers.ModelSerializer):
    """The list shape kept from the foundation (id, name, language, word_count, content_hash,
    imported_at) plus the serving version's number."""

    current_version = serializers.IntegerField(source="current_version.number", read_only=True, allow_null=True,
                                               default=None)

    class Meta:
        model = Lexicon
        fields = ["id", "name", "language", "word_count", "content_hash", "imported_at", "current_version"]
        read_only_fields = fields


class LexiconVersionSerializer(request_serializers.Serializer):
    """The two keys every game, grid, crossword and quiz gives (``lexicon.selectors.version_keys``): the version
    it was made with (null: made before versions were recorded) and the version in service now. Mix it in
    first; it serialises a model with ``lexicon`` and ``lexicon_version``, or a dict that carries both keys."""

    lexicon_version = serializers.IntegerField(
        read_only=True, allow_null=True,
        help_text="The lexicon's version this was made with (null: made before versions were recorded).")
    lexicon_current_version = serializers.SerializerMethodField(
        help_text="The lexicon's version in service now; another number than `lexicon_version`: published again since.")

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_lexicon_current_version(self, obj) -> int | None:
        if isinstance(obj, dict):
            return obj.get("lexicon_current_version")
        known = self.__dict__.setdefault("_serving_versions", {})  # one query per lexicon in a list
        if obj.lexicon_id not in known:
            known[obj.lexicon_id] = serving_version_number(obj.lexicon)
        return known[obj.lexicon_id]


@extend_schema_field({"type": "string", "enum": list(LexiconVersion.State.values)})
class VersionStateField(serializers.CharField):
    """A version's state, described inline in the schema: a named enum component would clash with
    ``TaskRun.state`` (drf-spectacular names enums after the field)."""


class VersionSerializer(request_serializers.ModelSerializer):
    state = VersionStateField(read_only=True)
    created_by = serializers.CharField(source="created_by.username", read_only=True, allow_null=True, default=None)
    based_on = serializers.IntegerField(source="parent.number", read_only=True, allow_null=True, default=None)
    compile_task = serializers.UUIDField(source="compile_task_id", read_only=True, allow_null=True)
    serving = serializers.BooleanField(source="is_serving", read_only=True)

    class Meta:
        model = LexiconVersion
        fields = ["number", "state", "serving", "origin", "based_on", "word_count", "added_count", "removed_count",
                  "content_hash", "source_name", "note", "created_by", "created_at", "published_at",
                  "compile_task", "compile_error", "compiled_sha256", "compiled_size"]
        read_only_fields = fields


class UploadSerializer(request_serializers.Serializer):
    file = serializers.FileField(help_text="The word list: UTF-8, one word per line, at most 20 MB.")
    note = serializers.CharField(required=False, allow_blank=True, max_length=MAX_NOTE_LENGTH, default="",
                                 validators=[validate_multiline])
    skip_invalid = serializers.BooleanField(required=False, default=False,
                                            help_text="Leave bad lines out (listed back) instead of refusing the file.")
    mode = serializers.ChoiceField(choices=["replace", "add"], required=False, default="replace",
                                   help_text="`replace` (default): the file becomes the whole list, serving words "
                                             "missing from it are removed. `add`: its words are added to the serving "
                                             "list, nothing is removed.")


class UploadResultSerializer(request_serializers.Serializer):
    version = VersionSerializer()
    skipped = serializers.ListField(child=serializers.CharField())
    duplicates = serializers.IntegerField()


class DiffSerializer(request_serializers.Serializer):
    version = serializers.IntegerField()
    base = serializers.IntegerField(allow_null=True)
    added_count = serializers.IntegerField()
    removed_count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    added = serializers.ListField(child=serializers.CharField())
    removed = serializers.ListField(child=serializers.CharField())


class PublishSerializer(request_serializers.Serializer):
    confirm = serializers.BooleanField(required=False, default=False,
                                       help_text="Publish even though more than 1 % of the serving words would be "
                                                 "removed (without it: 409 with the counts).")
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=MAX_NOTE_LENGTH,
                                   validators=[validate_multiline],
                                   help_text="Why: required for a rollback (publishing an earlier version), kept in "
                                             "the history.")


class ConfirmationNeededSerializer(request_serializers.Serializer):
    detail = serializers.CharField()
    added = serializers.IntegerField(help_text="Words the version would add to the serving list.")
    removed = serializers.IntegerField(help_text="Words it would remove.")
    serving_words = serializers.IntegerField(help_text="Words of the serving version.")
    removed_share = serializers.FloatField(help_text="removed / serving_words.")


class TaskStartedSerializer(request_serializers.Serializer):
    task = serializers.UUIDField()
    status_url = serializers.CharField()
    version = serializers.IntegerField()


class WordEditSerializer(request_serializers.Serializer):
    add = serializers.ListField(child=serializers.CharField(max_length=100), required=False, default=list,
                                max_length=500)
    remove = serializers.ListField(child=serializers.CharField(max_length=100), required=False, default=list,
                                   max_length=500)
    reason = serializers.CharField(max_length=MAX_NOTE_LENGTH, validators=[validate_multiline],
                                   help_text="Why: kept in the audit trail.")


class WordCheckSerializer(request_serializers.Serializer):
    text = serializers.CharField()
    word = serializers.CharField()
    valid = serializers.BooleanField()
    error = serializers.CharField()
    front = serializers.CharField(help_text="Front hook letters of a valid word, e.g. \"S\" (empty otherwise).")
    back = serializers.CharField(help_text="Back hook letters of a valid word (empty otherwise).")
    definition = serializers.CharField(allow_null=True, help_text="The curated definition, null when there is none.")


class LookupResultSerializer(request_serializers.Serializer):
    # What every lookup answer starts with: the lexicon and the version that served it. A comment, not a
    # docstring, so the subclasses' schemas stay without a description.
    lexicon = serializers.IntegerField()
    version = serializers.IntegerField(allow_null=True)


class CheckResultSerializer(LookupResultSerializer):
    all_valid = serializers.BooleanField()
    results = WordCheckSerializer(many=True)


class WordsResultSerializer(LookupResultSerializer):
    query = serializers.CharField()
    count = serializers.IntegerField()
    truncated = serializers.BooleanField()
    words = serializers.ListField(child=serializers.CharField())


class AnagramGroupSerializer(request_serializers.Serializer):
    added = serializers.CharField(help_text="The letters the blanks stand for, sorted (\"\" when no blank is used).")
    words = serializers.ListField(child=serializers.CharField())
    tiles = serializers.ListField(child=serializers.CharField(),
                                  help_text="The same words with the blank-played letters in lower case.")


class AnagramsResultSerializer(WordsResultSerializer):
    tiles = serializers.ListField(child=serializers.CharField(),
                                  help_text="Each listed word with its blank-played letters in lower case.")
    groups = AnagramGroupSerializer(many=True, allow_null=True,
                                    help_text="With blanks in the rack: the words grouped by the letters the blanks "
                                              "stand for; null without blanks.")


class HooksSerializer(LookupResultSerializer):
    word = serializers.CharField()
    valid = serializers.BooleanField()
    front = serializers.CharField()
    back = serializers.CharField()


class NewWordsSerializer(LookupResultSerializer):
    based_on = serializers.IntegerField(allow_null=True)
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    words = serializers.ListField(child=serializers.CharField())


class EventSerializer(request_serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", read_only=True, allow_null=True, default=None)
    version = serializers.IntegerField(source="version.number", read_only=True, allow_null=True, default=None)

    class Meta:
        model = LexiconEvent
        fields = ["id", "at", "actor", "action", "version", "word", "reason", "detail"]
        read_only_fields = fields


class DefinitionSerializer(request_serializers.ModelSerializer):
    class Meta:
        model = Definition
        fields = ["word", "text", "updated_at"]
        read_only_fields = fields


class DefinitionWriteSerializer(request_serializers.Serializer):
    text = serializers.CharField(max_length=500, allow_blank=True, validators=[validate_multiline],
                                 help_text="The definition; empty deletes it.")


class DefinitionImportSerializer(request_serializers.Serializer):
    file = serializers.FileField(help_text="UTF-8 lines WORD<TAB>definition, at most 20 MB.")
    skip_unknown = serializers.BooleanField(required=False, default=False,
                                            help_text="Skip words not in the lexicon instead of refusing the file.")


class DefinitionImportResultSerializer(request_serializers.Serializer):
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    unchanged = serializers.IntegerField()
    skipped_unknown = serializers.ListField(child=serializers.CharField())
