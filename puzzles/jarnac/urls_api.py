"""``/api/`` routes of Jarnac games (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from puzzles.jarnac import apis

urlpatterns = [
    path("jarnac/games/", apis.JarnacGamesApi.as_view(), name="api-jarnac-games"),
    path("jarnac/games/<int:game_id>/", apis.JarnacGameDetailApi.as_view(), name="api-jarnac-game"),
    path("jarnac/games/<int:game_id>/moves/", apis.JarnacMovesApi.as_view(), name="api-jarnac-moves"),
    path("jarnac/games/<int:game_id>/hint/", apis.JarnacHintApi.as_view(), name="api-jarnac-hint"),
    path("jarnac/games/<int:game_id>/review/", apis.JarnacReviewApi.as_view(), name="api-jarnac-review"),
]
