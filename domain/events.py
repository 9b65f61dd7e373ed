"""Domain events: immutable facts. Every random outcome is stored in the event that made it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from domain.frozen import fast_init
from domain.model import Allowance, Attached, CardRef, Clock, Decision, Lingering, Placement


@fast_init
@dataclass(frozen=True)
class Event:
    """Base class of every event; `type` is its stable name in logs."""

    type: ClassVar[str] = "event"


EVENT_TYPES: dict[str, type[Event]] = {}


E = TypeVar("E", bound=type[Event])


def event(name: str) -> Callable[[E], E]:
    """Register an event class under its stable log name."""

    def wrap(cls: E) -> E:
        cls.type = name
        EVENT_TYPES[name] = cls
        return cls

    return wrap


@fast_init
@dataclass(frozen=True)
class PlayerInit:
    seat: int
    name: str
    factions: tuple[str, ...]
    bot: str | None
    deck: tuple[CardRef, ...]
    hand: tuple[CardRef, ...] = ()
    discard: tuple[CardRef, ...] = ()
    vp: int = 0


@fast_init
@dataclass(frozen=True)
class MinionInit:
    base: int
    uid: str
    card: str
    owner: int
    attached: tuple[Attached, ...] = ()


@event("game_created")
@fast_init
@dataclass(frozen=True)
class GameCreated(Event):
    game_id: str
    seed: str
    scripted: bool
    first_seat: int
    players: tuple[PlayerInit, ...]
    bases: tuple[str, ...]
    base_deck: tuple[str, ...]
    board: tuple[MinionInit, ...] = ()
    base_attached: tuple[tuple[int, Attached], ...] = ()
    deal: bool = True  # whether opening hands are drawn from the decks
    rules: str = ""  # the rules version that produced this game ("" before versions existed)
    clock: Clock | None = None  # the turn clock, if the game has one


@event("cards_drawn")
@fast_init
@dataclass(frozen=True)
class CardsDrawn(Event):
    seat: int
    cards: tuple[CardRef, ...]


@event("deck_reshuffled")
@fast_init
@dataclass(frozen=True)
class DeckReshuffled(Event):
    """The seat's discard pile became its deck, in this order (top first)."""

    seat: int
    order: tuple[CardRef, ...]


@event("hand_discarded")
@fast_init
@dataclass(frozen=True)
class HandDiscarded(Event):
    seat: int
    cards: tuple[CardRef, ...]
    reason: str = "mulligan"


@event("card_discarded")
@fast_init
@dataclass(frozen=True)
class CardDiscarded(Event):
    """A card leaves a hand or the resolving area for its owner's discard pile."""

    uid: str
    card: str
    owner: int
    from_zone: str  # hand | resolving (named zone before event schema 2)


@event("turn_started")
@fast_init
@dataclass(frozen=True)
class TurnStarted(Event):
    """A seat's turn begins with these plays (its turn's allowances, from event schema 3)."""

    seat: int
    turn: int
    plays: tuple[Allowance, ...] = ()


@event("phase_changed")
@fast_init
@dataclass(frozen=True)
class PhaseChanged(Event):
    """The turn enters a phase; `plays_lost` says the plays not made are lost (schema 3)."""

    phase: str
    plays_lost: bool = False


@event("minion_played")
@fast_init
@dataclass(frozen=True)
class MinionPlayed(Event):
    seat: int
    uid: str
    card: str
    base: int
    allowance: int | None  # index into the seat's plays; None for a play outside the allowances
    zone: str = "hand"  # hand | discard | deck: where the card was played from


@event("action_played")
@fast_init
@dataclass(frozen=True)
class ActionPlayed(Event):
    seat: int
    uid: str
    card: str
    base: int | None
    target: str | None
    allowance: int | None
    zone: str = "hand"


@event("action_attached")
@fast_init
@dataclass(frozen=True)
class ActionAttached(Event):
    uid: str
    base: int
    target: str | None  # minion uid, or None for the base itself
    controller: int
    note: str | None = None


@event("minion_removed")
@fast_init
@dataclass(frozen=True)
class MinionRemoved(Event):
    """A minion leaves play for a zone of its owner; its attached actions are discarded."""

    uid: str
    card: str
    owner: int
    base: int
    to: str  # discard | hand | deck_bottom | deck_top
    reason: str  # destroyed | returned | placed | scored


@event("attached_removed")
@fast_init
@dataclass(frozen=True)
class AttachedRemoved(Event):
    uid: str
    card: str
    owner: int
    reason: str  # destroyed | discarded


