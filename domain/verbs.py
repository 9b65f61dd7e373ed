"""The shared verbs as tasks: destroy, return, place on a deck, move, change power, draw,
attach, play. Each checks protections once, here, for every card."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from domain import (
    abilities,
    plays,
    replacements,
    rules,
)
from domain import events as ev
from domain import registry as reg
from domain.abilities import DestroyedGoTo, Protection
from domain.catalogue import catalogue
from domain.codec import decode
from domain.effects import BaseHook, OnPlay, OnUncover
from domain.engine import effect_steps
from domain.facts import ActionAttached, Affected, MinionDestroyed, MinionPlayed, PowerRaised
from domain.fx import APPLY_TO, Ask, Fx, Steps
from domain.model import JSON, PILES, CardRef, GameState, Minion, Option, Task, Zone
from domain.moments import Hook, Moment
from domain.steps import StepFn, identity, step
from domain.triggers import discarded_from_play, fire, fire_for, fired, simultaneous


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
    by = fx.ctx.get("by")
    seat = None if by is None else int(by)
    played = fx.ctx.get("kind") is not None  # see touched
    cause = reg.Cause(fx.card, cause_kind(fx.card), seat, verb, fx.src, played)
    declined = fx.ctx.get("declined") or ()
    for src, guard in abilities.in_play(fx.state, Protection, minion.controller):
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
            _source_if_abilities_change(fx.state, m, found[0]),
            src=uid,
            base=found[0],
            by=m.controller,
            gone=False,
        ),
    )


def _source_if_abilities_change(state: GameState, m: Minion, base: int) -> reg.Source | None:
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


@step("destroy_attached")
def destroy_attached(fx: Fx, *, uid: str | None = None, choice: str | None = None) -> Steps:
    return attached_destroyed(fx.state, str(uid or choice))


# The verbs on a minion name it by `uid`, or take the minion chosen (`choice`) when asked.


def _remove(fx: Fx, uid: str, to: str, reason: str, verb: str) -> Steps:
    blocked = guarded(fx, uid, verb)
    if blocked is not None:
        return blocked
    found = rules.find_minion(fx.state, uid)
    assert found is not None
    base, m = found
    gone = discarded_from_play(fx.state, [(base, m)], reason) if to == Zone.DISCARD else []
    removed = ev.MinionRemoved(uid, m.card, m.owner, base, to, reason)
    return (*touched(fx, uid), removed, *simultaneous(fx.state, gone))


@step("destroy")
def destroy(
    fx: Fx,
    *,
    uid: str | None = None,
    choice: str | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Destroy minion `uid` (or the one chosen); `declined`: the optional replacements (their
    cards' uids) its controller turned down for this very effect."""
    uid = str(uid or choice)
    blocked = guarded(fx, uid, "destroy")
    if blocked is not None:
        return blocked
    found = rules.find_minion(fx.state, uid)
    assert found is not None
    base, m = found
    redirect = abilities.of_base(fx.state, base, DestroyedGoTo, m.controller)
    to = redirect[0].zone if redirect else "discard"
    by = fx.ctx.get("by")
    facts = MinionDestroyed(uid, m.card, m.owner, m.controller, base, by)
    return (
        *touched(fx, uid),
        ev.MinionRemoved(uid, m.card, m.owner, base, to, "destroyed"),
        # its own 'destroyed' ability and the others' 'minion destroyed' happen together
        *simultaneous(
            fx.state,
            [
                *fire_for(
                    m.card,
                    Moment.DESTROYED,
                    facts,
                    fx.state,
                    _source_if_abilities_change(fx.state, m, base),
                    src=uid,
                    base=base,
                    by=m.controller,
                ),
                *fired(fx.state, Moment.MINION_DESTROYED, facts),
                *(
                    discarded_from_play(fx.state, [(base, m)], "destroyed")
                    if to == "discard"
                    else []
                ),
            ],
        ),
    )


