"""Jarnac pages, under ``/puzzles/jarnac/`` (included by :mod:`puzzles.urls`)."""

from django.urls import path

from puzzles.jarnac import views

urlpatterns = [
    path("", views.games, name="jarnac"),
    path("<int:game_id>/", views.game, name="jarnac-game"),
    path("<int:game_id>/move/", views.move, name="jarnac-move"),
    path("<int:game_id>/review/", views.review, name="jarnac-review"),
]
