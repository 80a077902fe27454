"""Crossword pages, under ``/puzzles/crosswords/`` (included by :mod:`puzzles.urls`)."""

from django.urls import path

from puzzles.crosswords import views

urlpatterns = [
    path("", views.crosswords, name="crosswords"),
    path("daily/", views.daily, name="daily"),
    path("<int:crossword_id>/", views.crossword_detail, name="crossword"),
    path("<int:crossword_id>/body/", views.crossword_body, name="crossword-body"),
    path("<int:crossword_id>/delete/", views.crossword_delete, name="crossword-delete"),
]
