"""Triggered abilities: cards in play (and bases) reacting to moments of the game."""

from __future__ import annotations

from typing import Any

from domain import registry as reg
from domain import rules
from domain.fx import Fx, Steps
from domain.model import JSON, GameState, Task
from domain.registry import continuation

# the fact naming the seat a moment is about: a base that seat ignores does not react to it
SUBJECT = {
    "start_of_turn": "seat",
    "ends_at_start_of_turn": "seat",
    "end_of_turn": "seat",
    "minion_played": "played_by",
    "minion_destroyed": "controller",
}


def fire(state: GameState, moment: str, **facts: JSON) -> Steps:
    """Tasks for every card in play with a trigger for `moment` (bases only if not blanked).
    They run in board order: bases left to right, each base before its cards."""
    out: list[Any] = []
    subject = facts.get(SUBJECT.get(moment, ""))
    for src in rules.sources(state):
        if rules.ignored_by(state, src, None if subject is None else int(subject)):
            continue
        if moment in reg.TRIGGERS.get(src.card, {}):
            by = state.active if src.controller < 0 else src.controller
            ctx = {
                "src": src.uid,
                "card": src.card,
                "base": src.base,
                "by": by,
                "host": src.host,
                "moment": moment,
                **facts,
            }
            out.append(Task("trigger", ctx))
    return tuple(out)


def fire_for(card: str, moment: str, **ctx: JSON) -> Steps:
    """The trigger of one card that is no longer (or not) in play, e.g. 'destroyed'."""
    if moment not in reg.TRIGGERS.get(card, {}):
        return ()
    return (Task("trigger", {"card": card, "moment": moment, "gone": True, **ctx}),)


@continuation("trigger")
def _trigger(fx: Fx) -> Steps:
    moment = str(fx.ctx["moment"])
    if not fx.ctx.get("gone") and not _still_there(fx.state, fx.src, fx.card, fx.base):
        return ()
    fn = reg.TRIGGERS.get(fx.card, {}).get(moment)
    return fn(fx) if fn else ()


def _still_there(state: GameState, uid: str, card: str, base: int) -> bool:
    if uid.startswith("lingering:"):
        return True
    if uid == card:  # a base
        return 0 <= base < len(state.bases) and state.bases[base].card == card
    return any(s.uid == uid for s in rules.sources(state))


def _destroyed_at_its_controllers_turn(fx: Fx) -> Steps:
    return fx.destroy_attached(fx.src) if int(fx.ctx["seat"]) == fx.me else ()


def until_its_controllers_next_turn(card: str) -> None:
    """An attached card that is destroyed when its controller's next turn begins (before any
    start-of-turn ability)."""
    reg.trigger(card, "ends_at_start_of_turn")(_destroyed_at_its_controllers_turn)
