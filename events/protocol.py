"""What the services need of an event store, as a Protocol: :class:`events.store.EventStore`
keeps games in Redis, :class:`events.memory.MemoryStore` in the process (for tests and tools).

Both give the same answers: versions count events, appends happen only at the expected version
(else :class:`~events.errors.VersionConflict`), an idempotency key answers its first record
(:class:`~events.errors.DuplicateCommand`), snapshots never run ahead of the log, and ``wait``
blocks until events come. What only Redis holds (accounts, webhooks, quotas, the sweeper) needs
a :class:`RedisStore`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from events.connection import RedisClient
from events.envelope import Envelope, encode_batch


@dataclass(frozen=True)
class Batch:
    """One atomic write of a game's events and what comes with them."""

    mode: str
    """``append`` (at ``expected_version``) or ``create`` (a game with no events yet)."""
    game_id: str
    expected_version: int
    rows: list[list[str | int]]
    """Each event's stored fields: type, schema, ts, payload JSON."""
    idempotency_key: str | None
    record: str
    """The JSON recorded under ``idempotency_key``."""
    meta: dict[str, str]
    """Metadata fields set with the events."""
    snapshot: tuple[int, str] | None
    """A snapshot to keep (unless the game has a newer one): its version and its data."""


@dataclass(frozen=True)
class Loaded:
    """A game as :meth:`GameStore.load` found it (``version`` 0: there is no such game)."""

    version: int
    after: int
    """The version ``entries`` follow: the caller's cached state's, the snapshot's, or 0."""
    snapshot: str | None
    """The snapshot's data when the entries follow it."""
    entries: list[Envelope]
    hooks: int
    """How many seat webhooks the game has."""
    token: tuple[str, int] | None
    """The ``(game_id, seat)`` of the token asked about, if it is known."""
    accounts: str | None
    """The game's ``accounts`` metadata ('' if it has none)."""


