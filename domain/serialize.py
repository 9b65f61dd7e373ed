"""Events and states to and from JSON, for the event store and snapshots."""

from __future__ import annotations

import json
from typing import Any

from domain.codec import decode, to_json
from domain.events import EVENT_TYPES, Event
from domain.model import GameState

EVENT_SCHEMA = 3
"""The schema version of the events this code writes: the one source of truth for the number.
Bump it with any change to an event's payload, and register an upcaster in events/upcasters.py."""


def event_to_dict(event: Event) -> dict[str, Any]:
    """{'type', 'schema', 'payload'} ready for the event store."""
    return {"type": event.type, "schema": EVENT_SCHEMA, "payload": to_json(event)}


def event_from_dict(data: dict[str, Any]) -> Event:
    """An event back from its stored form (after upcasting to the current schema)."""
    cls = EVENT_TYPES.get(data["type"])
    if cls is None:
        raise ValueError(f"unknown event type {data['type']!r}")
    return decode(cls, data["payload"])


def state_to_json(state: GameState) -> str:
    """A snapshot of the state."""
    return json.dumps(to_json(state), separators=(",", ":"))


def state_from_json(text: str) -> GameState:
    """The state back from a snapshot."""
    return decode(GameState, json.loads(text))
