"""Crossword and Jarnac pages, under ``/puzzles/`` (namespace ``puzzles``)."""

from django.urls import path

from puzzles import daily, jarnac_views, lab_views, views

app_name = "puzzles"

urlpatterns = [
    path("crosswords/", views.crosswords, name="crosswords"),
    path("crosswords/daily/", daily.daily, name="daily"),
    path("crosswords/<int:crossword_id>/", views.crossword_detail, name="crossword"),
    path("crosswords/<int:crossword_id>/body/", views.crossword_body, name="crossword-body"),
    path("crosswords/<int:crossword_id>/delete/", views.crossword_delete, name="crossword-delete"),
    path("lab/", lab_views.lab_page, name="lab"),
    path("lab/comparisons/<int:comparison_id>/", lab_views.comparison_page, name="lab-comparison"),
    path("lab/comparisons/<int:comparison_id>/body/", lab_views.comparison_body, name="lab-comparison-body"),
    path("jarnac/", jarnac_views.games, name="jarnac"),
    path("jarnac/<int:game_id>/", jarnac_views.game, name="jarnac-game"),
    path("jarnac/<int:game_id>/move/", jarnac_views.move, name="jarnac-move"),
    path("jarnac/<int:game_id>/review/", jarnac_views.review, name="jarnac-review"),
]
