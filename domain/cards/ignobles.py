"""Ignobles: give minions away and take back the ones you own. Base: Wintersquashed."""

from __future__ import annotations

from domain import board, gifts, rules, verbs
from domain.abilities import card
from domain.costs import GiveAway
from domain.effects import OnPlay, Special, Talent, Triggered
from domain.facts import BaseScored, MinionPlayed
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Zone
from domain.moments import Moment, Window
from domain.registry import StepFn, name_of
from domain.selectors import its_controllers_turn, played_here, scored_here
from domain.steps import step


@step("aunt_of_drakes_reward")
def aunt_of_drakes_reward(fx: Fx, *, uid: str, to: int, power: int) -> Steps:
    return (*fx.draw(), *fx.extra_play("action"))


@step("sneaky_squire_reward")
def sneaky_squire_reward(fx: Fx, *, uid: str, to: int, power: int) -> Steps:
    return fx.extra_play("minion")


@step("repaying_debts_reward")
def repaying_debts_reward(fx: Fx, *, uid: str, to: int, power: int) -> Steps:
    return (*fx.draw(fx.me, 2), *fx.extra_play("minion"))


@step("hostage_exchange_reward")
def hostage_exchange_reward(fx: Fx, *, uid: str, to: int, power: int) -> Steps:
    theirs = [m for m in fx.minions(controller=to) if m.uid != uid and fx.power(m) <= power]
    prompt = "Take control of one of that player's minions with no more power"
    return fx.choose("minion", theirs, prompt, then=verbs.take_control, to=fx.me)


# --- taking back minions you own --------------------------------------------------------


def _mine_elsewhere(fx: Fx, base: int | None = None) -> list[Minion]:
    """Minions I own that another player controls (optionally on one base)."""
    return [m for m in fx.minions(base=base) if m.owner == fx.me and m.controller != fx.me]


def foot_of_the_king(fx: Fx) -> Steps:
    prompt = "You may take control of a minion you own"
    return fx.choose(
        "minion", _mine_elsewhere(fx), prompt, then=verbs.take_control, optional=True, to=fx.me
    )


def betrothed(fx: Fx) -> Steps:
    return gifts.offer_self(fx)


def betrothed_wedding(fx: Fx, scored: BaseScored) -> Steps:
    """Its base scored: if its controller, not its owner, won there, its owner scores 1 VP."""
    found = rules.find_minion(fx.state, fx.src)
    if found is None:
        return ()
    m = found[1]
    if m.controller == m.owner or m.controller not in scored.winners:
        return ()
    return fx.gain_vp(m.owner, 1)


def sneaky_squire(fx: Fx) -> Steps:
    return gifts.offer_self(fx, sneaky_squire_reward)


def activate_the_spy(fx: Fx) -> Steps:
    prompt = "Take control of a minion you own"
    return (
        *fx.choose("minion", _mine_elsewhere(fx), prompt, then=verbs.take_control, to=fx.me),
        *fx.extra_play("action"),
    )


def banner_call(fx: Fx) -> Steps:
    return fx.then(banner_call_next)


@step("banner_call_next")
def banner_call_next(fx: Fx) -> Steps:
    prompt = "Take control of a minion you own (or stop)"
    return fx.choose(
        "minion",
        _mine_elsewhere(fx),
        prompt,
        then=banner_call_take,
        optional=True,
        skip_label="Stop",
    )


@step("banner_call_take")
def banner_call_take(fx: Fx, *, choice: str) -> Steps:
    return (*board.give_control(fx, choice, fx.me), *fx.then(banner_call_next))


def _each_player_own(fx: Fx, prompt: str, then: StepFn) -> Steps:
    """Each player, me first then in turn order, chooses a minion they own in play."""
    steps: Steps = ()
    for seat in rules.seats_from(fx.state, fx.me):
        steps += (fx.task(each_player_choose, seat=seat, prompt=prompt, verb=name_of(then)),)
    return steps


@step("ignobles_each_player_choose")
def each_player_choose(fx: Fx, *, seat: int, prompt: str, verb: str) -> Steps:
    owned = [m for m in fx.minions() if m.owner == seat]
    return fx.choose("minion", owned, prompt, then=verb, seat=seat)


def fate_of_the_favorites(fx: Fx) -> Steps:
    return _each_player_own(fx, "Destroy a minion you own", verbs.destroy)


