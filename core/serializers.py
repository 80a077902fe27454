from rest_framework import serializers

from core.models import TaskRun


class TaskRunSerializer(serializers.ModelSerializer):
    """The public shape of a task: ``{"id", "state", "progress", "message", "result", "error"}``."""

    class Meta:
        model = TaskRun
        fields = ["id", "kind", "state", "progress", "message", "result", "error", "attempts", "created_at",
                  "finished_at"]
        read_only_fields = fields
