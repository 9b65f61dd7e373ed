"""The event store: one Redis Stream per game, appended atomically with optimistic concurrency.

Keys of a game share the hash tag ``{<game_id>}`` so a Redis Cluster keeps them on one node:
``<prefix>:{<game_id>}:events`` (the stream, entry ids ``<version>-1``), ``...:meta`` (a hash),
``...:snapshot`` (a hash: version, data) and ``...:idem`` (idempotency key -> response JSON).
Global keys: ``<prefix>:games`` (a set of game ids) and ``<prefix>:token:<sha256>``.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from events.connection import RedisClient
from events.envelope import (
    Envelope,
    decode_entry,
    encode_payload,
    upcast,
    utc_timestamp,
    validate_new_event,
)
from events.errors import DuplicateCommand, GameExists, StoreError, VersionConflict

# KEYS: events, idem, meta.
# ARGV: mode, expected version, idempotency key ('' for none), response JSON, number of meta
# fields, the meta field/value pairs, then four values per event: type, schema, ts, payload.
_APPEND_LUA = """
local key = ARGV[3]
if key ~= '' then
  local stored = redis.call('HGET', KEYS[2], key)
  if stored then return {'dup', stored} end
end
if ARGV[1] == 'create' and redis.call('EXISTS', KEYS[1]) == 1 then
  return {'exists'}
end
local expected = tonumber(ARGV[2])
local actual = redis.call('XLEN', KEYS[1])
if actual ~= expected then return {'conflict', tostring(actual)} end
local first = 6
local n_meta = tonumber(ARGV[5])
if n_meta > 0 then
  local fields = {}
  for i = first, first + 2 * n_meta - 1 do fields[#fields + 1] = ARGV[i] end
  redis.call('HSET', KEYS[3], unpack(fields))
end
local version = expected
for i = first + 2 * n_meta, #ARGV, 4 do
  version = version + 1
  redis.call('XADD', KEYS[1], string.format('%d-1', version),
    'type', ARGV[i], 'schema', ARGV[i + 1], 'ts', ARGV[i + 2], 'payload', ARGV[i + 3])
end
if key ~= '' then redis.call('HSET', KEYS[2], key, ARGV[4]) end
return {'ok', tostring(version)}
"""

# KEYS: snapshot, events. ARGV: version, data. Keeps the newest snapshot not beyond the log.
_SNAPSHOT_LUA = """
local version = tonumber(ARGV[1])
if redis.call('XLEN', KEYS[2]) < version then return 0 end
local current = redis.call('HGET', KEYS[1], 'version')
if current and tonumber(current) > version then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'data', ARGV[2])
return 1
"""

_DEFAULT_SOCKET_TIMEOUT = 5.0
"""redis-py 8's socket timeout when a client does not set one (URL clients do not)."""

_TOKEN_HASH = re.compile(r"\A[0-9a-f]{64}\Z")


def hash_token(token: str) -> str:
    """Return the SHA-256 hex digest under which a seat token is indexed."""
    return hashlib.sha256(token.encode()).hexdigest()


def index_entry(created_at: str, order: int, game_id: str) -> str:
    """A game's entry in the index of games by creation time: entries sort by time, then by
    ``order`` (a counter, so games made in the same millisecond keep their order)."""
    return f"{created_at} {order:012d} {game_id}"


