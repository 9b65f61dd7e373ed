"""The table's events and their folds: resigning, aborting, draw offers and takebacks, and
the takeback checkpoints every event keeps or drops. No imports of the fold or the rules: the
fold (domain.evolve) registers these and calls :func:`track` for every event."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from domain import events as ev
from domain.frozen import fast_init
from domain.model import Checkpoint, GameState, Proposal, Table, replace


@ev.event("seat_resigned")
@fast_init
@dataclass(frozen=True)
class SeatResigned(ev.Event):
    """`seat` resigned: it can no longer win; in a game of 3-4 seats its turns and decisions
    are played from now on by the bot `bot` (None in a 2-seat game, which ends)."""

    seat: int
    bot: str | None = None


T = TypeVar("T")


@fast_init
@dataclass(frozen=True)
class SeatEvent(ev.Event):
    """A table event that names only the seat that did it."""

    seat: int


def subclass(base: type[T], kind: str, doc: str, **namespace: Any) -> type[T]:
    """A subclass of `base` adding no field, named after `kind` (``draw_offered``:
    ``DrawOffered``), for the table's commands and events that carry nothing but a seat."""
    name = "".join(part.title() for part in kind.split("_"))
    return type(name, (base,), {"__doc__": doc, "__module__": base.__module__, **namespace})


def _seat_event(kind: str, doc: str) -> type[SeatEvent]:
    """A registered table event class with nothing but `seat`."""
    return ev.event(kind)(subclass(SeatEvent, kind, doc))


GameAborted = _seat_event("game_aborted", "`seat` aborted the game (game_ended follows).")
DrawOffered = _seat_event("draw_offered", "`seat` offers a draw to every other seat.")
DrawAccepted = _seat_event("draw_accepted", "`seat` accepts the open draw offer.")
DrawDeclined = _seat_event("draw_declined", "`seat` declines the open draw offer.")
TakebackAccepted = _seat_event("takeback_accepted", "`seat` accepts the takeback request.")
TakebackDeclined = _seat_event("takeback_declined", "`seat` declines the takeback request.")


@ev.event("takeback_requested")
@fast_init
@dataclass(frozen=True)
class TakebackRequested(ev.Event):
    """`seat` asks to return the game to the state at `version` (before its last command)."""

    seat: int
    version: int


@ev.event("taken_back")
@fast_init
@dataclass(frozen=True)
class TakenBack(ev.Event):
    """Every other seat accepted: the game is again as it was at `version` (the log goes on)."""

    seat: int
    version: int


EMPTY = Table()


def table_of(state: GameState) -> Table:
    """The state's table record (an empty one for a game that has none yet)."""
    return state.table or EMPTY


def _with(state: GameState, **changes: Any) -> GameState:
    return replace(state, table=replace(table_of(state), **changes))


def _resigned(s: GameState, e: SeatResigned) -> GameState:
    t = table_of(s)
    s = _with(s, resigned=(*t.resigned, e.seat), proposal=None, undo=None)
    if e.bot is None:
        return s
    players = list(s.players)
    players[e.seat] = replace(players[e.seat], bot=e.bot)
    return replace(s, players=tuple(players))


def _offered(s: GameState, e: SeatEvent) -> GameState:
    t = table_of(s)
    return _with(s, proposal=Proposal("draw", e.seat), offered=(*t.offered, e.seat))


def _requested(s: GameState, e: TakebackRequested) -> GameState:
    return _with(s, proposal=Proposal("takeback", e.seat, e.version))


def _accepted(s: GameState, e: SeatEvent) -> GameState:
    p = table_of(s).proposal
    if p is None:
        return s
    return _with(s, proposal=replace(p, accepted=(*p.accepted, e.seat)))


def _declined(s: GameState, _: SeatEvent) -> GameState:
    return _with(s, proposal=None)


def _taken_back(s: GameState, e: TakenBack) -> GameState:
    cp = table_of(s).undo
    while cp is not None and cp.version > e.version:
        cp = table_of(cp.state).undo
    if cp is None or cp.version != e.version:
        return _with(s, proposal=None)  # nothing to return to: only the request ends
    return replace(cp.state, table=replace(table_of(cp.state), proposal=None))


def _fact(s: GameState, _: ev.Event) -> GameState:
    return s


FOLDS: dict[type[ev.Event], Callable[[GameState, Any], GameState]] = {
    SeatResigned: _resigned,
    GameAborted: _fact,
    DrawOffered: _offered,
    DrawAccepted: _accepted,
    DrawDeclined: _declined,
    TakebackRequested: _requested,
    TakebackAccepted: _accepted,
    TakebackDeclined: _declined,
    TakenBack: _taken_back,
}
"""The fold of each table event (registered by domain.evolve)."""


# --- checkpoints ----------------------------------------------------------------------------

