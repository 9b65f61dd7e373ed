"""The event store over archived games: a finished game's stream replaced by a small record.

:meth:`ArchivingStore.finish_archive` replaces a game's stream, snapshot, legacy idempotency
hash and fence by a record ``<prefix>:{<game_id>}:archived`` (a hash: ``version``, ``digest``,
``location``, ``backend``, ``bytes``, ``log_bytes``, ``archived_at``), in one script, only if
the stream still holds exactly the archived version. Every read of :class:`EventStore`
(:meth:`load`, :meth:`read`, :meth:`wait`, :meth:`version`, :meth:`exists`, :meth:`summaries`)
then answers the same from the archived log, fetched from its backend, checked against the
digest and kept decompressed in a bounded in-process cache. An archived game is never written
again: its id cannot be created anew and an append to it raises :class:`GameArchived`.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from events.archive import ArchiveBackend, ArchiveError, RedisBackend, decompress, digest
from events.connection import RedisClient
from events.envelope import Envelope, upcast
from events.errors import GameExists, StoreError, VersionConflict
from events.protocol import Loaded
from events.store import EventStore

CACHE_GAMES = 64
"""Archived logs kept decompressed in memory, at most."""
CACHE_BYTES = 64 * 1024 * 1024
"""And at most this many bytes of their JSON Lines text in all."""
RECORDS = 4096
"""Archive records remembered in memory (a record never changes once written)."""

# KEYS: events, snapshot, idem (legacy hash), fence, record. ARGV: the archived version, then
# the record's field/value pairs. 'done' if the record is there already, 'changed' if the
# stream is not at that version, else the record is written and the rest deleted: 'ok'.
FINISH = """
if redis.call('EXISTS', KEYS[5]) == 1 then return 'done' end
if redis.call('XLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 'changed' end
redis.call('HSET', KEYS[5], unpack(ARGV, 2))
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return 'ok'
"""


class GameArchived(StoreError):
    """A write to an archived game (it is never written again)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id} is archived: it accepts no more events")
        self.game_id = game_id


