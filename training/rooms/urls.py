"""Room pages, under ``/training/rooms/`` (namespace ``training``, names ``room*``)."""

from django.urls import path

from training.rooms import views

urlpatterns = [
    path("", views.lobby, name="rooms"),
    path("<int:room_id>/", views.room_page, name="room"),
    path("<int:room_id>/projector/", views.projector, name="room-projector"),
]
