"""Training pages, under ``/training/`` (namespace ``training``): each mode's ``urls`` module, included."""

from django.urls import include, path

app_name = "training"

urlpatterns = [
    path("", include("training.grids.urls")),
    path("", include("training.lists.urls")),
    path("duplicate/", include("training.duplicate.urls")),
    path("rooms/", include("training.rooms.urls")),
    path("coach/", include("training.coach.urls")),
]
