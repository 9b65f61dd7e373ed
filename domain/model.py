"""The game state: frozen dataclasses only, rebuilt by folding events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from domain.frozen import SET_DICT, Frozen, fast_init

JSON = Any
_T = TypeVar("_T", bound=Frozen)


class Zone(StrEnum):
    """Where a card is. Its value is the zone's name in events and views (a str)."""

    HAND = "hand"
    DECK = "deck"
    DISCARD = "discard"
    DECK_TOP = "deck_top"  # a destination: on top of a deck
    DECK_BOTTOM = "deck_bottom"  # a destination: at the bottom of a deck
    PLAY = "play"  # on a base
    RESOLVING = "resolving"  # a standard action being played
    BURIED = "buried"  # face down beside a base
    UNCOVERED = "uncovered"  # a buried card turned face up, about to be played


PILES = (Zone.HAND, Zone.DECK, Zone.DISCARD)
"""A seat's zones for cards out of play."""


@fast_init
@dataclass(frozen=True)
class CardRef(Frozen):
    """One physical card: its instance uid, catalogue id and owner seat."""

    uid: str
    card: str
    owner: int


@fast_init
@dataclass(frozen=True)
class Attached(Frozen):
    """An ongoing action attached to a base or a minion."""

    uid: str
    card: str
    owner: int
    controller: int
    note: str | None = None  # e.g. the faction named when it was played


@fast_init
@dataclass(frozen=True)
class Minion(Frozen):
    """A minion in play on a base."""

    uid: str
    card: str
    owner: int
    controller: int
    attached: tuple[Attached, ...] = ()
    counters: int = 0


@fast_init
@dataclass(frozen=True)
class Buried(Frozen):
    """A card lying face down beside a base. `id` is its public handle (a count, not derived
    from its uid); only its controller (who buried it, its owner until it is uncovered or
    discarded) may see its uid and card."""

    id: str
    uid: str
    card: str
    owner: int
    controller: int


@fast_init
@dataclass(frozen=True)
class Base(Frozen):
    """A base in play with its minions, the actions attached to it and its buried cards."""

    card: str
    minions: tuple[Minion, ...] = ()
    attached: tuple[Attached, ...] = ()
    buried: tuple[Buried, ...] = ()


@fast_init
@dataclass(frozen=True)
class Allowance(Frozen):
    """A card play a seat may still make this turn."""

    kind: str  # "minion" | "action"
    max_power: int | None = None
    base: str | None = None  # base card id the card must go to
    source: str = "turn"
    zone: str = "hand"  # where the card comes from: hand | discard
    condition: str | None = None  # a registered extra condition (registry.PLAY_CONDITIONS)


@fast_init
@dataclass(frozen=True)
class Player(Frozen):
    """A seat: who plays it, its factions, zones and VP."""

    seat: int
    name: str
    factions: tuple[str, ...]
    bot: str | None = None
    vp: int = 0
    hand: tuple[CardRef, ...] = ()
    deck: tuple[CardRef, ...] = ()  # top first
    discard: tuple[CardRef, ...] = ()
    plays: tuple[Allowance, ...] = ()
    minions_played: int = 0  # minions played this turn (for "if you have not played a minion")

    def pile(self, zone: str) -> tuple[CardRef, ...]:
        """The cards in one of this seat's zones out of play (hand, deck top first, discard)."""
        if zone == Zone.HAND:
            return self.hand
        if zone == Zone.DECK:
            return self.deck
        if zone == Zone.DISCARD:
            return self.discard
        raise ValueError(f"{zone!r} is not a zone of a seat's cards out of play")


@fast_init
@dataclass(frozen=True)
class Task(Frozen):
    """One step of pending work: a registered handler key and its JSON context."""

    key: str
    ctx: Mapping[str, JSON] = field(default_factory=dict)


@fast_init
@dataclass(frozen=True)
class Option(Frozen):
    """One answer to a pending decision."""

    id: str
    label: str
    value: JSON = None
    uid: str | None = None
    card: str | None = None
    base: int | None = None
    seat: int | None = None


@fast_init
@dataclass(frozen=True)
class Decision(Frozen):
    """A choice the game waits for, with its legal options and its continuation."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    then: Task
    stack: tuple[Task, ...] = ()  # the work left after the continuation, top last
    source: str | None = None  # card id of the ability asking


@fast_init
@dataclass(frozen=True)
class TempPower(Frozen):
    """A power change on a minion that ends at the end of a given turn."""

    uid: str
    amount: int
    until_turn: int


@fast_init
@dataclass(frozen=True)
class TempBreakpoint(Frozen):
    """A breakpoint change on a base that ends at the end of a given turn."""

    base: str
    amount: int
    until_turn: int


@fast_init
@dataclass(frozen=True)
class Lingering(Frozen):
    """An effect that outlives its card, for a seat, from one turn to another (inclusive)."""

    card: str
    seat: int
    from_turn: int
    until_turn: int
    note: str | None = None


@fast_init
@dataclass(frozen=True)
class Placement(Frozen):
    """One seat's result on a scored base."""

    seat: int
    power: int
    place: int  # 0 winner, 1 runner-up, 2 third, 3+ nothing
    vp: int


