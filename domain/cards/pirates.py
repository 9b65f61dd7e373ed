"""Pirates. Bases: The Grey Opal, Tortuga. (Faction cards: the core-set issue.)"""

from __future__ import annotations

from domain.fx import Fx, Steps
from domain.model import Task
from domain.registry import base_hook, continuation


@base_hook("base.the_grey_opal", "after_scoring")
def the_grey_opal(fx: Fx) -> Steps:
    losers = [p.seat for p in fx.state.last_scored if p.place != 0]
    return tuple(Task("grey_opal_offer", fx.with_ctx(seat=s)) for s in losers)


@continuation("grey_opal_offer")
def grey_opal_offer(fx: Fx) -> Steps:
    seat = int(fx.ctx["seat"])
    mine = fx.minions(base=fx.base, controller=seat)
    prompt = "The Grey Opal: you may move one of your minions here to another base"
    return fx.choose_minion(mine, prompt, "grey_opal_to", optional=True, seat=seat, by=seat)


@continuation("grey_opal_to")
def grey_opal_to(fx: Fx) -> Steps:
    uid = str(fx.choice)
    seat = int(fx.ctx["seat"])
    others = [i for i in fx.bases() if i != fx.base]
    return fx.choose_base(others, "Move it to which base?", "move", seat=seat, uid=uid)


@base_hook("base.tortuga", "replaced")
def tortuga(fx: Fx) -> Steps:
    runners = [p.seat for p in fx.state.last_scored if p.place == 1]
    return tuple(Task("tortuga_offer", fx.with_ctx(seat=s)) for s in runners)


@continuation("tortuga_offer")
def tortuga_offer(fx: Fx) -> Steps:
    seat = int(fx.ctx["seat"])
    elsewhere = [m for m in fx.minions(controller=seat) if fx.base_of(m) != fx.base]
    prompt = "Tortuga: you may move one of your minions on another base to the new base"
    return fx.choose_minion(
        elsewhere, prompt, "move", optional=True, seat=seat, by=seat, to=fx.base
    )