@step("return")
def return_to_hand(
    fx: Fx,
    *,
    uid: str | None = None,
    choice: str | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Return minion `uid` (or the one chosen) to its owner's hand (`declined`: see destroy)."""
    return _remove(fx, str(uid or choice), "hand", "returned", "return")


@step("deck_bottom")
def deck_bottom(
    fx: Fx, *, uid: str | None = None, choice: str | None = None, declined: list[str] | None = None
) -> Steps:
    return _remove(fx, str(uid or choice), "deck_bottom", "placed", "deck_bottom")


@step("deck_top")
def deck_top(
    fx: Fx, *, uid: str | None = None, choice: str | None = None, declined: list[str] | None = None
) -> Steps:
    return _remove(fx, str(uid or choice), "deck_top", "placed", "deck_top")


@step("discard_minion")
def discard_minion(fx: Fx, *, uid: str | None = None, choice: str | None = None) -> Steps:
    """A minion in play goes to its owner's discard pile without being destroyed."""
    return _remove(fx, str(uid or choice), "discard", "discarded", "discard")


@step("move")
def move(
    fx: Fx,
    *,
    uid: str | None = None,
    to: int | None = None,
    choice: str | int | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Move minion `uid` (or the one chosen) to base `to` (or the one chosen)."""
    uid = str(uid or choice)
    to = int(to if to is not None else choice or 0)
    found = rules.find_minion(fx.state, uid)
    if found is None or found[0] == to or not 0 <= to < len(fx.state.bases):
        return ()
    blocked = guarded(fx, uid, "move")
    return (
        blocked if blocked is not None else (*touched(fx, uid), ev.MinionMoved(uid, found[0], to))
    )


@step("control")
def take_control(
    fx: Fx,
    *,
    to: int,
    uid: str | None = None,
    choice: str | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Seat `to` takes control of minion `uid` (or the one chosen): it is affected."""
    uid = str(uid or choice)
    found = rules.find_minion(fx.state, uid)
    if found is None or found[1].controller == to:
        return ()
    blocked = guarded(fx, uid, "control")
    return blocked if blocked is not None else (*touched(fx, uid), ev.ControlChanged(uid, to))


@step("power")
def modify_power(
    fx: Fx,
    *,
    amount: int,
    uid: str | None = None,
    choice: str | None = None,
    this_turn: bool = False,
    until: int | None = None,
    declined: list[str] | None = None,
) -> Steps:
    """Change a minion's power until the end of the causing seat's turn (or, `this_turn`, of
    the turn being played, e.g. a Special played in another seat's turn; or of turn `until`)."""
    uid = str(uid or choice)
    blocked = guarded(fx, uid, "power")
    if blocked is not None:
        return blocked
    if until is None:
        until = fx.state.turn if this_turn else rules.end_of_turn_for(fx.state, fx.me)
    changed = ev.PowerModified(uid, amount, until)
    return (*touched(fx, uid), changed, *(raised(fx, uid) if amount > 0 else ()))


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


@step("counters")
def counters(fx: Fx, *, amount: int, uid: str | None = None, choice: str | None = None) -> Steps:
    """Put `amount` +1 power counters on minion `uid` (or the one chosen), or take that many
    off when negative (no more than it has). Counters only ever go on minions in play."""
    uid = str(uid or choice)
    found = rules.find_minion(fx.state, uid)
    if found is None or amount == 0:
        return ()
    blocked = guarded(fx, uid, "counters")
    if blocked is not None:
        return blocked
    change = max(amount, -found[1].counters)
    if not change:
        return ()
    return (
        *touched(fx, uid),
        ev.CountersChanged(uid, change),
        *(raised(fx, uid) if change > 0 else ()),
    )


@step("transfer_counters")
def transfer_counters(
    fx: Fx,
    *,
    amount: int,
    from_uid: str | None = None,
    to_uid: str | None = None,
    choice: str | None = None,
) -> Steps:
    """Move up to `amount` +1 power counters from minion `from_uid` to minion `to_uid` (the one
    chosen stands for whichever is not named)."""
    src, dst = str(from_uid or choice), str(to_uid or choice)
    found, there = rules.find_minion(fx.state, src), rules.find_minion(fx.state, dst)
    if found is None or there is None or src == dst:
        return ()
    moved = min(amount, found[1].counters)
    if moved <= 0:
        return ()
    for uid in (src, dst):
        blocked = guarded(fx, uid, "counters")
        if blocked is not None:
            return blocked
    moving = ev.CountersChanged(dst, moved, src)
    return (*touched(fx, src), *touched(fx, dst), moving, *raised(fx, dst))


@step("draw")
def draw(fx: Fx, *, seat: int, n: int) -> Steps:
    return draw_cards(fx, seat, n)


def draw_cards(fx: Fx, seat: int, n: int) -> Steps:
    """A seat draws n cards: the events, reshuffling its discard pile when its deck runs out."""
    p = fx.state.players[seat]
    out: list[Any] = []
    deck, discard = list(p.deck), list(p.discard)
    drawn: list[Any] = []
    for _ in range(n):
        if not deck:
            if not discard:
                break
            if drawn:
                out.append(ev.CardsDrawn(seat, tuple(drawn)))
                drawn = []
            fx.rng.shuffle(discard)
            out.append(ev.DeckReshuffled(seat, tuple(discard)))
            deck, discard = discard, []
        drawn.append(deck.pop(0))
    if drawn:
        out.append(ev.CardsDrawn(seat, tuple(drawn)))
    return tuple(out)


@step("emit")
def emit(fx: Fx, *, type: str, payload: dict[str, Any]) -> Steps:
    return (decode(ev.EVENT_TYPES[type], payload),)


@step("ask")
def ask(fx: Fx, *, ask: dict[str, Any]) -> Steps:
    return (decode(Ask, ask),)


def base_hook_task(card: str, base: int, moment: Hook, **extra: JSON) -> Task:
    """Run a base's ability at a moment, if that base is still there and not blanked."""
    ctx = {"src": card, "card": card, "base": base, "moment": moment.value}
    return Task("base_hook", {**ctx, **extra})


SCORING_MOMENTS = (Hook.BEFORE_SCORING, Hook.AFTER_SCORING)


@step("base_hook")
def base_hook(fx: Fx, *, moment: str, **facts: Any) -> Steps:
    """A base's ability at a moment; `facts` are the moment's (the hook reads them in fx.ctx)."""
    b = fx.base
    if b >= len(fx.state.bases):
        return ()
    now = fx.state.bases[b].card
    if now != fx.card:
        if now != fx.state.scoring or moment not in SCORING_MOMENTS:
            return ()
        # another base took the scored one's place while it scores (e.g. Unicrave): the
        # scoring goes on with it, its own ability included
        return base_hook(Fx(fx.state, {**fx.ctx, "src": now, "card": now}, fx.rng), moment=moment)
    steps: Steps = ()
    for hook in abilities.of_base(fx.state, b, BaseHook):
        if hook.moment == moment:
            seen = Fx(unseen_by_base(fx.state, b), fx.ctx, fx.rng)
            steps += effect_steps(hook.effect, seen, "base_hook")
    return steps


def unseen_by_base(state: GameState, b: int) -> GameState:
    """The state as base b's own ability sees it: the seats that ignore it (a per-seat blank,
    e.g. Infiltrate) are left out of its minions and of the last scoring results."""
    away = {p.seat for p in state.players if not rules.base_active(state, b, p.seat)}
    if not away:
        return state
    bases = list(state.bases)
    minions = tuple(m for m in bases[b].minions if m.controller not in away)
    bases[b] = replace(bases[b], minions=minions)
    scored = tuple(p for p in state.last_scored if p.seat not in away)
    return replace(state, bases=tuple(bases), last_scored=scored)


# --- playing cards -------------------------------------------------------------------------


def play_steps(
    state: GameState,
    seat: int,
    uid: str,
    card: str,
    base: int | None,
    target: str | None,
    allowance: int | None,
    zone: str = "hand",
    note: str | None = None,
    apply_to: str | None = None,
) -> Steps:
    """Everything that follows a card being played: the play itself, then its ability, then
    the abilities it triggers, then (for a standard action) its discard. `apply_to`: the
    minion its effect must be applied to (its choice of a minion is narrowed to that one)."""
    ctx: dict[str, JSON] = {
        "src": uid,
        "card": card,
        "by": seat,
        "base": base,
        "kind": rules.card_type(card),
    }
    if apply_to is not None:
        ctx[APPLY_TO] = apply_to
    # an uncovered card with an 'on being uncovered' ability does that instead
    first = "on_uncover" if zone == "buried" and abilities.printed(card, OnUncover) else "on_play"
    if rules.card_type(card) == "minion":
        assert base is not None
        return (
            ev.MinionPlayed(seat, uid, card, base, allowance, zone),
            Task(first, ctx),
            Task("minion_played", {**ctx, "uid": uid}),
        )
    played = ev.ActionPlayed(seat, uid, card, base, target, allowance, zone)
    if rules.action_kind(card) == "standard":
        return played, Task(first, ctx), Task("discard_resolving", {"uid": uid})
    if target is not None:
        found = rules.find_minion(state, target)
        ctx["base"] = found[0] if found else base
    return played, Task("attach", {**ctx, "uid": target, "note": note})


@step("play_card", own=("base",))
def play_card(
    fx: Fx,
    *,
    seat: int,
    uid: str,
    base: int | None = None,
    target: str | None = None,
    apply_to: str | None = None,
) -> Steps:
    """`seat` plays the card `uid` on `base` (or on the minion `target`, or on nothing): the
    task names its own base, where to play, not an ability's. `apply_to`: the minion its
    effect is applied to (e.g. Walking Carpet)."""
    # a card out of play anywhere (any seat's hand, deck or discard): e.g. revealed from a deck
    where = rules.locate(fx.state, uid)
    if where is None or where[0] not in PILES:
        return ()
    zone, owner = where
    card = next(c for c in fx.state.players[owner].pile(zone) if c.uid == uid)
    found = None if target is None else rules.find_minion(fx.state, target)
    here = found[0] if found else base
    if not plays.may_play(fx.state, seat, card.card, here):
        return ()  # a "can't" beats the play: the card stays where it is
    return play_steps(fx.state, seat, uid, card.card, base, target, None, zone, apply_to=apply_to)


@step("on_play")
def on_play(fx: Fx) -> Steps:
    """The played card's own ability (its task is the card's identity only)."""
    steps: Steps = ()
    for ability in abilities.printed(fx.card, OnPlay):
        steps += effect_steps(ability.effect, fx, "on_play")
    return steps


@step("minion_played")
def minion_played(fx: Fx, *, uid: str) -> Steps:
    """What reacts to the minion `uid` (this task's source) having been played."""
    found = rules.find_minion(fx.state, fx.src)
    base = found[0] if found else fx.base
    return fire(fx.state, Moment.MINION_PLAYED, MinionPlayed(fx.src, fx.card, fx.me, base))


@step("discard_resolving")
def discard_resolving(fx: Fx, *, uid: str) -> Steps:
    """A standard action that has resolved goes to its owner's discard pile."""
    card = next((c for c in fx.state.resolving if c.uid == uid), None)
    return (ev.CardDiscarded(uid, card.card, card.owner, "resolving"),) if card else ()


@step("attach")
def attach(
    fx: Fx, *, uid: str | None = None, note: str | None = None, declined: list[str] | None = None
) -> Steps:
    """The ongoing action being played (this task's source) attaches to the minion `uid`, or
    to its base when None, with an optional note; then its ability runs."""
    card = next((c for c in fx.state.resolving if c.uid == fx.src), None)
    if card is None:
        return ()
    target = uid
    lost = (ev.CardDiscarded(card.uid, card.card, card.owner, "resolving"),)
    if target is not None:
        found = rules.find_minion(fx.state, str(target))
        if found is None:
            return lost
        blocked = guarded(fx, str(target), "attach")
        if blocked is not None and any(replacements.attaches_later(x) for x in blocked):
            return blocked  # it may still go on that minion, or on another one (a redirect)
        if blocked is not None:
            return (*blocked, *lost)
        base = found[0]
    else:
        base = fx.base
    host = None if target is None else str(target)
    attached = ev.ActionAttached(card.uid, base, host, fx.me, note)
    facts = ActionAttached(fx.me, card.uid, base, host)
    return (
        *([] if host is None else touched(fx, host)),
        attached,
        Task("on_play", identity(fx.ctx, base=base, host=host)),
        *([] if host is None else raised(fx, host)),
        *fire(fx.state, Moment.ACTION_ATTACHED, facts),
    )


# --- extra plays that must be used at once ---------------------------------------------------


def play_now(fx: Fx, seat: int, c: CardRef) -> Steps:
    """Play a card out of play at once as `seat` (a real play); an ongoing action first asks
    where it goes. The prompt, which every seat reads, does not name the card: it may come
    from a hand."""
    kind = rules.action_kind(c.card)
    if rules.card_type(c.card) != "action" or kind == "standard":
        return (Task("play_card", {"seat": seat, "uid": c.uid}),)
    if kind == "ongoing_base":
        bases = plays.action_bases(fx.state, seat, c.card)
        prompt = "Play the chosen action on which base?"
        return fx.choose("base", bases, prompt, "play_on", seat=seat, uid=c.uid, player=seat)
    minions = plays.action_minions(fx.state, seat, c.card)
    prompt = "Play the chosen action on which minion?"
    return fx.choose("minion", minions, prompt, "play_on", seat=seat, uid=c.uid, player=seat)


@step("play_on")
def _play_on(fx: Fx, *, player: int, uid: str, choice: int | str) -> Steps:
    """`player` plays the ongoing action `uid` on the chosen base (an index) or minion."""
    if isinstance(choice, int):
        return (Task("play_card", {"seat": player, "uid": uid, "base": choice}),)
    return (Task("play_card", {"seat": player, "uid": uid, "target": choice}),)


@step("extra_play_now", own=("base", "kind"))
def extra_play_now(
    fx: Fx,
    *,
    seat: int,
    kind: str,
    max_power: int | None = None,
    base: str | None = None,
    zone: str = Zone.HAND,
    condition: str | None = None,
    must: bool = False,
) -> Steps:
    """`seat` may (or, with `must`, has to) play an extra `kind` at once, from `zone`, of at
    most `max_power`, on the base whose card is `base` or meeting `condition` if given; the
    task's source is the card granting it."""
    pile = fx.state.players[seat].pile(Zone(zone))
    cards = [c for c in pile if plays.fits(c.card, kind, max_power)]
    if kind == "action":
        cards = [
            c
            for c in cards
            if plays.action_playable(fx.state, seat, c.card)
            and plays.meets(fx.state, seat, c.card, condition)
        ]
    else:
        cards = [
            c for c in cards if plays.extra_minion_bases(fx.state, seat, c.card, base, condition)
        ]
    options = [Option(c.uid, rules.name(c.card), c.uid, uid=c.uid, card=c.card) for c in cards]
    where = "" if zone == "hand" else f" from your {zone}"
    tail = "" if must else " or lose it"
    prompt = f"Play an extra {kind}{where} now ({rules.name(fx.src)}){tail}"
    return fx.ask(
        seat,
        "extra_play",
        prompt,
        options,
        extra_play_card,
        optional=not must,
        seat=seat,
        base=base,
        condition=condition,
    )


@step("extra_play_card", own=("base",))
def extra_play_card(
    fx: Fx, *, seat: int, choice: str, base: str | None = None, condition: str | None = None
) -> Steps:
    """`seat` chose the card `choice` for its extra play: a minion goes on a base it may
    go to (the base whose card is `base`, or meeting `condition`, if given)."""
    where = rules.locate(fx.state, choice)
    assert where is not None
    card = next(c for c in fx.state.players[where[1]].pile(where[0]) if c.uid == choice)
    if rules.card_type(card.card) != "minion":
        return play_now(fx, seat, card)
    bases = plays.extra_minion_bases(fx.state, seat, card.card, base, condition)
    options = [fx.option("base", i) for i in bases]
    prompt = "Choose a base for the chosen minion"  # public: it may come from a hand
    return fx.ask(seat, "base", prompt, options, extra_play_base, seat=seat, uid=choice)


@step("extra_play_base")
def extra_play_base(fx: Fx, *, seat: int, uid: str, choice: int) -> Steps:
    """`seat` plays the minion `uid` of its extra play on the chosen base."""
    return (Task("play_card", {"seat": seat, "uid": uid, "base": choice}),)


# --- revealed cards put back -------------------------------------------------------------------


def put_back_on_top(
    fx: Fx, revealed: list[str], ordered: list[str], prompt: str, then: str | StepFn
) -> Steps:
    """The cards of my deck in `revealed` go back on top in the order chosen: `ordered` holds
    the picks so far (the first ends on top); while two different cards are left, ask for the
    next one through step `then` (with `revealed` and `ordered`). Copies of one card need no
    choice between them."""
    deck = list(fx.state.players[fx.me].deck)
    left = [c for c in deck if c.uid in revealed and c.uid not in ordered]
    kinds = {c.card: c for c in left}
    if len(kinds) > 1:
        picks = list(kinds.values())
        return fx.choose("card", picks, prompt, then, revealed=revealed, ordered=ordered)
    if not ordered:
        return ()
    top = [c for u in ordered for c in deck if c.uid == u] + left
    rest = [c for c in deck if c not in top]
    return (ev.DeckShuffled(fx.me, (*top, *rest)),)


def pick_from_discard(
    fx: Fx,
    picked: list[str],
    fits: Callable[[str], bool],
    most: int | None,
    prompt: str,
    then: str | StepFn,
    done: str | StepFn,
) -> Steps:
    """One more optional pick of a card of my discard pile (`fits` its card id) not picked yet,
    through step `then` (with `picked`); when `most` are picked, none is left or the player
    stops, step `done` runs (with `picked`), e.g. to shuffle them into the deck."""
    left = [c for c in fx.state.players[fx.me].discard if fits(c.card) and c.uid not in picked]
    if (most is not None and len(picked) >= most) or not left:
        return fx.then(done, picked=picked)
    return fx.choose(
        "card", left, prompt, then, optional=True, skip_label="Done", picked=picked, on_skip=done
    )


def shuffle_picked(fx: Fx, picked: list[str]) -> Steps:
    """The cards picked from my discard pile are shuffled into my deck."""
    cards = [c for c in fx.state.players[fx.me].discard if c.uid in picked]
    return fx.shuffle_deck(adding=cards) if cards else ()
