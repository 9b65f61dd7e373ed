"""Upcasters: how to read events written under an older schema, one function per change.

The schema number is :data:`domain.serialize.EVENT_SCHEMA` (the domain owns it; this package only
reads it). History:

1. The first schema.
2. ``card_discarded.zone`` is renamed ``from_zone``, as in ``card_moved``.
3. Events carry the facts the fold used to derive by rule: ``turn_started.plays`` (the turn's
   allowances: one minion and one action) and ``phase_changed.plays_lost`` (true when the
   play phase ended, i.e. entering the draw phase).
4. ``game_ended.reason`` says why the game ended: ``victory`` (the only reason before), or
   ``version_cap`` (a draw, ``winner`` null: the game reached its last version).

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


TURN_PLAYS = [
    {
        "kind": kind,
        "max_power": None,
        "base": None,
        "source": "turn",
        "zone": "hand",
        "condition": None,
    }
    for kind in ("minion", "action")
]


def turn_started_plays(payload: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 -> 3: a turn began with one minion and one action play."""
    return {**payload, "plays": [dict(p) for p in TURN_PLAYS]}


def phase_changed_plays_lost(payload: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 -> 3: plays not made were lost when the draw phase began."""
    return {**payload, "plays_lost": payload.get("phase") == "draw"}


def game_ended_reason(payload: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 -> 4: every game that ended before had a winner."""
    return {**payload, "reason": "victory"}


def register_all(registry: UpcasterRegistry) -> None:
    """Register every upcaster of the event schema's history."""
    registry.register("card_discarded", 1)(card_discarded_from_zone)
    registry.register("turn_started", 2)(turn_started_plays)
    registry.register("phase_changed", 2)(phase_changed_plays_lost)
    registry.register("game_ended", 3)(game_ended_reason)
