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
    """Send ``event`` to the room's sockets now; on a failure, once more on fresh connections.

    Why the second try: after Redis restarts, the layer's pooled connections are dead, and each send on them
    failed for minutes; closing the pools makes the next send open new ones. An event lost even so is read again
    by the pages polling the state (never fail the action for it)."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "room.event", "event": _encode(event)}
    for attempt in (1, 2):
        try:
            async_to_sync(layer.group_send)(group_name(room_id), message)
            return
        except Exception:
            if attempt == 2:
                logger.exception("room %s: event %s not sent", room_id, event.get("type"))
                return
            logger.warning("room %s: event %s not sent, trying again on fresh connections", room_id,
                           event.get("type"))
            try:
                async_to_sync(drop_connections)(layer)
            except Exception as exc:  # not callable from here (a thread running an event loop): just send again
                logger.warning("channel layer pools not closed: %s", exc)


async def drop_connections(layer: Any) -> None:
    """Close the layer's connection pools (channels-redis), so that the next use opens fresh connections: what a
    send or a socket's group join does once after failing on a connection Redis dropped when it restarted."""
    close = getattr(layer, "close_pools", None)
    if close is None:
        return
    try:
        await close()
    except Exception as exc:  # the pools are broken anyway: they will be opened again
        logger.warning("channel layer pools not closed: %s", exc)


def send(room_id: int, event: dict[str, Any]) -> None:
    """Send ``event`` to the room's sockets once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: send_now(room_id, event))
