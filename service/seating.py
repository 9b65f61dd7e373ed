"""What a table's seats may hold and the refusals of the tables service (:mod:`service.tables`).

Factions: each faction at most once per game, unless the table says ``boxes: 2`` (two boxes
combined: then at most twice), as the Spanish core rulebook says.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain import InvalidSetup
from domain.catalogue import catalogue
from domain.errors import FactionNotImplemented
from domain.setup import implemented_faction
from service.outcomes import CreatedGame, GameNotFound, IdempotencyKeyReused, ServiceError


class GameFull(ServiceError):
    """Every seat of the table is taken (its game is starting)."""

    code = "game_full"


class GameAlreadyStarted(ServiceError):
    """The game has started: its seats are no longer open."""

    code = "game_started"


class TableCanceled(ServiceError):
    """The table was canceled by its creator."""

    code = "table_canceled"


class FactionTaken(ServiceError):
    """Another seat already plays this faction (and the table combines no boxes)."""

    code = "faction_taken"


class AlreadySeated(ServiceError):
    """The caller already holds a seat at this table."""

    code = "already_seated"


class SeekNotFound(ServiceError):
    """No open or recent seek has this id (it may have expired)."""

    code = "seek_not_found"


class TableForbidden(ServiceError):
    """The caller may not do this at this table."""

    code = "forbidden"


class PoolBusy(ServiceError):
    """The pairing pool kept changing while the caller's seek went in: retry shortly."""

    code = "service_unavailable"
    retry_after = 1


@dataclass(frozen=True)
class TableSeat:
    """Who takes a seat: a name (anonymous seat or bot) or an account, with two factions."""

    factions: tuple[str, ...]
    name: str = ""
    bot: str | None = None
    player: str | None = None


@dataclass(frozen=True)
class Joined:
    """A seat just taken: its index, its token (anonymous seats) and the game if it started."""

    table: dict[str, Any]
    seat: int
    token: str | None
    game: CreatedGame | None
    clients: tuple[str, ...]
    """The clients that took the seats (to count the started game in their quotas)."""


@dataclass(frozen=True)
class JoinRecord:
    """Where a join sent with an Idempotency-Key records the seat it took, in the same atomic
    step as taking it: the record's key, the request's fingerprint, and the record's TTL (s)."""

    key: str
    request: str
    ttl: int


def recorded(table: dict[str, Any], kept: bytes | str, once: JoinRecord | None) -> Joined:
    """The answer of a join whose record was found: the seat the first request took."""
    first = json.loads(kept)
    if once is not None and first["request"] != once.request:
        raise IdempotencyKeyReused("this Idempotency-Key was used for another join")
    return Joined(table, int(first["seat"]), first["token"], None, ())


def check_factions(factions: Sequence[str]) -> None:
    """Refuse factions a seat cannot play: unknown, not implemented, or twice the same."""
    if len(factions) != 2 or factions[0] == factions[1]:
        raise InvalidSetup(f"a seat plays two different factions, not {list(factions)}")
    known = catalogue().factions
    for faction in factions:
        if faction not in known:
            raise InvalidSetup(f"unknown faction {faction!r}")
        if not implemented_faction(faction):
            raise FactionNotImplemented(f"faction {faction!r} is not implemented yet")


def check_seat_factions(factions: Sequence[str], setup: str) -> None:
    """Refuse a seat's factions: in a drafted game (``setup`` ``draft``) a seat gives none, in
    any other it gives two it can play (:func:`check_factions`)."""
    if setup != "draft":
        check_factions(factions)
    elif factions:
        raise InvalidSetup("a drafted game's seats give no factions: they are picked in the draft")


def check_boxes(factions: Sequence[Sequence[str]], boxes: int) -> None:
    """Refuse seats that play one faction more than ``boxes`` times (one box has one deck of
    each faction)."""
    counts: dict[str, int] = {}
    for pair in factions:
        for faction in pair:
            counts[faction] = counts.get(faction, 0) + 1
    taken = [f for f, n in counts.items() if n > boxes]
    if taken:
        raise FactionTaken(
            f"faction {taken[0]!r} is played by more seats than the {boxes} box(es) allow"
            " ('boxes': 2 lets two seats play the same faction)"
        )


def lua_list(value: Any) -> Any:
    """A list field of a record rewritten by a Lua script: cjson writes an empty list as ``{}``
    (a drafted game's seat names no factions)."""
    return [] if value == {} else value


def public(table: dict[str, Any]) -> dict[str, Any]:
    """What anyone may see of a table: no seed, no token digests, no client names."""
    seats = [
        {
            "seat": index,
            "open": bool(s["open"]),
            "name": s.get("name"),
            "player": s.get("player"),
            "bot": s.get("bot"),
            "factions": lua_list(s.get("factions")),
        }
        for index, s in enumerate(table["seats"])
    ]
    expires = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(table["expires_at"]))
    return {
        "id": table["id"],
        "kind": table["kind"],
        "status": table["status"],
        "created_at": table["created_at"],
        "expires_at": expires,
        "by": table["by"],
        "seats": seats,
        "boxes": table["boxes"],
        "clock": table["clock"],
        "setup": table["setup"],
        "rated": table["rated"],
        "pool": table["pool"] is not None,
        "game": table["game"],
    }


def refusal(reply: Sequence[Any], table_id: str, kind: str) -> None:
    """Raise what a script's refusal means (nothing for ``ok``)."""
    what = reply[0].decode()
    if what == "ok":
        return
    if what == "missing":
        if kind == "seek":
            raise SeekNotFound(f"there is no seek {table_id!r} (it may have expired)")
        raise GameNotFound(f"there is no open game {table_id!r} (it may have expired)")
    if what == "twice":
        raise AlreadySeated("you already hold a seat at this table")
    if what == "taken" and len(reply) > 1 and isinstance(reply[1], bytes):
        raise FactionTaken(f"another seat already plays {reply[1].decode()!r}")
    status = reply[1].decode() if isinstance(reply[1], bytes) else str(reply[1])
    if status == "starting":
        raise GameFull(f"every seat of {table_id!r} is taken; its game is starting")
    if status == "started":
        raise GameAlreadyStarted(f"game {table_id!r} has started; no seat is open")
    if status == "canceled":
        raise TableCanceled(f"{table_id!r} was canceled by its creator")
    raise GameAlreadyStarted(f"the table {table_id!r} is {status}: no seat is open")
