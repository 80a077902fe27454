"""The ``/api/`` tree: every app's REST routes plus the OpenAPI schema and its offline Swagger UI.

To add an app's API: create ``<app>/urls_api.py`` with ``urlpatterns`` and add its module name to
:data:`API_MODULES`. Routes are then under ``/api/<whatever the app declares>``.
"""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

API_MODULES: tuple[str, ...] = (
    "core.urls_api",
    "accounts.urls_api",
    "lexicon.urls_api",
    "training.lists.urls_api",
    "training.grids.urls_api",
    "training.duplicate.urls_api",
    "training.rooms.urls_api",
    "training.wordstudy.urls_api",
    "training.coach.urls_api",
    "puzzles.crosswords.urls_api",
    "puzzles.lab.urls_api",
    "puzzles.jarnac.urls_api",
)

urlpatterns = [path("", include(module)) for module in API_MODULES] + [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as a file (?script=): no inline script for the CSP.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]
