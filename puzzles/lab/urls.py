"""Crossword lab pages, under ``/puzzles/lab/`` (included by :mod:`puzzles.urls`)."""

from django.urls import path

from puzzles.lab import views

urlpatterns = [
    path("", views.lab_page, name="lab"),
    path("comparisons/<int:comparison_id>/", views.comparison_page, name="lab-comparison"),
    path("comparisons/<int:comparison_id>/body/", views.comparison_body, name="lab-comparison-body"),
]