@fast_init
@dataclass(frozen=True)
class Duel(Frozen):
    """A duel under way between two minions (by uid); `face_down` holds the duel cards placed
    face down, in no zone (their owner placed them), until they are revealed."""

    challenger: str
    challenged: str
    face_down: tuple[CardRef, ...] = ()


@fast_init
@dataclass(frozen=True)
class Clock(Frozen):
    """A game's turn clock: each decision of a seat played by a client must come within
    `seconds`; when it does not, the server plays it with `bot` (`on_expiry` "bot") or the seat
    forfeits ("forfeit"). The rules only record the expiry (clock_expired); the server keeps
    the time (each decision's deadline is its last event's time plus `seconds`)."""

    seconds: int
    on_expiry: str = "bot"  # bot | forfeit
    bot: str = "greedy"


@fast_init
@dataclass(frozen=True)
class Proposal(Frozen):
    """An open draw offer (`kind` "draw") or takeback request ("takeback", back to the state
    at `version`) by `seat`; `accepted` lists the seats that said yes so far."""

    kind: str
    seat: int
    version: int = 0
    accepted: tuple[int, ...] = ()


@fast_init
@dataclass(frozen=True)
class Checkpoint(Frozen):
    """The state at `version`, just before a command of `seat` in its own turn: where a
    takeback may return. `state.table.undo` links to the checkpoint before it."""

    version: int
    seat: int
    state: GameState


@fast_init
@dataclass(frozen=True)
class Table(Frozen):
    """Leaving and agreeing (domain.table): seats that resigned, seats that have played a card
    (abort is allowed until all have), the open proposal, seats that offered a draw this turn,
    and the latest takeback checkpoint since the last point of no return."""

    resigned: tuple[int, ...] = ()
    played: tuple[int, ...] = ()
    proposal: Proposal | None = None
    offered: tuple[int, ...] = ()
    undo: Checkpoint | None = None


@fast_init
@dataclass(frozen=True)
class Draft(Frozen):
    """The faction draft of a ``setup: "draft"`` game (domain.draft): the seats in pick order,
    how many seats may play one faction (``boxes``), and the factions picked so far, in order
    (pick k was made by ``order[k]``)."""

    order: tuple[int, ...]
    boxes: int = 1
    picks: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameState(Frozen):
    """Everything the rules need; derived numbers (power, totals) are computed, never stored."""

    game_id: str
    seed: str
    players: tuple[Player, ...]
    bases: tuple[Base, ...] = ()
    base_deck: tuple[str, ...] = ()  # top first
    base_discard: tuple[str, ...] = ()
    first_seat: int = 0
    active: int = 0
    turn: int = 0
    phase: str = "setup"  # draft | setup | start | play | scoring | draw | end | over
    status: str = "active"  # active | ended
    winner: int | None = None
    end_reason: str | None = None  # the game_ended event's reason, once the game ended
    pending: Decision | None = None
    resolving: tuple[CardRef, ...] = ()  # standard actions being resolved
    uncovered: tuple[CardRef, ...] = ()  # buried cards turned face up, about to be played
    buried_count: int = 0  # cards buried so far (names each buried card's public handle)
    temp_power: tuple[TempPower, ...] = ()
    temp_breakpoints: tuple[TempBreakpoint, ...] = ()
    lingering: tuple[Lingering, ...] = ()
    scoring: str | None = None  # card id of the base being scored
    last_scored: tuple[Placement, ...] = ()
    flags: tuple[str, ...] = ()  # per-turn markers such as "shinobi:<seat>:<base>"
    box: tuple[CardRef, ...] = ()  # cards put back in the game box: out of the game
    scripted: bool = False
    clock: Clock | None = None
    duel: Duel | None = None  # the duel under way, if any
    table: Table | None = None  # resignations, offers, takeback checkpoints (domain.table)
    version: int = 0
    draft: Draft | None = None  # the faction draft of a drafted game (phase "draft" until done)

    def player(self, seat: int) -> Player:
        """The player at this seat."""
        return self.players[seat]


_new = object.__new__


def replace(obj: _T, /, **changes: Any) -> _T:
    """A copy of a frozen dataclass of the model with some fields changed, like
    `dataclasses.replace` but without re-running `__init__` (the fold's hot path)."""
    new: _T = _new(type(obj))
    SET_DICT(new, {**obj.__dict__, **changes})
    return new