class GameStore(Protocol):
    """Game event logs, their metadata, snapshots, idempotency records, seat tokens and the
    index of games (see :class:`events.store.EventStore` for each method's contract)."""

    idempotency_ttl: int

    def key(self, game_id: str, part: str) -> str:
        """The name of one part (events, meta, snapshot, webhooks, ...) of a game."""
        ...

    def ping(self) -> None:
        """Raise if the store cannot be reached."""
        ...

    def load_scripts(self) -> None:
        """Prepare whatever the store runs on, so that no command pays for it."""
        ...

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[Mapping[str, Any]],
        *,
        idempotency_key: str | None = None,
        response: Mapping[str, Any] | None = None,
        meta: Mapping[str, str] | None = None,
        snapshot: str | None = None,
        snapshot_at: int | None = None,
        fresh_payloads: bool = False,
    ) -> list[Envelope]:
        """Append events atomically if the game is at ``expected_version``; return them.

        With ``idempotency_key``, ``response`` is recorded under it (expiring after
        :attr:`idempotency_ttl` seconds); ``snapshot`` is saved as the state after the events, or
        as the state at version ``snapshot_at`` (not beyond them) when given, unless the game
        has a newer snapshot.
        The envelopes returned hold copies of the payloads as JSON gives them back, or with
        ``fresh_payloads`` the payloads given, which must then be plain JSON (dicts with string
        keys, lists, strings, numbers, booleans, None) that the caller keeps no other use for.
        Raises :class:`VersionConflict` if the game is not there, and
        :class:`DuplicateCommand` (holding the first response and the events it appended) if
        ``idempotency_key`` was already used; nothing is written then.
        """
        check_append(expected_version, idempotency_key)
        rows, stored = encode_batch(events, expected_version, fresh_payloads)
        record = json.dumps(dict(response), separators=(",", ":")) if response else "{}"
        fields = {str(k): str(v) for k, v in (meta or {}).items()}
        last = expected_version + len(rows)
        if snapshot_at is not None and not 1 <= snapshot_at <= last:
            raise ValueError(f"a snapshot at {snapshot_at!r} is not within versions 1 to {last}")
        at = last if snapshot_at is None else snapshot_at
        kept = None if snapshot is None else (at, snapshot)
        self._write(
            Batch("append", game_id, expected_version, rows, idempotency_key, record, fields, kept)
        )
        return stored

    def create(
        self,
        game_id: str,
        events: Sequence[Mapping[str, Any]],
        meta: Mapping[str, str] | None = None,
    ) -> list[Envelope]:
        """Start a game with its first events and list it; raise :class:`GameExists` if it has
        any events already."""
        if not events:
            raise ValueError("a game is created with at least one event")
        rows, stored = encode_batch(events, 0, False)
        fields = {str(k): str(v) for k, v in (meta or {}).items()}
        self._write(Batch("create", game_id, 0, rows, None, "{}", fields, None))
        return stored

    def _write(self, batch: Batch) -> None:
        """Write ``batch`` atomically (a created game is listed too), or raise
        :class:`VersionConflict`, :class:`DuplicateCommand` or :class:`GameExists` having
        written nothing."""
        ...

    def load(self, game_id: str, cached_version: int = 0, token_hash: str | None = None) -> Loaded:
        """What a command needs: version, events after the cached state or snapshot, ..."""
        ...

    def read(self, game_id: str, after: int = 0, until: int | None = None) -> list[Envelope]:
        """The events with ``after < version <= until``."""
        ...

    def wait(
        self, game_id: str, after: int, timeout: float, count: int | None = None
    ) -> list[Envelope]:
        """The events after ``after``, blocking up to ``timeout`` seconds for some."""
        ...

    def version(self, game_id: str) -> int:
        """The number of events of a game (0: unknown)."""
        ...

    def exists(self, game_id: str) -> bool:
        """Whether a game has any events."""
        ...

    def meta(self, game_id: str) -> dict[str, str]:
        """A game's metadata fields."""
        ...

    def set_meta(self, game_id: str, mapping: Mapping[str, str]) -> None:
        """Set some metadata fields of a game."""
        ...

    def idempotent_response(self, game_id: str, key: str) -> dict[str, Any] | None:
        """The response recorded for an idempotency key, or None."""
        found = self.idempotent_record(game_id, key)
        return None if found is None else found[0]

    def idempotent_record(
        self, game_id: str, key: str
    ) -> tuple[dict[str, Any], list[Envelope]] | None:
        """The record of an idempotency key and the events its command appended."""
        ...

    def save_snapshot(self, game_id: str, version: int, data: str) -> bool:
        """Keep the state at ``version`` unless a newer one is kept or the log is shorter."""
        ...

    def load_snapshot(self, game_id: str, at_most: int | None = None) -> tuple[int, str] | None:
        """The kept ``(version, data)``, or None (also if newer than ``at_most``)."""
        ...

    def delete_snapshots(self, game_id: str) -> None:
        """Forget the kept snapshot of a game."""
        ...

    def register_token(
        self, token_hash: str, game_id: str, seat: int, ttl: int | None = None
    ) -> None:
        """Index a seat token by its SHA-256 hex digest (for ``ttl`` seconds if given; kept,
        and kept from then on, without)."""
        ...

    def lookup_token(self, token_hash: str) -> tuple[str, int] | None:
        """The ``(game_id, seat)`` a token hash belongs to, or None."""
        ...

    def list_games(self) -> list[str]:
        """The ids of every listed game, sorted."""
        ...

    def games_before(self, entry: str | None, count: int) -> list[str]:
        """Up to ``count`` index entries, newest first, older than ``entry``."""
        ...

    def unlist(self, game_ids: Iterable[str]) -> None:
        """Remove games from the index."""
        ...

    def summaries(self, game_ids: Sequence[str], fields: Sequence[str]) -> list[dict[str, Any]]:
        """For each game: the metadata ``fields`` it has, and its ``version``."""
        ...


@runtime_checkable
class RedisStore(GameStore, Protocol):
    """A store on Redis, whose client and key prefix other Redis structures share."""

    redis: RedisClient
    prefix: str


def on_redis(store: GameStore, what: str) -> RedisStore:
    """``store`` as a :class:`RedisStore`; a clear error when ``what`` needs Redis and the store
    keeps its games elsewhere."""
    if not isinstance(store, RedisStore):
        raise TypeError(f"{what} keep their data in Redis: build them on an EventStore")
    return store


def game_key(prefix: str, game_id: str, part: str) -> str:
    """The key of one part of a game: ``<prefix>:{<game_id>}:<part>`` (one hash tag per game)."""
    if not isinstance(game_id, str) or not game_id or "{" in game_id or "}" in game_id:
        raise ValueError(f"invalid game id {game_id!r}")
    return f"{prefix}:{{{game_id}}}:{part}"


def check_append(expected_version: int, idempotency_key: str | None) -> None:
    """Refuse an append's arguments that no store accepts (ValueError)."""
    if isinstance(expected_version, bool) or expected_version < 0:
        raise ValueError(f"invalid expected version {expected_version!r}")
    if idempotency_key is not None and not idempotency_key:
        raise ValueError("an idempotency key cannot be empty")
