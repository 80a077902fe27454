"""API throttles that degrade instead of failing when their cache (Redis) does not answer.

Why: DRF's throttles keep their request history in the cache; with Redis down the cache raises and
every throttled endpoint (log-in, sign-up) answered 500. Letting requests through for the length of
an outage, with a warning in the log, is the lesser evil: the password hashing cost still slows
guessing, and the limits come back with Redis.
"""

from __future__ import annotations

import logging
from typing import Any

from rest_framework.throttling import AnonRateThrottle

logger = logging.getLogger(__name__)


class DegradingThrottleMixin:
    """``allow_request`` lets the request through (and logs a warning) when the cache raises."""

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return super().allow_request(request, view)  # type: ignore[misc]
        except Exception as exc:  # the cache backend's errors (redis ConnectionError, TimeoutError...)
            logger.warning("throttle %s skipped: its cache is not answering (%s: %s)",
                           type(self).__name__, type(exc).__name__, exc)
            return True


class DegradingAnonRateThrottle(DegradingThrottleMixin, AnonRateThrottle):
    """Per client address, like ``AnonRateThrottle``, without failing when the cache is down."""
