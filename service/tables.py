"""Tables: games waiting for players. Open games (anyone may take a seat) and seeks (accounts).

A table reserves its game's id up front; its record is JSON at ``<prefix>:{<id>}:table`` (hash
tagged like the game's other keys), living until it expires. ``<prefix>:tables:game`` and
``<prefix>:tables:seek`` index the open ones by expiry time. Seats are taken atomically (a Lua
script checks the table is open, the seat free, the factions not taken and the account not
seated yet): when two joins race for the last seat exactly one wins. The request that takes
the last seat starts the game: the usual creation events, with the id and tokens handed out
before. A table is ``open``, ``starting`` (full, the game being created), ``started`` (its
``game``) or ``canceled``; the record of a started one is kept :data:`KEEP_STARTED` seconds.

What seats may hold, and the refusals, are in :mod:`service.seating`.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import time
from collections.abc import Sequence
from typing import Any

from domain import InvalidSetup, PlayerSetup
from domain.model import Clock
from events.connection import mget
from events.envelope import utc_timestamp
from events.store import hash_token
from service.accounts import Accounts, AccountSeat
from service.feed import Feeds
from service.outcomes import CreatedGame, GameNotFound
from service.seating import (
    AlreadySeated,
    GameAlreadyStarted,
    Joined,
    JoinRecord,
    SeekNotFound,
    TableForbidden,
    TableSeat,
    check_boxes,
    check_seat_factions,
    public,
    recorded,
    refusal,
)

OPEN_GAME_TTL = 24 * 3600
"""Seconds an open game waits for its players before it expires."""
SEEK_TTL = 3600
"""Seconds a seek waits before it expires."""
KEEP_STARTED = 24 * 3600
"""Seconds the record of a started or canceled table is kept (to answer late joins)."""
LIST_LIMIT = 200
"""Open tables listed at most."""

# KEYS: the table, and optionally a join's idempotency record. ARGV: the seat (JSON), then with
# a record: what it keeps (JSON: the token and the request's fingerprint) and its TTL (s).
# Takes the first open seat; a record found answers {'dup', record} and takes none.
_JOIN_LUA = """
if KEYS[2] then
  local kept = redis.call('GET', KEYS[2])
  if kept then return {'dup', kept} end
end
local raw = redis.call('GET', KEYS[1])
if not raw then return {'missing'} end
local t = cjson.decode(raw)
if t['status'] ~= 'open' then return {'status', t['status']} end
local seat = cjson.decode(ARGV[1])
local counts = {}
local free = nil
for i, s in ipairs(t['seats']) do
  if s['open'] then
    if free == nil then free = i end
  else
    if seat['player'] ~= cjson.null and s['player'] == seat['player'] then return {'twice'} end
    if seat['token'] ~= cjson.null and s['token'] == seat['token'] then return {'twice'} end
    for _, f in ipairs(s['factions']) do counts[f] = (counts[f] or 0) + 1 end
  end
end
if free == nil then return {'status', 'starting'} end
for _, f in ipairs(seat['factions']) do
  if (counts[f] or 0) >= tonumber(t['boxes']) then return {'taken', f} end
end
t['seats'][free] = seat
local full = true
for _, s in ipairs(t['seats']) do if s['open'] then full = false end end
if full then t['status'] = 'starting' end
local encoded = cjson.encode(t)
redis.call('SET', KEYS[1], encoded, 'KEEPTTL')
if KEYS[2] then
  local kept = cjson.decode(ARGV[2])
  kept['seat'] = free - 1
  redis.call('SET', KEYS[2], cjson.encode(kept), 'EX', tonumber(ARGV[3]))
