"""Sessions read from the cache (Redis) and kept in the database: Django's ``cached_db`` store, with a cache
that does not answer skipped everywhere.

Why: every page request read its session row from the database (one query, and the ORM's CPU to build it),
although a session changes only at log-in, log-out and when a message is queued. With Redis the read is a
cache hit; the database keeps every session, so losing Redis loses none. Django's store already ignores
cache errors when it reads and saves; :class:`SessionStore` does the same when it stores a session it has just
read from the database, checks that a key is free (log-in) and deletes (log-out), so Redis down never turns
a page, a log-in or a log-out into a 500.
Used when ``REDIS_URL`` is set (``config.settings``): without Redis the cache is per process, and a session
changed in one process would be read stale from another's memory.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.sessions.backends import cached_db
from django.core.cache import BaseCache, caches

logger = logging.getLogger(__name__)


def _cache() -> BaseCache:
    """The sessions' cache (Django's store holds the same one as ``self._cache``)."""
    return caches[settings.SESSION_CACHE_ALIAS]


class SessionStore(cached_db.SessionStore):
    def load(self) -> dict:
        try:
            data = _cache().get(self.cache_key)
        except Exception as exc:  # the cache is down (or refuses the key): the database says
            logger.warning("session cache not read: %s", exc)
            return self._from_database(keep=False)
        return data if data is not None else self._from_database(keep=True)

    def _from_database(self, *, keep: bool) -> dict:
        row = self._get_session_from_db()  # type: ignore[attr-defined]  # db.SessionStore's (not in the stubs)
        if not row:
            return {}
        data = self.decode(row.session_data)
        if keep:
            try:
                _cache().set(self.cache_key, data, self.get_expiry_age(expiry=row.expire_date))
            except Exception as exc:
                logger.warning("session not kept in the cache: %s", exc)
        return data

    def exists(self, session_key: str) -> bool:
        try:
            if session_key and (self.cache_key_prefix + session_key) in _cache():
                return True
        except Exception as exc:  # the cache is down: the database says
            logger.warning("session cache not read: %s", exc)
        return super(cached_db.SessionStore, self).exists(session_key)

    def delete(self, session_key: str | None = None) -> None:
        super(cached_db.SessionStore, self).delete(session_key)  # the database's row
        key = session_key if session_key is not None else self.session_key
        if key is None:
            return
        try:
            _cache().delete(self.cache_key_prefix + key)
        except Exception as exc:  # the cache is down: the copy there expires with the session
            logger.warning("session %s not dropped from the cache: %s", self.cache_key_prefix + key, exc)
