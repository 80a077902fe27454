"""``/api/`` routes of revision lists and due reviews (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from training.lists import apis

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
    path("reviews/due/", apis.DueReviewsApi.as_view(), name="api-reviews-due"),
]
