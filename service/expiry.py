"""Abandoned games expire: an active game with no new event for ``ttl`` seconds is deleted.

:func:`expire_idle_games` looks at every active game's last event (its ``ts``); a game idle for
longer than the TTL is removed with everything that names it: its keys (``<prefix>:{<id>}:*``:
events, snapshot, meta, idempotency records, webhooks), its entries in the games index and in
its accounts' game lists, and its seat tokens. From then on every route answers 404
``not_found`` for it, as for a game that never existed. Ended games never expire: they are the
record. :class:`Sweeper` runs it every ``interval`` seconds in a thread, behind a Redis lock so
that one process at a time sweeps.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import TypeVar

from events.connection import mget
from events.protocol import RedisStore

log = logging.getLogger(__name__)
T = TypeVar("T")

DEFAULT_TTL = 7 * 24 * 3600
"""Seconds an active game may go without a new event before it expires (``GAME_TTL``)."""
SWEEP_INTERVAL = 60.0
"""Seconds between two sweeps."""
BATCH = 200
"""Games looked at per Redis round trip."""


def _chunks(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _seconds(ts: bytes | str) -> float:
    text = ts.decode() if isinstance(ts, bytes) else ts
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def idle_games(store: RedisStore, ttl: float, now: float) -> list[str]:
    """The active games whose last event is older than ``now - ttl``."""
    redis = store.redis
    found: list[str] = []
    for chunk in _chunks(store.list_games(), BATCH):
        with redis.pipeline(transaction=False) as pipe:
            for game_id in chunk:
                pipe.hget(store.key(game_id, "meta"), "status")
                pipe.xrevrange(store.key(game_id, "events"), count=1)
            replies = pipe.execute()
        for index, game_id in enumerate(chunk):
            status, last = replies[2 * index], replies[2 * index + 1]
            if status == b"ended" or not last:
                continue
            ts = last[0][1].get(b"ts")
            if ts is not None and _seconds(ts) < now - ttl:
                found.append(game_id)
    return found


def delete_games(store: RedisStore, game_ids: Sequence[str]) -> None:
    """Delete games and everything that names them (see the module's docstring)."""
    if not game_ids:
        return
    redis = store.redis
    doomed = set(game_ids)
    accounts: dict[str, list[str]] = {}
    for game_id in game_ids:
        raw = redis.hget(store.key(game_id, "meta"), "accounts")
        for owner in json.loads(raw) if raw else []:
            if owner:
                accounts.setdefault(owner, []).append(game_id)
        keys = list(redis.scan_iter(match=f"{store.prefix}:{{{game_id}}}:*", count=1000))
        if keys:
            redis.delete(*keys)
    store.unlist(game_ids)
    for owner, owned in accounts.items():
        redis.zrem(f"{store.prefix}:account:{owner}:games", *owned)
    _delete_tokens(store, doomed)


def _delete_tokens(store: RedisStore, doomed: set[str]) -> None:
    """Delete the seat tokens of ``doomed`` games (one pass over the token keys)."""
    redis = store.redis
    keys = list(redis.scan_iter(match=f"{store.prefix}:token:*", count=1000))
    for chunk in _chunks(keys, BATCH):
        values = mget(redis, chunk)
        gone = [
            key
            for key, value in zip(chunk, values, strict=True)
            if value is not None and _token_game(value) in doomed
        ]
        if gone:
            redis.delete(*gone)


def _token_game(value: bytes) -> str | None:
    """The game id a token key's value names (``{"game": ..., "seat": ...}``)."""
    try:
        return str(json.loads(value)["game"])
    except (ValueError, KeyError, TypeError):
        return None


def expire_idle_games(store: RedisStore, ttl: float, now: float | None = None) -> list[str]:
    """Delete the active games idle for more than ``ttl`` seconds; return their ids."""
    expired = idle_games(store, ttl, time.time() if now is None else now)
    delete_games(store, expired)
    for game_id in expired:
        log.info("game %s expired: no event for %d s", game_id, ttl)
    return expired


class Sweeper:
    """Runs :func:`expire_idle_games` every ``interval`` seconds in a daemon thread."""

    def __init__(self, store: RedisStore, ttl: float, interval: float = SWEEP_INTERVAL) -> None:
        self.store = store
        self.ttl = ttl
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="game-sweeper", daemon=True)

    def start(self) -> None:
        """Start sweeping."""
        self._thread.start()

    def stop(self) -> None:
        """Stop sweeping (the sweep in progress finishes)."""
        self._stop.set()
        self._thread.join(timeout=10)

    def sweep(self) -> list[str]:
        """One sweep, if no other process is sweeping; the ids of the games expired."""
        lock = f"{self.store.prefix}:sweeper-lock"
        if not self.store.redis.set(lock, b"1", nx=True, ex=max(1, int(self.interval))):
            return []
        return expire_idle_games(self.store, self.ttl)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.sweep()
            except Exception:
                log.exception("sweeping expired games failed")
