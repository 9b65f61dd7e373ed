"""Zombies. Bases: Evans City Cemetery, Rhodes Plaza Mall. (Faction cards: the core-set issue.)"""

from __future__ import annotations

from domain import events as ev
from domain.fx import Fx, Steps
from domain.model import GameState
from domain.registry import base_hook, scoring_bonus


@base_hook("base.evans_city_cemetery", "after_scoring")
def evans_city_cemetery(fx: Fx) -> Steps:
    steps: Steps = ()
    for p in fx.state.last_scored:
        if p.place == 0:
            hand = fx.state.players[p.seat].hand
            discards = tuple(ev.CardDiscarded(c.uid, c.card, c.owner, "hand") for c in hand)
            steps += (*discards, *fx.draw(p.seat, 5))
    return steps


@scoring_bonus("base.rhodes_plaza_mall")
def rhodes_plaza_mall(state: GameState, base: int, places: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for m in state.bases[base].minions:
        out[m.controller] = out.get(m.controller, 0) + 1
    return out
