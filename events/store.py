"""The event store: one Redis Stream per game, appended atomically with optimistic concurrency.

Appends are exactly-once: the script runs once per server-made command id, stored in the first
event of its batch, and redis-py never retries it; an append whose answer was lost is settled
from the stream (see :mod:`events.appends`).

Keys of a game share the hash tag ``{<game_id>}`` so a Redis Cluster keeps them on one node:
``<prefix>:{<game_id>}:events`` (the stream, entry ids ``<version>-1``), ``...:meta`` (a hash),
``...:snapshot`` (a hash: version, data), ``...:idem:<seat>:<key>`` (an idempotency record, a
small JSON string that expires; ``...:idem``, a hash of records, is only read, for records made
before they expired) and ``...:fence`` (ids of appends whose answer was lost and that were
settled as not applied).
Global keys: the games index (sharded, see :mod:`events.index`) and ``<prefix>:token:<sha256>``.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections.abc import Mapping
from typing import Any

import redis

from events import scripts
from events.appends import ExactlyOnce
from events.connection import RedisClient, connection_kwargs, is_cluster
from events.envelope import Envelope, decode_entry, upcast
from events.errors import (
    DuplicateCommand,
    GameExists,
    StoreError,
    VersionConflict,
)
from events.index import GameIndex
from events.protocol import Batch, GameStore, Loaded, game_key

SETTLE_TIMEOUT = 10.0
"""Seconds an append whose answer was lost keeps asking Redis whether it was applied."""
IDEMPOTENCY_TTL = 86400
"""Seconds an idempotency record is kept (``IDEMPOTENCY_TTL``)."""

_DEFAULT_SOCKET_TIMEOUT = 5.0
"""redis-py 8's socket timeout when a client does not set one (URL clients do not)."""

_TOKEN_HASH = re.compile(r"\A[0-9a-f]{64}\Z")


def check_token_hash(token_hash: str) -> None:
    """Refuse what is not a token's SHA-256 hex digest (ValueError)."""
    if not _TOKEN_HASH.match(token_hash):
        raise ValueError("a token is indexed by its SHA-256 hex digest (64 lowercase hex)")


def hash_token(token: str) -> str:
    """Return the SHA-256 hex digest under which a seat token is indexed."""
    return hashlib.sha256(token.encode()).hexdigest()


