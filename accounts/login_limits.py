"""Limits on failed log-ins, per account and per client address, shared by the log-in page and the API.

Why both: a per-address limit alone lets a botnet guess one account's password from many addresses; a
per-account limit alone lets one address try a few passwords on every account. Only failures count, in a
fixed window from the first one, so a user who types the right password is never slowed by anyone else's
mistakes on another account, and a success clears the account's count. The counters live in the cache
(Redis in production); if it does not answer, log-in is allowed and a warning logged (an outage must not
lock everybody out).
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Refusal:
    """Why a log-in attempt is refused before the password is even checked, and for how long."""

    message: str
    retry_after: int


def client_address(request: Any) -> str:
    """The address the limit applies to: ``REMOTE_ADDR`` (a trusted proxy must set it to the client's)."""
    meta = getattr(request, "META", {}) or {}
    return str(meta.get("REMOTE_ADDR") or "unknown")


def _key(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"login-failures:{kind}:{digest}"


def _account_key(username: str) -> str:
    return _key("account", (username or "").strip().casefold())


def _address_key(request: Any) -> str:
    return _key("address", client_address(request))


def _window() -> int:
    return int(settings.LOGIN_FAILURE_WINDOW)


def refusal(request: Any, username: str) -> Refusal | None:
    """A :class:`Refusal` when the account or the address has failed too often in the window, else None."""
    try:
        counts = cache.get_many([_account_key(username), _address_key(request)])
    except Exception as exc:
        logger.warning("log-in limits skipped: the cache is not answering (%s: %s)", type(exc).__name__, exc)
        return None
    minutes = max(1, _window() // 60)
    wait = ngettext("Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", minutes) % {
        "minutes": minutes}
    if counts.get(_account_key(username), 0) >= settings.LOGIN_FAILURES_PER_ACCOUNT:
        return Refusal(_("Too many failed log-ins for this account.") + " " + wait, _window())
    if counts.get(_address_key(request), 0) >= settings.LOGIN_FAILURES_PER_ADDRESS:
        return Refusal(_("Too many failed log-ins from your network address.") + " " + wait, _window())
    return None


def record_failure(request: Any, username: str) -> None:
    """Count one failed log-in against the account and the address (each counter expires with the window)."""
    try:
        for key in (_account_key(username), _address_key(request)):
            if not cache.add(key, 1, _window()):
                try:
                    cache.incr(key)
                except ValueError:  # expired between add and incr
                    cache.add(key, 1, _window())
    except Exception as exc:
        logger.warning("log-in failure not counted: the cache is not answering (%s: %s)", type(exc).__name__, exc)


def record_success(username: str) -> None:
    """A right password clears the account's failures (not the address's: guessing elsewhere still counts)."""
    try:
        cache.delete(_account_key(username))
    except Exception as exc:
        logger.warning("log-in failures not cleared: the cache is not answering (%s: %s)", type(exc).__name__, exc)
