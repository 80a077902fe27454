from django.urls import path

from core import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("tasks/<uuid:task_run_id>/progress/", views.task_progress, name="task-progress"),
    path("tasks/ping/", views.start_ping, name="task-ping"),
]