end
return {'ok', encoded, free - 1}
"""

# KEYS: the table. ARGV: expected status, new status, fields to merge (JSON), most seats that
# may be taken (-1: any), seat to open again (-1: none), seconds to keep it (0: as it is).
_MOVE_LUA = """
local raw = redis.call('GET', KEYS[1])
if not raw then return {'missing'} end
local t = cjson.decode(raw)
if t['status'] ~= ARGV[1] then return {'status', t['status']} end
local taken = 0
for _, s in ipairs(t['seats']) do if not s['open'] then taken = taken + 1 end end
if tonumber(ARGV[4]) >= 0 and taken > tonumber(ARGV[4]) then return {'taken', taken} end
t['status'] = ARGV[2]
for k, v in pairs(cjson.decode(ARGV[3])) do t[k] = v end
local reopen = tonumber(ARGV[5])
if reopen >= 0 then t['seats'][reopen + 1] = {open = true, factions = cjson.null} end
local encoded = cjson.encode(t)
if tonumber(ARGV[6]) > 0 then
  redis.call('SET', KEYS[1], encoded, 'EX', ARGV[6])
else
  redis.call('SET', KEYS[1], encoded, 'KEEPTTL')
end
return {'ok', encoded}
"""


class Tables:
    """Open games and seeks: tables whose seats are taken one by one until the game starts."""

    def __init__(
        self,
        accounts: Accounts,
        feeds: Feeds,
        open_ttl: int = OPEN_GAME_TTL,
        seek_ttl: int = SEEK_TTL,
    ) -> None:
        self.accounts = accounts
        self.feeds = feeds
        self.store = accounts.store
        self.redis = accounts.redis
        self.ttl = {"game": open_ttl, "seek": seek_ttl}
        self._join = self.redis.register_script(_JOIN_LUA)
        self._move = self.redis.register_script(_MOVE_LUA)

    def _key(self, table_id: str) -> str:
        return self.store.key(table_id, "table")

    def _index(self, kind: str) -> str:
        return f"{self.store.prefix}:tables:{kind}"

    # -- opening ------------------------------------------------------------------------------

    def open(
        self,
        kind: str,
        seats: Sequence[TableSeat | None],
        *,
        seed: str | None = None,
        clock: Clock | None = None,
        boxes: int = 1,
        setup: str = "factions",
        client: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], dict[int, str]]:
        """Open a table of ``kind`` (``game`` or ``seek``) whose None seats are open; answer
        its view and the tokens of its anonymous seats (by seat). With ``setup`` ``draft`` the
        seats give no factions: the game drafts them."""
        if all(seat is not None for seat in seats):
            raise InvalidSetup("a table needs at least one open seat")
        for seat in seats:
            if seat is not None:
                check_seat_factions(seat.factions, setup)
        check_boxes([seat.factions for seat in seats if seat is not None], boxes)
        players = {s.player for s in seats if s is not None and s.player is not None}
        if len(players) != sum(1 for s in seats if s is not None and s.player is not None):
            raise AlreadySeated("a game may seat each player account only once")
        tokens: dict[int, str] = {}
        rows = []
        for index, seat in enumerate(seats):
            if seat is None:
                rows.append({"open": True, "factions": None})
                continue
            token = None
            if seat.player is None and seat.bot is None:
                tokens[index] = token = secrets.token_urlsafe(32)
            rows.append(self._row(seat, token, client))
        now = time.time()
        ttl = self.ttl[kind]
        table: dict[str, Any] = {
            "id": "",
            "kind": kind,
            "status": "open",
            "created_at": utc_timestamp(),
            "expires_at": int(now) + ttl,
            "seats": rows,
            "boxes": boxes,
            "clock": None if clock is None else dataclasses.asdict(clock),
            "seed": seed if seed is not None else secrets.token_hex(16),
            "setup": setup,
            "rated": False,
            "pool": None,
            "by": None,
            "game": None,
            "client": client,
            "creators": [hash_token(t) for t in tokens.values()],  # may cancel it
            **(extra or {}),
        }
        for _ in range(3):
            table["id"] = table_id = secrets.token_hex(8)
            if self.store.exists(table_id):
                continue
            if self.redis.set(self._key(table_id), json.dumps(table), nx=True, ex=ttl):
                self.redis.zadd(self._index(kind), {table_id: now + ttl})  # oldest first
                for index, token in tokens.items():
                    self._known(token, table_id, index, table["expires_at"])
                return public(table), tokens
        raise RuntimeError("could not find a free game id")

    def _known(self, token: str, table_id: str, index: int, expires_at: float) -> None:
        """Index an anonymous seat's token before its game starts, so the server knows it (an
        unknown token is refused everywhere), until the table expires; the game's creation
        indexes it again, for good."""
        ttl = max(1, int(expires_at - time.time()) + 1)
        self.store.register_token(hash_token(token), table_id, index, ttl)

    def _row(self, seat: TableSeat, token: str | None, client: str | None) -> dict[str, Any]:
        name = seat.name if seat.player is None else self.accounts.get(seat.player).name
        return {
            "open": False,
            "name": name,
            "factions": list(seat.factions),
            "bot": seat.bot,
            "player": seat.player,
            "token": None if token is None else hash_token(token),
            "client": client,
        }

    # -- reading ------------------------------------------------------------------------------

    def record(self, table_id: str, kind: str | None = None) -> dict[str, Any]:
        """A table's full record (seed and token digests too); not found if expired."""
        raw = self.redis.get(self._key(table_id)) if _plain(table_id) else None
        table: dict[str, Any] | None = None if raw is None else json.loads(raw)
        if table is None or (kind is not None and table["kind"] != kind):
            if kind == "seek":
                raise SeekNotFound(f"there is no seek {table_id!r} (it may have expired)")
            if _plain(table_id) and self.store.exists(table_id):
                raise GameAlreadyStarted(f"game {table_id!r} has started; no seat is open")
            raise GameNotFound(f"there is no open game {table_id!r} (it may have expired)")
        return table

    def get(self, table_id: str, kind: str | None = None) -> dict[str, Any]:
        """A table as anyone may see it."""
        return public(self.record(table_id, kind))

    def listing(self, kind: str) -> list[dict[str, Any]]:
        """The open tables of ``kind`` as anyone may see them, oldest first."""
        return [public(table) for table in self.records(kind)]

    def records(self, kind: str) -> list[dict[str, Any]]:
        """The full records of the open tables of ``kind``, oldest first (expired and closed
        ones dropped from the index)."""
        index = self._index(kind)
        self.redis.zremrangebyscore(index, "-inf", f"({time.time()}")
        ids = [i.decode() for i in self.redis.zrange(index, 0, LIST_LIMIT - 1)]
        found, closed = [], []
        for table_id, raw in zip(ids, mget(self.redis, [self._key(i) for i in ids]), strict=True):
            table = None if raw is None else json.loads(raw)
            if table is None or table["status"] not in ("open", "starting"):
                closed.append(table_id)
            elif table["status"] == "open":
                found.append(table)
        if closed:
            self.redis.zrem(index, *closed)
        return found

    # -- seats --------------------------------------------------------------------------------

    def join(
        self,
        table_id: str,
        seat: TableSeat,
        *,
        client: str | None = None,
        caller_token: str | None = None,
        kind: str | None = None,
        once: JoinRecord | None = None,
    ) -> Joined:
        """Take the first open seat of a table; the game starts if it was the last one.

        ``caller_token`` is the seat token the caller sent, if any: a seat of this table
        already (:class:`AlreadySeated`). With ``once``, the seat taken is recorded in the same
        atomic step, and a join that finds the record takes no seat: it answers the recorded
        one (:class:`IdempotencyKeyReused` if the record is of another request)."""
        table = self.record(table_id, kind)
        if table["kind"] == "seek" and seat.player is None:
            raise TableForbidden("a seek seats player accounts only: send a player token")
        if table.get("rated") and seat.player is None:
            raise TableForbidden("a rated game seats player accounts only: join as 'player'")
        if caller_token is not None and any(
            s.get("token") == hash_token(caller_token) for s in table["seats"]
        ):
            raise AlreadySeated("this token already holds a seat at this table")
        check_seat_factions(seat.factions, table.get("setup", "factions"))
        token = None if seat.player is not None else secrets.token_urlsafe(32)
        row = self._row(seat, token, client)
        keys, args = [self._key(table_id)], [json.dumps(row)]
        if once is not None:
            keys.append(once.key)
            args += [json.dumps({"token": token, "request": once.request}), str(once.ttl)]
        reply = self._join(keys=keys, args=args)
        if reply[0] == b"dup":
            return recorded(public(self.record(table_id)), reply[1], once)
        refusal(reply, table_id, table["kind"])
        table = json.loads(reply[1])
        index = int(reply[2])
        if token is not None:
            self._known(token, table_id, index, table["expires_at"])
        if table["kind"] == "seek":  # told before the game starts (then: game_started)
            shown = {**public(table), "seat": index}
            for owner in dict.fromkeys([table["by"], *(s.get("player") for s in table["seats"])]):
                if owner is not None and owner != seat.player:
                    self.feeds.publish(owner, "seek_accepted", shown)
        created = self._start(table, index) if table["status"] == "starting" else None
        if created is not None:
            table = self.record(table_id)
        found = [table.get("client"), *(s.get("client") for s in table["seats"])]
        clients = tuple(dict.fromkeys(c for c in found if c))
        return Joined(public(table), index, token, created, clients)

    def _start(self, table: dict[str, Any], joined: int) -> CreatedGame:
        """Create the game of a full table (the seat just taken is opened again on failure)."""
        seats = [
            AccountSeat(PlayerSetup(s["name"], tuple(s["factions"]), s["bot"]), s["player"])
            for s in table["seats"]
        ]
        clock = None if table["clock"] is None else Clock(**table["clock"])
        try:
            created = self.accounts.create_game(
                seats,
                table["seed"],
                None,
                clock,
                game_id=table["id"],
                tokens=[s.get("token") for s in table["seats"]],
                rated=bool(table.get("rated")),
                drafted=table.get("setup") == "draft",
                boxes=int(table.get("boxes") or 1),
            )
        except Exception:
            self._transition(table["id"], "starting", "open", reopen=joined)
            raise
        self._transition(table["id"], "starting", "started", {"game": table["id"]}, keep=True)
        self.redis.zrem(self._index(table["kind"]), table["id"])
        return created

    def cancel(
        self, table_id: str, caller: str | None, kind: str | None = None, token: str | None = None
    ) -> dict[str, Any]:
        """Cancel an open table; only its creating account, or the seat token of a seat it was
        opened with (an anonymous creator), may."""
        table = self.record(table_id, kind)
        by_seat = token is not None and hash_token(token) in table.get("creators", ())
        if not by_seat and (table["by"] is None or table["by"] != caller):
            raise TableForbidden("only whoever opened this table may cancel it")
        canceled = self._transition(table_id, "open", "canceled", keep=True, kind=table["kind"])
        self.redis.zrem(self._index(table["kind"]), table_id)
        return public(canceled)

    def withdraw(self, table_id: str) -> bool:
        """Cancel an open table nobody joined yet (a pairing seek); False if someone did."""
        reply = self._move(
            keys=[self._key(table_id)],
            args=["open", "canceled", "{}", 1, -1, KEEP_STARTED],
        )
        if reply[0].decode() != "ok":
            return False
        self.redis.zrem(self._index("seek"), table_id)
        return True

    def _transition(
        self,
        table_id: str,
        old: str,
        new: str,
        extra: dict[str, Any] | None = None,
        *,
        reopen: int = -1,
        keep: bool = False,
        kind: str = "game",
    ) -> dict[str, Any]:
        args = [old, new, json.dumps(extra or {}), -1, reopen, KEEP_STARTED if keep else 0]
        reply = self._move(keys=[self._key(table_id)], args=args)
        refusal(reply, table_id, kind)
        moved: dict[str, Any] = json.loads(reply[1])
        return moved


def _plain(table_id: str) -> bool:
    return 0 < len(table_id) <= 64 and table_id.replace("-", "").replace("_", "").isalnum()
