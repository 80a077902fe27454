"""REST endpoints of core: task status."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.selectors import get_visible_task_run, recent_task_runs
from core.serializers import TaskRunSerializer

RECENT_LIMIT = 50


class TaskRunListApi(APIView):
    """The caller's own most recent tasks (at most 50), newest first."""

    @extend_schema(responses=TaskRunSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(TaskRunSerializer(recent_task_runs(request.user, limit=RECENT_LIMIT), many=True).data)


class TaskRunDetailApi(APIView):
    """State, progress and outcome of one task. Owner or staff only; anyone else gets 404."""

    @extend_schema(responses=TaskRunSerializer)
    def get(self, request: Request, task_run_id) -> Response:
        run = get_visible_task_run(request.user, task_run_id)
        return Response(TaskRunSerializer(run).data)
