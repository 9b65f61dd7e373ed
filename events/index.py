"""The index of games, sharded so that no one key is hot (nor one cluster node).

A game is listed in shard ``crc32(game_id) % SHARDS``: a set of ids ``<prefix>:games:{<n>}``
and a sorted set by creation time ``<prefix>:games:{<n>}:by_created`` (with its order counter
``...:seq``). A shard's keys share a hash tag, so a cluster keeps them in one slot, and adding a
game to its shard is one transaction; the shards spread over the cluster's nodes. Stores made
before the shards keep their one set ``<prefix>:games`` and sorted set
``<prefix>:games:by_created``: they are read as one more shard, never written to again, except
that their sorted set is backfilled for games made before it.
"""

from __future__ import annotations

import heapq
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from events.connection import RedisClient

SHARDS = 16
"""How many shards the games index has (persisted: changing it hides listed games)."""


def index_entry(created_at: str, order: int, game_id: str) -> str:
    """A game's entry in the index of games by creation time: entries sort by time, then by
    ``order`` (a counter, so games made in the same millisecond keep their order)."""
    return f"{created_at} {order:012d} {game_id}"


def entry_game(entry: str) -> str:
    """The game id an index entry names."""
    return entry.rsplit(" ", 1)[1]


def shard_of(game_id: str) -> int:
    """The shard of the games index that lists ``game_id``."""
    return zlib.crc32(game_id.encode()) % SHARDS


class GameIndex:
    """The games index part of the event store."""

    redis: RedisClient
    prefix: str

    def key(self, game_id: str, part: str) -> str:
        """The key of one part of a game (see :meth:`events.store.EventStore.key`)."""
        raise NotImplementedError

    def _games_key(self, shard: int | None) -> str:
        """The set of a shard's game ids (None: the set of stores made before the shards)."""
        return f"{self.prefix}:games" if shard is None else f"{self.prefix}:games:{{{shard}}}"

    def _index_key(self, shard: int | None) -> str:
        """The sorted set of a shard's entries by creation time."""
        return f"{self._games_key(shard)}:by_created"

    def index_keys(self) -> list[str]:
        """Every key of the games index (the shards' and the legacy ones)."""
        return [
            key
            for shard in _all_shards()
            for key in (self._games_key(shard), self._index_key(shard))
        ]

    def _add_to_index(self, game_id: str, created_at: str) -> None:
        """List a new game in its shard (the set and the sorted set, in one transaction)."""
        shard = shard_of(game_id)
        order = int(self.redis.incr(self._index_key(shard) + ":seq"))
        pipe = self.redis.pipeline(transaction=True)  # one hash tag: one slot
        pipe.sadd(self._games_key(shard), game_id)
        pipe.zadd(self._index_key(shard), {index_entry(created_at, order, game_id): 0})
        pipe.execute()

    def _per_shard(self, command: str, *args: Any) -> list[Any]:
        """One command on every shard's set (``set``) or sorted set, in one pipeline."""
        pipe = self.redis.pipeline(transaction=False)
        for shard in _all_shards():
            key = self._games_key(shard) if command in ("smembers", "scard") else None
            getattr(pipe, command)(key or self._index_key(shard), *args)
        return list(pipe.execute())

    def list_games(self) -> list[str]:
        """Return the ids of every game created through this store, sorted."""
        members = self._per_shard("smembers")
        return sorted({member.decode() for found in members for member in found})

    def games_before(self, entry: str | None, count: int) -> list[str]:
        """Up to ``count`` index entries (``created_at order game_id``), newest first, older than
        ``entry`` (from the newest when None). Games created before the index are added."""
        pipe = self.redis.pipeline(transaction=False)
        for shard in _all_shards():
            pipe.zcard(self._index_key(shard))
            pipe.scard(self._games_key(shard))
        sizes = pipe.execute()
        for shard, indexed, listed in zip(_all_shards(), sizes[0::2], sizes[1::2], strict=True):
            if indexed < listed:
                self._backfill_index(shard)
        high = "+" if entry is None else "(" + entry
        found = self._per_shard("zrevrangebylex", high, "-", 0, count)
        newest = heapq.merge(*([m.decode() for m in f] for f in found), reverse=True)
        return [member for member, _ in zip(newest, range(count), strict=False)]

    def _backfill_index(self, shard: int | None) -> None:
        """Add to a shard's sorted set the games of its set it lacks (made before it)."""
        indexed = {entry_game(e.decode()) for e in self.redis.zrange(self._index_key(shard), 0, -1)}
        for member in self.redis.smembers(self._games_key(shard)):
            game_id = member.decode()
            if game_id in indexed:
                continue
            created = self.redis.hget(self.key(game_id, "meta"), "created_at")
            entry = index_entry(created.decode() if created else "", 0, game_id)
            self.redis.zadd(self._index_key(shard), {entry: 0})

    def unlist(self, game_ids: Iterable[str]) -> None:
        """Remove games from the index (their shard's keys and the legacy ones)."""
        doomed = set(game_ids)
        shards: set[int | None] = {shard_of(game_id) for game_id in doomed}
        shards.add(None)
        for shard in shards:
            self.redis.srem(self._games_key(shard), *doomed)
            index = self._index_key(shard)
            stale = [e for e in self.redis.zrange(index, 0, -1) if entry_game(e.decode()) in doomed]
            if stale:
                self.redis.zrem(index, *stale)

    def summaries(self, game_ids: Sequence[str], fields: Sequence[str]) -> list[dict[str, Any]]:
        """For each game: the metadata ``fields`` it has, and its ``version``."""
        pipe = self.redis.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hmget(self.key(game_id, "meta"), list(fields))
            pipe.xlen(self.key(game_id, "events"))
        replies = pipe.execute()
        found = []
        for values, version in zip(replies[0::2], replies[1::2], strict=True):
            row: dict[str, Any] = {
                f: v.decode() for f, v in zip(fields, values, strict=True) if v is not None
            }
            row["version"] = int(version)
            found.append(row)
        return found


def _all_shards() -> list[int | None]:
    """Every shard, then the legacy index (None)."""
    return [*range(SHARDS), None]
