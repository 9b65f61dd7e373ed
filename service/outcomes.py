"""What the games service answers or refuses with: results, and refusals with stable codes."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Protocol

from domain import GameState


class ServiceError(Exception):
    """A refusal of the service itself (not of the rules), with a stable machine code."""

    code = "service_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameNotFound(ServiceError):
    """No game has this id."""

    code = "not_found"


class StaleVersion(ServiceError):
    """The game is not at the version the caller expected (or kept moving under it)."""

    code = "version_conflict"

    def __init__(self, expected: int | None, actual: int) -> None:
        wanted = "a stable version" if expected is None else f"version {expected}"
        super().__init__(f"expected {wanted}, but the game is at version {actual}")
        self.expected = expected
        self.actual = actual


class IdempotencyKeyReused(ServiceError):
    """An idempotency key was sent again with a different command."""

    code = "idempotency_key_reused"


class TooManyWaiters(ServiceError):
    """This process already serves as many waiting requests (long-polls, streams) as it may."""

    code = "too_many_waiters"

    def __init__(self, limit: int, retry_after: int, *, per_client: bool = False) -> None:
        whose = "from this client" if per_client else ""
        super().__init__(
            f"this server already holds {limit} waiting requests{' ' if whose else ''}{whose};"
            f" retry in {retry_after} s or ask without waiting"
        )
        self.retry_after = retry_after


class BotScheduler(Protocol):
    """Something that gets bot turns played for a game, later or right away."""

    def schedule(self, game_id: str, version: int) -> None:
        """Ask for the bots of ``game_id`` to play from ``version``."""


@dataclass(frozen=True)
class SeatGrant:
    """A seat of a new game; ``token`` is None for bot seats and account seats."""

    seat: int
    name: str
    bot: str | None
    token: str | None
    player: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The seat as the create answer shows it (``player`` only for account seats)."""
        shown = dataclasses.asdict(self)
        if self.player is None:
            del shown["player"]
        return shown


@dataclass(frozen=True)
class CreatedGame:
    """A game just created, with the tokens of its human seats."""

    game_id: str
    version: int
    seats: tuple[SeatGrant, ...]


@dataclass(frozen=True)
class CommandResult:
    """The outcome of an accepted command: the answer for the caller and, if fresh, the state."""

    answer: dict[str, Any]
    replayed: bool
    state: GameState | None = None
