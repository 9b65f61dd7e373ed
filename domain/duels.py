"""Duels ("Oops, You Did It Again"): two minions on one base fight; each controller may put one
card from hand face down (the challenger's first); the cards are revealed in that order, an
action being played as an extra action and anything else going back to hand; Specials for the
duel window may be used (e.g. Deputy); then the higher power wins. On a tie both minions both
win and lose. The card that started the duel says what winning and losing do: its step gets
`challenger`, `challenged`, `winners` and `losers` (uids).

Rules kept here, once: no duel during a duel (that part of the effect is ignored); a duel whose
two minions are no longer on one base when the duel cards have resolved is aborted; a change
of control does not stop it; a face-down card is in no zone (`GameState.duel`) and only its
owner may know it. Cards start a duel with `board.duel(fx, challenger, challenged, then=step)`;
`challenge(fx, step)` first asks for a minion of mine and a rival on its base, and the step
`its_loser_destroyed` (a choice's continuation) makes the ability's own minion duel the one
chosen, destroying the loser. The moment `duel_started` comes before any duel card.
"""

from __future__ import annotations

from typing import Any

from domain import board, plays, rules
from domain import events as ev
from domain.facts import DuelStarted, MinionPlayed
from domain.fx import Fx, Steps
from domain.model import JSON, CardRef, GameState, Minion, Task, Zone
from domain.moments import Moment, Window
from domain.specials import me_first
from domain.steps import StepFn, name_of, step
from domain.triggers import fire
from domain.verbs import play_now, play_steps

# Moment.DUEL_STARTED: a duel starts, before any duel card is placed; facts: DuelStarted
# (the challenger's and challenged's uids and their base). Window.DUEL: the Special window of a duel
# (after the duel cards, before the winner is decided).


def duelling(state: GameState) -> tuple[str, ...]:
    """The uids of the two minions of the duel under way (none without a duel)."""
    d = state.duel
    return () if d is None else (d.challenger, d.challenged)


def opponents_here(state: GameState, uid: str) -> list[Minion]:
    """The minions another player than this minion's controller controls on its base: those it
    may challenge."""
    found = rules.find_minion(state, uid)
    if found is None:
        return []
    base, me = found
    return [m for m in state.bases[base].minions if m.controller != me.controller]


@step("duel")
def _duel(fx: Fx, *, challenger: str, challenged: str, then: dict[str, Any]) -> Steps:
    """A duel starts between two minions on one base, unless one is under way (then this part
    of the effect is ignored) or they are not on one base."""
    s = fx.state
    a, b = rules.find_minion(s, challenger), rules.find_minion(s, challenged)
    if s.duel is not None or a is None or b is None or a[0] != b[0] or challenger == challenged:
        return ()
    base = a[0]
    return (
        ev.DuelStarted(challenger, challenged, base),
        *fire(s, Moment.DUEL_STARTED, DuelStarted(challenger, challenged, base)),
        Task("duel_card", {"role": 0}),
        Task("duel_card", {"role": 1}),
        Task("duel_reveal", {}),
        Task("duel_reveal", {}),
        Task("duel_specials", {}),
        Task("duel_end", {"then": then}),
    )


@step("duel_card")
def _duel_card(fx: Fx, *, role: int) -> Steps:
    """The controller of the challenger (role 0) or of the challenged minion (role 1) may put a
    card from hand face down. Asked whenever that hand holds a card, so that being asked tells
    nothing; the prompt names no card (options do, and only the chooser sees them)."""
    d = fx.state.duel
    found = None if d is None else rules.find_minion(fx.state, duelling(fx.state)[role])
    if found is None:
        return ()
    seat = found[1].controller
    hand = fx.state.players[seat].hand
    if not hand:
        return ()
    a, b = (rules.find_minion(fx.state, uid) for uid in duelling(fx.state))
    names = " and ".join(rules.name(m[1].card) for m in (a, b) if m is not None)
    prompt = f"Duel between {names}: place a card from your hand face down, or pass"
    options = [fx.option("card", c) for c in hand]
    return fx.ask(
        seat,
        "duel_card",
        prompt,
        options,
        _duel_place,
        optional=True,
        skip_label="Pass",
        always=True,
        seat=seat,
    )


@step("duel_place")
def _duel_place(fx: Fx, *, seat: int, choice: str) -> Steps:
    card = next((c for c in fx.state.players[seat].hand if c.uid == choice), None)
    if card is None or fx.state.duel is None:
        return ()
    return (ev.DuelCardPlaced(seat, card.uid, card.card),)