@event("minion_moved")
@fast_init
@dataclass(frozen=True)
class MinionMoved(Event):
    uid: str
    from_base: int
    to_base: int


@event("power_modified")
@fast_init
@dataclass(frozen=True)
class PowerModified(Event):
    uid: str
    amount: int
    until_turn: int


@event("counters_changed")
@fast_init
@dataclass(frozen=True)
class CountersChanged(Event):
    """+1 power counters: `amount` more (or fewer, when negative) on the minion `uid`; with
    `from_uid`, they were moved from that minion (a transfer), which has `amount` fewer."""

    uid: str
    amount: int
    from_uid: str | None = None


@event("breakpoint_modified")
@fast_init
@dataclass(frozen=True)
class BreakpointModified(Event):
    base: str
    amount: int
    until_turn: int


@event("play_granted")
@fast_init
@dataclass(frozen=True)
class PlayGranted(Event):
    seat: int
    kind: str
    max_power: int | None = None
    base: str | None = None
    source: str = ""
    zone: str = "hand"
    condition: str | None = None


@event("vp_gained")
@fast_init
@dataclass(frozen=True)
class VpGained(Event):
    seat: int
    amount: int
    reason: str


@event("hand_revealed")
@fast_init
@dataclass(frozen=True)
class HandRevealed(Event):
    """A seat's hand was shown to another seat only."""

    seat: int
    to_seat: int
    cards: tuple[CardRef, ...]


@event("scoring_started")
@fast_init
@dataclass(frozen=True)
class ScoringStarted(Event):
    base: int
    card: str


@event("base_scored")
@fast_init
@dataclass(frozen=True)
class BaseScored(Event):
    base: int
    card: str
    placements: tuple[Placement, ...]


@event("base_cleared")
@fast_init
@dataclass(frozen=True)
class BaseCleared(Event):
    """Every card left on the scored base goes to its owner's discard pile."""

    base: int


@event("base_replaced")
@fast_init
@dataclass(frozen=True)
class BaseReplaced(Event):
    """The scored base goes to the base discard and the named base (or none) takes its place."""

    base: int
    old: str
    new: str | None


@event("base_added")
@fast_init
@dataclass(frozen=True)
class BaseAdded(Event):
    """One more base comes into play, last in the row: the named one, taken from the base
    deck (or the base discard)."""

    card: str


@event("base_deck_shuffled")
@fast_init
@dataclass(frozen=True)
class BaseDeckShuffled(Event):
    """The base deck (with the base discard when `with_discard`) now has this order."""

    order: tuple[str, ...]
    with_discard: bool


@event("base_deck_reordered")
@fast_init
@dataclass(frozen=True)
class BaseDeckReordered(Event):
    """The top of the base deck was replaced by these bases, top first."""

    top: tuple[str, ...]
    count: int
    seat: int | None = None  # who looked at them; only that seat sees the new order


@event("bases_swapped")
@fast_init
@dataclass(frozen=True)
class BasesSwapped(Event):
    """A base from the base deck takes the place of a base in play, which goes to the deck."""

    base: int
    old: str
    new: str


@event("base_changed")
@fast_init
@dataclass(frozen=True)
class BaseChanged(Event):
    """The top base of the base deck takes the place of a base in play, keeping every card that
    was on it; the old base card goes to the base discard (e.g. Unicrave before it scores)."""

    base: int
    old: str
    new: str


@event("decision_requested")
@fast_init
@dataclass(frozen=True)
class DecisionRequested(Event):
    decision: Decision


@event("decision_made")
@fast_init
@dataclass(frozen=True)
class DecisionMade(Event):
    seat: int
    option: str


@event("effects_expired")
@fast_init
@dataclass(frozen=True)
class EffectsExpired(Event):
    turn: int


@event("flag_set")
@fast_init
@dataclass(frozen=True)
class FlagSet(Event):
    flag: str


@event("card_moved")
@fast_init
@dataclass(frozen=True)
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
@fast_init
@dataclass(frozen=True)
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
@fast_init
@dataclass(frozen=True)
class CardBoxed(Event):
    """A card is put back in the game box: out of the game for good (everyone sees it)."""

    uid: str
    card: str
    owner: int
    from_zone: str  # discard (the only one so far)


@event("deck_shuffled")
@fast_init
@dataclass(frozen=True)
class DeckShuffled(Event):
    """A seat's deck now holds exactly these cards in this order (top first)."""

    seat: int
    order: tuple[CardRef, ...]


