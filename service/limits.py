"""Per-client limits kept in Redis, so that every API process shares them.

A *client* is named by the caller: the SHA-256 of its bearer token when it sends one, else its
IP address (see ``api/limits.py``).

* :class:`RateLimiter`: at most ``limit`` requests per ``window`` seconds per client (a fixed
  window: one Redis counter per client and window, expiring with it). Past it the request is
  refused with :class:`RateLimited` (HTTP 429 ``rate_limited`` with ``Retry-After``, the
  seconds left in the window). So that a request does not cost a Redis round trip, a process
  takes requests from the counter in blocks of 1% of the limit (:data:`BLOCK_SHARE`) and
  spends them locally: a client may be refused up to one block per process early, never late.
* :class:`GameQuota`: at most ``limit`` active games created by one client. Creating one more
  is refused with :class:`TooManyGames` (HTTP 429 ``too_many_games``); games that ended or
  expired stop counting.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from service.outcomes import ServiceError

# KEYS: the counter. ARGV: window in ms, requests taken. Returns {count, ms left in the window}.
_HIT_LUA = """
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
"""

BLOCK_SHARE = 100
"""A process takes ``limit // BLOCK_SHARE`` requests (at least 1) from the counter at a time."""
LOCAL_CLIENTS = 10_000
"""Clients whose block one process keeps; past it the blocks of past windows are dropped."""
QUOTA_RETRY_AFTER = 60
"""Seconds a client over its game quota is told to wait (until one of its games ends)."""


class RateLimited(ServiceError):
    """The client sent more requests than its limit in the current window."""

    code = "rate_limited"

    def __init__(self, limit: int, window: int, retry_after: int) -> None:
        super().__init__(
            f"more than {limit} requests in {window} s from this client; retry after "
            f"{retry_after} s"
        )
        self.retry_after = retry_after


class TooManyGames(ServiceError):
    """The client already has its quota of active games."""

    code = "too_many_games"

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"this client already has {limit} active games; finish one or let it expire"
        )
        self.retry_after = QUOTA_RETRY_AFTER


class RateLimiter:
    """At most ``limit`` requests per ``window`` seconds per client, counted in Redis."""

    def __init__(self, redis: Any, prefix: str, limit: int, window: int) -> None:
        if limit < 1 or window < 1:
            raise ValueError("a rate limit needs at least 1 request per at least 1 second")
        self.redis = redis
        self.prefix = prefix
        self.limit = limit
        self.window = window
        self.block = max(1, limit // BLOCK_SHARE)
        self._hit = redis.register_script(_HIT_LUA)
        self._blocks: dict[str, tuple[int, int]] = {}
        """client -> (window number, requests left in the block this process took)."""
        self._lock = threading.Lock()

    def hit(self, client: str) -> None:
        """Count one request of ``client``; raise :class:`RateLimited` past the limit."""
        slot = int(time.time() // self.window)
        with self._lock:
            taken, left = self._blocks.get(client, (slot, 0))
            if taken == slot and left > 0:
                self._blocks[client] = (slot, left - 1)
                return
        key = f"{self.prefix}:rate:{{{client}}}:{slot}"
        count, left_ms = self._hit(keys=[key], args=[self.window * 1000, self.block])
        granted = min(self.block, self.limit - (int(count) - self.block))
        if granted <= 0:
            raise RateLimited(self.limit, self.window, max(1, math.ceil(int(left_ms) / 1000)))
        with self._lock:
            if len(self._blocks) >= LOCAL_CLIENTS:
                self._blocks = {c: b for c, b in self._blocks.items() if b[0] == slot}
                if len(self._blocks) >= LOCAL_CLIENTS:
                    self._blocks.clear()
            self._blocks[client] = (slot, granted - 1)


class GameQuota:
    """At most ``limit`` active games created by one client."""

    def __init__(self, games: Any, limit: int, ttl: float | None = None) -> None:
        if limit < 1:
            raise ValueError("a game quota must be 1 or more")
        self.store = games.store
        self.limit = limit
        self.ttl = ttl
        """Seconds a client's set of games is kept after its last addition (None: always)."""

    def _key(self, client: str) -> str:
        return f"{self.store.prefix}:quota:{{{client}}}"

    def check(self, client: str) -> None:
        """Raise :class:`TooManyGames` if ``client`` has its quota of active games.

        Games that ended or no longer exist (expired) are dropped from the client's set.
        """
        key = self._key(client)
        ids = [member.decode() for member in self.store.redis.zrange(key, 0, -1)]
        if len(ids) < self.limit:
            return
        rows = self.store.summaries(ids, ("status",))
        gone = [
            game_id
            for game_id, row in zip(ids, rows, strict=True)
            if row["version"] == 0 or row.get("status") == "ended"
        ]
        if gone:
            self.store.redis.zrem(key, *gone)
        if len(ids) - len(gone) >= self.limit:
            raise TooManyGames(self.limit)

    def add(self, client: str, game_id: str) -> None:
        """Count a game just created by ``client``."""
        key = self._key(client)
        with self.store.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(key, {game_id: time.time()})
            if self.ttl:
                pipe.expire(key, math.ceil(self.ttl))
            pipe.execute()
