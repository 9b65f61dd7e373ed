"""The index of games: a set of ids and a sorted set by creation time (see :mod:`events.store`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.connection import RedisClient


def index_entry(created_at: str, order: int, game_id: str) -> str:
    """A game's entry in the index of games by creation time: entries sort by time, then by
    ``order`` (a counter, so games made in the same millisecond keep their order)."""
    return f"{created_at} {order:012d} {game_id}"


class GameIndex:
    """The games index part of the event store."""

    redis: RedisClient
    prefix: str

    def key(self, game_id: str, part: str) -> str:
        """The key of one part of a game (see :meth:`events.store.EventStore.key`)."""
        raise NotImplementedError

    def _games_key(self) -> str:
        return f"{self.prefix}:games"

    def _index_key(self) -> str:
        return f"{self.prefix}:games:by_created"

    def _index(self, game_id: str, created_at: str, order: int | None = None) -> None:
        if order is None:
            order = int(self.redis.incr(self._index_key() + ":seq"))
        self.redis.zadd(self._index_key(), {index_entry(created_at, order, game_id): 0})

    def list_games(self) -> list[str]:
        """Return the ids of every game created through this store, sorted."""
        return sorted(member.decode() for member in self.redis.smembers(self._games_key()))

    def games_before(self, entry: str | None, count: int) -> list[str]:
        """Up to ``count`` index entries (``created_at order game_id``), newest first, older than
        ``entry`` (from the newest when None). Games created before the index are added."""
        key = self._index_key()
        if self.redis.zcard(key) < self.redis.scard(self._games_key()):
            self._backfill_index()
        high = "+" if entry is None else "(" + entry
        raw = self.redis.zrevrangebylex(key, high, "-", start=0, num=count)
        return [member.decode() for member in raw]

    def _backfill_index(self) -> None:
        for game_id in self.list_games():
            created = self.redis.hget(self.key(game_id, "meta"), "created_at")
            self._index(game_id, created.decode() if created else "", 0)

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
