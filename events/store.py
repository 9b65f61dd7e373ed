"""The event store: one Redis Stream per game, appended atomically with optimistic concurrency.

Appends are exactly-once: the script runs once per server-made command id, stored in the first
event of its batch, and redis-py never retries it; an append whose answer was lost is settled
from the stream (see :meth:`EventStore._append_exactly_once`).

Keys of a game share the hash tag ``{<game_id>}`` so a Redis Cluster keeps them on one node:
``<prefix>:{<game_id>}:events`` (the stream, entry ids ``<version>-1``), ``...:meta`` (a hash),
``...:snapshot`` (a hash: version, data), ``...:idem`` (idempotency key -> response JSON) and
``...:fence`` (ids of appends whose answer was lost and that were settled as not applied).
Global keys: ``<prefix>:games`` (a set of game ids) and ``<prefix>:token:<sha256>``.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any

import redis

from events.connection import RedisClient
from events.envelope import (
    Envelope,
    decode_entry,
    encode_payload,
    upcast,
    utc_timestamp,
    validate_new_event,
)
from events.errors import (
    AppendOutcomeUnknown,
    DuplicateCommand,
    GameExists,
    StoreError,
    VersionConflict,
)

# KEYS: events, idem, meta, fence.
# ARGV: mode, expected version, idempotency key ('' for none), response JSON, command id,
# number of meta fields, the meta field/value pairs, then four values per event: type, schema,
# ts, payload. The first event of the batch carries the command id in its 'cmd' field; a
# command id in the fence set (one whose answer was lost and settled as not applied) is refused.
_APPEND_LUA = """
if redis.call('SISMEMBER', KEYS[4], ARGV[5]) == 1 then return {'fenced'} end
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
local first = 7
local n_meta = tonumber(ARGV[6])
if n_meta > 0 then
  local fields = {}
  for i = first, first + 2 * n_meta - 1 do fields[#fields + 1] = ARGV[i] end
  redis.call('HSET', KEYS[3], unpack(fields))
end
local version = expected
for i = first + 2 * n_meta, #ARGV, 4 do
  version = version + 1
  local id = string.format('%d-1', version)
  if version == expected + 1 then
    redis.call('XADD', KEYS[1], id, 'type', ARGV[i], 'schema', ARGV[i + 1], 'ts', ARGV[i + 2],
      'payload', ARGV[i + 3], 'cmd', ARGV[5])
  else
    redis.call('XADD', KEYS[1], id, 'type', ARGV[i], 'schema', ARGV[i + 1], 'ts', ARGV[i + 2],
      'payload', ARGV[i + 3])
  end
end
if key ~= '' then redis.call('HSET', KEYS[2], key, ARGV[4]) end
return {'ok', tostring(version)}
"""

# KEYS: events, fence. ARGV: command id, expected version, fence TTL (s). Settles an append
# whose answer was lost: 'applied' if its first event is in the stream, else fences the id so
# the lost copy can never apply later, and answers 'fenced'. Running it again answers the same.
_SETTLE_LUA = """
local id = string.format('%d-1', tonumber(ARGV[2]) + 1)
local found = redis.call('XRANGE', KEYS[1], id, id)
if #found == 1 then
  local fields = found[1][2]
  for i = 1, #fields - 1, 2 do
    if fields[i] == 'cmd' and fields[i + 1] == ARGV[1] then return 'applied' end
  end
end
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
return 'fenced'
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

SETTLE_TIMEOUT = 30.0
"""Seconds an append whose answer was lost keeps asking Redis whether it was applied."""
FENCE_TTL = 86400
"""Seconds a lost append's command id stays fenced (far longer than any stall it outlives)."""

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

    def __init__(
        self,
        redis_client: RedisClient,
        prefix: str = "smashup",
        *,
        settle_timeout: float = SETTLE_TIMEOUT,
    ) -> None:
        kwargs = redis_client.connection_pool.connection_kwargs
        if kwargs.get("decode_responses"):
            raise ValueError("the event store needs a client with decode_responses=False")
        if not prefix or "{" in prefix or "}" in prefix:
            raise ValueError(f"invalid key prefix {prefix!r}")
        self.redis = redis_client
        self.prefix = prefix
        self.settle_timeout = settle_timeout
        self.settled: dict[str, int] = {"applied": 0, "fenced": 0}
        """How many lost append answers were settled each way (for tests and metrics)."""
        self._append_sha = hashlib.sha1(_APPEND_LUA.encode()).hexdigest()
        self._settle_script = redis_client.register_script(_SETTLE_LUA)
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
            "",  # the command id, chosen per attempt
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
        keys = [
            self.key(game_id, "events"),
            self.key(game_id, "idem"),
            self.key(game_id, "meta"),
            self.key(game_id, "fence"),
        ]
        reply = self._append_exactly_once(keys, args, expected_version, len(stored))
        status = reply[0].decode()
        if status == "ok":
            return stored
        if status == "dup":
            raise DuplicateCommand(json.loads(reply[1]))
        if status == "exists":
            raise GameExists(game_id)
        if status == "conflict":
            raise VersionConflict(expected_version, int(reply[1]))
        if status == "fenced":  # cannot happen: every attempt has a new id
            raise StoreError("the append's command id was fenced")
        raise StoreError(f"unexpected answer from the append script: {reply!r}")

    def _append_exactly_once(
        self, keys: list[str], args: list[str | int], expected_version: int, count: int
    ) -> Any:
        """Run the append script once per command id, never retried blindly.

        When its answer is lost (a timeout, a dropped connection), the stream settles whether it
        was applied: if so the answer is rebuilt, if not its id is fenced (so the lost copy never
        applies) and the append is sent again under a new id. Raises
        :class:`AppendOutcomeUnknown` if Redis cannot tell within :attr:`settle_timeout`.
        """
        deadline = time.monotonic() + self.settle_timeout
        while True:
            command_id = secrets.token_hex(8)
            args[4] = command_id
            try:
                return self._send_once(keys, args)
            except (redis.ConnectionError, redis.TimeoutError):
                pass
            outcome = self._settle(keys[0], keys[3], command_id, expected_version, deadline)
            self.settled[outcome] += 1
            if outcome == "applied":
                return [b"ok", str(expected_version + count).encode()]
            if time.monotonic() >= deadline:
                raise redis.ConnectionError("the game store did not answer in time")

    def _send_once(self, keys: list[str], args: list[str | int]) -> Any:
        """Send the append script on one pooled connection, bypassing redis-py's retries."""
        pool = self.redis.connection_pool
        connection = pool.get_connection()  # connecting may be retried: nothing was sent yet
        try:
            try:
                connection.send_command("EVALSHA", self._append_sha, len(keys), *keys, *args)
                return connection.read_response()
            except redis.exceptions.NoScriptError:
                connection.send_command("EVAL", _APPEND_LUA, len(keys), *keys, *args)
                return connection.read_response()
        except (redis.ConnectionError, redis.TimeoutError):
            connection.disconnect()
            raise
        finally:
            pool.release(connection)

    def _settle(
        self, events_key: str, fence_key: str, command_id: str, expected: int, deadline: float
    ) -> str:
        """'applied' or 'fenced' for a lost append, asking until ``deadline``."""
        pause = 0.05
        while True:
            try:
                answer = self._settle_script(
                    keys=[events_key, fence_key], args=[command_id, expected, FENCE_TTL]
                )
                return str(answer.decode() if isinstance(answer, bytes) else answer)
            except (redis.ConnectionError, redis.TimeoutError) as error:
                if time.monotonic() + pause >= deadline:
                    raise AppendOutcomeUnknown() from error
            time.sleep(pause)
            pause = min(pause * 2, 0.5)

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