@step("duel_reveal")
def _duel_reveal(fx: Fx) -> Steps:
    """The first face-down card still hidden (the challenger's first) is revealed: an action is
    played as an extra action if it can be, anything else stays in its owner's hand."""
    d = fx.state.duel
    if d is None or not d.face_down:
        return ()
    c = d.face_down[0]
    revealed = ev.DuelCardRevealed(c.owner, c.uid, c.card)
    if rules.card_type(c.card) != "action":
        return (revealed,)
    return (revealed, Task("duel_play", {"seat": c.owner, "uid": c.uid}))


@step("duel_play")
def _duel_play(fx: Fx, *, seat: int, uid: str) -> Steps:
    """A revealed duel action, back in its owner's hand, is played from there as an extra action
    (if something forbids it or it has nowhere to go, it stays in hand)."""
    from domain import plays

    card = next((c for c in fx.state.players[seat].hand if c.uid == uid), None)
    if card is None or not plays.action_playable(fx.state, seat, card.card):
        return ()
    return play_now(fx, seat, card)


@step("duel_specials")
def _duel_specials(fx: Fx) -> Steps:
    """A round of duel Specials (e.g. Deputy), from the challenger's controller on."""
    found = rules.find_minion(fx.state, duelling(fx.state)[0]) if fx.state.duel else None
    if found is None:
        return ()
    return (me_first(Window.DUEL, found[0], found[1].controller),)


@step("duel_end")
def _duel_end(fx: Fx, *, then: dict[str, Any]) -> Steps:
    """The higher power wins (a tie: both win and lose), then the duel's effects apply; the duel
    is aborted if its minions are no longer together on one base."""
    d = fx.state.duel
    if d is None:
        return ()
    a, b = rules.find_minion(fx.state, d.challenger), rules.find_minion(fx.state, d.challenged)
    if a is None or b is None or a[0] != b[0]:
        return (ev.DuelEnded("aborted"),)
    pa, pb = rules.power_of(fx.state, d.challenger), rules.power_of(fx.state, d.challenged)
    if pa == pb:
        winners = losers = [d.challenger, d.challenged]
        ended = ev.DuelEnded("tie")
    else:
        winner, loser = (d.challenger, d.challenged) if pa > pb else (d.challenged, d.challenger)
        winners, losers = [winner], [loser]
        ended = ev.DuelEnded("won", winner)
    result = {
        "challenger": d.challenger,
        "challenged": d.challenged,
        "winners": winners,
        "losers": losers,
    }
    return (ended, Task(str(then["key"]), {**dict(then["ctx"]), **result}))


def may_start(state: GameState) -> bool:
    """Whether a duel could start now (none is under way): a card may skip asking its
    choices when its duel would be ignored anyway."""
    return state.duel is None


def offer_duel(fx: Fx, mine: str, seat: int, prompt: str, then: StepFn) -> Steps:
    """The minion `mine` just played on this base may duel one of another player's minions
    here: its player `seat` chooses one (and is the one behind the duel's effects), and the
    step `then(mine, choice)` starts the duel. The `offer` step of `played_minion_may_duel`."""
    found = rules.find_minion(fx.state, mine)
    if found is None or found[0] != fx.base or not may_start(fx.state):
        return ()
    targets = opponents_here(fx.state, mine)
    asking = _as_seat(fx, seat)
    return asking.choose("minion", targets, prompt, then, optional=True, seat=seat, mine=mine)


def _as_seat(fx: Fx, seat: int) -> Fx:
    """The same ability's context with `seat` behind what it does."""
    return Fx(fx.state, {**fx.ctx, "by": seat}, fx.rng)


def played_minion_may_duel(fx: Fx, played: MinionPlayed, offer: StepFn) -> Steps:
    """A base's "after a minion is played here, that minion may duel one of another player's
    minions here" (So-So Corral, Shogun's Palace), from its `minion_played` trigger: the step
    `offer(mine, seat)` puts the duel to the minion's controller. When the minion's ability
    let its player play another minion here at once (e.g. Zapbot's extra minion), the player
    may play that one first: the duels resolve in the reverse order of play, each chosen
    after its minion was played and resolved (rulebook of "Oops, You Did It Again",
    clarification of both bases). Otherwise the duel is offered at once."""
    mine, seat = played.uid, played.by
    found = rules.find_minion(fx.state, mine)
    if found is None or found[0] != fx.base or not may_start(fx.state):
        return ()
    if not opponents_here(fx.state, mine):
        return ()
    chained = _playable_at_once(fx.state, seat, found[1].card, fx.base)
    if not chained:
        return offer(fx, mine=mine, seat=seat)
    prompt = (
        f"{rules.name(found[1].card)} lets you play another minion here now; its duel "
        f"({rules.name(fx.card)}) would come first"
    )
    options = [fx.option("card", c) for c in chained]
    return _as_seat(fx, seat).ask(
        seat,
        "extra_play",
        prompt,
        options,
        _chained_play,
        optional=True,
        on_skip=_chained_skip,
        mine=mine,
        seat=seat,
        offer=name_of(offer),
    )


