"""``/api/`` routes of crosswords (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from puzzles.crosswords import apis

urlpatterns = [
    path("crosswords/", apis.CrosswordsApi.as_view(), name="api-crosswords"),
    path("crosswords/<int:crossword_id>/", apis.CrosswordDetailApi.as_view(), name="api-crossword"),
    path("crosswords/<int:crossword_id>/entries/", apis.EntriesApi.as_view(), name="api-crossword-entries"),
    path("crosswords/<int:crossword_id>/check/", apis.CheckApi.as_view(), name="api-crossword-check"),
    path("crosswords/<int:crossword_id>/export/", apis.ExportApi.as_view(), name="api-crossword-export"),
]
