"""Ninjas. Bases: Ninja Dojo, Temple of Goju. (Faction cards: the core-set issue.)"""

from __future__ import annotations

from domain.fx import Fx, Steps
from domain.model import Task
from domain.registry import base_hook, continuation


@base_hook("base.ninja_dojo", "after_scoring")
def ninja_dojo(fx: Fx) -> Steps:
    winners = [p.seat for p in fx.state.last_scored if p.place == 0]
    return tuple(Task("ninja_dojo_offer", fx.with_ctx(seat=s)) for s in winners)


@continuation("ninja_dojo_offer")
def ninja_dojo_offer(fx: Fx) -> Steps:
    seat = int(fx.ctx["seat"])
    prompt = "Ninja Dojo: you may destroy any minion"
    return fx.choose_minion(fx.minions(), prompt, then="destroy", optional=True, seat=seat, by=seat)


@base_hook("base.temple_of_goju", "after_scoring")
def temple_of_goju(fx: Fx) -> Steps:
    seats = sorted({m.controller for m in fx.minions(base=fx.base)})
    return tuple(Task("goju_strongest", fx.with_ctx(seat=s)) for s in seats)


@continuation("goju_strongest")
def goju_strongest(fx: Fx) -> Steps:
    seat = int(fx.ctx["seat"])
    mine = fx.minions(base=fx.base, controller=seat)
    if not mine:
        return ()
    top = max(fx.power(m) for m in mine)
    strongest = [m for m in mine if fx.power(m) == top]
    prompt = "Temple of Goju: your strongest minion here goes to the bottom of its owner's deck"
    return fx.choose_minion(strongest, prompt, then="deck_bottom", seat=seat, by=seat)