def _playable_at_once(state: GameState, seat: int, card: str, base: int) -> list[CardRef]:
    """The minions in `seat`'s hand it may now play on `base` with a play that `card` (the
    minion just played there) granted it and that it keeps for the turn. (Outside its own
    play phase an extra play is used at once, inside the ability: its minion is played, and
    duels, before this one's duel anyway.)"""
    if state.phase != "play" or state.active != seat or state.pending is not None:
        return []
    here = state.bases[base].card
    granted = [
        a
        for a in state.players[seat].plays
        if a.kind == "minion"
        and a.source == card
        and a.zone == Zone.HAND
        and a.base in (None, here)
    ]
    if not granted:
        return []
    return [
        c
        for c in state.players[seat].hand
        if rules.card_type(c.card) == "minion"
        and any(plays.fits(c.card, "minion", a.max_power) for a in granted)
        and plays.allowance(state, seat, c.card, base) is not None
    ]


@step("duel_chained_play")
def _chained_play(fx: Fx, *, mine: str, seat: int, offer: str, choice: str) -> Steps:
    """The minion `choice` is played on this base first; then the duel of the one before it."""
    later = fx.task(offer, mine=mine, seat=seat)
    c = next((c for c in fx.state.players[seat].hand if c.uid == choice), None)
    used = None if c is None else plays.allowance(fx.state, seat, c.card, fx.base)
    if c is None or used is None:
        return (later,)
    return (*play_steps(fx.state, seat, c.uid, c.card, fx.base, None, used, Zone.HAND), later)


@step("duel_chained_skip")
def _chained_skip(fx: Fx, *, mine: str, seat: int, offer: str) -> Steps:
    """No minion played at once: the duel of the one just played is offered now."""
    return (fx.task(offer, mine=mine, seat=seat),)


@step("duel_losers_destroyed")
def losers_destroyed(fx: Fx, *, losers: list[str]) -> Steps:
    """The duel's losing minion is destroyed (on a tie, both are), by the card that started it."""
    return tuple(item for uid in losers for item in fx.destroy(uid))


def destroy_losers(fx: Fx, losers: list[str], then: StepFn | None = None, **extra: JSON) -> Steps:
    """The duel's losers destroyed (see losers_destroyed), then the step `then` with `extra`
    if one is given (e.g. only when the challenger won)."""
    after = () if then is None else fx.then(then, **extra)
    return (*losers_destroyed(fx, losers=losers), *after)


def challenge_with(
    fx: Fx, challenger: str, targets: list[Minion], prompt: str, then: str | StepFn
) -> Steps:
    """Ask for the minion `challenger` duels among `targets`, then start that duel; `then` (a
    step taking only the duel's result) runs after it."""
    return fx.choose("minion", targets, prompt, _challenged, mine=challenger, result=name_of(then))


@step("duel_challenged")
def _challenged(fx: Fx, *, mine: str, result: str, choice: str) -> Steps:
    """The minion chosen is challenged by `mine`; the step `result` takes the duel's result."""
    return board.duel(fx, mine, choice, result)


def winning_seats(state: GameState, winners: list[str]) -> list[int]:
    """The controllers of a duel's winning minions still in play (on a tie, both)."""
    found = (rules.find_minion(state, uid) for uid in winners)
    return [f[1].controller for f in found if f is not None]


def challenge(fx: Fx, result: StepFn) -> Steps:
    """ "A minion you control duels another player's minion on its base, you as challenger":
    asks for mine, then for theirs; `result` gets the duel's result (see board.duel)."""
    if not may_start(fx.state):
        return ()
    mine = [m for m in fx.minions(controller=fx.me) if opponents_here(fx.state, m.uid)]
    prompt = f"{rules.name(fx.card)}: choose your minion that starts a duel"
    return fx.choose("minion", mine, prompt, _challenge_rival, result=name_of(result))


@step("challenge_rival")
def _challenge_rival(fx: Fx, *, result: str, choice: str) -> Steps:
    prompt = f"{rules.name(fx.card)}: choose the minion it duels"
    targets = opponents_here(fx.state, choice)
    return fx.choose("minion", targets, prompt, _challenge_start, result=result, mine=choice)


@step("challenge_start")
def _challenge_start(fx: Fx, *, result: str, mine: str, choice: str) -> Steps:
    return board.duel(fx, mine, choice, result)


@step("duel_from_source")
def its_loser_destroyed(fx: Fx, *, choice: str) -> Steps:
    """The minion whose ability this is (fx.src) duels the minion chosen; the loser is
    destroyed (on a tie, both are)."""
    return board.duel(fx, fx.src, choice, losers_destroyed)
