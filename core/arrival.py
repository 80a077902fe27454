"""When a request reached the server, stamped before it waits for anything.

Under ASGI a busy process handles a request seconds after it came in: each request's sync view waits for a
thread, the CPU (the GIL) and a database connection from the pool. Anything timed against a deadline (a live
room's bulletin) must be timed by its arrival, not by when the view ran, or a busy server refuses as late what
was sent in time. :class:`StampArrival` wraps the HTTP application and writes the arrival into the scope in
the event loop, as soon as the server hands the request over; :func:`arrived_at` reads it back from a request.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

SCOPE_KEY = "tirage.arrived_at"


class StampArrival:
    """ASGI middleware: ``scope["tirage.arrived_at"]`` = the server's clock (epoch seconds) on arrival."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope.get("type") == "http":
            scope = {**scope, SCOPE_KEY: time.time()}
        return await self.app(scope, receive, send)


def arrived_at(request: Any) -> dt.datetime | None:
    """The request's arrival (aware, UTC), or None when it did not come through :class:`StampArrival`
    (the WSGI server, the test client): the caller then uses the time it is handled."""
    scope = getattr(request, "scope", None)
    stamp = scope.get(SCOPE_KEY) if isinstance(scope, dict) else None
    if stamp is None:
        return None
    return dt.datetime.fromtimestamp(float(stamp), tz=dt.UTC)