@event("card_revealed")
@fast_init
@dataclass(frozen=True)
class CardRevealed(Event):
    """A card out of play was shown: to everyone (to_seat None) or to one seat only."""

    uid: str
    card: str
    owner: int
    zone: str
    to_seat: int | None = None


@event("lingering_added")
@fast_init
@dataclass(frozen=True)
class LingeringAdded(Event):
    effect: Lingering


@event("special_used")
@fast_init
@dataclass(frozen=True)
class SpecialUsed(Event):
    """A seat used a Special in its own play phase (the use_special command)."""

    seat: int
    uid: str
    card: str


@event("talent_used")
@fast_init
@dataclass(frozen=True)
class TalentUsed(Event):
    """A seat used the Talent of a card (or base) in play: once per turn for that seat."""

    seat: int
    uid: str
    card: str


@event("note_set")
@fast_init
@dataclass(frozen=True)
class NoteSet(Event):
    """An attached action records a public note (such as a named faction)."""

    uid: str
    note: str


@event("control_changed")
@fast_init
@dataclass(frozen=True)
class ControlChanged(Event):
    uid: str
    controller: int


@event("card_buried")
@fast_init
@dataclass(frozen=True)
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
@fast_init
@dataclass(frozen=True)
class CardUncovered(Event):
    """A buried card is turned face up, to be played at once by its controller."""

    id: str
    uid: str
    card: str
    owner: int
    controller: int
    base: int


@event("duel_started")
@fast_init
@dataclass(frozen=True)
class DuelStarted(Event):
    """Two minions on one base start a duel: `challenger` challenged `challenged` (uids)."""

    challenger: str
    challenged: str
    base: int


@event("duel_card_placed")
@fast_init
@dataclass(frozen=True)
class DuelCardPlaced(Event):
    """A seat put a card from its hand face down for the duel: in no zone until revealed. Only
    that seat may see which card it is."""

    seat: int
    uid: str
    card: str


@event("duel_card_revealed")
@fast_init
@dataclass(frozen=True)
class DuelCardRevealed(Event):
    """A face-down duel card is turned up in front of everyone and goes back to its owner's
    hand (an action is then played from there as an extra action)."""

    seat: int
    uid: str
    card: str


@event("duel_ended")
@fast_init
@dataclass(frozen=True)
class DuelEnded(Event):
    """The duel is over: `outcome` won (by `winner`), tie, or aborted (the two minions were no
    longer on one base)."""

    outcome: str
    winner: str | None = None


@event("card_relocated")
@fast_init
@dataclass(frozen=True)
class CardRelocated(Event):
    """A card beside a base that is not a minion goes to another base: an action attached to
    the base (by its uid) or a buried card (by its public handle, still face down)."""

    id: str
    from_base: int
    to_base: int


@event("game_ended")
@fast_init
@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over: ``winner`` won (``reason`` "victory"), or nobody did (``winner`` None,
    ``reason`` "version_cap": the game reached :data:`domain.rules.VERSION_CAP`), or the
    awaited seat's clock ran out and it forfeited (``reason`` "forfeit")."""

    winner: int | None
    vp: tuple[int, ...]
    reason: str


@event("clock_expired")
@fast_init
@dataclass(frozen=True)
class ClockExpired(Event):
    """The awaited seat's time ran out: the server plays its decision (`bot`) or it forfeits."""

    seat: int
    on_expiry: str


# --- the faction draft (domain.draft) -------------------------------------------------------


@event("draft_started")
@fast_init
@dataclass(frozen=True)
class DraftStarted(Event):
    """A drafted game picks its factions: the seats in pick order (the first picker drawn from
    the seed, clockwise, then back counter-clockwise) and how many seats may play one faction
    (``boxes``: 2 when two boxes are combined)."""

    order: tuple[int, ...]
    boxes: int


@event("faction_picked")
@fast_init
@dataclass(frozen=True)
class FactionPicked(Event):
    """A seat took a faction in the draft (public)."""

    seat: int
    faction: str


@event("factions_dealt")
@fast_init
@dataclass(frozen=True)
class FactionsDealt(Event):
    """The draft is over: each seat's shuffled deck of its two factions (top first), the bases
    in play and the base deck from the boxes in play, and the seat that plays first."""

    decks: tuple[tuple[CardRef, ...], ...]
    bases: tuple[str, ...]
    base_deck: tuple[str, ...]
    first_seat: int


__all__ = [name for name in dir() if name[0].isupper()]
