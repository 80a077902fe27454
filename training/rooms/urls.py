"""Room pages, under ``/training/rooms/`` (namespace ``training``, names ``room*``)."""

from django.urls import path

from training.rooms import simultaneous_views, views

urlpatterns = [
    path("", views.lobby, name="rooms"),
    path("<int:room_id>/", views.room_page, name="room"),
    path("<int:room_id>/projector/", views.projector, name="room-projector"),
    path("simultanes/", simultaneous_views.simultanes, name="simultanes"),
    path("simultanes/<int:simultane_id>/", simultaneous_views.simultane_page, name="simultane"),
]
