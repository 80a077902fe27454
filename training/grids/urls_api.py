"""``/api/`` routes of training grids, situations and progress (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from training.grids import apis

urlpatterns = [
    path("lists/<int:list_id>/grids/", apis.ListGridsApi.as_view(), name="api-list-grids"),
    path("grids/", apis.GridsApi.as_view(), name="api-grids"),
    path("grids/<int:grid_id>/", apis.GridDetailApi.as_view(), name="api-grid"),
    path("grids/<int:grid_id>/reveal/", apis.GridRevealApi.as_view(), name="api-grid-reveal"),
    path("situations/<int:situation_id>/", apis.SituationDetailApi.as_view(), name="api-situation"),
    path("situations/<int:situation_id>/answer/", apis.AnswerApi.as_view(), name="api-situation-answer"),
    path("progress/", apis.ProgressApi.as_view(), name="api-progress"),
    path("reviews/due/grids/", apis.DueGridApi.as_view(), name="api-reviews-due-grids"),
]
