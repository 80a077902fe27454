"""The coach's pages under ``/training/coach/`` (included by ``training.urls``: names in its namespace)."""

from django.urls import path

from training.coach import views

urlpatterns = [
    path("", views.coach, name="coach"),
    path("drills/", views.new_drill, name="coach-drill-new"),
    path("drills/<int:drill_id>/", views.drill, name="coach-drill"),
    path("puzzles/<int:puzzle_id>/", views.puzzle, name="coach-puzzle"),
    path("puzzles/<int:puzzle_id>/hint/", views.hint, name="coach-hint"),
    path("puzzles/<int:puzzle_id>/answer/", views.answer, name="coach-answer"),
]
