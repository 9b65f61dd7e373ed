"""Pirates: moving minions around, destroying small ones. Bases: The Grey Opal, Tortuga."""

from __future__ import annotations

from domain import rules, verbs
from domain.abilities import IncreasesPower, Protection, card
from domain.catalogue import catalogue
from domain.effects import BaseHook, OnPlay, Special, anytime, play_itself
from domain.fx import Fx, Steps
from domain.model import JSON, GameState, Minion, Option, Task, Zone
from domain.moments import Hook, Window
from domain.registry import Cause, Source
from domain.steps import step

# --- minions ---------------------------------------------------------------------------------


def _elsewhere(state: GameState, seat: int, uid: str, base: int) -> bool:
    found = rules.find_minion(state, uid)
    return found is not None and found[0] != base


def pirate_king(fx: Fx) -> Steps:
    return fx.move(fx.src, fx.base)


def buccaneer(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> Task | None:
    if m.uid != src.uid or cause.verb != "destroy" or len(state.bases) < 2:
        return None
    return Task("buccaneer_escape", {"seat": m.controller})


@step("buccaneer_escape")
def buccaneer_escape(fx: Fx, *, uid: str, seat: int) -> Steps:
    others = [i for i in fx.bases() if i != fx.base_of(uid)]
    prompt = "Buccaneer: instead of being destroyed, it moves to which base?"
    cause: dict[str, JSON] = {"src": uid, "card": "pirates.buccaneer", "by": seat, "to": None}
    return fx.choose("base", others, prompt, verbs.move, seat=seat, uid=uid, kind="minion", **cause)


def saucy_wench(fx: Fx) -> Steps:
    small = fx.minions(base=fx.base, max_power=2)
    prompt = "Saucy Wench: you may destroy a minion of power 2 or less on this base"
    return fx.choose("minion", small, prompt, then=verbs.destroy, optional=True)


def _on_scored_base(state: GameState, seat: int, uid: str, base: int) -> bool:
    found = rules.find_minion(state, uid)
    return found is not None and found[0] == base and len(state.bases) > 1


def first_mate(fx: Fx) -> Steps:
    others = [i for i in fx.bases() if i != fx.base]
    return fx.choose(
        "base", others, "Move First Mate to which base?", verbs.move, uid=fx.src, to=None
    )


# --- actions ---------------------------------------------------------------------------------


def broadside(fx: Fx) -> Steps:
    mine = sorted({fx.base_of(m) for m in fx.minions(controller=fx.me)})
    prompt = "Broadside: choose a base where you have a minion"
    return fx.choose("base", mine, prompt, then=broadside_base)


@step("broadside_base")
def broadside_base(fx: Fx, *, choice: int) -> Steps:
    seats = [*fx.others(), fx.me]
    prompt = "Broadside: destroy that player's minions of power 2 or less there"
    return fx.choose("seat", seats, prompt, broadside_fire, target_base=choice)


@step("broadside_fire")
def broadside_fire(fx: Fx, *, target_base: int, choice: int) -> Steps:
    steps: Steps = ()
    for m in fx.minions(base=target_base, controller=choice):
        if fx.power(m) <= 2:
            steps += fx.destroy(m.uid)
    return steps


def cannon(fx: Fx) -> Steps:
    return fx.then(cannon_aim, left=2, done=[])


@step("cannon_aim")
def cannon_aim(fx: Fx, *, left: int, done: list[str]) -> Steps:
    if not left:
        return ()
    small = [m for m in fx.minions() if fx.power(m) <= 2 and m.uid not in done]
    prompt = f"Cannon: you may destroy a minion of power 2 or less ({left} left)"
    return fx.choose("minion", small, prompt, cannon_fire, optional=True, left=left, done=done)


@step("cannon_fire")
def cannon_fire(fx: Fx, *, left: int, done: list[str], choice: str) -> Steps:
    return (*fx.destroy(choice), *fx.then(cannon_aim, left=left - 1, done=[*done, choice]))


def _sail(fx: Fx, left: int | None) -> Steps:
    """Move up to `left` (None: any number) of my minions, each to another base, one by one."""
    return fx.then(sail_pick, left=left, done=[])


@step("sail_pick")
def sail_pick(fx: Fx, *, left: int | None, done: list[str]) -> Steps:
    if left is not None and left <= 0:
        return ()
    mine = [m for m in fx.minions(controller=fx.me) if m.uid not in done]
    prompt = "You may move one of your minions to another base"
    return fx.choose(
        "minion", mine, prompt, sail_minion, optional=True, skip_label="Done", left=left, done=done
    )


@step("sail_minion")
def sail_minion(fx: Fx, *, left: int | None, done: list[str], choice: str) -> Steps:
    others = [i for i in fx.bases() if i != fx.base_of(choice)]
    prompt = "Move it to which base?"
    return fx.choose("base", others, prompt, sail_move, moving=choice, left=left, done=done)


@step("sail_move")
def sail_move(fx: Fx, *, moving: str, left: int | None, done: list[str], choice: int) -> Steps:
    rest = None if left is None else left - 1
    return (*fx.move(moving, choice), *fx.then(sail_pick, left=rest, done=[*done, moving]))


def dinghy(fx: Fx) -> Steps:
    return _sail(fx, 2)


def full_sail(fx: Fx) -> Steps:
    return _sail(fx, None)


def powderkeg(fx: Fx) -> Steps:
    prompt = "Powderkeg: destroy one of your minions (and every minion there no stronger)"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, then=powderkeg_blast)


