"""Events of the bases: breakpoints, scoring, replacing bases and the base deck, and duels."""

from __future__ import annotations

from domain.event_base import Event, event
from domain.model import Placement


@event("breakpoint_modified")
class BreakpointModified(Event):
    base: str
    amount: int
    until_turn: int


@event("scoring_started")
class ScoringStarted(Event):
    base: int
    card: str


@event("base_scored")
class BaseScored(Event):
    base: int
    card: str
    placements: tuple[Placement, ...]


@event("base_cleared")
class BaseCleared(Event):
    """Every card left on the scored base goes to its owner's discard pile."""

    base: int


@event("base_replaced")
class BaseReplaced(Event):
    """The scored base goes to the base discard and the named base (or none) takes its place."""

    base: int
    old: str
    new: str | None


@event("base_added")
class BaseAdded(Event):
    """One more base comes into play, last in the row: the named one, taken from the base
    deck (or the base discard)."""

    card: str


@event("base_deck_shuffled")
class BaseDeckShuffled(Event):
    """The base deck (with the base discard when `with_discard`) now has this order."""

    order: tuple[str, ...]
    with_discard: bool


@event("base_deck_reordered")
class BaseDeckReordered(Event):
    """The top of the base deck was replaced by these bases, top first."""

    top: tuple[str, ...]
    count: int
    seat: int | None = None  # who looked at them; only that seat sees the new order


@event("bases_swapped")
class BasesSwapped(Event):
    """A base from the base deck takes the place of a base in play, which goes to the deck."""

    base: int
    old: str
    new: str


@event("base_changed")
class BaseChanged(Event):
    """The top base of the base deck takes the place of a base in play, keeping every card that
    was on it; the old base card goes to the base discard (e.g. Unicrave before it scores)."""

    base: int
    old: str
    new: str


@event("duel_started")
class DuelStarted(Event):
    """Two minions on one base start a duel: `challenger` challenged `challenged` (uids)."""

    challenger: str
    challenged: str
    base: int


@event("duel_card_placed")
class DuelCardPlaced(Event):
    """A seat put a card from its hand face down for the duel: in no zone until revealed. Only
    that seat may see which card it is."""

    seat: int
    uid: str
    card: str


@event("duel_card_revealed")
class DuelCardRevealed(Event):
    """A face-down duel card is turned up in front of everyone and goes back to its owner's
    hand (an action is then played from there as an extra action)."""

    seat: int
    uid: str
    card: str


@event("duel_ended")
class DuelEnded(Event):
    """The duel is over: `outcome` won (by `winner`), tie, or aborted (the two minions were no
    longer on one base)."""

    outcome: str
    winner: str | None = None
