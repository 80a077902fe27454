"""``/api/duplicate/`` routes (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from training.duplicate import apis

urlpatterns = [
    path("duplicate/games/", apis.GamesApi.as_view(), name="api-duplicate-games"),
    path("duplicate/games/import/", apis.ImportApi.as_view(), name="api-duplicate-import"),
    path("duplicate/games/<int:game_id>/", apis.GameDetailApi.as_view(), name="api-duplicate-game"),
    path("duplicate/games/<int:game_id>/export/", apis.ExportApi.as_view(), name="api-duplicate-export"),
    path("duplicate/games/<int:game_id>/rounds/current/", apis.CurrentRoundApi.as_view(),
         name="api-duplicate-current"),
    path("duplicate/games/<int:game_id>/rounds/current/play/", apis.PlayApi.as_view(), name="api-duplicate-play"),
    path("duplicate/games/<int:game_id>/rounds/current/validate/", apis.ValidateApi.as_view(),
         name="api-duplicate-validate"),
    path("duplicate/games/<int:game_id>/ranking/", apis.RankingApi.as_view(), name="api-duplicate-ranking"),
    path("duplicate/games/<int:game_id>/review/", apis.ReviewApi.as_view(), name="api-duplicate-review"),
    path("duplicate/games/<int:game_id>/review/missed/", apis.MissedTopsApi.as_view(), name="api-duplicate-missed"),
    path("duplicate/games/<int:game_id>/share/", apis.ShareApi.as_view(), name="api-duplicate-share"),
    path("duplicate/join/<str:token>/", apis.JoinApi.as_view(), name="api-duplicate-join"),
    path("duplicate/today/", apis.TodayApi.as_view(), name="api-duplicate-today"),
]
