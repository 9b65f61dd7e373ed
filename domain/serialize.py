"""Events and states to and from JSON, for the event store and snapshots."""

from __future__ import annotations

import json
from typing import Any

from domain.codec import decode, to_json
from domain.events import EVENT_TYPES, Event
from domain.model import GameState

EVENT_SCHEMA = 4
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


STATE_FORMAT = 2
"""The layout of a snapshot's state: bump it when GameState gains a field that the events
already carry (2: ``end_reason``), so snapshots without it are rebuilt from the events."""


class SnapshotMismatch(ValueError):
    """A snapshot written by code of another event schema, rules version or state format: not
    decoded (the events rebuild the state instead)."""


def _stamp() -> dict[str, Any]:
    from domain.setup import RULES_VERSION  # setup imports the engine; only needed here

    return {"schema": EVENT_SCHEMA, "rules": RULES_VERSION, "format": STATE_FORMAT}


def state_to_json(state: GameState) -> str:
    """A snapshot of the state, stamped with the event schema, rules version and state format
    of this code."""
    return json.dumps({**_stamp(), "state": to_json(state)}, separators=(",", ":"))


def snapshot_point(state: GameState) -> GameState:
    """The state a snapshot taken now keeps: the oldest takeback checkpoint of `state`'s turn
    (domain.table_state), or `state` itself when it has none. A checkpoint holds a whole earlier
    state and links to the one before it, so a snapshot of `state` would hold them all; the
    oldest holds none, and replaying the events after it rebuilds the same chain."""
    table = state.table
    while table is not None and table.undo is not None:
        state = table.undo.state
        table = state.table
    return state


def state_from_json(text: str) -> GameState:
    """The state back from a snapshot; SnapshotMismatch if another schema, rules version or
    state format wrote it (or it has no stamp, as before stamps existed)."""
    data = json.loads(text)
    keys = ("schema", "rules", "format")
    stamp = {k: data.get(k) for k in keys} if isinstance(data, dict) else None
    if stamp != _stamp() or "state" not in data:
        raise SnapshotMismatch(f"a snapshot of {stamp}, not of this code's {_stamp()}")
    return decode(GameState, data["state"])