class EventStore(GameIndex, GameStore):
    """Game event streams, metadata, snapshots, idempotency records and the token index."""

    def __init__(
        self,
        redis_client: RedisClient,
        prefix: str = "smashup",
        *,
        settle_timeout: float = SETTLE_TIMEOUT,
        idempotency_ttl: int = IDEMPOTENCY_TTL,
    ) -> None:
        if connection_kwargs(redis_client).get("decode_responses"):
            raise ValueError("the event store needs a client with decode_responses=False")
        if not prefix or "{" in prefix or "}" in prefix:
            raise ValueError(f"invalid key prefix {prefix!r}")
        self.redis = redis_client
        self.prefix = prefix
        self._cluster = is_cluster(redis_client)
        self.appends = ExactlyOnce(redis_client, settle_timeout)
        self.idempotency_ttl = idempotency_ttl
        self._load_sha = hashlib.sha1(scripts.LOAD.encode()).hexdigest()
        self._record_script = redis_client.register_script(scripts.RECORD)
        self._snapshot_script = redis_client.register_script(scripts.SNAPSHOT)

    def load_scripts(self) -> None:
        """Load every script into Redis now (one round trip; on a cluster, one per script, each
        sent to every master), so that no command pays for it."""
        texts = (scripts.APPEND, scripts.LOAD, scripts.SETTLE, scripts.RECORD, scripts.SNAPSHOT)
        if is_cluster(self.redis):
            for text in texts:
                self.redis.script_load(text)  # type: ignore[no-untyped-call]
            return
        pipe = self.redis.pipeline(transaction=False)
        for text in texts:
            pipe.script_load(text)
        pipe.execute()

    def ping(self) -> None:
        """Raise a Redis error unless Redis answers."""
        self.redis.ping()

    @property
    def settled(self) -> dict[str, int]:
        """How many appends whose answer was lost were settled as applied, as fenced."""
        return self.appends.settled

    # -- keys ---------------------------------------------------------------------------------

    def key(self, game_id: str, part: str) -> str:
        """Return the key of one part (events, meta, snapshot, idem) of a game."""
        return game_key(self.prefix, game_id, part)

    def _record_key(self, game_id: str, idempotency_key: str) -> str:
        """The key of one idempotency record (an expiring string)."""
        return f"{self.key(game_id, 'idem')}:{idempotency_key}"

    def _token_key(self, token_hash: str) -> str:
        check_token_hash(token_hash)
        return f"{self.prefix}:token:{token_hash}"

    # -- events -------------------------------------------------------------------------------

    def _write(self, batch: Batch) -> None:
        """Run the append script and turn its answer into an error, if it is one."""
        game_id, expected_version = batch.game_id, batch.expected_version
        args: list[str | int] = [
            batch.mode,
            expected_version,
            batch.idempotency_key or "",
            batch.record,
            "",  # the command id, chosen per attempt
            self.idempotency_ttl,
            batch.snapshot[1] if batch.snapshot else "",
            batch.snapshot[0] if batch.snapshot else "",
            len(batch.meta),
        ]
        for field, value in batch.meta.items():
            args += [field, value]
        for row in batch.rows:
            args += row
        base = self.key(game_id, "")  # the game's keys: base + part
        keys = [
            f"{base}events",
            f"{base}idem",
            f"{base}meta",
            f"{base}fence",
            f"{base}idem:{batch.idempotency_key or ''}",  # its record (see _record_key)
            f"{base}snapshot",
        ]
        reply = self.appends.run(keys, args, expected_version, len(batch.rows))
        status = reply[0].decode()
        if status == "ok":
            if batch.mode == "create":
                self._add_to_index(game_id, batch.meta.get("created_at", ""))
            return
        if status == "dup":
            raise DuplicateCommand(json.loads(reply[1]), _decode_entries(reply[2]))
        if status == "exists":
            raise GameExists(game_id)
        if status == "conflict":
            raise VersionConflict(expected_version, int(reply[1]))
        if status == "fenced":  # cannot happen: every attempt has a new id
            raise StoreError("the append's command id was fenced")
        raise StoreError(f"unexpected answer from the append script: {reply!r}")

    def load(self, game_id: str, cached_version: int = 0, token_hash: str | None = None) -> Loaded:
        """What a command needs, in one round trip: the game's version, its events after the
        caller's cached state (at ``cached_version``; 0: none) or after its snapshot, how many
        seat webhooks it has, its ``accounts`` metadata and, with ``token_hash``, the seat that
        token belongs to."""
        base = self.key(game_id, "")
        keys = [f"{base}events", f"{base}snapshot", f"{base}webhooks", f"{base}meta"]
        for attempt in range(2):
            try:
                record, found = self._load_replies(keys, cached_version, token_hash)
            except redis.exceptions.NoScriptError:
                if attempt == 1:
                    raise
                self.redis.script_load(scripts.LOAD)  # type: ignore[no-untyped-call]  # a restarted or flushed Redis
                continue
            break
        token = None
        if token_hash is not None and record is not None:
            entry = json.loads(record)
            token = str(entry["game"]), int(entry["seat"])
        if int(found[0]) == 0:
            return Loaded(0, 0, None, [], 0, token, None)
        snapshot = found[4].decode() if found[3] else None
        return Loaded(
            int(found[0]),
            int(found[2]),
            snapshot,
            _decode_entries(found[5]),
            int(found[1]),
            token,
            found[6].decode(),
        )

    def _load_replies(
        self, keys: list[str], cached_version: int, token_hash: str | None
    ) -> tuple[bytes | None, Any]:
        """The token's record (if asked) and the load script's answer: one command on a plain
        Redis, whose script reads the token key too; two on a cluster, whose token key lives in
        another slot than the game's."""
        cached = max(cached_version, 0)
        if self._cluster:
            record = None if token_hash is None else self.redis.get(self._token_key(token_hash))
            found = self.redis.evalsha(self._load_sha, len(keys), *keys, cached)  # type: ignore[no-untyped-call]
            return record, found
        if token_hash is not None:
            keys = [*keys, self._token_key(token_hash)]
        found = self.redis.evalsha(self._load_sha, len(keys), *keys, cached)  # type: ignore[no-untyped-call]
        return found[-1], found  # the script answers the token's record last

    def read(self, game_id: str, after: int = 0, until: int | None = None) -> list[Envelope]:
        """Return the events with ``after < version <= until``, upcast to the current schema."""
        if until is not None and until <= after:
            return []
        low = "-" if after <= 0 else f"({after}-1"
        high = "+" if until is None else f"{until}-1"
        entries = self.redis.xrange(self.key(game_id, "events"), low, high)
        return [upcast(decode_entry(entry_id, fields)) for entry_id, fields in entries]

    def wait(
        self, game_id: str, after: int, timeout: float, count: int | None = None
    ) -> list[Envelope]:
        """Return the events after ``after`` (the first ``count`` only, if given), blocking up
        to ``timeout`` seconds for some."""
        if timeout <= 0:
            return self.read(game_id, after, None if count is None else after + count)
        key = self.key(game_id, "events")
        start = f"{max(after, 0)}-1"
        deadline = time.monotonic() + timeout
        while (remaining := deadline - time.monotonic()) > 0:
            # Block in slices shorter than the socket timeout, or redis-py gives up reading.
            block_ms = max(1, math.ceil(min(remaining, self._block_limit()) * 1000))
            reply = self.redis.xread({key: start}, count=count, block=block_ms)
            if reply:
                return self._decode_xread(reply)
        return []

    def _block_limit(self) -> float:
        """Longest safe XREAD BLOCK, in seconds, for this client's socket timeout."""
        configured = connection_kwargs(self.redis).get("socket_timeout", _DEFAULT_SOCKET_TIMEOUT)
        if configured is None:
            return math.inf
        return max(0.05, float(configured) / 2)

    @staticmethod
    def _decode_xread(reply: Any) -> list[Envelope]:
        """Decode an XREAD reply (RESP2 list or RESP3 map) into upcast envelopes."""
        streams = list(reply.values()) if isinstance(reply, dict) else [s[1] for s in reply]
        envelopes: list[Envelope] = []
        for entries in streams:
            # RESP3 wraps a stream's entries in one more list.
            if entries and isinstance(entries[0], list):
                entries = entries[0]
            envelopes += [upcast(decode_entry(entry_id, fields)) for entry_id, fields in entries]
        return envelopes

    def version(self, game_id: str) -> int:
        """Return the number of events of a game (0 for an unknown game)."""
        return int(self.redis.xlen(self.key(game_id, "events")))

    def exists(self, game_id: str) -> bool:
        """Tell whether a game has any events."""
        return bool(self.redis.exists(self.key(game_id, "events")))

    # -- metadata and idempotency -------------------------------------------------------------

    def meta(self, game_id: str) -> dict[str, str]:
        """Return a game's metadata fields."""
        raw = self.redis.hgetall(self.key(game_id, "meta"))
        return {field.decode(): value.decode() for field, value in raw.items()}

    def set_meta(self, game_id: str, mapping: Mapping[str, str]) -> None:
        """Set some metadata fields of a game."""
        if mapping:
            fields: dict[str | bytes, bytes | float | int | str] = {
                str(field): str(value) for field, value in mapping.items()
            }
            self.redis.hset(self.key(game_id, "meta"), mapping=fields)

    def idempotent_record(
        self, game_id: str, key: str
    ) -> tuple[dict[str, Any], list[Envelope]] | None:
        """The record of an idempotency key and the events its command appended (from its
        ``first`` to its ``version``), in one round trip; None for an unknown key."""
        keys = [
            self._record_key(game_id, key),
            self.key(game_id, "idem"),
            self.key(game_id, "events"),
        ]
        reply = self._record_script(keys=keys, args=[key])
        if not reply:
            return None
        record: dict[str, Any] = json.loads(reply[0])
        return record, _decode_entries(reply[1])

    # -- snapshots ----------------------------------------------------------------------------

    def save_snapshot(self, game_id: str, version: int, data: str) -> bool:
        """Cache the state at ``version``; False if a newer one is kept or the log is shorter."""
        if isinstance(version, bool) or version < 1:
            raise ValueError(f"a snapshot needs a version of at least 1, got {version!r}")
        keys = [self.key(game_id, "snapshot"), self.key(game_id, "events")]
        return bool(self._snapshot_script(keys=keys, args=[version, data]))

    def load_snapshot(self, game_id: str, at_most: int | None = None) -> tuple[int, str] | None:
        """Return the cached ``(version, data)``, or None (also if newer than ``at_most``)."""
        version, data = self.redis.hmget(self.key(game_id, "snapshot"), ["version", "data"])
        if version is None or data is None:
            return None
        number = int(version)
        if at_most is not None and number > at_most:
            return None
        return number, data.decode()

    def delete_snapshots(self, game_id: str) -> None:
        """Forget the cached snapshot of a game."""
        self.redis.delete(self.key(game_id, "snapshot"))

    # -- tokens -------------------------------------------------------------------------------

    def register_token(
        self, token_hash: str, game_id: str, seat: int, ttl: int | None = None
    ) -> None:
        """Index a seat token (by its SHA-256 hex digest); refuse one bound elsewhere. With
        ``ttl`` (seconds) the index expires (an open game's seat, as long as its table);
        without, it is kept (indexed again when the game starts, it loses its expiry)."""
        key = self._token_key(token_hash)
        value = json.dumps({"game": game_id, "seat": seat})
        if self.redis.set(key, value, nx=True, ex=ttl):
            return
        if self.lookup_token(token_hash) != (game_id, seat):
            raise StoreError("this token hash is already registered for another seat")
        if ttl is None:
            self.redis.persist(key)

    def lookup_token(self, token_hash: str) -> tuple[str, int] | None:
        """Return the ``(game_id, seat)`` a token hash belongs to, or None."""
        raw = self.redis.get(self._token_key(token_hash))
        if raw is None:
            return None
        record = json.loads(raw)
        return str(record["game"]), int(record["seat"])


def _decode_entries(entries: Any) -> list[Envelope]:
    """Stream entries answered by a script (``[id, [field, value, ...]]``) as upcast envelopes."""
    return [
        upcast(decode_entry(entry_id, dict(zip(fields[0::2], fields[1::2], strict=True))))
        for entry_id, fields in entries
    ]
