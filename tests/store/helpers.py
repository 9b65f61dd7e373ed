"""Small builders shared by the store tests."""

from __future__ import annotations

from typing import Any

from events.envelope import SCHEMA_VERSION


def event(event_type: str, schema: int = SCHEMA_VERSION, **payload: Any) -> dict[str, Any]:
    """Build an event as callers pass it to the store."""
    return {"type": event_type, "schema": schema, "payload": payload}
