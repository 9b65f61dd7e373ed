"""Talents: abilities of cards in play (and bases) used once per turn, in the play phase, with
the use_talent command (Cease and Desist, Oops You Did It Again)."""

from __future__ import annotations

from domain import abilities, rules
from domain import events as ev
from domain.abilities import Talent
from domain.evolve import talent_flag
from domain.fx import Fx, Steps
from domain.model import GameState, Task
from domain.registry import Source
from domain.steps import step


def usable(state: GameState, seat: int) -> list[tuple[Source, Talent]]:
    """The Talents `seat` may use now (each source's first Talent), in board order. The seat
    must be in its own play phase with nothing pending (legal_commands sees to that)."""
    out: list[tuple[Source, Talent]] = []
    if not abilities.with_kind(Talent) and not abilities.changes_in_play(state):
        return out  # no card has a Talent, nor can have one now
    seen: set[str] = set()
    for src, talent in abilities.in_play(state, Talent, seat):
        if src.uid in seen or (src.controller >= 0 and src.controller != seat):
            continue
        seen.add(src.uid)
        if talent_flag(src.uid, seat) in state.flags:
            continue
        if talent.when is None or talent.when(state, seat, src.uid, src.base):
            out.append((src, talent))
    return out


def use(state: GameState, seat: int, uid: str) -> Steps:
    """What using the Talent of `uid` does: the fact, then the Talent's effect."""
    src, _ = next((s, t) for s, t in usable(state, seat) if s.uid == uid)
    origin = {
        "src": src.uid,
        "card": src.card,
        "by": seat,
        "base": src.base,
        "kind": rules.card_type(src.card) if src.controller >= 0 else "base",
        "host": src.host,
    }
    return ev.TalentUsed(seat, src.uid, src.card), Task("talent", origin)


@step("talent")
def _talent(fx: Fx) -> Steps:
    """A Talent's effect, as its source has it now (it may have lost it meanwhile)."""
    found = next(
        (s for s in rules.sources(fx.state) if s.uid == fx.src and s.card == fx.card), None
    )
    if found is None:
        return ()  # its source left play before the Talent resolved
    talents = abilities.of(fx.state, found, Talent, fx.me)
    return talents[0].effect(fx) if talents else ()
