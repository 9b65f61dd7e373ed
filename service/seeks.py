"""Seeks and the quick-pairing pool: accounts looking for opponents.

A seek is a table (:mod:`service.tables`) of kind ``seek`` opened by an account, which holds
seat 0; other accounts accept it to take the open seats, and the game starts when the last one
is taken. The creator may cancel it while it is open; it expires after the tables' seek TTL.
``rated`` makes the game rated (every seat of a seek is an account: see :mod:`service.ratings`);
``setup`` is ``factions`` (each seat names its two) or ``draft`` (no seat names any: the game
drafts them, see :mod:`domain.draft`).

Quick pairing: an account asks for a game of ``seats`` seats and a clock; it takes a seat of
the oldest waiting pool seek of the same seat count and clock (made by someone else, with
factions still free), or opens one and waits. ``<prefix>:pool:<digest of seats and clock>``
is a sorted set of the waiting pool seeks; a seek enters it only if no other account waits
there (one Lua script), so two accounts pairing at the same moment never both wait: the one
refused withdraws its seek and takes a seat at the other's.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain.model import Clock
from service.outcomes import ServiceError
from service.seating import (
    AlreadySeated,
    FactionTaken,
    GameFull,
    Joined,
    PoolBusy,
    TableSeat,
)
from service.tables import Tables

PAIRING_ATTEMPTS = 3
"""Times pairing looks again after another account entered the pool at the same moment."""

# KEYS: the pool (members "<account>:<seek id>", scored by expiry). ARGV: the account, its
# member, its expiry, then the members it tried that had no seat for it. Enters the pool only
# if no other account waits there but those (else 0).
_ENTER_LUA = """
local tried = {}
for i = 4, #ARGV do tried[ARGV[i]] = true end
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local mine = string.sub(member, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. ':'
  if not mine and not tried[member] then return 0 end
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
return 1
"""


@dataclass(frozen=True)
class Paired:
    """The outcome of a pairing request: the seek the account sits at, and how."""

    status: str
    """``waiting`` (the account's own seek is open), ``seated`` (it took a seat of another's
    seek, still open) or ``started`` (the game started)."""
    seek: dict[str, Any]
    seat: int
    joined: Joined | None


def pool_key(seats: int, clock: Clock | None, setup: str = "factions") -> str:
    """What pool seeks must share to match: the seat count, the clock and the setup (named
    only for a draft, so the keys of other pools stay as they were)."""
    shown = None if clock is None else dataclasses.asdict(clock)
    drafted = {"setup": setup} if setup == "draft" else {}
    return json.dumps({"seats": seats, "clock": shown, **drafted}, sort_keys=True)


class Seeks:
    """Opens, lists, accepts and cancels seeks; pairs accounts from the pool."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._enter = tables.redis.register_script(_ENTER_LUA)

    def create(
        self,
        creator: str,
        seats: int,
        factions: Sequence[str],
        *,
        clock: Clock | None = None,
        rated: bool = False,
        boxes: int = 1,
        setup: str = "factions",
        client: str | None = None,
        pool: str | None = None,
    ) -> dict[str, Any]:
        """Open a seek of ``seats`` seats where ``creator`` plays ``factions`` at seat 0 (none
        with ``setup`` ``draft``: the seats draft them)."""
        first = TableSeat(tuple(factions), player=creator)
        table, _ = self.tables.open(
            "seek",
            [first, *[None] * (seats - 1)],
            clock=clock,
            boxes=boxes,
            setup=setup,
            client=client,
            extra={"by": creator, "rated": rated, "pool": pool},
        )
        return table

    def accept(
        self, seek_id: str, account: str, factions: Sequence[str], client: str | None = None
    ) -> Joined:
        """Take an open seat of a seek for ``account``."""
        seat = TableSeat(tuple(factions), player=account)
        return self.tables.join(seek_id, seat, client=client, kind="seek")

    def _pool(self, key: str) -> str:
        digest = hashlib.sha256(key.encode()).hexdigest()[:32]
        return f"{self.tables.store.prefix}:pool:{digest}"

    def pair(
        self,
        account: str,
        seats: int,
        factions: Sequence[str],
        clock: Clock | None = None,
        client: str | None = None,
        setup: str = "factions",
    ) -> Paired:
        """Seat ``account`` at the oldest matching pool seek (of the same ``setup``: a drafted
        game's seats give no factions), or open one and wait."""
        key = pool_key(seats, clock, setup)
        pool = self._pool(key)
        redis = self.tables.redis
        for _ in range(PAIRING_ATTEMPTS):
            redis.zremrangebyscore(pool, "-inf", f"({time.time()}")
            tried = []
            for member in [m.decode() for m in redis.zrange(pool, 0, -1)]:
                owner, _, seek_id = member.partition(":")
                if owner == account:
                    continue
                try:
                    return _paired(self.accept(seek_id, account, factions, client))
                except (GameFull, FactionTaken, AlreadySeated):
                    tried.append(member)  # no seat for us there now: the next one
                except ServiceError:
                    redis.zrem(pool, member)  # started, canceled or expired
            mine = self.create(
                account, seats, factions, clock=clock, setup=setup, client=client, pool=key
            )
            expires = time.time() + self.tables.ttl["seek"]  # the pool's order: oldest first
            entry = [account, f"{account}:{mine['id']}", expires, *tried]
            if self._enter(keys=[pool], args=entry):
                return Paired("waiting", mine, 0, None)
            if not self.tables.withdraw(mine["id"]):  # someone took a seat at it meanwhile
                current = self.tables.get(mine["id"], "seek")
                return Paired("started" if current["game"] else "waiting", current, 0, None)
        raise PoolBusy("the pairing pool kept changing; try again")


def _paired(joined: Joined) -> Paired:
    status = "started" if joined.game is not None else "seated"
    return Paired(status, joined.table, joined.seat, joined)
