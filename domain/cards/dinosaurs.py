"""Dinosaurs: big power, power boosts, destruction. Bases: Jungle Oasis, Tar Pits."""

from __future__ import annotations

from domain import board, rules, verbs
from domain.abilities import DestroyedGoTo, IncreasesPower, OngoingPower, Protection, card
from domain.effects import OnPlay
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Zone
from domain.registry import Cause, Source
from domain.steps import step


def laseratops(fx: Fx) -> Steps:
    small = fx.minions(base=fx.base, max_power=2)
    return fx.choose("minion", small, "Destroy a minion of power 2 or less here", verbs.destroy)


def armor_stego(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 2 if m.uid == src.uid and state.active != m.controller else 0


def war_raptor(state: GameState, src: Source, base: int, m: Minion) -> int:
    if m.uid != src.uid:
        return 0
    return sum(1 for r in state.bases[base].minions if r.card == "dinosaurs.war_raptor")


def augmentation(fx: Fx) -> Steps:
    return fx.choose(
        "minion", fx.minions(), "Give a minion +4 power", then=verbs.modify_power, amount=4
    )


def howl(fx: Fx) -> Steps:
    steps: Steps = ()
    for m in fx.minions(controller=fx.me):
        steps += fx.add_power(m.uid, 1)
    return steps


@step("natural_selection_prey")
def natural_selection_prey(fx: Fx, *, choice: str) -> Steps:
    hunter = choice
    strength = fx.power(hunter)
    prey = [m for m in fx.minions(base=fx.base_of(hunter)) if fx.power(m) < strength]
    return fx.choose("minion", prey, "Destroy a weaker minion there", then=verbs.destroy)


def natural_selection(fx: Fx) -> Steps:
    prompt = "Choose one of your minions"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, then=natural_selection_prey)


@step("rampage_minion")
def rampage_minion(fx: Fx, *, choice: str) -> Steps:
    uid = choice
    base = fx.state.bases[fx.base_of(uid)].card
    until = rules.end_of_turn_for(fx.state, fx.me)
    return board.breakpoint_change(base, -fx.power(uid), until)


def rampage(fx: Fx) -> Steps:
    prompt = "Choose one of your minions: its base's breakpoint drops by its power this turn"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, then=rampage_minion)


@step("survival_base")
def survival_base(fx: Fx) -> Steps:
    """One base of Survival of the Fittest (the task's `base`)."""
    here = fx.minions(base=fx.base)
    powers = {m.uid: fx.power(m) for m in here}
    if len(set(powers.values())) < 2:
        return ()
    low = min(powers.values())
    weakest = [m for m in here if powers[m.uid] == low]
    return fx.choose("minion", weakest, "Destroy the weakest minion here", then=verbs.destroy)


def survival_of_the_fittest(fx: Fx) -> Steps:
    return tuple(fx.task(survival_base, base=i) for i in fx.bases())


def tooth_and_claw(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> str | None:
    return "absorb" if src.host == m.uid and cause.kind != "rule" else None


def upgrade(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 2 if src.host == m.uid else 0


def wildlife_preserve(
    state: GameState, src: Source, base: int, m: Minion, cause: Cause
) -> str | None:
    mine_here = base == src.base and m.controller == src.controller
    opponent_action = cause.kind == "action" and cause.seat != src.controller
    return "block" if mine_here and opponent_action else None


def wildlife_preserve_played(fx: Fx) -> Steps:
    mine = fx.minions(base=fx.base, controller=fx.me)
    theirs = [a for m in mine for a in m.attached if a.controller != fx.me]
    return tuple(item for a in theirs for item in board.discard_attached(a))


# --- the cards: each one's abilities, as values ----------------------------------------

card("dinosaurs.king_rex")
card("base.jungle_oasis")
card("dinosaurs.laseratops", OnPlay(laseratops))
card("dinosaurs.armor_stego", OngoingPower(armor_stego))
card("dinosaurs.war_raptor", OngoingPower(war_raptor))
card("dinosaurs.augmentation", OnPlay(augmentation), IncreasesPower())
card("dinosaurs.howl", OnPlay(howl), IncreasesPower())
card("dinosaurs.natural_selection", OnPlay(natural_selection))
card("dinosaurs.rampage", OnPlay(rampage))
card("dinosaurs.survival_of_the_fittest", OnPlay(survival_of_the_fittest))
card("dinosaurs.tooth_and_claw_and_guns", Protection(tooth_and_claw))
card("dinosaurs.upgrade", OngoingPower(upgrade), IncreasesPower())
card("dinosaurs.wildlife_preserve", Protection(wildlife_preserve), OnPlay(wildlife_preserve_played))
card("base.tar_pits", DestroyedGoTo(Zone.DECK_BOTTOM))
