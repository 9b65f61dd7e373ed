"""What a tournament record holds: the settings a creator may give, the refusals, and the small
functions of a record (see :mod:`service.tournaments`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from domain.catalogue import catalogue
from domain.setup import implemented_faction
from service.outcomes import ServiceError


class TournamentNotFound(ServiceError):
    """No tournament has this id."""

    code = "tournament_not_found"


class TournamentNotOpen(ServiceError):
    """The tournament has started, finished or was canceled: entries are closed."""

    code = "tournament_not_open"


class TournamentFull(ServiceError):
    """The tournament has as many players as it takes."""

    code = "tournament_full"


class AlreadyEntered(ServiceError):
    """The account is already a player of this tournament."""

    code = "already_entered"


class NotEntered(ServiceError):
    """The account is not a player of this tournament."""

    code = "not_entered"


class TooFewPlayers(ServiceError):
    """A tournament starts with two players at least."""

    code = "too_few_players"


class TournamentForbidden(ServiceError):
    """Only the tournament's creator may do this."""

    code = "forbidden"


class TournamentScheduler(Protocol):
    """Gets :meth:`Tournaments.advance` run by a worker, now or at a time."""

    def schedule_tournament(self, tournament_id: str, at: float | None = None) -> None:
        """Run the tournament's job soon (``at``: not before that time, seconds since epoch)."""


OPTIONS: dict[str, Any] = {
    "name": "Tournament",
    "format": "round_robin",
    "seats": 2,
    "rounds": None,
    "factions": "random",
    "rated": True,
    "max_players": 16,
    "starts_at": None,
    "start_when_full": False,
}
"""What a creator may set, with the defaults (``clock`` too: None, no clock)."""
SUMMARY = (
    "id",
    "name",
    "by",
    "format",
    "seats",
    "rounds",
    "factions",
    "rated",
    "status",
    "created_at",
    "starts_at",
    "round",
)


def check_open(record: dict[str, Any]) -> None:
    """Refuse a change that needs the tournament open."""
    if record["status"] != "open":
        raise TournamentNotOpen(f"the tournament is {record['status']}, not open")


def cancel_open(record: dict[str, Any]) -> dict[str, Any]:
    """The record, canceled if it was still open."""
    if record["status"] == "open":
        record["status"] = "canceled"
    return record


def drawn_factions(seed: str, count: int) -> list[str]:
    """``count`` different playable factions, drawn (seeded by ``seed``)."""
    pool = sorted(f for f in catalogue().factions if implemented_faction(f))
    return random.Random(seed).sample(pool, count)


def seconds_of(text: str) -> float:
    """A stored date-time as seconds since the epoch."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def table_factions(
    record: dict[str, Any], round_no: int, table: int, players: Sequence[str]
) -> list[list[str]]:
    """Each seat's factions: the player's own when fixed; none when the game drafts them; else
    drawn, all different."""
    if record["factions"] == "draft":
        return [[] for _ in players]
    if record["factions"] == "fixed":
        chosen = {p["player"]: p["factions"] for p in record["players"]}
        return [list(chosen[p]) for p in players]
    drawn = drawn_factions(f"{record['seed']}:{round_no}:{table}", 2 * len(players))
    return [drawn[2 * i : 2 * i + 2] for i in range(len(players))]
