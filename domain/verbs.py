"""The shared verbs as steps: destroy, return, place on a deck, discard, move, take control,
change power, counters, draw, and a base's own ability at a moment. Each checks protections
once (domain.guards), for every card. A card names one as the continuation of a choice
(`then=verbs.destroy`); `Fx` makes their tasks (`fx.destroy(uid)`). Playing cards is in
domain.playing (re-exported here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from domain import abilities, rules
from domain import events as ev
from domain.abilities import DestroyedGoTo
from domain.codec import decode
from domain.effects import BaseHook
from domain.engine import effect_steps
from domain.facts import MinionDestroyed
from domain.fx import Ask, Fx, Steps
from domain.guards import attached_destroyed, guarded, raised, touched
from domain.guards import source_if_abilities_change as _source_if_abilities_change
from domain.model import JSON, CardRef, GameState, Task, Zone
from domain.moments import Hook, Moment
from domain.playing import attach as attach
from domain.playing import discard_resolving as discard_resolving
from domain.playing import extra_play_base as extra_play_base
from domain.playing import extra_play_card as extra_play_card
from domain.playing import minion_played as minion_played
from domain.playing import on_play as on_play
from domain.playing import play_card as play_card
from domain.playing import play_now as play_now
from domain.playing import play_steps as play_steps
from domain.steps import step
from domain.triggers import discarded_from_play, fire_for, fired, simultaneous


@step("destroy_attached")
def destroy_attached(fx: Fx, *, uid: str | None = None, choice: str | None = None) -> Steps:
    return attached_destroyed(fx.state, str(uid or choice))


# The verbs on a minion name it by `uid`, or take the minion chosen (`choice`) when asked.


def _remove(fx: Fx, uid: str, to: str, reason: str, verb: str) -> Steps:
    blocked = guarded(fx, uid, verb)
    if blocked is not None:
        return blocked
    found = rules.find_minion(fx.state, uid)
    assert found is not None
    base, m = found
    gone = discarded_from_play(fx.state, [(base, m)], reason) if to == Zone.DISCARD else []
    removed = ev.MinionRemoved(uid, m.card, m.owner, base, to, reason)
    return (*touched(fx, uid), removed, *simultaneous(fx.state, gone))


@step("destroy")
def destroy(
    fx: Fx,
    *,
    uid: str | None = None,
    choice: str | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Destroy minion `uid` (or the one chosen); `declined`: the optional replacements (their
    cards' uids) its controller turned down for this very effect."""
    uid = str(uid or choice)
    blocked = guarded(fx, uid, "destroy")
    if blocked is not None:
        return blocked
    found = rules.find_minion(fx.state, uid)
    assert found is not None
    base, m = found
    redirect = abilities.of_base(fx.state, base, DestroyedGoTo, m.controller)
    to = redirect[0].zone if redirect else "discard"
    by = fx.ctx.get("by")
    facts = MinionDestroyed(uid, m.card, m.owner, m.controller, base, by)
    return (
        *touched(fx, uid),
        ev.MinionRemoved(uid, m.card, m.owner, base, to, "destroyed"),
        # its own 'destroyed' ability and the others' 'minion destroyed' happen together
        *simultaneous(
            fx.state,
            [
                *fire_for(
                    m.card,
                    Moment.DESTROYED,
                    facts,
                    fx.state,
                    _source_if_abilities_change(fx.state, m, base),
                    src=uid,
                    base=base,
                    by=m.controller,
                ),
                *fired(fx.state, Moment.MINION_DESTROYED, facts),
                *(
                    discarded_from_play(fx.state, [(base, m)], "destroyed")
                    if to == "discard"
                    else []
                ),
            ],
        ),
    )


