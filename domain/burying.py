"""Burying and uncovering (Oops, You Did It Again), the engine's part.

A buried card lies face down beside a base, controlled by the seat that buried it (its owner
until it is uncovered or discarded). It has no power and is no minion nor action: only effects
on "cards" reach it. Its controller alone sees which card it is; everyone else knows it by its
public handle (`Buried.id`). At the start of their turn a seat may uncover one of its buried
cards, and effects may uncover more: the card is then played at once, as an extra card, on
that base (or on a minion there, or resolved and discarded), exactly as from a hand; a card
that cannot be played then is discarded. After a base scores or leaves play, its buried cards
go to their owners' discard piles (the fold of base_cleared / base_replaced / bases_swapped).
"""

from __future__ import annotations

from domain import abilities, plays, rules
from domain import events as ev
from domain.effects import OnUncover
from domain.engine import effect_steps
from domain.facts import CardBuried, CardUncovered
from domain.fx import Fx, Steps
from domain.model import PILES, CardRef, GameState, Zone
from domain.moments import Moment
from domain.steps import step
from domain.triggers import fire
from domain.verbs import play_steps


def next_handle(state: GameState) -> str:
    """The public handle of the next card buried: a count, telling nothing of the card."""
    return f"buried-{state.buried_count + 1}"


def _card_at(state: GameState, uid: str) -> tuple[str, CardRef] | None:
    """Where a card that may be buried is (a pile, being played, in play) and the card."""
    where = rules.locate(state, uid)
    if where is None:
        return None
    zone, at = where
    if zone in PILES:
        return zone, next(c for c in state.players[at].pile(zone) if c.uid == uid)
    if zone == Zone.RESOLVING:
        return zone, next(c for c in state.resolving if c.uid == uid)
    if zone == Zone.PLAY:
        found = rules.find_minion(state, uid)
        assert found is not None
        m = found[1]
        return zone, CardRef(m.uid, m.card, m.owner)
    return None  # already buried, or just uncovered: it cannot be buried (again) at once


@step("bury")
def bury(
    fx: Fx,
    *,
    uid: str | None = None,
    to: int | None = None,
    seat: int | None = None,
    choice: str | int | None = None,
) -> Steps:
    """`seat` (the ability's controller by default) buries card `uid` (or the one chosen) at
    base `to` (or the one chosen). A card from a hand or deck stays hidden; one being played,
    in play or in a discard pile was seen."""
    seat = fx.me if seat is None else seat
    uid = str(uid if uid is not None else choice)
    to = int(to if to is not None else choice or 0)
    found = _card_at(fx.state, uid)
    if found is None or not 0 <= to < len(fx.state.bases):
        return ()
    zone, c = found
    public = zone not in (Zone.HAND, Zone.DECK)
    handle = next_handle(fx.state)
    buried = ev.CardBuried(handle, uid, c.card, c.owner, seat, to, str(zone), public)
    return (buried, *fire(fx.state, Moment.CARD_BURIED, CardBuried(seat, handle, to)))


@step("uncover")
def uncover(fx: Fx, *, handle: str | None = None, choice: str | None = None) -> Steps:
    """The buried card `handle` (or the one chosen) is turned face up; its controller plays it
    at once. What reacts to a card being uncovered happens first."""
    found = rules.find_buried(fx.state, str(handle or choice))
    if found is None:
        return ()
    base, c = found
    facts = CardUncovered(c.controller, c.uid, c.card, base)
    return (
        ev.CardUncovered(c.id, c.uid, c.card, c.owner, c.controller, base),
        *fire(fx.state, Moment.CARD_UNCOVERED, facts),
        *fx.then(play_uncovered, seat=c.controller, uid=c.uid, base=base),
    )


@step("play_uncovered", own=("base",))
def play_uncovered(fx: Fx, *, seat: int, uid: str, base: int) -> Steps:
    """`seat` plays the uncovered card `uid` on base `base` (a minion there for an action
    played on a minion), or it is discarded when it cannot be played now."""
    s = fx.state
    card = next((c for c in s.uncovered if c.uid == uid), None)
    if card is None:
        return ()
    lost = (ev.CardDiscarded(uid, card.card, card.owner, "uncovered"),)
    if not 0 <= base < len(s.bases):
        return lost
    kind = rules.card_type(card.card)
    if kind == "action" and plays.special_only(card.card):
        return lost  # played only through its Special: never as a card played from hand
    how = rules.action_kind(card.card) if kind == "action" else "minion"
    if how == "minion":
        ok = plays.may_play(s, seat, card.card, base)
    elif how == "standard":
        ok = plays.may_play(s, seat, card.card, None)
    elif how == "ongoing_base":
        ok = base in plays.action_bases(s, seat, card.card)
    else:
        targets = [m for m in plays.action_minions(s, seat, card.card) if fx.base_of(m) == base]
        prompt = "Play the uncovered action on which minion there?"
        if targets:
            return fx.choose(
                "minion", targets, prompt, play_uncovered_on, seat=seat, player=seat, uid=uid
            )
        ok = False
    if not ok:
        return lost
    return play_steps(s, seat, uid, card.card, base, None, None, "buried")


@step("play_uncovered_on")
def play_uncovered_on(fx: Fx, *, player: int, uid: str, choice: str) -> Steps:
    """`player` plays the uncovered action `uid` on the chosen minion."""
    card = next((c for c in fx.state.uncovered if c.uid == uid), None)
    if card is None:
        return ()
    return play_steps(fx.state, player, uid, card.card, None, choice, None, "buried")


@step("on_uncover")
def on_uncover(fx: Fx) -> Steps:
    """The uncovered card's 'on being uncovered' ability (its task is the card's identity)."""
    steps: Steps = ()
    for ability in abilities.printed(fx.card, OnUncover):
        steps += effect_steps(ability.effect, fx, "on_uncover")
    return steps


@step("uncover_at_start")
def uncover_at_start(fx: Fx, *, seat: int) -> Steps:
    """At the start of its turn a seat may uncover one of its buried cards."""
    mine = fx.buried(controller=seat)
    if not mine:  # no decision, as `choose` concludes for no option: the usual turn
        return ()
    prompt = "Start of your turn: you may uncover one of your buried cards"
    return fx.choose("buried", mine, prompt, "uncover", optional=True, seat=seat)
