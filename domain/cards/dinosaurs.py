"""Dinosaurs: big power, power boosts, destruction. Bases: Jungle Oasis, Tar Pits."""

from __future__ import annotations

from domain import events as ev
from domain import rules
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Task
from domain.registry import (
    Cause,
    Source,
    continuation,
    destroyed_here_go_to,
    guard,
    on_play,
    ongoing_power,
    vanilla,
)

vanilla("dinosaurs.king_rex", "base.jungle_oasis")


@on_play("dinosaurs.laseratops")
def laseratops(fx: Fx) -> Steps:
    small = [m for m in fx.minions(base=fx.base) if fx.power(m) <= 2]
    return fx.choose_minion(small, "Destroy a minion of power 2 or less here", then="destroy")


@ongoing_power("dinosaurs.armor_stego")
def armor_stego(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 2 if m.uid == src.uid and state.active != m.controller else 0


@ongoing_power("dinosaurs.war_raptor")
def war_raptor(state: GameState, src: Source, base: int, m: Minion) -> int:
    if m.uid != src.uid:
        return 0
    return sum(1 for r in state.bases[base].minions if r.card == "dinosaurs.war_raptor")


@on_play("dinosaurs.augmentation")
def augmentation(fx: Fx) -> Steps:
    return fx.choose_minion(fx.minions(), "Give a minion +4 power", then="power", amount=4)


@on_play("dinosaurs.howl")
def howl(fx: Fx) -> Steps:
    steps: Steps = ()
    for m in fx.minions(controller=fx.me):
        steps += fx.add_power(m.uid, 1)
    return steps


@on_play("dinosaurs.natural_selection")
def natural_selection(fx: Fx) -> Steps:
    prompt = "Choose one of your minions"
    return fx.choose_minion(fx.minions(controller=fx.me), prompt, then="natural_selection_prey")


@continuation("natural_selection_prey")
def natural_selection_prey(fx: Fx) -> Steps:
    hunter = str(fx.choice)
    strength = fx.power(hunter)
    prey = [m for m in fx.minions(base=fx.base_of(hunter)) if fx.power(m) < strength]
    return fx.choose_minion(prey, "Destroy a weaker minion there", then="destroy")


@on_play("dinosaurs.rampage")
def rampage(fx: Fx) -> Steps:
    prompt = "Choose one of your minions: its base's breakpoint drops by its power this turn"
    return fx.choose_minion(fx.minions(controller=fx.me), prompt, then="rampage_minion")


@continuation("rampage_minion")
def rampage_minion(fx: Fx) -> Steps:
    uid = str(fx.choice)
    base = fx.state.bases[fx.base_of(uid)].card
    until = rules.end_of_turn_for(fx.state, fx.me)
    return (ev.BreakpointModified(base, -fx.power(uid), until),)


@on_play("dinosaurs.survival_of_the_fittest")
def survival_of_the_fittest(fx: Fx) -> Steps:
    return tuple(Task("survival_base", fx.with_ctx(base=i)) for i in fx.bases())


@continuation("survival_base")
def survival_base(fx: Fx) -> Steps:
    here = fx.minions(base=fx.base)
    powers = {m.uid: fx.power(m) for m in here}
    if len(set(powers.values())) < 2:
        return ()
    low = min(powers.values())
    weakest = [m for m in here if powers[m.uid] == low]
    return fx.choose_minion(weakest, "Destroy the weakest minion here", then="destroy")


@guard("dinosaurs.tooth_and_claw_and_guns")
def tooth_and_claw(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> str | None:
    return "absorb" if src.host == m.uid and cause.kind != "rule" else None


@ongoing_power("dinosaurs.upgrade")
def upgrade(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 2 if src.host == m.uid else 0


@guard("dinosaurs.wildlife_preserve")
def wildlife_preserve(
    state: GameState, src: Source, base: int, m: Minion, cause: Cause
) -> str | None:
    mine_here = base == src.base and m.controller == src.controller
    opponent_action = cause.kind == "action" and cause.seat != src.controller
    return "block" if mine_here and opponent_action else None


@on_play("dinosaurs.wildlife_preserve")
def wildlife_preserve_played(fx: Fx) -> Steps:
    steps: list[ev.Event] = []
    for m in fx.minions(base=fx.base, controller=fx.me):
        steps += [
            ev.AttachedRemoved(a.uid, a.card, a.owner, "discarded")
            for a in m.attached
            if a.controller != fx.me
        ]
    return tuple(steps)


destroyed_here_go_to("base.tar_pits", "deck_bottom")