def hostage_exchange(fx: Fx) -> Steps:
    prompt = "Give control of a minion you control to another player (to take one back)"
    return gifts.give_one_of_mine(fx, prompt, hostage_exchange_reward)


def _on_scoring_base_i_own(state: GameState, seat: int, uid: str, base: int) -> bool:
    """Inevitable Betrayal: a minion I own, controlled by another, is on the scoring base."""
    return any(m.owner == seat and m.controller != seat for m in state.bases[base].minions)


def inevitable_betrayal(fx: Fx) -> Steps:
    """Played as a Special before a base scores: it resolves, then goes to the discard."""
    return fx.play(fx.src)


def inevitable_betrayal_played(fx: Fx) -> Steps:
    scoring = next((i for i, b in enumerate(fx.state.bases) if b.card == fx.state.scoring), None)
    if scoring is None:
        return ()
    prompt = "Take control of a minion you own on the scoring base"
    return fx.choose(
        "minion", _mine_elsewhere(fx, scoring), prompt, then=verbs.take_control, to=fx.me
    )


def out_of_sight(fx: Fx) -> Steps:
    return _each_player_own(fx, "Return a minion you own to your hand", verbs.return_to_hand)


def red_birthday_party(fx: Fx) -> Steps:
    owned = [m for m in fx.minions() if m.owner == fx.me]
    prompt = "Destroy a minion you own, and every weaker minion on its base"
    return fx.choose("minion", owned, prompt, then=red_birthday_party_destroy)


@step("red_birthday_party_destroy")
def red_birthday_party_destroy(fx: Fx, *, choice: str) -> Steps:
    """Powers are measured before anything is destroyed."""
    power, base = fx.power(choice), fx.base_of(choice)
    weaker = [m.uid for m in fx.minions(base=base) if m.uid != choice and fx.power(m) < power]
    steps = fx.destroy(choice)
    for uid in weaker:
        steps += fx.destroy(uid)
    return steps


def repaying_debts(fx: Fx) -> Steps:
    prompt = "Give control of a minion you control to another player (to draw 2 and play)"
    return gifts.give_one_of_mine(fx, prompt, repaying_debts_reward)


def wintersquashed(fx: Fx, played: MinionPlayed) -> Steps:
    """The player who played the minion here may give control of it to another player."""
    seat, uid = played.by, played.uid
    found = rules.find_minion(fx.state, uid)
    if found is None or found[1].controller != seat:
        return ()
    others = rules.seats_from(fx.state, seat)[1:]
    prompt = "Wintersquashed: you may give control of the minion you played to another player"
    return fx.choose(
        "seat",
        others,
        prompt,
        then=gifts.give_now,
        optional=True,
        seat=seat,
        by=seat,
        uid=uid,
        reward="",
    )


# --- the cards: each one's abilities, as values ----------------------------------------

AUNT = GiveAway("Give control of a minion you control to another player (to draw and play)")
card(
    "ignobles.aunt_of_drakes",
    Talent("Aunt of Drakes: give a minion away", aunt_of_drakes_reward, cost=AUNT),
)
card(
    "ignobles.foot_of_the_king",
    Triggered(Moment.END_OF_TURN, foot_of_the_king, its_controllers_turn),
)
card(
    "ignobles.betrothed",
    OnPlay(betrothed),
    Triggered(Moment.BASE_SCORED, betrothed_wedding, scored_here),
)
card("ignobles.sneaky_squire", OnPlay(sneaky_squire))
card("ignobles.activate_the_spy", OnPlay(activate_the_spy))
card("ignobles.banner_call", OnPlay(banner_call))
card("ignobles.fate_of_the_favorites", OnPlay(fate_of_the_favorites))
card("ignobles.hostage_exchange", OnPlay(hostage_exchange))
card(
    "ignobles.inevitable_betrayal",
    OnPlay(inevitable_betrayal_played),
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "Inevitable Betrayal: take back a minion you own here",
        _on_scoring_base_i_own,
        inevitable_betrayal,
        plays_it=True,
    ),
)
card("ignobles.out_of_sight", OnPlay(out_of_sight))
card("ignobles.red_birthday_party", OnPlay(red_birthday_party))
card("ignobles.repaying_debts", OnPlay(repaying_debts))
card("base.wintersquashed", Triggered(Moment.MINION_PLAYED, wintersquashed, played_here))
