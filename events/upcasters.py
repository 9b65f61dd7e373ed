"""Upcasters: how to read events written under an older schema, one function per change.

The schema number is :data:`domain.serialize.EVENT_SCHEMA` (the domain owns it; this package only
reads it). History:

1. The first schema.
2. ``card_discarded.zone`` is renamed ``from_zone``, as in ``card_moved``.

A change to an event's payload bumps the number and registers here a function that rewrites a
payload of the previous schema; stored events are never rewritten, they are upgraded when read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from events.envelope import UpcasterRegistry


def card_discarded_from_zone(payload: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: ``zone`` becomes ``from_zone`` (keeping the field order)."""
    if "zone" not in payload:
        raise KeyError("a schema 1 card_discarded has a zone")
    return {("from_zone" if key == "zone" else key): value for key, value in payload.items()}


def register_all(registry: UpcasterRegistry) -> None:
    """Register every upcaster of the event schema's history."""
    registry.register("card_discarded", 1)(card_discarded_from_zone)
