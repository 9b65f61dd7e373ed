"""Triggered abilities: cards in play (and bases) reacting to moments of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import abilities, board, rules
from domain.effects import Triggered
from domain.facts import FACTS, Facts, MinionDiscarded, TurnStarted, of_moment
from domain.fx import Fx, Steps
from domain.model import JSON, GameState, Minion, Option, Task
from domain.moments import Moment
from domain.registry import Source
from domain.steps import step


def fire(state: GameState, moment: Moment, facts: Facts) -> Steps:
    """Tasks for every card in play with a trigger for `moment` (bases only if not blanked),
    given the moment's `facts` (domain.facts). Effects happening at the same time are ordered
    by the active player (see `simultaneous`)."""
    tasks = fired(state, moment, facts)
    return simultaneous(state, tasks) if tasks else ()  # nothing reacts: the usual


def reacting(state: GameState, moment: Moment, seat: int | None) -> bool:
    """Whether anything in play has a trigger for `moment` about `seat` (its facts' subject):
    when nothing has, `fired` finds nothing, so its facts need not be made."""
    return bool(abilities.triggered_at(state, Triggered, moment, seat))


def fired(state: GameState, moment: Moment, facts: Facts) -> list[Task]:
    """The trigger tasks of `moment`, in board order, not yet ordered. A base the seat the
    moment is about (`Facts.subject`) ignores does not react."""
    out: list[Task] = []
    if type(facts) is not FACTS[moment]:  # of_moment's check, without its call when it holds
        of_moment(moment, facts)
    persisted: dict[str, JSON] | None = None
    for src, ability in abilities.triggered_at(state, Triggered, moment, facts.subject()):
        if ability.reacts(state, src, facts):
            by = state.active if src.controller < 0 else src.controller
            if persisted is None:
                persisted = facts.ctx()
            ctx = {
                "src": src.uid,
                "card": src.card,
                "base": src.base,
                "by": by,
                "host": src.host,
                "moment": moment.value,  # plain JSON in a task (a decision keeps it)
                **persisted,
            }
            out.append(Task("trigger", ctx))
    return out


# moments whose effects all do the same kind of thing (a card leaves play): order cannot matter
ORDERLESS = frozenset({Moment.ENDS_AT_START_OF_TURN.value})


def simultaneous(state: GameState, tasks: Sequence[Task]) -> Steps:
    """Abilities that trigger at the same time: "the active player chooses the order" (core
    rulebook). When they come from different cards, so the order may matter, the active
    player is asked which resolves first, then again for the rest; otherwise they run in
    board order (bases left to right, each base before its cards)."""
    if len(tasks) < 2:
        return tuple(tasks)  # nothing to order (what _in_order would run as it is)
    moments = {str(t.ctx.get("moment")) for t in tasks}
    if moments <= ORDERLESS:
        return tuple(tasks)
    return _in_order(state.active, [{"key": t.key, "ctx": dict(t.ctx)} for t in tasks])


def _in_order(seat: int, effects: list[JSON]) -> Steps:
    """Run these effects: in the given order when it cannot matter (one left, or all from the
    same card), else after asking `seat` which comes first."""
    if len(effects) < 2 or len({str(e["ctx"].get("card")) for e in effects}) < 2:
        return tuple(Task(str(e["key"]), dict(e["ctx"])) for e in effects)
    return (Task("order_effects", {"seat": seat, "effects": effects}),)


@step("order_effects")
def _order_effects(fx: Fx, *, seat: int, effects: list[dict[str, Any]]) -> Steps:
    options = [_effect_option(fx.state, k, e) for k, e in enumerate(effects)]
    prompt = "Several abilities happen at the same time: choose the one that resolves first"
    return fx.ask(seat, "order", prompt, options, _order_effects_first, seat=seat, effects=effects)


def _effect_option(state: GameState, k: int, effect: JSON) -> Option:
    ctx = effect["ctx"]
    card, base = str(ctx.get("card")), ctx.get("base")
    label = rules.name(card)
    if isinstance(base, int) and 0 <= base < len(state.bases) and card != state.bases[base].card:
        label += f" (on {rules.name(state.bases[base].card)})"
    return Option(f"effect-{k}", label, k, card=card)


@step("order_effects_first")
def _order_effects_first(fx: Fx, *, seat: int, effects: list[dict[str, Any]], choice: int) -> Steps:
    rest = list(effects)
    first = rest.pop(choice)
    return (Task(str(first["key"]), dict(first["ctx"])), *_in_order(seat, rest))


def fire_for(
    card: str,
    moment: Moment,
    facts: Facts,
    now: GameState | None = None,
    source: Source | None = None,
    **identity: JSON,
) -> list[Task]:
    """The trigger of one card about to leave play or already gone (e.g. 'destroyed'), with
    the moment's `facts` and its task's `identity` (src, base, by): with its `source` in the
    state `now`, as the abilities it has there now."""
    of_moment(moment, facts)
    if not _reacts_itself(card, moment, now, source):
        return []
    ctx = {"card": card, "moment": moment.value, "gone": True, **identity, **facts.ctx()}
    return [Task("trigger", ctx)]


def _reacts_itself(card: str, moment: Moment, now: GameState | None, source: Source | None) -> bool:
    """Whether the card (`source` in the state `now`, if given) has a trigger for `moment`:
    as its script says, or as it has it now when something in play changes abilities."""
    if now is not None and source is not None and abilities.changes_in_play(now):
        return any(t.moment == moment for t in abilities.of(now, source, Triggered))
    return _triggered(card, moment) is not None


def discarded_from_play(
    state: GameState, leaving: Sequence[tuple[int, Minion]], reason: str
) -> list[Task]:
    """What reacts to minions (base index, minion) going from play to their owners' discard
    piles at the same time, in any way: destroyed, discarded when their base scores, or else
    (`reason`). Asked on the state *before* they leave: each one's own ability
    (`discarded_from_play`) and every card's `minion_discarded_from_play`, with the facts
    `MinionDiscarded` (`power`: its power as it left, counters and temporary changes
    included). Cards leaving at
    the same moment still react (e.g. an action attached to the minion or to a scored base);
    what their effects touch must still be there (a minion that left gets no counter)."""
    out: list[Task] = []
    if not _may_react(state):
        return out
    # what may react to another minion leaving (the view of every seat holds them all)
    others = abilities.triggered_at(state, Triggered, Moment.MINION_DISCARDED_FROM_PLAY)
    for base, m in leaving:
        me = Source(m.card, m.uid, base, m.controller)
        if not others and not _reacts_itself(m.card, Moment.DISCARDED_FROM_PLAY, state, me):
            continue  # nothing reacts to this one: its power as it left is not needed
        power = rules.power(state, base, m)
        facts = MinionDiscarded(m.uid, m.card, m.owner, m.controller, base, power, reason)
        out += fire_for(
            m.card,
            Moment.DISCARDED_FROM_PLAY,
            facts,
            state,
            me,
            src=m.uid,
            base=base,
            by=m.controller,
        )
        for t in fired(state, Moment.MINION_DISCARDED_FROM_PLAY, facts):
            out.append(Task(t.key, {**t.ctx, "gone": True}))
    return out


def _may_react(state: GameState) -> bool:
    """Whether any card could react to a minion going to the discard pile from play (a script
    with such a trigger, or something in play granting abilities)."""
    table = abilities.with_kind(Triggered)
    known = _REACTING.get("table")
    if known is None or known[0] is not table:
        moments = {Moment.DISCARDED_FROM_PLAY, Moment.MINION_DISCARDED_FROM_PLAY}
        found = any(t.moment in moments for ts in table.values() for t in ts)
        known = _REACTING["table"] = (table, found)
    return known[1] or abilities.changes_in_play(state)


_REACTING: dict[str, tuple[object, bool]] = {}


@step("trigger")
def _trigger(fx: Fx, *, moment: str, gone: bool = False, **facts: JSON) -> Steps:
    """A card's (or base's) triggered ability for `moment`, if its source is still in play
    (or `gone`: it reacts to leaving play); `facts` are the moment's, as its task holds them
    (the ability receives them typed: see Triggered.run)."""
    if not gone and not _still_there(fx.state, fx.src, fx.card, fx.base):
        return ()
    ability = _triggered(fx.card, moment)
    return ability.run(fx, facts) if ability else ()


def _triggered(card: str, moment: str) -> Triggered | None:
    """A card's ability for a moment (a task names its card and moment, for logs)."""
    return next((t for t in abilities.printed(card, Triggered) if t.moment == moment), None)


def _still_there(state: GameState, uid: str, card: str, base: int) -> bool:
    if uid.startswith("lingering:"):
        return True
    if uid == card:  # a base
        return 0 <= base < len(state.bases) and state.bases[base].card == card
    for s in abilities.sources(state):  # noqa: SIM110 - a loop costs less than any()
        if s.uid == uid:
            return True
    return False


def _destroyed_at_its_controllers_turn(fx: Fx, turn: TurnStarted) -> Steps:
    return board.destroy_attached(fx, fx.src) if turn.seat == fx.me else ()


LEAVES_AT_ITS_CONTROLLERS_NEXT_TURN = Triggered(
    Moment.ENDS_AT_START_OF_TURN, _destroyed_at_its_controllers_turn
)
"""Shared by attached cards that are destroyed when their controller's next turn begins
(before any start-of-turn ability)."""
