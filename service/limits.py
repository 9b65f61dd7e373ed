"""Per-client limits kept in Redis, so that every API process shares them.

A *client* is named by the caller: the SHA-256 of its bearer token when it sends one, else its
IP address (see ``api/limits.py``).

* :class:`RateLimiter`: at most ``limit`` requests per ``window`` seconds per client (a fixed
  window: one Redis counter per client and window, expiring with it). Past it the request is
  refused with :class:`RateLimited` (HTTP 429 ``rate_limited`` with ``Retry-After``, the
  seconds left in the window). So that a request does not cost a Redis round trip, a process
  takes requests from the counter in blocks of 1% of the limit (:data:`BLOCK_SHARE`) and
  spends them locally: a client may be refused up to one block per process early, never late.
* :class:`service.quota.GameQuota`: at most ``limit`` active games created by one client
  (:class:`TooManyGames`, HTTP 429 ``too_many_games``).

Every answer of a limited request tells the client where it stands (:class:`Standing`: the
``RateLimit`` and ``RateLimit-Policy`` fields of draft-ietf-httpapi-ratelimit-headers).
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
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


class TooManyAccounts(RateLimited):
    """The address created as many accounts as it may in the current window."""

    code = "too_many_accounts"

    def __init__(self, limit: int, window: int, retry_after: int) -> None:
        ServiceError.__init__(
            self,
            f"this address created {limit} accounts in {window} s already; retry after "
            f"{retry_after} s",
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


@dataclass(frozen=True)
class Standing:
    """A client's place in one policy after a request: ``remaining`` requests in the window (as
    this process knows it: at most a block per other process too high), ``reset`` seconds until
    the window ends."""

    policy: str
    limit: int
    window: int
    remaining: int
    reset: int


class RateLimiter:
    """At most ``limit`` requests per ``window`` seconds per client, counted in Redis under
    ``<prefix>:<name>:{<client>}:<window number>``; ``policy`` names it in the answers."""

    def __init__(
        self,
        redis: Any,
        prefix: str,
        limit: int,
        window: int,
        *,
        name: str = "rate",
        policy: str = "default",
    ) -> None:
        if limit < 1 or window < 1:
            raise ValueError("a rate limit needs at least 1 request per at least 1 second")
        self.redis = redis
        self.prefix = prefix
        self.limit = limit
        self.window = window
        self.name = name
        self.policy = policy
        self.block = max(1, limit // BLOCK_SHARE)
        self._hit = redis.register_script(_HIT_LUA)
        self._blocks: dict[str, tuple[int, int, int]] = {}
        """client -> (window number, requests left in the block this process took, the
        counter's value when it was taken)."""
        self._lock = threading.Lock()

    def hit(self, client: str) -> Standing:
        """Count one request of ``client``; raise :class:`RateLimited` past the limit."""
        now = time.time()
        slot = int(now // self.window)
        reset = max(1, math.ceil((slot + 1) * self.window - now))
        with self._lock:
            taken, left, count = self._blocks.get(client, (slot, 0, 0))
            if taken == slot and left > 0:
                self._blocks[client] = (slot, left - 1, count)
                return self._standing(count, left - 1, reset)
        key = f"{self.prefix}:{self.name}:{{{client}}}:{slot}"
        raw_count, left_ms = self._hit(keys=[key], args=[self.window * 1000, self.block])
        count = int(raw_count)
        granted = min(self.block, self.limit - (count - self.block))
        if granted <= 0:
            raise RateLimited(self.limit, self.window, max(1, math.ceil(int(left_ms) / 1000)))
        with self._lock:
            if len(self._blocks) >= LOCAL_CLIENTS:
                self._blocks = {c: b for c, b in self._blocks.items() if b[0] == slot}
                if len(self._blocks) >= LOCAL_CLIENTS:
                    self._blocks.clear()
            self._blocks[client] = (slot, granted - 1, count)
        return self._standing(count, granted - 1, reset)

    def _standing(self, count: int, unspent: int, reset: int) -> Standing:
        remaining = max(0, self.limit - count + unspent)
        return Standing(self.policy, self.limit, self.window, remaining, reset)
