"""Shared verbs on what is in play, beside the everyday ones of `Fx`: each is a function of the
running ability (`fx`) returning steps, used as `board.bury(fx, uid, base)`. They build the
events and tasks cards must never build themselves: control, burying, attached actions and
notes, lingering effects, duels, and the bases and base deck."""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain import events as ev
from domain.abilities import loses_abilities_note
from domain.fx import Fx, Steps, verb
from domain.model import JSON, Attached, GameState, Lingering, Task
from domain.registry import StepFn

# --- minions and what is attached ------------------------------------------------------------


def give_control(fx: Fx, uid: str, to: int) -> Steps:
    """Seat `to` takes control of a minion in play (nothing if it has it already); when the
    minion leaves play it still goes to its owner's zones."""
    return verb(fx, "control", uid=uid, to=to)


def to_deck_bottom(fx: Fx, uid: str) -> Steps:
    """Put a minion in play on the bottom of its owner's deck."""
    return verb(fx, "deck_bottom", uid=uid)


def discard_minion(fx: Fx, uid: str) -> Steps:
    """Put a minion in play into its owner's discard pile (not destroyed: no 'destroyed'
    abilities; 'went from play to the discard pile' ones do react)."""
    return verb(fx, "discard_minion", uid=uid)


def transfer_counters(fx: Fx, from_uid: str, to_uid: str, n: int = 1) -> Steps:
    """Move up to n +1 power counters from one minion in play to another."""
    return verb(fx, "transfer_counters", from_uid=from_uid, to_uid=to_uid, amount=n)


def destroy_attached(fx: Fx, uid: str) -> Steps:
    """Destroy an action attached to a base or a minion."""
    return verb(fx, "destroy_attached", uid=uid)


def discard_attached(a: Attached) -> Steps:
    """An action attached in play goes to its owner's discard pile (not destroyed)."""
    return (ev.AttachedRemoved(a.uid, a.card, a.owner, "discarded"),)


def note(uid: str, text: str) -> Steps:
    """Write a note on an attached action (e.g. the faction named when it was played)."""
    return (ev.NoteSet(uid, text),)


def bury(fx: Fx, uid: str, base: int, seat: int | None = None) -> Steps:
    """Bury a card (from a hand, deck or discard pile, being played, or a minion in play)
    face down beside base `base`, controlled by `seat` (me by default)."""
    return verb(fx, "bury", uid=uid, to=base, seat=fx.me if seat is None else seat)


def uncover(fx: Fx, handle: str) -> Steps:
    """Uncover a buried card (by its public handle): its controller plays it at once."""
    return verb(fx, "uncover", handle=handle)


def relocate(card_id: str, from_base: int, to_base: int) -> Steps:
    """Move an action attached to a base (by uid) or a buried card (by its handle) from one
    base to another (a minion moves with `Fx.move`)."""
    return (ev.CardRelocated(card_id, from_base, to_base),)


def duel(fx: Fx, challenger: str, challenged: str, then: str | StepFn, **extra: JSON) -> Steps:
    """Start a duel between two minions on one base (see domain.duels); `then` runs with
    `extra` plus the result: challenger, challenged, winners and losers (uids; on a tie
    both minions are in both). Ignored during another duel; aborted if they part."""
    cont = fx.task(then, **extra)
    resume = {"key": cont.key, "ctx": dict(cont.ctx)}
    return (Task("duel", {"challenger": challenger, "challenged": challenged, "then": resume}),)


# --- effects that last ---------------------------------------------------------------------


def linger(card: str, seat: int, from_turn: int, until_turn: int, note: str | None = None) -> Steps:
    """An effect of `card` for `seat` that lasts from one turn to another, inclusive."""
    return (ev.LingeringAdded(Lingering(card, seat, from_turn, until_turn, note)),)


def lose_abilities(fx: Fx, uid: str, until_turn: int) -> Steps:
    """The minion `uid` has no abilities from now to the end of `until_turn`: its own and
    those granted to it now (what actions attached to it do to it stays)."""
    lost = loses_abilities_note(fx.state, uid)
    return linger(fx.card, fx.me, fx.state.turn, until_turn, lost)


def breakpoint_change(base_card: str, amount: int, until_turn: int) -> Steps:
    """The breakpoint of the base `base_card` changes by `amount` to the end of `until_turn`."""
    return (ev.BreakpointModified(base_card, amount, until_turn),)


# --- the bases and the base deck -----------------------------------------------------------


def next_base(state: GameState, rng: random.Random) -> tuple[Steps, str | None]:
    """The base that comes next from the base deck, the base discard shuffled into a new deck
    first when it is empty: (the events shuffling it, the base's card; None if none is left)."""
    if state.base_deck:
        return (), state.base_deck[0]
    pool = list(state.base_discard)
    if not pool:
        return (), None
    rng.shuffle(pool)
    return (ev.BaseDeckShuffled(tuple(pool), True),), pool[0]


def add_base(fx: Fx) -> tuple[Steps, str | None]:
    """Put the next base of the base deck into play as one more base (see `next_base`):
    (the events, the new base's card, if any)."""
    steps, card = next_base(fx.state, fx.rng)
    return ((*steps, ev.BaseAdded(card)), card) if card else (steps, None)


def change_base(fx: Fx) -> Steps:
    """The next base of the base deck (see `next_base`) takes the place of this base (fx's),
    with every card on it; nothing if there is none."""
    steps, card = next_base(fx.state, fx.rng)
    return (*steps, ev.BaseChanged(fx.base, fx.card, card)) if card else steps


def replace_base(fx: Fx, new: str) -> Steps:
    """This base (fx's, just scored) is replaced by the base `new` from the base deck."""
    return (ev.BaseReplaced(fx.base, fx.card, new),)


def swap_base(fx: Fx, index: int, new: str) -> Steps:
    """The base `new` from the base deck takes the place of base `index`, which goes into the
    base deck; the base deck is shuffled."""
    old = fx.state.bases[index].card
    deck = [c for c in fx.state.base_deck if c != new] + [old]
    fx.rng.shuffle(deck)
    return ev.BasesSwapped(index, old, new), ev.BaseDeckShuffled(tuple(deck), False)


def reorder_base_deck(top: Sequence[str], count: int, seat: int | None = None) -> Steps:
    """The top `count` bases of the base deck, looked at by `seat`, go back in the order
    `top` (the first on top)."""
    return (ev.BaseDeckReordered(tuple(top), count, seat),)


def action_played(fx: Fx, zone: str) -> Steps:
    """This action (fx's card) is played at once from `zone`, on no base and outside the play
    limits: it is resolving until its effect is done (see playing.discard_resolving)."""
    return (ev.ActionPlayed(fx.me, fx.src, fx.card, None, None, None, zone),)