_COMMAND_FIRST = (ev.MinionPlayed, ev.ActionPlayed, ev.SpecialUsed, ev.TalentUsed)
"""Events that open the batch of a play-phase command (with decision_made for a choice)."""

_KEEP = frozenset(
    {
        ev.MinionPlayed,
        ev.ActionPlayed,
        ev.ActionAttached,
        ev.MinionRemoved,
        ev.AttachedRemoved,
        ev.MinionMoved,
        ev.PowerModified,
        ev.CountersChanged,
        ev.BreakpointModified,
        ev.PlayGranted,
        ev.CardDiscarded,
        ev.EffectsExpired,
        ev.FlagSet,
        ev.NoteSet,
        ev.LingeringAdded,
        ev.ControlChanged,
        ev.SpecialUsed,
        ev.TalentUsed,
        ev.DecisionMade,
        ev.DecisionRequested,
        *FOLDS,
    }
)
"""Events after which a takeback stays possible: public facts of the active seat's own turn
that reveal nothing hidden and need no other seat's decision. Any other event (a draw, a
shuffle, a look or a reveal, a base scored, another turn, a resignation) is a point of no
return: it drops the checkpoints. Some of these still drop them (see :func:`track`)."""


def _hidden_to(state: GameState, seat: int, uids: set[str]) -> bool:
    """Whether any of `uids` is a card `seat` may not see: in a deck, or in another hand."""
    for p in state.players:
        if not uids.isdisjoint([c.uid for c in p.deck]):
            return True
        if p.seat != seat and not uids.isdisjoint([c.uid for c in p.hand]):
            return True
    return False


def _no_return(before: GameState, event: ev.Event) -> bool:
    """Whether `event`, applied to `before`, is a point of no return for takebacks."""
    kind = type(event)
    if kind not in _KEEP or kind is SeatResigned:
        return True
    if isinstance(event, ev.DecisionMade):
        return event.seat != before.active
    if isinstance(event, ev.DecisionRequested):
        d = event.decision
        uids = {o.uid for o in d.options if o.uid}
        return d.seat != before.active or (bool(uids) and _hidden_to(before, d.seat, uids))
    return False


def _at_rest(before: GameState, event: ev.Event) -> bool:
    """Whether `event` opens a command of the active seat in its play phase, so `before` is
    a state a takeback may return to."""
    if before.phase != "play" or before.duel is not None or before.resolving:
        return False
    if isinstance(event, ev.DecisionMade):
        return event.seat == before.active
    if before.pending is not None or not isinstance(event, _COMMAND_FIRST):
        return False
    if isinstance(event, ev.MinionPlayed | ev.ActionPlayed) and event.allowance is None:
        return False  # a card played by an effect, inside a command
    return event.seat == before.active


PLAIN = _KEEP - {ev.DecisionMade, ev.DecisionRequested, SeatResigned}
"""Events that keep every checkpoint whatever their content."""
WATCHED = frozenset({*_COMMAND_FIRST, ev.DecisionMade})
"""Events that may mark a seat as having played or open a command (a checkpoint)."""


def track(before: GameState, after: GameState, event: ev.Event) -> GameState:
    """`after` with its table updated for `event`: the seats that have played a card, the
    draw offers of the turn, and the takeback checkpoints (kept, added or dropped)."""
    t = before.table
    kind = type(event)
    if kind not in WATCHED:  # the fast path: most events change nothing here
        if t is None or (t.undo is None and not t.offered) or kind in PLAIN:
            return after
        now = table_of(after)
        changes: dict[str, Any] = {}
        if now.undo is not None and _no_return(before, event):
            changes["undo"] = None
        if now.offered and isinstance(event, ev.TurnStarted):
            changes["offered"] = ()
        return _with_table(before, after, replace(now, **changes)) if changes else after
    played = None
    if isinstance(event, ev.MinionPlayed | ev.ActionPlayed) and (
        t is None or event.seat not in t.played
    ):
        played = (*(t.played if t else ()), event.seat)
    rest = _at_rest(before, event)
    if played is None and not rest and (t is None or t.undo is None):
        return after
    now = table_of(after)
    if rest:
        undo: Checkpoint | None = Checkpoint(before.version, before.active, before)
    else:
        undo = None if now.undo is None or _no_return(before, event) else now.undo
        if played is None and undo is now.undo and after.table is now:
            return after  # the table stays as it is
    return _with_table(before, after, replace(now, undo=undo, played=played or now.played))


def _with_table(before: GameState, after: GameState, table: Table) -> GameState:
    """`after` with this table. A fold's answer other than `before` is a fresh copy that nothing
    else holds yet (domain.evolve counts its version in place too): it is set in place."""
    if after is before:
        return replace(after, table=table)
    after.__dict__["table"] = table  # what object.__setattr__ writes, for less
    return after
