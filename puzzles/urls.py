"""Puzzle pages, under ``/puzzles/`` (namespace ``puzzles``): each mode's ``urls`` module, included."""

from django.urls import include, path

app_name = "puzzles"

urlpatterns = [
    path("crosswords/", include("puzzles.crosswords.urls")),
    path("lab/", include("puzzles.lab.urls")),
    path("jarnac/", include("puzzles.jarnac.urls")),
]
