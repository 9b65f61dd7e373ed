"""Errors raised by the event store."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class StoreError(Exception):
    """Base class of every event-store error."""


class VersionConflict(StoreError):
    """The game's stream was not at the version the caller expected."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected version {expected}, but the game is at version {actual}")
        self.expected = expected
        self.actual = actual


class DuplicateCommand(StoreError):
    """The idempotency key was already used; ``response`` is its record, ``envelopes`` the
    events its command appended."""

    def __init__(self, response: Mapping[str, Any], envelopes: Sequence[Any] = ()) -> None:
        super().__init__("this idempotency key was already used")
        self.response: dict[str, Any] = dict(response)
        self.envelopes: list[Any] = list(envelopes)


class AppendOutcomeUnknown(StoreError):
    """Redis did not answer an append, nor, until the settle timeout, whether it applied it."""

    def __init__(self) -> None:
        super().__init__(
            "the game store did not answer; the command may or may not have been applied"
        )


class GameExists(StoreError):
    """A game with this id already has events."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} already exists")
        self.game_id = game_id


class SchemaTooNew(StoreError):
    """A stored event was written with a schema newer than this code knows."""

    def __init__(self, event_type: str, schema: int, current: int) -> None:
        super().__init__(
            f"event {event_type!r} has schema {schema}, newer than the supported {current}"
        )
        self.event_type = event_type
        self.schema = schema
        self.current = current