@step("powderkeg_blast")
def powderkeg_blast(fx: Fx, *, choice: str) -> Steps:
    uid = choice
    strength = fx.power(uid)
    others = [m for m in fx.minions(base=fx.base_of(uid)) if m.uid != uid]
    steps = fx.destroy(uid)
    for m in others:
        if fx.power(m) <= strength:
            steps += fx.destroy(m.uid)
    return steps


def sea_dogs(fx: Fx) -> Steps:
    named = dict.fromkeys(f for p in fx.state.players for f in p.factions)
    options = [Option(f, catalogue().name(f), f) for f in named]
    return fx.ask(fx.me, "faction", "Sea Dogs: name a faction", options, sea_dogs_faction)


def _sea_dogs(fx: Fx, base: int, faction: str) -> list[Minion]:
    return [
        m
        for m in fx.minions(base=base)
        if m.controller != fx.me and rules.faction_of(m.card) == faction
    ]


@step("sea_dogs_faction")
def sea_dogs_faction(fx: Fx, *, choice: str) -> Steps:
    faction = choice
    sources = [i for i in fx.bases() if _sea_dogs(fx, i, faction)]
    prompt = f"Sea Dogs: move opponents' {catalogue().name(faction)} minions from which base?"
    return fx.choose("base", sources, prompt, then=sea_dogs_from, faction=faction)


@step("sea_dogs_from")
def sea_dogs_from(fx: Fx, *, faction: str, choice: int) -> Steps:
    others = [i for i in fx.bases() if i != choice]
    prompt = "Sea Dogs: to which base?"
    return fx.choose("base", others, prompt, sea_dogs_to, origin=choice, faction=faction)


@step("sea_dogs_to")
def sea_dogs_to(fx: Fx, *, origin: int, faction: str, choice: int) -> Steps:
    steps: Steps = ()
    for m in _sea_dogs(fx, origin, faction):
        steps += fx.move(m.uid, choice)
    return steps


def shanghai(fx: Fx) -> Steps:
    theirs = [m for m in fx.minions() if m.controller != fx.me]
    prompt = "Shanghai: choose an opponent's minion to move"
    return fx.choose("minion", theirs, prompt, then=shanghai_to)


@step("shanghai_to")
def shanghai_to(fx: Fx, *, choice: str) -> Steps:
    uid = choice
    others = [i for i in fx.bases() if i != fx.base_of(uid)]
    return fx.choose("base", others, "Move it to which base?", then=verbs.move, uid=uid, to=None)


def swashbuckling(fx: Fx) -> Steps:
    steps: Steps = ()
    for m in fx.minions(controller=fx.me):
        steps += fx.add_power(m.uid, 1)
    return steps


# --- bases -----------------------------------------------------------------------------------


def the_grey_opal(fx: Fx) -> Steps:
    losers = [p.seat for p in fx.state.last_scored if p.place != 0]
    return tuple(fx.task(grey_opal_offer, seat=s) for s in losers)


@step("grey_opal_offer")
def grey_opal_offer(fx: Fx, *, seat: int) -> Steps:
    mine = fx.minions(base=fx.base, controller=seat)
    prompt = "The Grey Opal: you may move one of your minions here to another base"
    options = [fx.option("minion", m) for m in mine]
    return fx.ask(seat, "minion", prompt, options, grey_opal_to, optional=True, seat=seat, by=seat)


@step("grey_opal_to")
def grey_opal_to(fx: Fx, *, seat: int, choice: str) -> Steps:
    uid = choice
    others = [i for i in fx.bases() if i != fx.base]
    return fx.choose("base", others, "Move it to which base?", verbs.move, seat=seat, uid=uid)


def tortuga(fx: Fx) -> Steps:
    runners = [p.seat for p in fx.state.last_scored if p.place == 1]
    return tuple(fx.task(tortuga_offer, seat=s) for s in runners)


@step("tortuga_offer")
def tortuga_offer(fx: Fx, *, seat: int) -> Steps:
    elsewhere = [m for m in fx.minions(controller=seat) if fx.base_of(m) != fx.base]
    prompt = "Tortuga: you may move one of your minions on another base to the new base"
    return fx.choose(
        "minion", elsewhere, prompt, verbs.move, optional=True, seat=seat, by=seat, to=fx.base
    )


# --- the cards: each one's abilities, as values ----------------------------------------

card(
    "pirates.pirate_king",
    Special(Window.BEFORE_SCORING, Zone.PLAY, "Pirate King: move it here", _elsewhere, pirate_king),
)
card("pirates.buccaneer", Protection(buccaneer))
card("pirates.saucy_wench", OnPlay(saucy_wench))
card(
    "pirates.first_mate",
    Special(
        Window.AFTER_SCORING,
        Zone.PLAY,
        "First Mate: move it to another base",
        _on_scored_base,
        first_mate,
    ),
)
card("pirates.broadside", OnPlay(broadside))
card("pirates.cannon", OnPlay(cannon))
card("pirates.dinghy", OnPlay(dinghy))
card(
    "pirates.full_sail",
    OnPlay(full_sail),
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "Full Sail: play it now",
        anytime,
        play_itself,
        plays_it=True,
    ),
)
card("pirates.powderkeg", OnPlay(powderkeg))
card("pirates.sea_dogs", OnPlay(sea_dogs))
card("pirates.shanghai", OnPlay(shanghai))
card("pirates.swashbuckling", OnPlay(swashbuckling), IncreasesPower())
card("base.the_grey_opal", BaseHook(Hook.AFTER_SCORING, the_grey_opal))
card("base.tortuga", BaseHook(Hook.REPLACED, tortuga))
