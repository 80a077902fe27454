"""Crossword pages, under ``/puzzles/`` (namespace ``puzzles``)."""

from django.urls import path

from puzzles import views

app_name = "puzzles"

urlpatterns = [
    path("crosswords/", views.crosswords, name="crosswords"),
    path("crosswords/<int:crossword_id>/", views.crossword_detail, name="crossword"),
    path("crosswords/<int:crossword_id>/body/", views.crossword_body, name="crossword-body"),
    path("crosswords/<int:crossword_id>/delete/", views.crossword_delete, name="crossword-delete"),
]
