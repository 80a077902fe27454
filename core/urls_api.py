from django.urls import path

from core import apis

urlpatterns = [
    path("tasks/", apis.TaskRunListApi.as_view(), name="api-task-list"),
    path("tasks/<uuid:task_run_id>/", apis.TaskRunDetailApi.as_view(), name="api-task-detail"),
]
