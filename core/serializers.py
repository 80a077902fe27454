from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import request_serializers
from core.models import TaskRun
from core.task_subjects import task_subject


class TaskSubjectSerializer(request_serializers.Serializer):
    label = serializers.CharField(help_text="What the task works on, in words: “Crossword 9×9 (fr-comprehensive)”.")  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
    url = serializers.CharField(allow_null=True, help_text="The page of that object, if it has one.")


class TaskRunSerializer(request_serializers.ModelSerializer):
    """The public shape of a task: ``{"id", "state", "progress", "message", "result", "error"}``, plus
    ``subject`` (what it works on, in words, and its page)."""

    subject = serializers.SerializerMethodField()
    # Any JSON value, null included: declared rather than read off the nullable model field, whose schema
    # (oneOf: any / null) matched null twice and so refused it.
    result = serializers.JSONField(read_only=True, help_text="What the task returned (any JSON; null until it ends).")

    class Meta:
        model = TaskRun
        fields = ["id", "kind", "state", "progress", "message", "result", "error", "attempts", "created_at",
                  "finished_at", "subject"]
        read_only_fields = fields

    @extend_schema_field(TaskSubjectSerializer)
    def get_subject(self, run: TaskRun) -> dict:
        subject = task_subject(run)
        return {"label": subject.label, "url": subject.url}
