"""A per-process bound on requests that wait (long-polls, streams), so they cannot starve others.

Every request that may block on Redis for new events (``?wait=``, streams) holds a slot while it
waits. Past the bound the request is refused at once with :class:`TooManyWaiters` (HTTP 429
``too_many_waiters`` with ``Retry-After``) instead of taking a connection every other request
needs. One client (:data:`OWNER`: the API sets it to the request's client address) may hold
at most ``per_owner`` of the slots, so that one address cannot take them all.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from service.metrics import WAITERS
from service.outcomes import TooManyWaiters

DEFAULT_LIMIT = 64
"""Waiting requests one process serves at once (``MAX_WAITERS`` in the app's config)."""
RETRY_AFTER = 1
"""Seconds a refused waiter is told to wait before trying again."""
OWNER_SHARE = 4
"""By default one owner may hold a quarter of the slots (at least one)."""
OWNER: ContextVar[str | None] = ContextVar("smashup_waiter_owner", default=None)
"""Who the current request's waits count against (None: nobody in particular)."""


class Waiters:
    """Counts the requests waiting in this process and refuses those past ``limit``."""

    def __init__(self, limit: int = DEFAULT_LIMIT, per_owner: int | None = None) -> None:
        if limit < 0:
            raise ValueError(f"the waiter limit must be 0 or more, not {limit}")
        self.limit = limit
        self.per_owner = max(1, limit // OWNER_SHARE) if per_owner is None else per_owner
        """Slots one owner (:data:`OWNER`) may hold at once."""
        self._waiting = 0
        self._owners: Counter[str] = Counter()
        self._lock = threading.Lock()

    @property
    def waiting(self) -> int:
        """How many requests wait now."""
        return self._waiting

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one waiting slot for the ``with`` block; raise :class:`TooManyWaiters` if none."""
        owner = OWNER.get()
        with self._lock:
            if self._waiting >= self.limit:
                raise TooManyWaiters(self.limit, RETRY_AFTER)
            if owner is not None and self._owners[owner] >= self.per_owner:
                raise TooManyWaiters(self.per_owner, RETRY_AFTER, per_client=True)
            self._waiting += 1
            if owner is not None:
                self._owners[owner] += 1
        WAITERS.inc()
        try:
            yield
        finally:
            WAITERS.dec()
            with self._lock:
                self._waiting -= 1
                if owner is not None:
                    self._owners[owner] -= 1
                    if self._owners[owner] <= 0:
                        del self._owners[owner]
