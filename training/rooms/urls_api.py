"""``/api/rooms/`` routes (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from training.rooms import apis, simultaneous_apis

urlpatterns = [
    path("rooms/", apis.RoomsApi.as_view(), name="api-rooms"),
    path("rooms/join/", apis.JoinApi.as_view(), name="api-rooms-join"),
    path("rooms/<int:room_id>/state/", apis.StateApi.as_view(), name="api-rooms-state"),
    path("rooms/<int:room_id>/start/", apis.StartApi.as_view(), name="api-rooms-start"),
    path("rooms/<int:room_id>/pause/", apis.PauseApi.as_view(), name="api-rooms-pause"),
    path("rooms/<int:room_id>/resume/", apis.ResumeApi.as_view(), name="api-rooms-resume"),
    path("rooms/<int:room_id>/next/", apis.NextApi.as_view(), name="api-rooms-next"),
    path("rooms/<int:room_id>/finish/", apis.FinishApi.as_view(), name="api-rooms-finish"),
    path("rooms/<int:room_id>/bulletin/", apis.BulletinApi.as_view(), name="api-rooms-bulletin"),
    path("rooms/<int:room_id>/rounds/<int:number>/", apis.RoundApi.as_view(), name="api-rooms-round"),
    path("rooms/<int:room_id>/ranking/", apis.RankingApi.as_view(), name="api-rooms-ranking"),
    path("simultanes/", simultaneous_apis.SimultanesApi.as_view(), name="api-simultanes"),
    path("simultanes/join/", simultaneous_apis.SimultaneJoinApi.as_view(), name="api-simultanes-join"),
    path("simultanes/<int:simultane_id>/", simultaneous_apis.SimultaneApi.as_view(), name="api-simultane"),
    path("simultanes/<int:simultane_id>/rooms/", simultaneous_apis.SimultaneRoomsApi.as_view(),
         name="api-simultane-rooms"),
    path("simultanes/<int:simultane_id>/rooms/<int:room_id>/", simultaneous_apis.SimultaneRoomApi.as_view(),
         name="api-simultane-room"),
    path("simultanes/<int:simultane_id>/ranking/", simultaneous_apis.SimultaneRankingApi.as_view(),
         name="api-simultane-ranking"),
]
