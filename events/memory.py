"""An event store in the process's memory, with the semantics of the Redis one.

:class:`MemoryStore` answers as :class:`events.store.EventStore` does (optimistic concurrency,
idempotency records that expire, snapshots that never run ahead of the log, waits that block
until events come, the index of games by creation time) so that the services and their tests
run without Redis. The contract tests of ``tests/store`` run against both. Seat webhooks live in
Redis only: a game here has none.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from events.envelope import Envelope, upcast
from events.errors import DuplicateCommand, GameExists, StoreError, VersionConflict
from events.index import index_entry
from events.protocol import Batch, GameStore, Loaded, game_key
from events.store import IDEMPOTENCY_TTL, check_token_hash


@dataclass
class _Game:
    """One game's log (stored fields per event), metadata, snapshot and idempotency records."""

    rows: list[list[str | int]] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    snapshot: tuple[int, str] | None = None
    records: dict[str, tuple[str, float]] = field(default_factory=dict)
    """Idempotency key: (record JSON, when it expires)."""


class MemoryStore(GameStore):
    """Game event logs, metadata, snapshots, idempotency records, seat tokens and the games
    index, kept in this process (thread-safe)."""

    def __init__(
        self,
        prefix: str = "smashup",
        *,
        idempotency_ttl: int = IDEMPOTENCY_TTL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.prefix = prefix
        self.idempotency_ttl = idempotency_ttl
        self._clock = clock
        self._games: dict[str, _Game] = {}
        self._tokens: dict[str, tuple[str, int]] = {}
        self._token_expiry: dict[str, float] = {}  # token hash -> when its index expires
        self._index: dict[str, str] = {}  # game id: its index entry
        self._order = 0
        self._changed = threading.Condition(threading.RLock())

    def key(self, game_id: str, part: str) -> str:
        """The name of one part of a game, as the Redis store names its key."""
        return game_key(self.prefix, game_id, part)

    def ping(self) -> None:
        """Always reachable."""

    def load_scripts(self) -> None:
        """Nothing to prepare."""

    # -- events -------------------------------------------------------------------------------

    def _write(self, batch: Batch) -> None:
        """Write ``batch`` atomically or raise (see :meth:`GameStore._write`)."""
        self.key(batch.game_id, "events")  # refuses a bad id
        key = batch.idempotency_key
        with self._changed:
            game = self._games.get(batch.game_id) or _Game()
            found = self._record(game, key) if key else None
            if found is not None:
                raise DuplicateCommand(found[0], found[1])
            if batch.mode == "create" and game.rows:
                raise GameExists(batch.game_id)
            if len(game.rows) != batch.expected_version:
                raise VersionConflict(batch.expected_version, len(game.rows))
            game.rows.extend(batch.rows)
            game.meta.update(batch.meta)
            if key:
                game.records[key] = (batch.record, self._clock() + self.idempotency_ttl)
            if batch.snapshot and (game.snapshot is None or game.snapshot[0] <= batch.snapshot[0]):
                game.snapshot = batch.snapshot
            if batch.mode == "create":
                self._order += 1
                created = batch.meta.get("created_at", "")
                self._index[batch.game_id] = index_entry(created, self._order, batch.game_id)
            self._games[batch.game_id] = game
            self._changed.notify_all()

    def _entries(self, game: _Game, after: int, until: int | None = None) -> list[Envelope]:
        """The envelopes with ``after < version <= until`` (the lock held)."""
        low = max(after, 0)
        high = len(game.rows) if until is None else min(until, len(game.rows))
        return [
            upcast(
                {
                    "version": version,
                    "type": row[0],
                    "schema": int(row[1]),
                    "ts": row[2],
                    "payload": json.loads(str(row[3])),
                }
            )
            for version, row in enumerate(game.rows[low:high], start=low + 1)
        ]

    def load(self, game_id: str, cached_version: int = 0, token_hash: str | None = None) -> Loaded:
        """What a command needs (see :meth:`events.store.EventStore.load`)."""
        token = None if token_hash is None else self.lookup_token(token_hash)
        with self._changed:
            game = self._games.get(game_id)
            if game is None or not game.rows:
                return Loaded(0, 0, None, [], 0, token, None)
            count = len(game.rows)
            after, data = cached_version, None
            if after <= 0 or after > count:
                after = 0
                if game.snapshot is not None and game.snapshot[0] <= count:
                    after, data = game.snapshot
            entries = self._entries(game, after)
            return Loaded(count, after, data, entries, 0, token, game.meta.get("accounts", ""))

    def read(self, game_id: str, after: int = 0, until: int | None = None) -> list[Envelope]:
        """The events with ``after < version <= until``, upcast to the current schema."""
        if until is not None and until <= after:
            return []
        with self._changed:
            game = self._games.get(game_id)
            return [] if game is None else self._entries(game, after, until)

    def wait(
        self, game_id: str, after: int, timeout: float, count: int | None = None
    ) -> list[Envelope]:
        """The events after ``after`` (the first ``count``), blocking up to ``timeout`` s."""
        until = None if count is None else max(after, 0) + count
        deadline = self._clock() + max(timeout, 0)
        with self._changed:
            while True:
                game = self._games.get(game_id)
                if game is not None and len(game.rows) > after:
                    return self._entries(game, after, until)
                remaining = deadline - self._clock()
                if remaining <= 0:
                    return []
                self._changed.wait(remaining)

    def version(self, game_id: str) -> int:
        """The number of events of a game (0 for an unknown game)."""
        with self._changed:
            game = self._games.get(game_id)
            return 0 if game is None else len(game.rows)

    def exists(self, game_id: str) -> bool:
        """Whether a game has any events."""
        return self.version(game_id) > 0

    # -- metadata and idempotency -------------------------------------------------------------

    def meta(self, game_id: str) -> dict[str, str]:
        """A game's metadata fields."""
        with self._changed:
            game = self._games.get(game_id)
            return {} if game is None else dict(game.meta)

    def set_meta(self, game_id: str, mapping: Mapping[str, str]) -> None:
        """Set some metadata fields of a game (metadata alone does not make a game exist)."""
        if not mapping:
            return
        with self._changed:
            game = self._games.get(game_id)
            if game is None:
                game = self._games[game_id] = _Game()
            game.meta.update({str(k): str(v) for k, v in mapping.items()})

    def idempotent_record(
        self, game_id: str, key: str
    ) -> tuple[dict[str, Any], list[Envelope]] | None:
        """The record of an idempotency key and the events its command appended."""
        with self._changed:
            game = self._games.get(game_id)
            return None if game is None else self._record(game, key)

    def _record(self, game: _Game, key: str) -> tuple[dict[str, Any], list[Envelope]] | None:
        """A live record and its events (the lock held); an expired one is dropped."""
        found = game.records.get(key)
        if found is None:
            return None
        if found[1] <= self._clock():
            del game.records[key]
            return None
        record: dict[str, Any] = json.loads(found[0])
        entries: list[Envelope] = []
        if record.get("first") and record.get("version"):
            entries = self._entries(game, int(record["first"]) - 1, int(record["version"]))
        return record, entries

    # -- snapshots ----------------------------------------------------------------------------

    def save_snapshot(self, game_id: str, version: int, data: str) -> bool:
        """Keep the state at ``version``; False if a newer one is kept or the log is shorter."""
        if isinstance(version, bool) or version < 1:
            raise ValueError(f"a snapshot needs a version of at least 1, got {version!r}")
        with self._changed:
            game = self._games.get(game_id)
            if game is None or len(game.rows) < version:
                return False
            if game.snapshot is not None and game.snapshot[0] > version:
                return False
            game.snapshot = (version, data)
            return True

    def load_snapshot(self, game_id: str, at_most: int | None = None) -> tuple[int, str] | None:
        """The kept ``(version, data)``, or None (also if newer than ``at_most``)."""
        with self._changed:
            game = self._games.get(game_id)
            found = None if game is None else game.snapshot
        if found is None or (at_most is not None and found[0] > at_most):
            return None
        return found

    def delete_snapshots(self, game_id: str) -> None:
        """Forget the kept snapshot of a game."""
        with self._changed:
            game = self._games.get(game_id)
            if game is not None:
                game.snapshot = None

    # -- tokens -------------------------------------------------------------------------------

    def register_token(
        self, token_hash: str, game_id: str, seat: int, ttl: int | None = None
    ) -> None:
        """Index a seat token (by its SHA-256 hex digest); refuse one bound elsewhere. With
        ``ttl`` the index expires after that many seconds; without, it is kept."""
        check_token_hash(token_hash)
        with self._changed:
            self._drop_expired_token(token_hash)
            fresh = token_hash not in self._tokens
            known = self._tokens.setdefault(token_hash, (game_id, seat))
            if fresh and ttl is not None:
                self._token_expiry[token_hash] = self._clock() + ttl
            elif known == (game_id, seat) and ttl is None:
                self._token_expiry.pop(token_hash, None)
        if known != (game_id, seat):
            raise StoreError("this token hash is already registered for another seat")

    def _drop_expired_token(self, token_hash: str) -> None:
        expiry = self._token_expiry.get(token_hash)
        if expiry is not None and expiry <= self._clock():
            self._tokens.pop(token_hash, None)
            del self._token_expiry[token_hash]

    def lookup_token(self, token_hash: str) -> tuple[str, int] | None:
        """The ``(game_id, seat)`` a token hash belongs to, or None."""
        check_token_hash(token_hash)
        with self._changed:
            self._drop_expired_token(token_hash)
            return self._tokens.get(token_hash)

    # -- the index of games -------------------------------------------------------------------

    def list_games(self) -> list[str]:
        """The ids of every game created through this store, sorted."""
        with self._changed:
            return sorted(self._index)

    def games_before(self, entry: str | None, count: int) -> list[str]:
        """Up to ``count`` index entries, newest first, older than ``entry`` (None: newest)."""
        with self._changed:
            entries = sorted(self._index.values(), reverse=True)
        return [e for e in entries if entry is None or e < entry][:count]

    def unlist(self, game_ids: Iterable[str]) -> None:
        """Remove games from the index."""
        with self._changed:
            for game_id in game_ids:
                self._index.pop(game_id, None)

    def summaries(self, game_ids: Sequence[str], fields: Sequence[str]) -> list[dict[str, Any]]:
        """For each game: the metadata ``fields`` it has, and its ``version``."""
        found = []
        with self._changed:
            for game_id in game_ids:
                game = self._games.get(game_id) or _Game()
                row: dict[str, Any] = {f: game.meta[f] for f in fields if f in game.meta}
                row["version"] = len(game.rows)
                found.append(row)
        return found
