"""Values every learner shares (the site's lexicon, the crossword, game and challenge of the day), kept in
the cache and forgotten when the rows behind them change.

Why: the home page asked the database for each of them on every view, for every learner, although they
change a few times a day. A value is read through :func:`shared` (built and stored on a miss) and dropped
with :func:`forget` from the ``post_save`` / ``post_delete`` receivers of the models it comes from, at once
and again when the transaction commits (a request between the two would otherwise store the old value
again). The receivers cover writes through ``save()`` and ``delete()``; a value that a queryset
``update()`` could change (a row's task status) is only stored once it is final, by the caller.
``SHARED_SECONDS`` bounds any staleness the receivers would miss. A cache that does not answer is
skipped: the value is built from the database, as before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

SHARED_SECONDS = 300
_generation = 0
"""Part of every key: :func:`start_afresh` moves it (the test suite does, before each test)."""
_NOTHING = "shared-cache:nothing"
"""Stored for a value that is None (the cache's own None means "not stored")."""
T = TypeVar("T")


def shared(key: str, build: Callable[[], T], keep: Callable[[T], bool] = lambda value: True) -> T:
    """The value under ``key``, or ``build()`` stored there when ``keep(value)`` says it may be."""
    key = f"shared:{_generation}:{key}"
    try:
        cached = cache.get(key)
    except Exception as exc:  # the cache is down: the database answers
        logger.warning("shared value %s not cached: %s", key, exc)
        return build()
    if cached is not None:
        return None if cached == _NOTHING else cached  # type: ignore[return-value]  # what build() stored
    value = build()
    if keep(value):
        try:
            cache.set(key, _NOTHING if value is None else value, SHARED_SECONDS)
        except Exception as exc:
            logger.warning("shared value %s not stored: %s", key, exc)
    return value


def forget(*keys: str) -> None:
    """Drop ``keys`` now and when the current transaction commits."""
    names = [f"shared:{_generation}:{key}" for key in keys]

    def drop() -> None:
        try:
            cache.delete_many(names)
        except Exception as exc:
            logger.warning("shared values %s not dropped: %s", names, exc)

    drop()
    transaction.on_commit(drop)


def start_afresh() -> None:
    """Forget every shared value of this process at once (new keys). For tests: their rows vanish by
    rollback, which no receiver hears, and a later test may reuse the same ids."""
    global _generation
    _generation += 1


def forget_on_change(model: Any, keys_of: Callable[[Any], list[str]], uid: str) -> None:
    """Connect ``post_save`` and ``post_delete`` of ``model`` to :func:`forget` the keys of the changed row."""
    from django.db.models.signals import post_delete, post_save

    def receiver(sender: Any, instance: Any, **kwargs: Any) -> None:
        forget(*keys_of(instance))

    post_save.connect(receiver, sender=model, weak=False, dispatch_uid=f"{uid}.save")
    post_delete.connect(receiver, sender=model, weak=False, dispatch_uid=f"{uid}.delete")
