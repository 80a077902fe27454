"""``/api/`` routes of the puzzles app (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from puzzles import apis, jarnac_apis, lab_apis

urlpatterns = [
    path("crosswords/", apis.CrosswordsApi.as_view(), name="api-crosswords"),
    path("crosswords/<int:crossword_id>/", apis.CrosswordDetailApi.as_view(), name="api-crossword"),
    path("crosswords/<int:crossword_id>/entries/", apis.EntriesApi.as_view(), name="api-crossword-entries"),
    path("crosswords/<int:crossword_id>/check/", apis.CheckApi.as_view(), name="api-crossword-check"),
    path("crosswords/<int:crossword_id>/export/", apis.ExportApi.as_view(), name="api-crossword-export"),
    path("crosswords/lab/grid/", lab_apis.LabGridApi.as_view(), name="api-lab-grid"),
    path("crosswords/lab/random/", lab_apis.LabRandomGridApi.as_view(), name="api-lab-random"),
    path("crosswords/lab/solve/", lab_apis.LabSolveApi.as_view(), name="api-lab-solve"),
    path("crosswords/lab/comparisons/", lab_apis.LabComparisonsApi.as_view(), name="api-lab-comparisons"),
    path("crosswords/lab/comparisons/<int:comparison_id>/", lab_apis.LabComparisonDetailApi.as_view(),
         name="api-lab-comparison"),
    path("jarnac/games/", jarnac_apis.JarnacGamesApi.as_view(), name="api-jarnac-games"),
    path("jarnac/games/<int:game_id>/", jarnac_apis.JarnacGameDetailApi.as_view(), name="api-jarnac-game"),
    path("jarnac/games/<int:game_id>/moves/", jarnac_apis.JarnacMovesApi.as_view(), name="api-jarnac-moves"),
    path("jarnac/games/<int:game_id>/hint/", jarnac_apis.JarnacHintApi.as_view(), name="api-jarnac-hint"),
    path("jarnac/games/<int:game_id>/review/", jarnac_apis.JarnacReviewApi.as_view(), name="api-jarnac-review"),
]
