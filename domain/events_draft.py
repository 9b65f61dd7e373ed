"""Events of the faction draft (domain.draft): its order, each pick, and the deal that ends it."""

from __future__ import annotations

from domain.event_base import Event, event
from domain.model import CardRef


@event("draft_started")
class DraftStarted(Event):
    """A drafted game picks its factions: the seats in pick order (the first picker drawn from
    the seed, clockwise, then back counter-clockwise) and how many seats may play one faction
    (``boxes``: 2 when two boxes are combined)."""

    order: tuple[int, ...]
    boxes: int


@event("faction_picked")
class FactionPicked(Event):
    """A seat took a faction in the draft (public)."""

    seat: int
    faction: str


@event("factions_dealt")
class FactionsDealt(Event):
    """The draft is over: each seat's shuffled deck of its two factions (top first), the bases
    in play and the base deck from the boxes in play, and the seat that plays first."""

    decks: tuple[tuple[CardRef, ...], ...]
    bases: tuple[str, ...]
    base_deck: tuple[str, ...]
    first_seat: int
