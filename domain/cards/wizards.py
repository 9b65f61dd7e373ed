"""Wizards. Bases: School of Wizardry, The Great Library. (Faction cards: the core-set issue.)"""

from __future__ import annotations

from domain import events as ev
from domain import rules
from domain.flow import replace_with_top
from domain.fx import Fx, Steps
from domain.model import Option, Task
from domain.registry import base_hook, continuation


@base_hook("base.school_of_wizardry", "replacement")
def school_of_wizardry(fx: Fx) -> Steps:
    winners = [p.seat for p in fx.state.last_scored if p.place == 0]
    top = fx.state.base_deck[:3]
    if not winners or not top:
        return replace_with_top(fx, fx.base, fx.card)
    seat = next(s for s in rules.seats_from(fx.state, fx.state.active) if s in winners)
    options = [Option(c, rules.name(c), c, card=c) for c in top]
    prompt = "School of Wizardry: choose the base that replaces it"
    return fx.ask(seat, "base_card", prompt, options, "school_pick", seat=seat)


@continuation("school_pick")
def school_pick(fx: Fx) -> Steps:
    chosen = str(fx.choice)
    rest = [c for c in fx.state.base_deck[:3] if c != chosen]
    out: Steps = (ev.BaseReplaced(fx.base, fx.card, chosen),)
    if len(rest) < 2:
        return out
    options = [Option(c, rules.name(c), c, card=c) for c in rest]
    prompt = "Choose the base to put on top of the base deck (the other goes under it)"
    return (*out, *fx.ask(int(fx.ctx["seat"]), "base_card", prompt, options, "school_order"))


@continuation("school_order")
def school_order(fx: Fx) -> Steps:
    first = str(fx.choice)
    rest = [c for c in fx.state.base_deck[:2] if c != first]
    top = (first, *rest)
    return (ev.BaseDeckReordered(top, 2, int(fx.ctx["seat"])),)


@base_hook("base.the_great_library", "after_scoring")
def the_great_library(fx: Fx) -> Steps:
    seats = sorted({m.controller for m in fx.minions(base=fx.base)})
    return tuple(Task("library_offer", fx.with_ctx(seat=s)) for s in seats)


@continuation("library_offer")
def library_offer(fx: Fx) -> Steps:
    seat = int(fx.ctx["seat"])
    options = [Option("draw", "Draw 1 card", True)]
    prompt = "The Great Library: you may draw a card"
    return fx.ask(seat, "yes_no", prompt, options, "library_draw", optional=True, seat=seat)


@continuation("library_draw")
def library_draw(fx: Fx) -> Steps:
    return fx.draw(int(fx.ctx["seat"]), 1)