@step("return")
def return_to_hand(
    fx: Fx,
    *,
    uid: str | None = None,
    choice: str | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Return minion `uid` (or the one chosen) to its owner's hand (`declined`: see destroy)."""
    return _remove(fx, str(uid or choice), "hand", "returned", "return")


@step("deck_bottom")
def deck_bottom(
    fx: Fx, *, uid: str | None = None, choice: str | None = None, declined: list[str] | None = None
) -> Steps:
    return _remove(fx, str(uid or choice), "deck_bottom", "placed", "deck_bottom")


@step("deck_top")
def deck_top(
    fx: Fx, *, uid: str | None = None, choice: str | None = None, declined: list[str] | None = None
) -> Steps:
    return _remove(fx, str(uid or choice), "deck_top", "placed", "deck_top")


@step("discard_minion")
def discard_minion(fx: Fx, *, uid: str | None = None, choice: str | None = None) -> Steps:
    """A minion in play goes to its owner's discard pile without being destroyed."""
    return _remove(fx, str(uid or choice), "discard", "discarded", "discard")


@step("move")
def move(
    fx: Fx,
    *,
    uid: str | None = None,
    to: int | None = None,
    choice: str | int | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Move minion `uid` (or the one chosen) to base `to` (or the one chosen)."""
    uid = str(uid or choice)
    to = int(to if to is not None else choice or 0)
    found = rules.find_minion(fx.state, uid)
    if found is None or found[0] == to or not 0 <= to < len(fx.state.bases):
        return ()
    blocked = guarded(fx, uid, "move")
    return (
        blocked if blocked is not None else (*touched(fx, uid), ev.MinionMoved(uid, found[0], to))
    )


@step("control")
def take_control(
    fx: Fx,
    *,
    to: int,
    uid: str | None = None,
    choice: str | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Seat `to` takes control of minion `uid` (or the one chosen): it is affected."""
    uid = str(uid or choice)
    found = rules.find_minion(fx.state, uid)
    if found is None or found[1].controller == to:
        return ()
    blocked = guarded(fx, uid, "control")
    return blocked if blocked is not None else (*touched(fx, uid), ev.ControlChanged(uid, to))


@step("power")
def modify_power(
    fx: Fx,
    *,
    amount: int,
    uid: str | None = None,
    choice: str | None = None,
    this_turn: bool = False,
    until: int | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Change a minion's power until the end of the causing seat's turn (or, `this_turn`, of
    the turn being played, e.g. a Special played in another seat's turn; or of turn `until`)."""
    uid = str(uid or choice)
    blocked = guarded(fx, uid, "power")
    if blocked is not None:
        return blocked
    if until is None:
        until = fx.state.turn if this_turn else rules.end_of_turn_for(fx.state, fx.me)
    changed = ev.PowerModified(uid, amount, until)
    return (*touched(fx, uid), changed, *(raised(fx, uid) if amount > 0 else ()))


@step("counters")
def counters(fx: Fx, *, amount: int, uid: str | None = None, choice: str | None = None) -> Steps:
    """Put `amount` +1 power counters on minion `uid` (or the one chosen), or take that many
    off when negative (no more than it has). Counters only ever go on minions in play."""
    uid = str(uid or choice)
    found = rules.find_minion(fx.state, uid)
    if found is None or amount == 0:
        return ()
    blocked = guarded(fx, uid, "counters")
    if blocked is not None:
        return blocked
    change = max(amount, -found[1].counters)
    if not change:
        return ()
    return (
        *touched(fx, uid),
        ev.CountersChanged(uid, change),
        *(raised(fx, uid) if change > 0 else ()),
    )


@step("transfer_counters")
def transfer_counters(
    fx: Fx,
    *,
    amount: int,
    from_uid: str | None = None,
    to_uid: str | None = None,
    choice: str | None = None,
) -> Steps:
    """Move up to `amount` +1 power counters from minion `from_uid` to minion `to_uid` (the one
    chosen stands for whichever is not named)."""
    src, dst = str(from_uid or choice), str(to_uid or choice)
    found, there = rules.find_minion(fx.state, src), rules.find_minion(fx.state, dst)
    if found is None or there is None or src == dst:
        return ()
    moved = min(amount, found[1].counters)
    if moved <= 0:
        return ()
    for uid in (src, dst):
        blocked = guarded(fx, uid, "counters")
        if blocked is not None:
            return blocked
    moving = ev.CountersChanged(dst, moved, src)
    return (*touched(fx, src), *touched(fx, dst), moving, *raised(fx, dst))


@step("draw")
def draw(fx: Fx, *, seat: int, n: int) -> Steps:
    return draw_cards(fx, seat, n)


def draw_cards(fx: Fx, seat: int, n: int) -> Steps:
    """A seat draws n cards: the events, reshuffling its discard pile when its deck runs out."""
    p = fx.state.players[seat]
    out: list[Any] = []
    deck: Sequence[CardRef] = p.deck  # read from the top (`top`), copied only to reshuffle
    discard: Sequence[CardRef] = p.discard
    top = 0
    drawn: list[Any] = []
    for _ in range(n):
        if top == len(deck):
            if not discard:
                break
            if drawn:
                out.append(ev.CardsDrawn(seat, tuple(drawn)))
                drawn = []
            pool = list(discard)
            fx.rng.shuffle(pool)
            out.append(ev.DeckReshuffled(seat, tuple(pool)))
            deck, discard, top = pool, (), 0
        drawn.append(deck[top])
        top += 1
    if drawn:
        out.append(ev.CardsDrawn(seat, tuple(drawn)))
    return tuple(out)


@step("emit")
def emit(fx: Fx, *, type: str, payload: dict[str, Any]) -> Steps:
    return (decode(ev.EVENT_TYPES[type], payload),)


@step("ask")
def ask(fx: Fx, *, ask: dict[str, Any]) -> Steps:
    return (decode(Ask, ask),)


def base_hook_task(card: str, base: int, moment: Hook, **extra: JSON) -> Task:
    """Run a base's ability at a moment, if that base is still there and not blanked."""
    ctx = {"src": card, "card": card, "base": base, "moment": moment.value}
    return Task("base_hook", {**ctx, **extra})


SCORING_MOMENTS = (Hook.BEFORE_SCORING, Hook.AFTER_SCORING)


@step("base_hook")
def base_hook(fx: Fx, *, moment: str, **facts: Any) -> Steps:
    """A base's ability at a moment; `facts` are the moment's (the hook reads them in fx.ctx)."""
    b = fx.base
    if b >= len(fx.state.bases):
        return ()
    now = fx.state.bases[b].card
    if now != fx.card:
        if now != fx.state.scoring or moment not in SCORING_MOMENTS:
            return ()
        # another base took the scored one's place while it scores (e.g. Unicrave): the
        # scoring goes on with it, its own ability included
        return base_hook(Fx(fx.state, {**fx.ctx, "src": now, "card": now}, fx.rng), moment=moment)
    steps: Steps = ()
    for hook in abilities.of_base(fx.state, b, BaseHook):
        if hook.moment == moment:
            seen = Fx(unseen_by_base(fx.state, b), fx.ctx, fx.rng)
            steps += effect_steps(hook.effect, seen, "base_hook")
    return steps


def unseen_by_base(state: GameState, b: int) -> GameState:
    """The state as base b's own ability sees it: the seats that ignore it (a per-seat blank,
    e.g. Infiltrate) are left out of its minions and of the last scoring results."""
    away = {p.seat for p in state.players if not rules.base_active(state, b, p.seat)}
    if not away:
        return state
    bases = list(state.bases)
    minions = tuple(m for m in bases[b].minions if m.controller not in away)
    bases[b] = replace(bases[b], minions=minions)
    scored = tuple(p for p in state.last_scored if p.seat not in away)
    return replace(state, bases=tuple(bases), last_scored=scored)
