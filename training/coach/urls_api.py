"""``/api/coach/`` routes (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from training.coach import apis

urlpatterns = [
    path("coach/", apis.CoachApi.as_view(), name="api-coach"),
    path("coach/drills/", apis.DrillsApi.as_view(), name="api-coach-drills"),
    path("coach/drills/<int:drill_id>/", apis.DrillApi.as_view(), name="api-coach-drill"),
    path("coach/puzzles/<int:puzzle_id>/", apis.PuzzleApi.as_view(), name="api-coach-puzzle"),
    path("coach/puzzles/<int:puzzle_id>/hint/", apis.PuzzleHintApi.as_view(), name="api-coach-puzzle-hint"),
    path("coach/puzzles/<int:puzzle_id>/answer/", apis.PuzzleAnswerApi.as_view(), name="api-coach-puzzle-answer"),
]
