"""Talents: abilities of cards in play (and bases) used once per turn, in the play phase, with
the use_talent command (Cease and Desist, Oops You Did It Again). A Talent with a cost (see
domain.costs) is offered only when it can be paid, and pays it before its effect.

A Talent that an attached action grants the minion it is on (e.g. Flighterizer) is used by
naming that action: each such card gives its own once-per-turn Talent, used by the minion's
controller, beside the minion's own one (named by the minion). Using a minion's Talent (its
own, or one granted to it) is the moment ``talent_used``."""

from __future__ import annotations

from domain import abilities, rules
from domain import events as ev
from domain.effects import Talent
from domain.evolve import talent_flag
from domain.facts import TalentUsed
from domain.fx import Fx, Steps
from domain.model import GameState, Task
from domain.moments import Moment
from domain.registry import Source
from domain.steps import step
from domain.triggers import fire


def offered(state: GameState, seat: int | None = None) -> list[tuple[Source, Talent]]:
    """Every Talent in play as (the source it is used through, the Talent), in board order:
    a granted Talent's source is the card granting it, with its host and the host's
    controller; each source's first Talent only. Lingering effects have none to use."""
    out: list[tuple[Source, Talent]] = []
    if rules.none_in_play(state, Talent):
        return out  # no card in play has a Talent, nor can have one now
    seen: set[str] = set()
    for src, talent in abilities.in_play(state, Talent, seat):
        if src.uid.startswith("lingering:"):
            continue
        user = src
        if not any(t is talent for t in abilities.printed(src.card, Talent)):
            # granted: used through the card granting it (the next one not listed yet, for
            # two copies of a card), by the host's controller
            givers = [g for g in abilities.granted_by(state, src, talent) if g.uid not in seen]
            if not givers:
                continue
            user = Source(givers[0].card, givers[0].uid, src.base, src.controller, src.uid)
        if user.uid not in seen:
            seen.add(user.uid)
            out.append((user, talent))
    return out


def usable(state: GameState, seat: int) -> list[tuple[Source, Talent]]:
    """The Talents `seat` may use now, in board order. The seat must be in its own play phase
    with nothing pending (legal_commands sees to that)."""
    found = offered(state, seat)
    if not found:
        return found
    return [
        (src, talent)
        for src, talent in found
        if not 0 <= src.controller != seat
        and talent_flag(src.uid, seat) not in state.flags
        and (talent.when is None or talent.when(state, seat, src.uid, src.base))
        and (talent.cost is None or talent.cost.payable(state, seat, src.uid, src.base))
    ]


def user_of(state: GameState, uid: str, seat: int | None = None) -> Source | None:
    """The source through which the Talent named by `uid` is used (None: no Talent there)."""
    return next((s for s, _ in offered(state, seat) if s.uid == uid), None)


def minion_of(src: Source) -> str | None:
    """The minion whose Talent this is (its own, or one an action on it has or grants)."""
    if src.host is not None:
        return src.host
    is_minion = src.controller >= 0 and rules.card_type(src.card) == "minion"
    return src.uid if is_minion else None


def use(state: GameState, seat: int, uid: str) -> Steps:
    """What using the Talent of `uid` does: the fact, then the Talent's effect, then what
    reacts to a minion having used a Talent (where it was when it used it)."""
    src, _ = next((s, t) for s, t in usable(state, seat) if s.uid == uid)
    origin = {
        "src": src.uid,
        "card": src.card,
        "by": seat,
        "base": src.base,
        "kind": rules.card_type(src.card) if src.controller >= 0 else "base",
        "host": src.host,
    }
    minion = minion_of(src)
    reactions = (
        ()
        if minion is None
        else fire(state, Moment.TALENT_USED, TalentUsed(minion, src.base, seat))
    )
    return ev.TalentUsed(seat, src.uid, src.card), Task("talent", origin), *reactions


@step("talent")
def _talent(fx: Fx) -> Steps:
    """A Talent's effect, as its source has it now (it may have lost it meanwhile)."""
    found = next(
        (t for s, t in offered(fx.state, fx.me) if s.uid == fx.src and s.card == fx.card), None
    )
    if found is None:
        return ()
    return found.cost.pay(fx, found.effect) if found.cost else found.effect(fx)
