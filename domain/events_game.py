"""Events of a game's course: its creation, turns and phases, the plays a seat is given,
victory points, decisions asked and answered, lasting effects and the end of the game."""

from __future__ import annotations

from dataclasses import dataclass

from domain.event_base import Event, event
from domain.frozen import fast_init
from domain.model import Allowance, Attached, CardRef, Clock, Decision, Lingering


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
class CardsDrawn(Event):
    seat: int
    cards: tuple[CardRef, ...]


@event("deck_reshuffled")
class DeckReshuffled(Event):
    """The seat's discard pile became its deck, in this order (top first)."""

    seat: int
    order: tuple[CardRef, ...]


@event("hand_discarded")
class HandDiscarded(Event):
    seat: int
    cards: tuple[CardRef, ...]
    reason: str = "mulligan"


@event("turn_started")
class TurnStarted(Event):
    """A seat's turn begins with these plays (its turn's allowances, from event schema 3)."""

    seat: int
    turn: int
    plays: tuple[Allowance, ...] = ()


@event("phase_changed")
class PhaseChanged(Event):
    """The turn enters a phase; `plays_lost` says the plays not made are lost (schema 3)."""

    phase: str
    plays_lost: bool = False


@event("play_granted")
class PlayGranted(Event):
    seat: int
    kind: str
    max_power: int | None = None
    base: str | None = None
    source: str = ""
    zone: str = "hand"
    condition: str | None = None


@event("vp_gained")
class VpGained(Event):
    seat: int
    amount: int
    reason: str


@event("decision_requested")
class DecisionRequested(Event):
    decision: Decision


@event("decision_made")
class DecisionMade(Event):
    seat: int
    option: str


@event("effects_expired")
class EffectsExpired(Event):
    turn: int


@event("flag_set")
class FlagSet(Event):
    flag: str


@event("lingering_added")
class LingeringAdded(Event):
    effect: Lingering


@event("special_used")
class SpecialUsed(Event):
    """A seat used a Special in its own play phase (the use_special command)."""

    seat: int
    uid: str
    card: str


@event("talent_used")
class TalentUsed(Event):
    """A seat used the Talent of a card (or base) in play: once per turn for that seat."""

    seat: int
    uid: str
    card: str


@event("game_ended")
class GameEnded(Event):
    """The game is over: ``winner`` won (``reason`` "victory"), or nobody did (``winner`` None,
    ``reason`` "version_cap": the game reached :data:`domain.rules.VERSION_CAP`), or the
    awaited seat's clock ran out and it forfeited (``reason`` "forfeit"), or the table ended it
    (domain.table: ``reason`` "resigned", "aborted" or "agreed_draw")."""

    winner: int | None
    vp: tuple[int, ...]
    reason: str


@event("clock_expired")
class ClockExpired(Event):
    """The awaited seat's time ran out: the server plays its decision (`bot`) or it forfeits."""

    seat: int
    on_expiry: str
