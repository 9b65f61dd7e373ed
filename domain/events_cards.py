"""Events of the cards: minions and actions played, moved, removed, powered up, and cards
changing zone out of play (hands, decks, discard piles, the box, buried beside a base)."""

from __future__ import annotations

from domain.event_base import Event, event
from domain.model import CardRef


@event("card_discarded")
class CardDiscarded(Event):
    """A card leaves a hand or the resolving area for its owner's discard pile."""

    uid: str
    card: str
    owner: int
    from_zone: str  # hand | resolving (named zone before event schema 2)


@event("minion_played")
class MinionPlayed(Event):
    seat: int
    uid: str
    card: str
    base: int
    allowance: int | None  # index into the seat's plays; None for a play outside the allowances
    zone: str = "hand"  # hand | discard | deck: where the card was played from


@event("action_played")
class ActionPlayed(Event):
    seat: int
    uid: str
    card: str
    base: int | None
    target: str | None
    allowance: int | None
    zone: str = "hand"


@event("action_attached")
class ActionAttached(Event):
    uid: str
    base: int
    target: str | None  # minion uid, or None for the base itself
    controller: int
    note: str | None = None


@event("minion_removed")
class MinionRemoved(Event):
    """A minion leaves play for a zone of its owner; its attached actions are discarded."""

    uid: str
    card: str
    owner: int
    base: int
    to: str  # discard | hand | deck_bottom | deck_top
    reason: str  # destroyed | returned | placed | scored


@event("attached_removed")
class AttachedRemoved(Event):
    uid: str
    card: str
    owner: int
    reason: str  # destroyed | discarded


@event("minion_moved")
class MinionMoved(Event):
    uid: str
    from_base: int
    to_base: int


@event("power_modified")
class PowerModified(Event):
    uid: str
    amount: int
    until_turn: int


@event("counters_changed")
class CountersChanged(Event):
    """+1 power counters: `amount` more (or fewer, when negative) on the minion `uid`; with
    `from_uid`, they were moved from that minion (a transfer), which has `amount` fewer."""

    uid: str
    amount: int
    from_uid: str | None = None


@event("hand_revealed")
class HandRevealed(Event):
    """A seat's hand was shown to another seat only."""

    seat: int
    to_seat: int
    cards: tuple[CardRef, ...]


@event("card_moved")
class CardMoved(Event):
    """A card out of play changes zone (hand, deck top/bottom, discard) within its owner's zones.
    `public` says whether everyone saw which card it was."""

    uid: str
    card: str
    owner: int
    from_zone: str  # hand | deck | discard
    to_zone: str  # hand | deck_top | deck_bottom | discard
    public: bool = True


@event("card_taken")
class CardTaken(Event):
    """A card out of play goes from a zone of `from_seat` to a zone of `seat`, whoever owns it
    (e.g. taken from another's hand or deck, or put from a hand on top of its holder's deck).
    `public` says whether everyone saw which card it was; if not, its owner and both seats did."""

    uid: str
    card: str
    owner: int
    from_seat: int
    from_zone: str  # hand | deck | discard | play (an attached action) | buried
    seat: int
    to_zone: str  # hand | deck_top
    public: bool = True


@event("card_boxed")
class CardBoxed(Event):
    """A card is put back in the game box: out of the game for good (everyone sees it)."""

    uid: str
    card: str
    owner: int
    from_zone: str  # discard (the only one so far)


@event("deck_shuffled")
class DeckShuffled(Event):
    """A seat's deck now holds exactly these cards in this order (top first)."""

    seat: int
    order: tuple[CardRef, ...]


@event("card_revealed")
class CardRevealed(Event):
    """A card out of play was shown: to everyone (to_seat None) or to one seat only."""

    uid: str
    card: str
    owner: int
    zone: str
    to_seat: int | None = None


@event("note_set")
class NoteSet(Event):
    """An attached action records a public note (such as a named faction)."""

    uid: str
    note: str


@event("control_changed")
class ControlChanged(Event):
    uid: str
    controller: int


@event("card_buried")
class CardBuried(Event):
    """A card goes face down beside a base, controlled by `controller`. `id` is its public
    handle. Unless `public` (a card shown as it is buried: a card burying itself, a minion
    from play), only the controller learns its uid and card."""

    id: str
    uid: str
    card: str
    owner: int
    controller: int
    base: int
    from_zone: str  # hand | deck | discard | resolving | play
    public: bool = False


@event("card_uncovered")
class CardUncovered(Event):
    """A buried card is turned face up, to be played at once by its controller."""

    id: str
    uid: str
    card: str
    owner: int
    controller: int
    base: int


@event("card_relocated")
class CardRelocated(Event):
    """A card beside a base that is not a minion goes to another base: an action attached to
    the base (by its uid) or a buried card (by its public handle, still face down)."""

    id: str
    from_base: int
    to_base: int
