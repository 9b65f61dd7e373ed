"""A per-process bound on requests that wait (long-polls, streams), so they cannot starve others.

Every request that may block on Redis for new events (``?wait=``, streams) holds a slot while it
waits. Past the bound the request is refused at once with :class:`TooManyWaiters` (HTTP 429
``too_many_waiters`` with ``Retry-After``) instead of taking a connection every other request
needs.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from service.metrics import WAITERS
from service.outcomes import TooManyWaiters

DEFAULT_LIMIT = 64
"""Waiting requests one process serves at once (``MAX_WAITERS`` in the app's config)."""
RETRY_AFTER = 1
"""Seconds a refused waiter is told to wait before trying again."""


class Waiters:
    """Counts the requests waiting in this process and refuses those past ``limit``."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        if limit < 0:
            raise ValueError(f"the waiter limit must be 0 or more, not {limit}")
        self.limit = limit
        self._waiting = 0
        self._lock = threading.Lock()

    @property
    def waiting(self) -> int:
        """How many requests wait now."""
        return self._waiting

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one waiting slot for the ``with`` block; raise :class:`TooManyWaiters` if none."""
        with self._lock:
            if self._waiting >= self.limit:
                raise TooManyWaiters(self.limit, RETRY_AFTER)
            self._waiting += 1
        WAITERS.inc()
        try:
            yield
        finally:
            WAITERS.dec()
            with self._lock:
                self._waiting -= 1