class EventStore:
    """Game event streams, metadata, snapshots, idempotency records and the token index."""

    def __init__(self, redis_client: RedisClient, prefix: str = "smashup") -> None:
        kwargs = redis_client.connection_pool.connection_kwargs
        if kwargs.get("decode_responses"):
            raise ValueError("the event store needs a client with decode_responses=False")
        if not prefix or "{" in prefix or "}" in prefix:
            raise ValueError(f"invalid key prefix {prefix!r}")
        self.redis = redis_client
        self.prefix = prefix
        self._append_script = redis_client.register_script(_APPEND_LUA)
        self._snapshot_script = redis_client.register_script(_SNAPSHOT_LUA)

    # -- keys ---------------------------------------------------------------------------------

    def key(self, game_id: str, part: str) -> str:
        """Return the key of one part (events, meta, snapshot, idem) of a game."""
        if not isinstance(game_id, str) or not game_id or "{" in game_id or "}" in game_id:
            raise ValueError(f"invalid game id {game_id!r}")
        return f"{self.prefix}:{{{game_id}}}:{part}"

    def _games_key(self) -> str:
        return f"{self.prefix}:games"

    def _index_key(self) -> str:
        return f"{self.prefix}:games:by_created"

    def _token_key(self, token_hash: str) -> str:
        if not _TOKEN_HASH.match(token_hash):
            raise ValueError("a token is indexed by its SHA-256 hex digest (64 lowercase hex)")
        return f"{self.prefix}:token:{token_hash}"

    # -- events -------------------------------------------------------------------------------

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[Mapping[str, Any]],
        *,
        idempotency_key: str | None = None,
        response: Mapping[str, Any] | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> list[Envelope]:
        """Append events atomically if the game is at ``expected_version``; return them.

        Raises :class:`VersionConflict` if it is not, and :class:`DuplicateCommand` (holding
        the first response) if ``idempotency_key`` was already used; nothing is written then.
        """
        return self._write(
            "append",
            game_id,
            expected_version,
            events,
            idempotency_key=idempotency_key,
            response=response,
            meta=meta,
        )

    def create(
        self,
        game_id: str,
        events: Sequence[Mapping[str, Any]],
        meta: Mapping[str, str] | None = None,
    ) -> list[Envelope]:
        """Start a game with its first events; raise :class:`GameExists` if it has a stream."""
        if not events:
            raise ValueError("a game is created with at least one event")
        stored = self._write("create", game_id, 0, events, meta=meta)
        self.redis.sadd(self._games_key(), game_id)
        self._index(game_id, (meta or {}).get("created_at", ""))
        return stored

    def _index(self, game_id: str, created_at: str, order: int | None = None) -> None:
        if order is None:
            order = int(self.redis.incr(self._index_key() + ":seq"))
        self.redis.zadd(self._index_key(), {index_entry(created_at, order, game_id): 0})

    def _write(
        self,
        mode: str,
        game_id: str,
        expected_version: int,
        events: Sequence[Mapping[str, Any]],
        *,
        idempotency_key: str | None = None,
        response: Mapping[str, Any] | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> list[Envelope]:
        """Run the append script and turn its answer into envelopes or an error."""
        if isinstance(expected_version, bool) or expected_version < 0:
            raise ValueError(f"invalid expected version {expected_version!r}")
        if idempotency_key is not None and not idempotency_key:
            raise ValueError("an idempotency key cannot be empty")
        ts = utc_timestamp()
        stored: list[Envelope] = []
        args: list[str | int] = [
            mode,
            expected_version,
            idempotency_key or "",
            json.dumps(dict(response or {}), separators=(",", ":")),
            len(meta or {}),
        ]
        for field, value in (meta or {}).items():
            args += [str(field), str(value)]
        for offset, event in enumerate(events, start=1):
            event_type, schema, payload = validate_new_event(event)
            encoded = encode_payload(payload)
            event_ts = event.get("ts", ts)  # an imported log keeps its own timestamps
            if not isinstance(event_ts, str) or not event_ts:
                raise ValueError(f"event {event_type!r} has an invalid ts {event_ts!r}")
            args += [event_type, schema, event_ts, encoded]
            stored.append(
                {
                    "version": expected_version + offset,
                    "type": event_type,
                    "schema": schema,
                    "ts": event_ts,
                    "payload": json.loads(encoded),
                }
            )
        keys = [self.key(game_id, "events"), self.key(game_id, "idem"), self.key(game_id, "meta")]
        reply = self._append_script(keys=keys, args=args)
        status = reply[0].decode()
        if status == "ok":
            return stored
        if status == "dup":
            raise DuplicateCommand(json.loads(reply[1]))
        if status == "exists":
            raise GameExists(game_id)
        if status == "conflict":
            raise VersionConflict(expected_version, int(reply[1]))
        raise StoreError(f"unexpected answer from the append script: {reply!r}")

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
        kwargs = self.redis.connection_pool.connection_kwargs
        configured = kwargs.get("socket_timeout", _DEFAULT_SOCKET_TIMEOUT)
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

    def idempotent_response(self, game_id: str, key: str) -> dict[str, Any] | None:
        """Return the response recorded for an idempotency key, or None."""
        raw = self.redis.hget(self.key(game_id, "idem"), key)
        if raw is None:
            return None
        response: dict[str, Any] = json.loads(raw)
        return response

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

    def register_token(self, token_hash: str, game_id: str, seat: int) -> None:
        """Index a seat token (by its SHA-256 hex digest); refuse one bound elsewhere."""
        value = json.dumps({"game": game_id, "seat": seat})
        if self.redis.set(self._token_key(token_hash), value, nx=True):
            return
        if self.lookup_token(token_hash) != (game_id, seat):
            raise StoreError("this token hash is already registered for another seat")

    def lookup_token(self, token_hash: str) -> tuple[str, int] | None:
        """Return the ``(game_id, seat)`` a token hash belongs to, or None."""
        raw = self.redis.get(self._token_key(token_hash))
        if raw is None:
            return None
        record = json.loads(raw)
        return str(record["game"]), int(record["seat"])
