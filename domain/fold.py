"""The fold's building blocks: the table of event folds (filled by ``domain.evolve_cards`` and
``domain.evolve_turns`` with :func:`on`) and the helpers they share to copy a state with one
player, base or pile changed. ``domain.evolve`` runs the fold."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from domain import events as ev
from domain.model import (
    Attached,
    Base,
    Buried,
    CardRef,
    GameState,
    Minion,
    replace,
)

APPLY: dict[type[ev.Event], Callable[[GameState, Any], GameState]] = {}
"""Event type -> its fold (state, event) -> state."""


def on(cls: type[ev.Event]) -> Callable[[Callable[[GameState, Any], GameState]], Any]:
    """Register the decorated function as the fold of events of type `cls`."""

    def wrap(fn: Callable[[GameState, Any], GameState]) -> Callable[[GameState, Any], GameState]:
        APPLY[cls] = fn
        return fn

    return wrap


def set_player(state: GameState, seat: int, **changes: Any) -> GameState:
    """A copy of `state` with the player at `seat` changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def set_base(state: GameState, index: int, base: Base) -> GameState:
    """A copy of `state` with the base at `index` replaced."""
    bases = list(state.bases)
    bases[index] = base
    return replace(state, bases=tuple(bases))


def without(cards: tuple[CardRef, ...], uid: str) -> tuple[CardRef, ...]:
    """The cards less the one with this uid."""
    return tuple([c for c in cards if c.uid != uid])


def to_discard(
    state: GameState, cards: Iterable[CardRef | Attached | Minion | Buried]
) -> GameState:
    """A copy of `state` with these cards put on their owners' discard piles."""
    for c in cards:
        p = state.players[c.owner]
        state = set_player(state, c.owner, discard=(*p.discard, CardRef(c.uid, c.card, c.owner)))
    return state


def find_minion(state: GameState, uid: str) -> tuple[int, Minion] | None:
    """The base index and minion with this uid, if it is in play (also ``rules.find_minion``)."""
    for i, b in enumerate(state.bases):
        for m in b.minions:
            if m.uid == uid:
                return i, m
    return None


def drop_minion(state: GameState, uid: str) -> GameState:
    """A copy of `state` without the minion with this uid (unchanged if not in play)."""
    found = find_minion(state, uid)
    if not found:
        return state
    i, _ = found
    b = state.bases[i]
    state = set_base(state, i, replace(b, minions=tuple(m for m in b.minions if m.uid != uid)))
    return replace(state, temp_power=tuple(t for t in state.temp_power if t.uid != uid))