class ArchivingStore(EventStore):
    """An :class:`EventStore` whose finished games may live in an archive backend."""

    def __init__(
        self,
        redis_client: RedisClient,
        prefix: str = "smashup",
        *,
        backend: ArchiveBackend | None = None,
        backends: Mapping[str, ArchiveBackend] | None = None,
        cache_games: int = CACHE_GAMES,
        cache_bytes: int = CACHE_BYTES,
        **options: Any,
    ) -> None:
        """``backend`` receives new archives (default: the events' Redis); ``backends`` (by URL)
        are the others older records may name."""
        super().__init__(redis_client, prefix, **options)
        self.backend = backend if backend is not None else RedisBackend(redis_client, prefix)
        self.backends = {**(backends or {}), self.backend.url: self.backend}
        self.cache_games = cache_games
        self.cache_bytes = cache_bytes
        self._logs: OrderedDict[str, tuple[list[Envelope], int]] = OrderedDict()
        self._records: OrderedDict[str, dict[str, str]] = OrderedDict()
        self._archive_lock = threading.Lock()
        self._finish_script = redis_client.register_script(FINISH)
        self.fetches = 0
        """How many archived logs this store fetched from a backend (cache misses)."""

    # -- the record ---------------------------------------------------------------------------

    def archive_record(self, game_id: str) -> dict[str, str] | None:
        """A game's archive record, or None if it is not archived."""
        with self._archive_lock:
            known = self._records.get(game_id)
        if known is not None:
            return known
        raw = self.redis.hgetall(self.key(game_id, "archived"))
        if not raw:
            return None
        record = {field.decode(): value.decode() for field, value in raw.items()}
        with self._archive_lock:
            self._records[game_id] = record
            while len(self._records) > RECORDS:
                self._records.popitem(last=False)
        return record

    def is_archived(self, game_id: str) -> bool:
        """Tell whether a game is archived."""
        return self.archive_record(game_id) is not None

    def finish_archive(self, game_id: str, version: int, record: Mapping[str, str]) -> str:
        """Replace the stream (at ``version``) by ``record``: 'ok', 'done' (it was already), or
        'changed' (the stream is not at ``version``: nothing is done)."""
        keys = [self.key(game_id, part) for part in ("events", "snapshot", "idem", "fence")]
        fields = [str(item) for pair in record.items() for item in pair]
        args = [version, "version", version, *fields]
        answer = self._finish_script(keys=[*keys, self.key(game_id, "archived")], args=args)
        return answer.decode() if isinstance(answer, bytes) else str(answer)

    # -- the archived log ---------------------------------------------------------------------

    def archived_log(self, game_id: str, record: Mapping[str, str]) -> list[Envelope]:
        """The envelopes of an archived game (cached; fetched and checked on a miss)."""
        with self._archive_lock:
            found = self._logs.get(game_id)
            if found is not None:
                self._logs.move_to_end(game_id)
                return found[0]
        backend = self.backends.get(record.get("backend", self.backend.url), self.backend)
        text = decompress(backend.get(record["location"]))
        if digest(text) != record["digest"]:
            raise ArchiveError(f"the archived log of game {game_id} does not match its digest")
        # the digest matched: these are the lines GET /log served, no need to check them again
        envelopes = [upcast(json.loads(line)) for line in text.split("\n") if line]
        with self._archive_lock:
            self.fetches += 1
            self._logs[game_id] = (envelopes, len(text))
            total = sum(size for _, size in self._logs.values())
            while len(self._logs) > 1 and (
                len(self._logs) > self.cache_games or total > self.cache_bytes
            ):
                total -= self._logs.popitem(last=False)[1][1]
        return envelopes

    def _slice(self, game_id: str, after: int, until: int | None) -> list[Envelope] | None:
        """Copies of an archived game's envelopes in ``(after, until]``; None if not archived."""
        record = self.archive_record(game_id)
        if record is None:
            return None
        envelopes = self.archived_log(game_id, record)
        stop = len(envelopes) if until is None else max(0, min(until, len(envelopes)))
        return [dict(envelope) for envelope in envelopes[max(after, 0) : stop]]

    # -- reads --------------------------------------------------------------------------------

    def load(self, game_id: str, cached_version: int = 0, token_hash: str | None = None) -> Loaded:
        """As :meth:`EventStore.load`; an archived game's entries come from its archive."""
        loaded = super().load(game_id, cached_version, token_hash)
        if loaded.version:
            return loaded
        record = self.archive_record(game_id)
        if record is None:
            return loaded
        version = int(record["version"])
        after = cached_version if 0 < cached_version <= version else 0
        entries = self._slice(game_id, after, None) or []
        accounts = self.redis.hget(self.key(game_id, "meta"), "accounts")
        return Loaded(
            version, after, None, entries, 0, loaded.token, accounts.decode() if accounts else ""
        )

    def read(self, game_id: str, after: int = 0, until: int | None = None) -> list[Envelope]:
        """As :meth:`EventStore.read`, from the archive for an archived game."""
        if until is not None and until <= after:
            return []
        with self._archive_lock:
            known = game_id in self._records
        if not known:
            found = super().read(game_id, after, until)
            if found:
                return found
        archived = self._slice(game_id, after, until)
        return [] if archived is None else archived

    def wait(
        self, game_id: str, after: int, timeout: float, count: int | None = None
    ) -> list[Envelope]:
        """As :meth:`EventStore.wait`; an archived game has no new event to wait for."""
        if not self.is_archived(game_id):
            return super().wait(game_id, after, timeout, count)
        found = self.read(game_id, after, None if count is None else after + count)
        if not found and timeout > 0:
            time.sleep(timeout)  # as long as a wait on a finished game's stream
        return found

    def version(self, game_id: str) -> int:
        """As :meth:`EventStore.version` (an archived game keeps its version)."""
        current = super().version(game_id)
        if current:
            return current
        record = self.archive_record(game_id)
        return 0 if record is None else int(record["version"])

    def exists(self, game_id: str) -> bool:
        """As :meth:`EventStore.exists` (an archived game exists)."""
        return super().exists(game_id) or self.is_archived(game_id)

    def summaries(self, game_ids: Sequence[str], fields: Sequence[str]) -> list[dict[str, Any]]:
        """As :meth:`EventStore.summaries`, with the versions of archived games."""
        rows = super().summaries(game_ids, fields)
        for game_id, row in zip(game_ids, rows, strict=True):
            if row["version"] == 0:
                record = self.archive_record(game_id)
                row["version"] = 0 if record is None else int(record["version"])
        return rows

    # -- writes -------------------------------------------------------------------------------

    def create(
        self,
        game_id: str,
        events: Sequence[Mapping[str, Any]],
        meta: Mapping[str, str] | None = None,
    ) -> list[Envelope]:
        """As :meth:`EventStore.create`; an archived game's id is taken for ever."""
        if self.is_archived(game_id):
            raise GameExists(game_id)
        return super().create(game_id, events, meta)

    def append(
        self, game_id: str, expected_version: int, events: Sequence[Mapping[str, Any]], **kw: Any
    ) -> list[Envelope]:
        """As :meth:`EventStore.append`; :class:`GameArchived` for an archived game."""
        if expected_version == 0 and self.is_archived(game_id):
            raise GameArchived(game_id)
        try:
            return super().append(game_id, expected_version, events, **kw)
        except VersionConflict as conflict:
            if conflict.actual == 0 and self.is_archived(game_id):
                raise GameArchived(game_id) from None
            raise
