"""Room events over the channel layer: one group per room, sent after the transaction commits.

Every web process's sockets of a room join the group ``room-<id>``; with ``channels-redis`` (``REDIS_URL``)
an event sent by one process reaches the sockets of all of them. The payload is the JSON the socket sends,
except ``round_closed``, which carries every player's result (each socket keeps its own, ``my_result``), and
``ranking``/``finished``, which carry the whole ranking and its index (each socket sends the first lines and
its reader's). channels-redis keeps one copy of a group message per process and decodes it once there, so
these parts cross Redis once per process, not once per socket (docs/rooms-scale.md, "Fan-out").
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer  # type: ignore[import-untyped]
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction

logger = logging.getLogger(__name__)


def group_name(room_id: int) -> str:
    return f"room-{room_id}"


def _encode(value: Any) -> Any:
    """Datetimes and the like as the API writes them (the layer's msgpack knows plain types only)."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def send_now(room_id: int, event: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(room_id), {"type": "room.event", "event": _encode(event)})
    except Exception:  # an event lost is read again by polling the state: never fail the action for it
        logger.exception("room %s: event %s not sent", room_id, event.get("type"))


def send(room_id: int, event: dict[str, Any]) -> None:
    """Send ``event`` to the room's sockets once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: send_now(room_id, event))
