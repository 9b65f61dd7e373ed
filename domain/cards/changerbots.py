"""Changerbots (Cease and Desist): minions with Talents, and actions giving them new ones.
Their bases (Changing Room, Unicrave) and the box's USS Undertaking and Spikey Chair Room are
in domain/cards/changerbots_bases.py."""

from __future__ import annotations

from domain import board, rules, verbs
from domain.abilities import (
    AttachCondition,
    GrantsAbilities,
    IncreasesPower,
    OngoingPower,
    Protection,
    card,
)
from domain.effects import OnPlay, Special, Talent, anytime
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Zone
from domain.moments import Window
from domain.registry import Cause, Source
from domain.selectors import its_host
from domain.steps import step
from domain.triggers import LEAVES_AT_ITS_CONTROLLERS_NEXT_TURN

ROLL_ON = "changerbots.change_up_and_roll_on"


def the_minion(fx: Fx) -> str:
    """The minion a Talent belongs to: its own, or the host of the action granting it."""
    return fx.host or fx.src


def on_a_minion_of_yours(state: GameState, seat: int, base: int, m: Minion | None) -> bool:
    """'Attach to a minion you control.'"""
    return m is not None and m.controller == seat


def host_is_immune(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> str | None:
    """An attached action's host (or the minion itself) is immune to destruction."""
    return "block" if m.uid in (src.host, src.uid) and cause.verb == "destroy" else None


# --- minions ---------------------------------------------------------------------------------


def leader_two(fx: Fx) -> Steps:
    others = [m for m in fx.minions(controller=fx.me) if m.uid != the_minion(fx)]
    prompt = "Leader Two: another minion of yours gets +2 power until the end of the turn"
    return fx.choose("minion", others, prompt, then=verbs.modify_power, amount=2)


def solarshout(fx: Fx) -> Steps:
    return (*fx.extra_play("action"), *fx.add_power(the_minion(fx), -2))


def bruiser(fx: Fx) -> Steps:
    """+2 power and no abilities at all until the start of my next turn."""
    until = rules.next_turn_of(fx.state, fx.me) - 1
    uid = the_minion(fx)
    return (*fx.add_power(uid, 2, until_turn=until), *board.lose_abilities(fx, uid, until))


def relocate(fx: Fx) -> Steps:
    """Move the minion to another base of my choice; it has -1 power until the end of the turn."""
    here = fx.base_of(the_minion(fx))
    prompt = "Move this minion to which base? (it gets -1 power until the end of the turn)"
    return fx.choose("base", [i for i in fx.bases() if i != here], prompt, then=relocate_to)


@step("changerbots_relocate_to")
def relocate_to(fx: Fx, *, choice: int) -> Steps:
    uid = the_minion(fx)
    return (*fx.move(uid, choice), *fx.add_power(uid, -1))


# --- actions ---------------------------------------------------------------------------------


def cesium_armor(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 1 if m.uid == src.host else 0


def change_into_a_gun(fx: Fx) -> Steps:
    """Playing it destroys a minion of power 4 or less on its host's base (if there is one):
    another one than the host, which has turned into the gun (the sources leave it open), its
    power counted with the -2 it now has."""
    host = fx.host
    weak = [m for m in fx.minions(base=fx.base) if m.uid != host and fx.power(m) <= 4]
    prompt = "Change Into A Gun: destroy a minion of power 4 or less on this base"
    return fx.choose("minion", weak, prompt, then=verbs.destroy)


def change_into_a_gun_power(state: GameState, src: Source, base: int, m: Minion) -> int:
    return -2 if m.uid == src.host else 0


def roll_on(fx: Fx) -> Steps:
    return (*fx.play(fx.src), *fx.then(roll_on_pick, target=fx.base))


@step("roll_on_pick")
def roll_on_pick(fx: Fx, *, target: int, choice: str | None = None) -> Steps:
    """Move my minions one at a time to the scoring base, each getting -1 power, until done."""
    moved: Steps = ()
    if choice is not None:
        moved = (*fx.move(choice, target), *fx.add_power(choice, -1))
    away = [m for m in fx.minions(controller=fx.me) if fx.base_of(m) != target]
    away = [m for m in away if m.uid != choice]
    if not away:
        return moved
    prompt = "Change Up and Roll On: move a minion of yours to the scoring base (-1 power)"
    ask = fx.choose(
        "minion", away, prompt, roll_on_pick, optional=True, skip_label="Done", target=target
    )
    return (*moved, *ask)


def form_mergacon(fx: Fx) -> Steps:
    prompt = "Form Mergacon: each of your minions on which base gets +1 power this turn?"
    return fx.choose("base", fx.bases(), prompt, then=form_mergacon_base)


@step("form_mergacon_base")
def form_mergacon_base(fx: Fx, *, choice: int) -> Steps:
    steps: Steps = ()
    for m in fx.minions(base=choice, controller=fx.me):  # those there now only
        steps += fx.add_power(m.uid, 1)
    return steps


def _host_of(state: GameState, uid: str) -> str | None:
    """The minion the attached action `uid` is on."""
    return next(
        (m.uid for _, m in rules.all_minions(state) for a in m.attached if a.uid == uid), None
    )


def _host_moved(state: GameState, seat: int, uid: str, base: int) -> bool:
    host = _host_of(state, uid)
    return host is not None and rules.moved_from(state, host) is not None


def passengers(fx: Fx) -> Steps:
    host = the_minion(fx)
    came_from = rules.moved_from(fx.state, host)
    if came_from is None:
        return ()
    others = [m for m in fx.minions(base=came_from, controller=fx.me) if m.uid != host]
    prompt = "Passengers: bring one of your minions along from the base it came from"
    return fx.choose("minion", others, prompt, then=verbs.move, to=fx.base_of(host))


def the_touch(fx: Fx) -> Steps:
    """+3 power and no other ability until the end of the turn."""
    uid = the_minion(fx)
    until = rules.end_of_turn_for(fx.state, fx.me)
    return (*fx.add_power(uid, 3), *board.lose_abilities(fx, uid, until))


# --- the cards: each one's abilities, as values ----------------------------------------

PASSENGERS = "Bring a minion of yours along from the base this one moved away from"
THE_TOUCH = "+3 power and lose every other ability this turn"
RELOCATE = Talent("Move this minion to another base (-1 power this turn)", relocate)

card("changerbots.leader_two", Talent("Another minion of yours gets +2 power", leader_two))
card("changerbots.solarshout", Talent("Play an extra action (this minion -2 power)", solarshout))
card(
    "changerbots.bruiser",
    Protection(host_is_immune),
    Talent("+2 power and no abilities until your next turn", bruiser),
)
card("changerbots.huffie", RELOCATE)
card(
    "changerbots.cesium_armor",
    OngoingPower(cesium_armor),
    Protection(host_is_immune),
    IncreasesPower(),
)
card(
    "changerbots.change_into_a_gun",
    AttachCondition(on_a_minion_of_yours),
    OnPlay(change_into_a_gun),
    OngoingPower(change_into_a_gun_power),
    LEAVES_AT_ITS_CONTROLLERS_NEXT_TURN,
)
card(
    ROLL_ON,
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "Change Up and Roll On: play it",
        anytime,
        roll_on,
        plays_it=True,
    ),
)
card(
    "changerbots.flighterizer",
    AttachCondition(on_a_minion_of_yours),
    GrantsAbilities(its_host, (Talent("Move this minion to another base (-1 power)", relocate),)),
)
card("changerbots.form_mergacon", OnPlay(form_mergacon), IncreasesPower())
card(
    "changerbots.matrix_of_bossiness",
    AttachCondition(on_a_minion_of_yours),
    OngoingPower(rules.printed_power_as(5)),
    IncreasesPower(),  # setting printed power counts as a direct increase (clarification)
)
card(
    "changerbots.passengers",
    GrantsAbilities(
        its_host,
        (Talent("Bring a minion along from where this one moved", passengers, _host_moved),),
    ),
)
card(
    "changerbots.the_touch",
    AttachCondition(on_a_minion_of_yours),
    GrantsAbilities(
        its_host, (Talent("+3 power and lose every other ability this turn", the_touch),)
    ),
)
