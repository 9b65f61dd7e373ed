"""The protections every shared verb checks once, here, for every card: whether an effect may
touch a minion (`guarded`), the 'affected' trigger of a minion touched by another player's card
(`touched`) and the `power_raised` moment (`raised`)."""

from __future__ import annotations

from domain import abilities, rules
from domain import events as ev
from domain import registry as reg
from domain.abilities import Protection
from domain.catalogue import catalogue
from domain.facts import Affected, PowerRaised
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Task
from domain.moments import Moment
from domain.triggers import fire, fire_for


def cause_kind(card: str) -> str:
    """'base', 'minion' or 'action' for the card behind an effect."""
    return "base" if card in catalogue().bases else rules.card_type(card) if card else "rule"


def guarded(fx: Fx, uid: str, verb: str = "") -> Steps | None:
    """None when the effect may touch this minion (after queuing what touching it triggers),
    else what happens instead: nothing (blocked), a shield destroyed, or a replacement."""
    found = rules.find_minion(fx.state, uid)
    if found is None:
        return ()
    base, minion = found
    guards = abilities.in_play(fx.state, Protection, minion.controller)
    if not guards:  # the usual: no protection in play, no cause to describe
        return None
    by = fx.ctx.get("by")
    seat = None if by is None else int(by)
    played = fx.ctx.get("kind") is not None  # see touched
    cause = reg.Cause(fx.card, cause_kind(fx.card), seat, verb, fx.src, played)
    declined = fx.ctx.get("declined") or ()
    for src, guard in guards:
        if src.uid in declined:  # its controller let this effect happen: not asked again
            continue
        verdict = guard.verdict(fx.state, src, base, minion, cause)
        if verdict == "block":
            return ()
        if verdict == "absorb":
            return attached_destroyed(fx.state, src.uid)
        if isinstance(verdict, Task):
            return (Task(verdict.key, {**fx.ctx, **verdict.ctx, "uid": uid}),)
    return None


def touched(fx: Fx, uid: str) -> Steps:
    """The 'affected' trigger of a minion touched by another player's card."""
    found = rules.find_minion(fx.state, uid)
    by = fx.ctx.get("by")
    if found is None or by is None or int(by) == found[1].controller or not fx.card:
        return ()
    m = found[1]
    # a card being played (its on-play ability, an attach) or a Special carries its type in
    # ctx "kind"; abilities of cards already in play (triggers, ongoing) do not
    cause = Affected(int(by), fx.card, fx.ctx.get("kind") is not None)
    return (
        *fire_for(
            m.card,
            Moment.AFFECTED,
            cause,
            fx.state,
            source_if_abilities_change(fx.state, m, found[0]),
            src=uid,
            base=found[0],
            by=m.controller,
            gone=False,
        ),
    )


def source_if_abilities_change(state: GameState, m: Minion, base: int) -> reg.Source | None:
    """The minion as a source, to ask which abilities it has now, when something in play may
    have changed them (else its script answers)."""
    if not abilities.changes_in_play(state):
        return None
    return reg.Source(m.card, m.uid, base, m.controller)


def attached_destroyed(state: GameState, uid: str) -> Steps:
    """Destroy an attached action (it goes to its owner's discard)."""
    for b in state.bases:
        for a in (*b.attached, *(x for m in b.minions for x in m.attached)):
            if a.uid == uid:
                return (ev.AttachedRemoved(a.uid, a.card, a.owner, "destroyed"),)
    return ()


def raised(fx: Fx, uid: str) -> Steps:
    """The `power_raised` moment, when the action being played (fx's cause) directly increases
    the power of minion `uid` (see abilities.IncreasesPower): +N power, a +1 power counter
    placed or transferred onto it, an ongoing power bonus attached to it. Every verb that
    raises power calls this once per minion raised, with the facts `PowerRaised` (`by`: the
    seat playing the action)."""
    if fx.ctx.get("kind") != "action" or not abilities.increases_power(fx.card):
        return ()
    found = rules.find_minion(fx.state, uid)
    if found is None:
        return ()
    facts = PowerRaised(uid, found[0], found[1].controller, fx.me, fx.card, fx.src)
    return fire(fx.state, Moment.POWER_RAISED, facts)
