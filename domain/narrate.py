"""A readable, turn-by-turn account of a game from its events (for `smashup replay`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from domain import events as ev
from domain import table_state as ts
from domain.evolve import evolve
from domain.model import GameState
from domain.rules import name

_PLACES = ("1st", "2nd", "3rd")


def narrate(events: Iterable[ev.Event]) -> Iterator[str]:
    """One line per notable event, in order; the full (unredacted) log is expected."""
    state: GameState | None = None
    for e in events:
        before = state
        state = evolve(state, e)
        line = _line(before, state, e)
        if line:
            yield line


def _who(state: GameState | None, seat: int) -> str:
    return state.players[seat].name if state else f"seat {seat}"


def _base(state: GameState | None, index: int) -> str:
    return name(state.bases[index].card) if state and index < len(state.bases) else f"base {index}"


def _line(before: GameState | None, after: GameState, e: ev.Event) -> str | None:
    fn = _LINES.get(type(e))
    return fn(before, after, e) if fn else None


def _created(b: GameState | None, a: GameState, e: ev.GameCreated) -> str:
    if not e.scripted and all(not p.factions for p in a.players):
        return f"Game {e.game_id}: {', '.join(p.name for p in a.players)} draft their factions."
    seats = ", ".join(f"{p.name} ({' + '.join(p.factions)})" for p in a.players)
    bases = ", ".join(name(x.card) for x in a.bases)
    return f"Game {e.game_id}: {seats}. Bases: {bases}."


def _turn(b: GameState | None, a: GameState, e: ev.TurnStarted) -> str:
    vp = ", ".join(f"{p.name} {p.vp}" for p in a.players)
    return f"\n== Turn {e.turn}: {_who(a, e.seat)} (VP: {vp})"


def _minion(b: GameState | None, a: GameState, e: ev.MinionPlayed) -> str:
    src = {"hand": "", "buried": " (uncovered)"}.get(e.zone, f" from their {e.zone}")
    return f"{_who(a, e.seat)} plays {name(e.card)}{src} on {_base(a, e.base)}"


def _action(b: GameState | None, a: GameState, e: ev.ActionPlayed) -> str:
    return f"{_who(a, e.seat)} plays {name(e.card)}"


def _removed(b: GameState | None, a: GameState, e: ev.MinionRemoved) -> str:
    where = {
        "hand": " to its owner's hand",
        "discard": "",
        "deck_bottom": " under its owner's deck",
        "deck_top": " on top of its owner's deck",
    }
    verb = {
        "destroyed": "is destroyed",
        "discarded": "is discarded",
        "returned": "returns",
        "placed": "goes",
    }
    return f"  {name(e.card)} ({_who(a, e.owner)}) {verb.get(e.reason, e.reason)}{where[e.to]}"


def _moved(b: GameState | None, a: GameState, e: ev.MinionMoved) -> str:
    card = next((m.card for m in a.bases[e.to_base].minions if m.uid == e.uid), "a minion")
    return f"  {name(card)} moves from {_base(b, e.from_base)} to {_base(a, e.to_base)}"


def _control(b: GameState | None, a: GameState, e: ev.ControlChanged) -> str:
    return f"  {_who(a, e.controller)} takes control of {_in_play(a, e.uid)}"


def _taken(b: GameState | None, a: GameState, e: ev.CardTaken) -> str:
    what = name(e.card) if e.public else "a card"
    whose = "their own" if e.from_seat == e.seat else f"{_who(a, e.from_seat)}'s"
    where = "into their hand" if e.to_zone == "hand" else "on top of their deck"
    return f"  {_who(a, e.seat)} puts {what} from {whose} {e.from_zone} {where}"


def _boxed(b: GameState | None, a: GameState, e: ev.CardBoxed) -> str:
    return f"  {name(e.card)} ({_who(a, e.owner)}) goes back in the box, out of the game"


def _in_play(state: GameState, uid: str) -> str:
    card = next((m.card for x in state.bases for m in x.minions if m.uid == uid), None)
    return name(card) if card else "a minion"


def _counters(b: GameState | None, a: GameState, e: ev.CountersChanged) -> str:
    n = abs(e.amount)
    what = f"{n} +1 power counter{'s' if n > 1 else ''}"
    if e.from_uid is not None:
        verb = "move" if n > 1 else "moves"
        return f"  {what} {verb} from {_in_play(a, e.from_uid)} to {_in_play(a, e.uid)}"
    return f"  {_in_play(a, e.uid)} {'gets' if e.amount > 0 else 'loses'} {what}"


def _scored(b: GameState | None, a: GameState, e: ev.BaseScored) -> str:
    parts = [
        f"{_who(a, p.seat)} {p.power} power"
        + (f" {_PLACES[p.place]}" if p.place < 3 else "")
        + f" +{p.vp} VP"
        for p in e.placements
    ]
    vp = ", ".join(f"{p.name} {p.vp}" for p in a.players)
    return f"  * {name(e.card)} scores: {'; '.join(parts) or 'nobody'}. VP now: {vp}"


def _vp(b: GameState | None, a: GameState, e: ev.VpGained) -> str:
    why = name(e.reason) if "." in e.reason else e.reason
    return f"  {_who(a, e.seat)} gains {e.amount} VP ({why})"


def _replaced(b: GameState | None, a: GameState, e: ev.BaseReplaced) -> str | None:
    return None if e.new is None else f"  {name(e.new)} replaces {name(e.old)}"


def _minion_name(state: GameState | None, uid: str) -> str:
    for b in state.bases if state else ():
        for m in b.minions:
            if m.uid == uid:
                return name(m.card)
    return "a minion"


def _duel(b: GameState | None, a: GameState, e: ev.DuelStarted) -> str:
    challenger, challenged = _minion_name(a, e.challenger), _minion_name(a, e.challenged)
    return f"  {challenger} challenges {challenged} to a duel on {_base(a, e.base)}"


def _duel_card(b: GameState | None, a: GameState, e: ev.DuelCardPlaced) -> str:
    return f"  {_who(a, e.seat)} places a card face down for the duel"


def _duel_reveal(b: GameState | None, a: GameState, e: ev.DuelCardRevealed) -> str:
    return f"  {_who(a, e.seat)} reveals their duel card: {name(e.card)}"


def _duel_end(b: GameState | None, a: GameState, e: ev.DuelEnded) -> str:
    if e.outcome == "aborted":
        return "  The duel is called off: the two minions are no longer on one base"
    if e.winner is None:
        return "  The duel is a tie"
    return f"  {_minion_name(a, e.winner)} wins the duel"


def _changed(b: GameState | None, a: GameState, e: ev.BaseChanged) -> str:
    return f"  {name(e.new)} takes the place of {name(e.old)}, with every card on it"


def _buried(b: GameState | None, a: GameState, e: ev.CardBuried) -> str:
    what = name(e.card) if e.public else "a card"
    return f"  {_who(a, e.controller)} buries {what} at {_base(a, e.base)}"


def _uncovered(b: GameState | None, a: GameState, e: ev.CardUncovered) -> str:
    return f"  {_who(a, e.controller)} uncovers {name(e.card)} at {_base(a, e.base)}"


def _added(b: GameState | None, a: GameState, e: ev.BaseAdded) -> str:
    return f"  {name(e.card)} comes into play as one more base"


def _relocated(b: GameState | None, a: GameState, e: ev.CardRelocated) -> str:
    return f"  A card moves from {_base(a, e.from_base)} to {_base(a, e.to_base)}"


_NO_WINNER = {"aborted": "aborted, no result", "agreed_draw": "a draw, agreed by all"}


def _ended(b: GameState | None, a: GameState, e: ev.GameEnded) -> str:
    vp = ", ".join(f"{p.name} {p.vp}" for p in a.players)
    if e.winner is None:
        why = _NO_WINNER.get(e.reason, "a draw, the game reached its last version")
        return f"\nGame over: {why} ({vp})"
    left = ", the others resigned" if e.reason == "resigned" else ""
    return f"\nGame over: {_who(a, e.winner)} wins{left} ({vp})"


_TABLE: dict[type[ev.Event], str] = {
    ts.SeatResigned: "resigns",
    ts.DrawOffered: "offers a draw",
    ts.DrawDeclined: "declines the draw",
    ts.TakebackRequested: "asks to take back a move",
    ts.TakebackDeclined: "declines the takeback",
    ts.TakenBack: "takes back a move",
}


def _table(b: GameState | None, a: GameState, e: Any) -> str:
    return f"  {_who(a, e.seat)} {_TABLE[type(e)]}"


def _clock(b: GameState | None, a: GameState, e: ev.ClockExpired) -> str:
    then = "forfeits" if e.on_expiry == "forfeit" else "is played by the server"
    return f"  {_who(a, e.seat)} ran out of time and {then}"


def _draft(b: GameState | None, a: GameState, e: ev.DraftStarted) -> str:
    boxes = " (two boxes: a faction may be taken twice)" if e.boxes > 1 else ""
    return f"Draft: {', '.join(_who(a, s) for s in e.order)} pick in that order{boxes}"


def _picked(b: GameState | None, a: GameState, e: ev.FactionPicked) -> str:
    return f"  {_who(a, e.seat)} picks {e.faction}"


def _dealt(b: GameState | None, a: GameState, e: ev.FactionsDealt) -> str:
    seats = ", ".join(f"{p.name} ({' + '.join(p.factions)})" for p in a.players)
    bases = ", ".join(name(x) for x in e.bases)
    return f"Dealt: {seats}. Bases: {bases}. {_who(a, e.first_seat)} plays first."


_LINES: dict[type[ev.Event], Callable[[GameState | None, GameState, Any], str | None]] = {
    ev.GameCreated: _created,
    ev.TurnStarted: _turn,
    ev.MinionPlayed: _minion,
    ev.ActionPlayed: _action,
    ev.MinionRemoved: _removed,
    ev.MinionMoved: _moved,
    ev.ControlChanged: _control,
    ev.BaseScored: _scored,
    ev.VpGained: _vp,
    ev.BaseReplaced: _replaced,
    ev.BaseChanged: _changed,
    ev.CardTaken: _taken,
    ev.CardBoxed: _boxed,
    ev.CountersChanged: _counters,
    ev.CardBuried: _buried,
    ev.CardUncovered: _uncovered,
    ev.BaseAdded: _added,
    ev.GameEnded: _ended,
    ev.ClockExpired: _clock,
    ev.DuelStarted: _duel,
    ev.DuelCardPlaced: _duel_card,
    ev.DuelCardRevealed: _duel_reveal,
    ev.DuelEnded: _duel_end,
    ev.CardRelocated: _relocated,
    **dict.fromkeys(_TABLE, _table),
    ev.DraftStarted: _draft,
    ev.FactionPicked: _picked,
    ev.FactionsDealt: _dealt,
}
