"""WebSocket routes of live rooms (mounted by ``config.asgi``)."""

from django.urls import path

from training.rooms.consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/rooms/<int:room_id>/", RoomConsumer.as_asgi()),
]
