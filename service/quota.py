"""The quota of active games per client, checked and taken atomically.

A client (an address, an account, a seat token: see ``api/limits.py``) has a sorted set
``<prefix>:quota:{<client>}`` of the games it created that may still be active, scored by the
time they were added. Every way of creating a game (``POST /v1/games``, accepting a challenge;
seeks and joins when they come) goes through :meth:`GameQuota.hold`: one Lua script per client
checks the count and adds a *hold* (a placeholder member) in the same step, so that requests
racing each other can never take more than the quota. Once the game exists the hold becomes its
id; if creating it fails the hold is removed, so a refused request leaves no key behind. A hold
whose process died before either is dropped after :data:`HOLD_TTL` seconds.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from events.connection import transaction
from service.limits import TooManyGames

HOLD_PREFIX = "hold:"
HOLD_TTL = 60.0
"""Seconds after which a hold that was neither turned into a game nor released is dropped."""

# KEYS: the client's set. ARGV: limit, member, now, ttl in seconds (0: none). 1 if taken.
_TAKE_LUA = """
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
if tonumber(ARGV[4]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[4]) end
return 1
"""


class Hold:
    """A place taken in each client's quota: :meth:`keep` names the game created with it."""

    def __init__(self) -> None:
        self.game_id: str | None = None

    def keep(self, game_id: str) -> None:
        """Count the place as the game ``game_id`` from now on."""
        self.game_id = game_id


class GameQuota:
    """At most ``limit`` active games created by each client."""

    def __init__(self, games: Any, limit: int, ttl: float | None = None) -> None:
        if limit < 1:
            raise ValueError("a game quota must be 1 or more")
        self.store = games.store
        self.redis = games.store.redis
        self.limit = limit
        self.ttl = ttl
        """Seconds a client's set of games is kept after its last addition (None: always)."""
        self._take = self.redis.register_script(_TAKE_LUA)

    def key(self, client: str) -> str:
        """The Redis key of a client's games."""
        return f"{self.store.prefix}:quota:{{{client}}}"

    @contextmanager
    def hold(self, clients: Sequence[str]) -> Iterator[Hold]:
        """Take one place in the quota of every client of ``clients`` for the ``with`` block,
        or raise :class:`TooManyGames` (taking none). The block calls :meth:`Hold.keep` with
        the game it created; if it does not, or raises, every place is given back."""
        member = HOLD_PREFIX + secrets.token_hex(8)
        taken: list[str] = []
        found = Hold()
        try:
            for client in dict.fromkeys(clients):
                if not self._take_one(client, member):
                    raise TooManyGames(self.limit)
                taken.append(client)
            yield found
        finally:
            self._settle(taken, member, found.game_id)

    def _take_one(self, client: str, member: str) -> bool:
        args = [self.limit, member, time.time(), math.ceil(self.ttl) if self.ttl else 0]
        if int(self._take(keys=[self.key(client)], args=args)):
            return True
        self.prune(client)
        return bool(int(self._take(keys=[self.key(client)], args=args)))

    def _settle(self, clients: list[str], member: str, game_id: str | None) -> None:
        if not clients:
            return
        pipe = transaction(self.redis)
        for client in clients:
            pipe.zrem(self.key(client), member)
            if game_id is not None:
                pipe.zadd(self.key(client), {game_id: time.time()})
        pipe.execute()

    def add(self, clients: Sequence[str], game_id: str) -> None:
        """Count the game ``game_id`` in the quota of each client of ``clients`` (a game that
        started when the last seat of a table was taken counts for everyone who took part)."""
        self._settle(list(dict.fromkeys(clients)), HOLD_PREFIX, game_id)

    def prune(self, client: str) -> None:
        """Drop from a client's set the games that ended or no longer exist (expired), and the
        holds older than :data:`HOLD_TTL`."""
        key = self.key(client)
        members = [m.decode() for m in self.redis.zrange(key, 0, -1, withscores=False)]
        stale_after = time.time() - HOLD_TTL
        holds = [m for m in members if m.startswith(HOLD_PREFIX)]
        ids = [m for m in members if not m.startswith(HOLD_PREFIX)]
        gone = [
            game_id
            for game_id, row in zip(ids, self.store.summaries(ids, ("status",)), strict=True)
            if row["version"] == 0 or row.get("status") == "ended"
        ]
        old = [m for m in holds if (self.redis.zscore(key, m) or 0) < stale_after]
        if gone or old:
            self.redis.zrem(key, *gone, *old)

    def count(self, client: str) -> int:
        """How many places a client holds now (games and holds)."""
        return int(self.redis.zcard(self.key(client)))
