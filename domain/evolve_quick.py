"""The folds of the commonest events (about 87% of a game's), in quick form: each gives the
fields of the state after the event as a fresh dict, which ``domain.evolve`` counts (the
version) and turns into the state itself, so the state is copied once, with no keyword
arguments and no second write for the version.

They are these events' only folds: :data:`QUICK` holds them, and ``domain.fold.APPLY`` holds
each wrapped to give a state (:func:`as_fold`), as every other event's fold does. A field that
does not change keeps the very object it had (answers kept per object, by identity, depend on
it), and the fields keep their order (a dict copy keeps its keys' order and writing an
existing key keeps its place). ``tests/domain/test_fold_fast_paths.py`` checks, on every
event of seeded games, that ``evolve``'s quick path gives what the general path gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain import events as ev
from domain.evolve_cards import discarded, played_card
from domain.fold import register
from domain.frozen import SET_DICT
from domain.model import GameState, Minion, replace

Fields = dict[str, Any]
QuickFold = Callable[[GameState, Any], Fields]

QUICK: dict[type[ev.Event], QuickFold] = {}
"""Event type -> its quick fold (state, event) -> the new state's fields."""
_new = object.__new__


def _phase(s: GameState, e: ev.PhaseChanged) -> Fields:
    d = s.__dict__.copy()
    if e.plays_lost:
        d["players"] = tuple([replace(p, plays=()) if p.plays else p for p in s.players])
    d["phase"] = e.phase
    return d


def _asked(s: GameState, e: ev.DecisionRequested) -> Fields:
    d = s.__dict__.copy()
    d["pending"] = e.decision
    return d


def _answered(s: GameState, _: ev.DecisionMade) -> Fields:
    d = s.__dict__.copy()
    d["pending"] = None
    return d


def _turn_started(s: GameState, e: ev.TurnStarted) -> Fields:
    seat = e.seat
    players = []
    for p in s.players:
        if p.seat == seat:
            p = replace(p, plays=e.plays, minions_played=0)
        elif p.minions_played:
            p = replace(p, minions_played=0)
        players.append(p)
    d = s.__dict__.copy()
    d["players"] = tuple(players)
    d["active"] = seat
    d["turn"] = e.turn
    d["phase"] = "start"
    d["flags"] = ()
    return d


def _expired(s: GameState, e: ev.EffectsExpired) -> Fields:
    turn = e.turn
    d = s.__dict__.copy()
    for name in _LASTING:
        items = d[name]
        if items:  # most turns nothing lasts: each empty tuple is passed over without a look
            for x in items:
                if x.until_turn <= turn:
                    d[name] = tuple([x for x in items if x.until_turn > turn])
                    break
    # a tuple with nothing expiring stays the very same tuple, as in the general fold
    return d


_LASTING = ("temp_power", "temp_breakpoints", "lingering")
"""The state's fields of effects that last until a turn (each item has `until_turn`)."""


def _drawn(s: GameState, e: ev.CardsDrawn) -> Fields:
    p = s.players[e.seat]
    cards = e.cards
    n = len(cards)
    if p.deck[:n] == cards:  # drawn from the top, as always happens
        deck = p.deck[n:]
    else:
        uids = {c.uid for c in cards}
        deck = tuple([c for c in p.deck if c.uid not in uids])
    players = list(s.players)
    players[e.seat] = replace(p, deck=deck, hand=(*p.hand, *cards))
    d = s.__dict__.copy()
    d["players"] = tuple(players)
    return d


def _card_discarded(s: GameState, e: ev.CardDiscarded) -> Fields:
    d = s.__dict__.copy()
    d.update(discarded(s, e))
    return d


def _minion_played(s: GameState, e: ev.MinionPlayed) -> Fields:
    changes, card = played_card(s, e.seat, e.uid, e.card, e.allowance, True)
    bases = list(s.bases)
    b = bases[e.base]
    bases[e.base] = replace(b, minions=(*b.minions, Minion(e.uid, e.card, card.owner, e.seat)))
    d = s.__dict__.copy()
    d.update(changes)
    d["bases"] = tuple(bases)
    return d


def _action_played(s: GameState, e: ev.ActionPlayed) -> Fields:
    changes, card = played_card(s, e.seat, e.uid, e.card, e.allowance, False)
    d = s.__dict__.copy()
    d.update(changes)
    d["resolving"] = (*s.resolving, card)
    return d


QUICK.update(
    {
        ev.PhaseChanged: _phase,
        ev.DecisionRequested: _asked,
        ev.DecisionMade: _answered,
        ev.TurnStarted: _turn_started,
        ev.EffectsExpired: _expired,
        ev.CardsDrawn: _drawn,
        ev.CardDiscarded: _card_discarded,
        ev.MinionPlayed: _minion_played,
        ev.ActionPlayed: _action_played,
    }
)


def as_fold(quick: QuickFold) -> Callable[[GameState, Any], GameState]:
    """A quick fold as a fold of ``domain.fold.APPLY``: the state made of its fields (the
    version still the old one: ``evolve`` counts it)."""

    def fold(s: GameState, e: Any) -> GameState:
        new: GameState = _new(GameState)
        SET_DICT(new, quick(s, e))
        return new

    fold.__name__ = fold.__qualname__ = quick.__name__
    return fold


for _cls, _quick in QUICK.items():
    register(_cls, as_fold(_quick))
