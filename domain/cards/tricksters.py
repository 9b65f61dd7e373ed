"""Tricksters. Bases: Cave of Shinies, Mushroom Kingdom. (Faction cards: the core-set issue.)"""

from __future__ import annotations

from domain.fx import Fx, Steps
from domain.registry import trigger


@trigger("base.cave_of_shinies", "minion_destroyed")
def cave_of_shinies(fx: Fx) -> Steps:
    if fx.ctx["destroyed_base"] != fx.base:
        return ()
    return fx.gain_vp(int(fx.ctx["owner"]), 1, "base.cave_of_shinies")


@trigger("base.mushroom_kingdom", "start_of_turn")
def mushroom_kingdom(fx: Fx) -> Steps:
    seat = int(fx.ctx["seat"])
    theirs = [m for m in fx.minions() if m.controller != seat and fx.base_of(m) != fx.base]
    prompt = "Mushroom Kingdom: you may move an opponent's minion to this base"
    return fx.choose_minion(theirs, prompt, "move", optional=True, seat=seat, to=fx.base)
