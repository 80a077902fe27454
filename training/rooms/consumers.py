"""The room's WebSocket (``/ws/rooms/{id}/``): joins the room's group and relays its events as JSON.

Only the host and the members may connect (anyone else is closed with code 4404, as the API's 404). On
connect the socket sends the room's whole state (``{"type": "state", ...}``, as ``GET state/`` gives it), so
a client that reconnects misses nothing. ``round_closed`` carries the caller's own result (``my_result``),
``ranking`` and ``finished`` the first lines of the ranking and the caller's own.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from channels.db import database_sync_to_async  # type: ignore[import-untyped]
from channels.generic.websocket import AsyncJsonWebsocketConsumer  # type: ignore[import-untyped]
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404
from django.utils import timezone

from training.rooms import events, selectors, services

logger = logging.getLogger(__name__)

class RoomConsumer(AsyncJsonWebsocketConsumer):
    room_id: int = 0
    username: str = ""

    async def connect(self) -> None:
        """Who may connect is checked before the handshake ends (two small queries); the state, heavier,
        is sent just after it: a thousand players connecting at once queue for the database, and Daphne
        refuses a handshake still unanswered after its connect timeout (503)."""
        user = self.scope.get("user")
        try:
            self.room_id = int(self.scope["url_route"]["kwargs"]["room_id"])
            await self._check(user)
        except (Http404, ValueError):
            await self.close(code=4404)
            return
        self.username = user.get_username()
        await self._join_group()
        await self.accept()
        try:
            state = await self._state(user)
        except Http404:  # left the room (or it was deleted) between the two
            await self.close(code=4404)
            return
        await self.send_json({"type": "state", **state})

    async def _join_group(self) -> None:
        """Join the room's group; on a dead pooled connection (Redis restarted), once more on fresh ones, so the
        first handshakes after a restart do not fail (the same retry as :func:`events.send_now`)."""
        group = events.group_name(self.room_id)
        try:
            await self.channel_layer.group_add(group, self.channel_name)
        except Exception as exc:
            logger.warning("room %s: group not joined, trying again on fresh connections: %s", self.room_id, exc)
            await events.drop_connections(self.channel_layer)
            await self.channel_layer.group_add(group, self.channel_name)

    @database_sync_to_async
    def _check(self, user: Any) -> None:
        selectors.get_room(user, self.room_id)

    @database_sync_to_async
    def _state(self, user: Any) -> dict[str, Any]:
        room = services.advance(selectors.get_room(user, self.room_id))
        return selectors.state(room, user)

    async def disconnect(self, code: int) -> None:
        if self.room_id:
            await self.channel_layer.group_discard(events.group_name(self.room_id), self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Clients act over HTTP; a ``{"type": "ping"}`` is answered with the server's time (clock skew)."""
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong", "server_time": timezone.now()})

    async def room_event(self, message: dict[str, Any]) -> None:
        """One message per process carries what every socket needs (the layer decodes it once and hands the
        same object to each socket of the process): each socket keeps its reader's own part."""
        event = dict(message["event"])
        if event.get("type") == "round_closed":
            results = event.pop("results", {}) or {}
            event["my_result"] = results.get(self.username)
        if "ranking_index" in event:
            event["ranking"] = selectors.ranking_for(event["ranking"], event.pop("ranking_index"), self.username)
        await self.send_json(event)

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        return json.dumps(content, cls=DjangoJSONEncoder)
