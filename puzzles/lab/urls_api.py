"""``/api/`` routes of the crossword lab (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from puzzles.lab import apis

urlpatterns = [
    path("crosswords/lab/grid/", apis.LabGridApi.as_view(), name="api-lab-grid"),
    path("crosswords/lab/random/", apis.LabRandomGridApi.as_view(), name="api-lab-random"),
    path("crosswords/lab/solve/", apis.LabSolveApi.as_view(), name="api-lab-solve"),
    path("crosswords/lab/comparisons/", apis.LabComparisonsApi.as_view(), name="api-lab-comparisons"),
    path("crosswords/lab/comparisons/<int:comparison_id>/", apis.LabComparisonDetailApi.as_view(),
         name="api-lab-comparison"),
]
