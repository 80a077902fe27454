"""Limits on failed log-ins, shared by the log-in page, the token API and the admin's log-in page.

The limit is kept per (account, client address) pair, with growing delays, as django-axes' combination
mode does: a stranger guessing Alice's password from their address slows down only that pair, so Alice,
logging in from anywhere else, is never refused because of them.

- **One account from one address**: the first ``LOGIN_FREE_FAILURES`` failures are free; each failure
  after that locks the pair for a delay that doubles — ``LOGIN_DELAY`` seconds, then twice that, up to
  ``LOGIN_FAILURE_WINDOW`` (defaults: 5 free, then 1, 2, 4, 8, 15, 15… minutes). A right password while
  the pair is not locked clears it. The pair's count is forgotten ``LOGIN_FAILURE_WINDOW`` after its last
  lock ends (4 windows after its first failure if it was never locked).
- **Many accounts from one address** (guessing across accounts): past ``LOGIN_FAILURES_PER_ADDRESS``
  failures in the window, the address may still log in to the accounts that logged in from it before
  (``LOGIN_KNOWN_ADDRESS_DAYS``), and only those: the club's regular players keep logging in from the
  club's shared address while one player there types wrong passwords, and guessing new accounts stops.
- **One account from many addresses** (guessing from a botnet): past ``LOGIN_FAILURES_PER_ACCOUNT``
  failures in the window, the account may still be logged in to from the addresses it used before, and
  only from those: its owner, at home or at the club, is not refused.

Only failures count, so a right password is never slowed by anyone else's mistakes. The counters live in
the cache (Redis in production); if it does not answer, log-in is allowed and a warning logged (an outage
must not lock everybody out). Counters are Redis increments, so simultaneous failures are all counted.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
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


def _now() -> float:
    return time.time()


def _account(username: str) -> str:
    return (username or "").strip().casefold()


def _key(kind: str, *values: str) -> str:
    digest = hashlib.sha256("\x00".join(values).encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"login-failures:{kind}:{digest}"


def _keys(request: Any, username: str) -> dict[str, str]:
    account, address = _account(username), client_address(request)
    return {
        "pair": _key("pair", account, address),
        "pair_locked": _key("pair-locked", account, address),
        "known": _key("known", account, address),
        "account": _key("account", account),
        "address": _key("address", address),
    }


def _window() -> int:
    return int(settings.LOGIN_FAILURE_WINDOW)


def delay_after(failures: int) -> int:
    """Seconds a pair is locked after its ``failures``-th failure: 0 while free, then doubling to the window."""
    beyond = failures - int(settings.LOGIN_FREE_FAILURES)
    if beyond < 0:
        return 0
    return min(_window(), int(settings.LOGIN_DELAY) * 2 ** min(beyond, 30))


def _wait_words(seconds: int) -> str:
    if seconds < 60:
        return ngettext("Try again in %(seconds)d second.", "Try again in %(seconds)d seconds.", seconds) % {
            "seconds": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", minutes) % {
        "minutes": minutes}


def refusal(request: Any, username: str) -> Refusal | None:
    """A :class:`Refusal` when this account may not be tried from this address now, else None."""
    keys = _keys(request, username)
    try:
        values = cache.get_many(list(keys.values()))
    except Exception as exc:
        logger.warning("log-in limits skipped: the cache is not answering (%s: %s)", type(exc).__name__, exc)
        return None
    locked_until = values.get(keys["pair_locked"]) or 0
    wait = math.ceil(float(locked_until) - _now())
    if wait > 0:
        return Refusal(_("Too many failed log-ins for this account from your network address.") + " "
                       + _wait_words(wait), wait)
    if values.get(keys["known"]):
        return None
    if values.get(keys["address"], 0) >= settings.LOGIN_FAILURES_PER_ADDRESS:
        return Refusal(_("Too many failed log-ins from your network address: only accounts already used "
                         "from it may log in for now.") + " " + _wait_words(_window()), _window())
    if values.get(keys["account"], 0) >= settings.LOGIN_FAILURES_PER_ACCOUNT:
        return Refusal(_("Too many failed log-ins for this account: it may log in for now only from a "
                         "network address it has used before.") + " " + _wait_words(_window()), _window())
    return None


def _increment(key: str, timeout: int) -> int:
    """Adds one to a counter that expires ``timeout`` seconds after its first count (atomic on Redis)."""
    if cache.add(key, 1, timeout):
        return 1
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout)
        return 1


def record_failure(request: Any, username: str) -> None:
    """Count one failed log-in against the pair (locking it when past the free failures), the account and
    the address."""
    keys = _keys(request, username)
    try:
        failures = _increment(keys["pair"], 4 * _window())
        delay = delay_after(failures)
        if delay:
            cache.set(keys["pair_locked"], _now() + delay, delay)
            cache.touch(keys["pair"], delay + _window())
        _increment(keys["account"], _window())
        _increment(keys["address"], _window())
    except Exception as exc:
        logger.warning("log-in failure not counted: the cache is not answering (%s: %s)", type(exc).__name__, exc)


def record_success(request: Any, username: str) -> None:
    """A right password clears the pair's failures and remembers the address as one the account uses
    (the account's and the address's counts stay: guessing elsewhere still counts)."""
    keys = _keys(request, username)
    try:
        cache.delete_many([keys["pair"], keys["pair_locked"]])
        cache.set(keys["known"], 1, int(settings.LOGIN_KNOWN_ADDRESS_DAYS) * 86400)
    except Exception as exc:
        logger.warning("log-in failures not cleared: the cache is not answering (%s: %s)", type(exc).__name__, exc)
