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
    Player,
    replace,
)

APPLY: dict[type[ev.Event], Callable[[GameState, Any], GameState]] = {}
"""Event type -> its fold (state, event) -> state."""


def register(cls: type[ev.Event], fn: Callable[[GameState, Any], GameState]) -> None:
    """Make `fn` the fold of events of type `cls`; a second fold for one type is an error
    (two folds could disagree, and which one ran would depend on the order of imports)."""
    found = APPLY.get(cls)
    if found is not None and found is not fn:
        raise TypeError(
            f"event type {cls.type!r} has a fold already ({found.__module__}.{found.__name__}); "
            f"{fn.__module__}.{fn.__name__} would be a second one"
        )
    APPLY[cls] = fn


def on(cls: type[ev.Event]) -> Callable[[Callable[[GameState, Any], GameState]], Any]:
    """Register the decorated function as the fold of events of type `cls`."""

    def wrap(fn: Callable[[GameState, Any], GameState]) -> Callable[[GameState, Any], GameState]:
        register(cls, fn)
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
    """A copy of `state` with these cards put on their owners' discard piles (`state` itself
    when there are none)."""
    players = list(state.players)
    if not discard_into(players, cards):
        return state
    return replace(state, players=tuple(players))


def discard_into(
    players: list[Player], cards: Iterable[CardRef | Attached | Minion | Buried]
) -> bool:
    """Put these cards on their owners' discard piles, in order, in a list of players being
    built (one copy per owner, not per card); whether there were any."""
    by_owner: dict[int, list[CardRef]] = {}
    for c in cards:
        refs = by_owner.get(c.owner)
        if refs is None:
            refs = by_owner[c.owner] = []
        # a CardRef is immutable: the very one goes to the pile (no copy)
        refs.append(c if type(c) is CardRef else CardRef(c.uid, c.card, c.owner))
    for seat, refs in by_owner.items():
        p = players[seat]
        players[seat] = replace(p, discard=(*p.discard, *refs))
    return bool(by_owner)


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
    return replace(state, **without_minion(state, found[0], uid))


def without_minion(state: GameState, index: int, uid: str) -> dict[str, Any]:
    """The fields of `state` that change when the minion `uid` on the base at `index` leaves
    play: the bases and the temporary power changes (the latter only if it had any)."""
    bases = list(state.bases)
    b = bases[index]
    bases[index] = replace(b, minions=tuple([m for m in b.minions if m.uid != uid]))
    changes: dict[str, Any] = {"bases": tuple(bases)}
    temp = state.temp_power
    if any(t.uid == uid for t in temp):
        changes["temp_power"] = tuple([t for t in temp if t.uid != uid])
    return changes


def holder(s: GameState, uid: str) -> int | None:
    """The seat whose hand or deck holds the card `uid` (None: elsewhere)."""
    for p in s.players:
        if any(c.uid == uid for c in p.hand) or any(c.uid == uid for c in p.deck):
            return p.seat
    return None


def take(s: GameState, uid: str) -> tuple[GameState, CardRef | None]:
    """Remove a card out of play (any seat's hand, deck or discard) and return it."""
    players = list(s.players)
    found = take_from(players, uid)
    return (s, None) if found is None else (replace(s, players=tuple(players)), found)


def take_from(players: list[Player], uid: str) -> CardRef | None:
    """Remove a card out of play (the first seat's hand, deck or discard holding it, in that
    order) from a list of players being built, and return it."""
    for p in players:
        for zone, cards in (("hand", p.hand), ("deck", p.deck), ("discard", p.discard)):
            for c in cards:
                if c.uid == uid:
                    players[p.seat] = replace(p, **{zone: without(cards, uid)})
                    return c
    return None


def detach(s: GameState, uid: str) -> GameState:
    """The state without the attached action `uid` (on a base or a minion); the bases and
    minions that do not hold it stay as they are."""
    bases = tuple([detached(b, uid) for b in s.bases])
    if all(new is old for new, old in zip(bases, s.bases, strict=True)):
        return s
    return replace(s, bases=bases)


def detached(b: Base, uid: str) -> Base:
    """The base without the attached action `uid` (itself if it holds none)."""
    attached = b.attached
    if any(a.uid == uid for a in attached):
        attached = tuple([a for a in attached if a.uid != uid])
    minions = b.minions
    if any(a.uid == uid for m in minions for a in m.attached):
        minions = tuple(
            [
                replace(m, attached=tuple([a for a in m.attached if a.uid != uid]))
                if any(a.uid == uid for a in m.attached)
                else m
                for m in minions
            ]
        )
    if attached is b.attached and minions is b.minions:
        return b
    return replace(b, minions=minions, attached=attached)
