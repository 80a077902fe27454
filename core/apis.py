"""REST endpoints of core: task status."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.selectors import get_visible_task_run
from core.serializers import TaskRunSerializer


class TaskRunDetailApi(APIView):
    """State, progress and outcome of one task. Owner or staff only; anyone else gets 404."""

    @extend_schema(responses=TaskRunSerializer)
    def get(self, request: Request, task_run_id) -> Response:
        run = get_visible_task_run(request.user, task_run_id)
        return Response(TaskRunSerializer(run).data)
