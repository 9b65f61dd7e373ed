"""Seeks and the quick-pairing pool: accounts looking for opponents.

A seek is a table (:mod:`service.tables`) of kind ``seek`` opened by an account, which holds
seat 0; other accounts accept it to take the open seats, and the game starts when the last one
is taken. The creator may cancel it while it is open; it expires after the tables' seek TTL.
``rated`` is stored for the ratings to come; ``setup`` is ``factions`` (each seat names its
two) until the faction draft is playable.

Quick pairing: an account asks for a game of ``seats`` seats and a clock; it takes a seat of
the oldest waiting pool seek of the same seat count and clock (made by someone else, with
factions still free), or opens one and waits. When two accounts open pool seeks of the same
kind at the same moment, the one opened later is withdrawn and its account joins the earlier,
so that they find each other.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain.model import Clock
from service.outcomes import ServiceError
from service.tables import (
    DraftNotAvailable,
    Joined,
    Tables,
    TableSeat,
)

PAIRING_ATTEMPTS = 3
"""Times pairing looks again after a seat it tried to take went to someone else."""


@dataclass(frozen=True)
class Paired:
    """The outcome of a pairing request: the seek the account sits at, and how."""

    status: str
    """``waiting`` (the account's own seek is open), ``seated`` (it took a seat of another's
    seek, still open) or ``started`` (the game started)."""
    seek: dict[str, Any]
    seat: int
    joined: Joined | None


def pool_key(seats: int, clock: Clock | None) -> str:
    """What pool seeks must share to match: the seat count and the clock."""
    shown = None if clock is None else dataclasses.asdict(clock)
    return json.dumps({"seats": seats, "clock": shown}, sort_keys=True)


class Seeks:
    """Opens, lists, accepts and cancels seeks; pairs accounts from the pool."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

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
        """Open a seek of ``seats`` seats where ``creator`` plays ``factions`` at seat 0."""
        if setup != "factions":
            raise DraftNotAvailable(
                "the faction draft (setup 'draft') is not available yet; use setup 'factions'"
            )
        first = TableSeat(tuple(factions), player=creator)
        table, _ = self.tables.open(
            "seek",
            [first, *[None] * (seats - 1)],
            clock=clock,
            boxes=boxes,
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

    def pair(
        self,
        account: str,
        seats: int,
        factions: Sequence[str],
        clock: Clock | None = None,
        client: str | None = None,
    ) -> Paired:
        """Seat ``account`` at the oldest matching pool seek, or open one and wait."""
        key = pool_key(seats, clock)
        for _ in range(PAIRING_ATTEMPTS):
            joined = self._take(self._waiting(key, account), account, factions, client)
            if joined is not None:
                return _paired(joined)
            mine = self.create(account, seats, factions, clock=clock, client=client, pool=key)
            waiting = self._waiting(key, account, mine["id"])
            ids = [t["id"] for t in waiting]
            older = waiting[: ids.index(mine["id"])] if mine["id"] in ids else []
            older = [t for t in older if t["by"] != account]
            if not older:
                return Paired("waiting", mine, 0, None)
            if not self.tables.withdraw(mine["id"]):  # someone joined it meanwhile
                current = self.tables.get(mine["id"], "seek")
                return Paired("started" if current["game"] else "waiting", current, 0, None)
            joined = self._take(older, account, factions, client)
            if joined is not None:
                return _paired(joined)
        raise ServiceError("the pairing pool kept changing; try again")

    def _waiting(self, key: str, account: str, mine: str | None = None) -> list[dict[str, Any]]:
        """The open pool seeks of ``key``, oldest first: other accounts' (and ``mine``)."""
        return [
            t
            for t in self.tables.records("seek")
            if t["pool"] == key and (t["by"] != account or t["id"] == mine)
        ]

    def _take(
        self,
        waiting: Sequence[dict[str, Any]],
        account: str,
        factions: Sequence[str],
        client: str | None,
    ) -> Joined | None:
        """A seat at the first of ``waiting`` that still has one for ``account``."""
        for table in waiting:
            try:
                return self.accept(table["id"], account, factions, client)
            except ServiceError:
                continue  # taken meanwhile, or our factions are: the next one
        return None


def _paired(joined: Joined) -> Paired:
    status = "started" if joined.game is not None else "seated"
    return Paired(status, joined.table, joined.seat, joined)
