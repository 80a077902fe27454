"""``/api/`` routes of the training app (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from training import apis

urlpatterns = [
    path("lists/", apis.ListsApi.as_view(), name="api-lists"),
    path("lists/published/", apis.PublishedListsApi.as_view(), name="api-published-lists"),
    path("lists/published/<int:list_id>/", apis.PublishedListDetailApi.as_view(), name="api-published-list"),
    path("lists/published/<int:list_id>/copy/", apis.CopyPublishedListApi.as_view(), name="api-published-list-copy"),
    path("lists/shared/<str:token>/", apis.SharedListApi.as_view(), name="api-shared-list"),
    path("lists/shared/<str:token>/copy/", apis.SharedListCopyApi.as_view(), name="api-shared-list-copy"),
    path("lists/shared/<str:token>/export/", apis.SharedListExportApi.as_view(), name="api-shared-list-export"),
    path("lists/<int:list_id>/", apis.ListDetailApi.as_view(), name="api-list"),
    path("lists/<int:list_id>/share/", apis.ListShareApi.as_view(), name="api-list-share"),
    path("lists/<int:list_id>/export/", apis.ListExportApi.as_view(), name="api-list-export"),
    path("lists/<int:list_id>/import/", apis.ListImportApi.as_view(), name="api-list-import"),
    path("lists/<int:list_id>/words/", apis.ListWordsApi.as_view(), name="api-list-words"),
    path("lists/<int:list_id>/words/bulk/", apis.ListWordsBulkApi.as_view(), name="api-list-words-bulk"),
    path("lists/<int:list_id>/words/<int:entry_id>/", apis.EntryDetailApi.as_view(), name="api-list-word"),
    path("lists/<int:list_id>/supports/", apis.SupportsApi.as_view(), name="api-list-supports"),
    path("lists/<int:list_id>/grids/", apis.ListGridsApi.as_view(), name="api-list-grids"),
    path("grids/", apis.GridsApi.as_view(), name="api-grids"),
    path("grids/<int:grid_id>/", apis.GridDetailApi.as_view(), name="api-grid"),
    path("grids/<int:grid_id>/reveal/", apis.GridRevealApi.as_view(), name="api-grid-reveal"),
    path("situations/<int:situation_id>/", apis.SituationDetailApi.as_view(), name="api-situation"),
    path("situations/<int:situation_id>/answer/", apis.AnswerApi.as_view(), name="api-situation-answer"),
    path("progress/", apis.ProgressApi.as_view(), name="api-progress"),
    path("reviews/due/", apis.DueReviewsApi.as_view(), name="api-reviews-due"),
    path("reviews/due/grids/", apis.DueGridApi.as_view(), name="api-reviews-due-grids"),
]
