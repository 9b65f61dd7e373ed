"""The shared verbs as tasks: destroy, return, place on a deck, move, change power, draw,
attach, play. Each checks protections once, here, for every card."""

from __future__ import annotations

from typing import Any

from domain import events as ev
from domain import registry as reg
from domain import rules
from domain.catalogue import catalogue
from domain.codec import decode
from domain.fx import Ask, Fx, Steps
from domain.model import JSON, GameState, Option, Task
from domain.registry import continuation


def cause_kind(card: str) -> str:
    """'base', 'minion' or 'action' for the card behind an effect."""
    return "base" if card in catalogue().bases else rules.card_type(card) if card else "rule"


def guarded(fx: Fx, uid: str) -> Steps | None:
    """None when the effect may touch this minion, else what happens instead (maybe nothing)."""
    found = rules.find_minion(fx.state, uid)
    if found is None:
        return ()
    base, minion = found
    by = fx.ctx.get("by")
    cause = reg.Cause(fx.card, cause_kind(fx.card), None if by is None else int(by))
    for src in rules.sources(fx.state):
        fn = reg.GUARDS.get(src.card)
        verdict = fn(fx.state, src, base, minion, cause) if fn else None
        if verdict == "block":
            return ()
        if verdict == "absorb":
            return destroy_attached(fx.state, src.uid)
    return None


def destroy_attached(state: GameState, uid: str) -> Steps:
    """Destroy an attached action (it goes to its owner's discard)."""
    for b in state.bases:
        for a in (*b.attached, *(x for m in b.minions for x in m.attached)):
            if a.uid == uid:
                return (ev.AttachedRemoved(a.uid, a.card, a.owner, "destroyed"),)
    return ()


def _target(fx: Fx) -> str:
    return str(fx.ctx.get("uid") or fx.choice)


def _remove(fx: Fx, to: str, reason: str) -> Steps:
    uid = _target(fx)
    blocked = guarded(fx, uid)
    if blocked is not None:
        return blocked
    found = rules.find_minion(fx.state, uid)
    assert found is not None
    base, m = found
    return (ev.MinionRemoved(uid, m.card, m.owner, base, to, reason),)


@continuation("destroy")
def destroy(fx: Fx) -> Steps:
    uid = _target(fx)
    blocked = guarded(fx, uid)
    if blocked is not None:
        return blocked
    found = rules.find_minion(fx.state, uid)
    assert found is not None
    base, m = found
    card = fx.state.bases[base].card
    active = rules.base_active(fx.state, base)
    to = (reg.DESTROY_REDIRECT.get(card) if active else None) or "discard"
    out: list[Any] = [ev.MinionRemoved(uid, m.card, m.owner, base, to, "destroyed")]
    if active and "minion_destroyed" in reg.BASE_HOOKS.get(card, {}):
        out.append(base_hook_task(card, base, "minion_destroyed", uid=uid, owner=m.owner))
    return tuple(out)


@continuation("return")
def return_to_hand(fx: Fx) -> Steps:
    return _remove(fx, "hand", "returned")


@continuation("deck_bottom")
def deck_bottom(fx: Fx) -> Steps:
    return _remove(fx, "deck_bottom", "placed")


@continuation("move")
def move(fx: Fx) -> Steps:
    uid = _target(fx)
    to = int(fx.ctx["to"]) if fx.ctx.get("to") is not None else int(fx.choice)
    found = rules.find_minion(fx.state, uid)
    if found is None or found[0] == to or not 0 <= to < len(fx.state.bases):
        return ()
    blocked = guarded(fx, uid)
    return blocked if blocked is not None else (ev.MinionMoved(uid, found[0], to),)


@continuation("power")
def modify_power(fx: Fx) -> Steps:
    uid = _target(fx)
    blocked = guarded(fx, uid)
    if blocked is not None:
        return blocked
    until = rules.end_of_turn_for(fx.state, fx.me)
    return (ev.PowerModified(uid, int(fx.ctx["amount"]), until),)


@continuation("draw")
def draw(fx: Fx) -> Steps:
    seat, n = int(fx.ctx["seat"]), int(fx.ctx["n"])
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


@continuation("emit")
def emit(fx: Fx) -> Steps:
    cls = ev.EVENT_TYPES[str(fx.ctx["type"])]
    return (decode(cls, fx.ctx["payload"]),)


@continuation("ask")
def ask(fx: Fx) -> Steps:
    return (decode(Ask, fx.ctx["ask"]),)


def base_hook_task(card: str, base: int, moment: str, **extra: JSON) -> Task:
    """Run a base's ability at a moment, if that base is still there and not blanked."""
    return Task("base_hook", {"src": card, "card": card, "base": base, "moment": moment, **extra})


@continuation("base_hook")
def base_hook(fx: Fx) -> Steps:
    b = fx.base
    if b >= len(fx.state.bases) or fx.state.bases[b].card != fx.card:
        return ()
    if not rules.base_active(fx.state, b):
        return ()
    fn = reg.BASE_HOOKS.get(fx.card, {}).get(str(fx.ctx["moment"]))
    return fn(fx) if fn else ()


# --- playing cards -------------------------------------------------------------------------


def play_steps(
    state: GameState,
    seat: int,
    uid: str,
    card: str,
    base: int | None,
    target: str | None,
    allowance: int | None,
) -> Steps:
    """Everything that follows a card being played: the play itself, then its ability, then
    the abilities it triggers, then (for a standard action) its discard."""
    ctx = {"src": uid, "card": card, "by": seat, "base": base, "kind": rules.card_type(card)}
    if rules.card_type(card) == "minion":
        assert base is not None
        return (
            ev.MinionPlayed(seat, uid, card, base, allowance),
            Task("on_play", ctx),
            Task("minion_played", {**ctx, "uid": uid, "base_card": state.bases[base].card}),
        )
    played = ev.ActionPlayed(seat, uid, card, base, target, allowance)
    if rules.action_kind(card) == "standard":
        return played, Task("on_play", ctx), Task("discard_resolving", {"uid": uid})
    if target is not None:
        found = rules.find_minion(state, target)
        ctx["base"] = found[0] if found else base
    return played, Task("attach", {**ctx, "uid": target})


@continuation("play_card")
def play_card(fx: Fx) -> Steps:
    seat, uid = int(fx.ctx["seat"]), str(fx.ctx["uid"])
    card = next((c for c in fx.state.players[seat].hand if c.uid == uid), None)
    if card is None:
        return ()
    base = fx.ctx.get("base")
    target = fx.ctx.get("target")
    return play_steps(
        fx.state,
        seat,
        uid,
        card.card,
        None if base is None else int(base),
        None if target is None else str(target),
        None,
    )


@continuation("on_play")
def on_play(fx: Fx) -> Steps:
    fn = reg.ON_PLAY.get(fx.card)
    return fn(fx) if fn else ()


@continuation("minion_played")
def minion_played(fx: Fx) -> Steps:
    card = str(fx.ctx["base_card"])
    if "minion_played" not in reg.BASE_HOOKS.get(card, {}):
        return ()
    return (base_hook_task(card, fx.base, "minion_played", uid=fx.src, by=fx.me),)


@continuation("discard_resolving")
def discard_resolving(fx: Fx) -> Steps:
    uid = str(fx.ctx["uid"])
    card = next((c for c in fx.state.resolving if c.uid == uid), None)
    return (ev.CardDiscarded(uid, card.card, card.owner, "resolving"),) if card else ()


@continuation("attach")
def attach(fx: Fx) -> Steps:
    card = next((c for c in fx.state.resolving if c.uid == fx.src), None)
    if card is None:
        return ()
    target = fx.ctx.get("uid")
    lost = (ev.CardDiscarded(card.uid, card.card, card.owner, "resolving"),)
    if target is not None:
        found = rules.find_minion(fx.state, str(target))
        if found is None:
            return lost
        blocked = guarded(fx, str(target))
        if blocked is not None:
            return (*blocked, *lost)
        base = found[0]
    else:
        base = fx.base
    attached = ev.ActionAttached(card.uid, base, None if target is None else str(target), fx.me)
    return attached, Task("on_play", fx.with_ctx(base=base))


# --- extra plays that must be used at once ---------------------------------------------------


def fits(state: GameState, card: str, kind: str, max_power: int | None) -> bool:
    """Whether a hand card may be used for an extra play of this kind and power limit."""
    if rules.card_type(card) != kind:
        return False
    return max_power is None or rules.printed_power(card) <= max_power


@continuation("extra_play_now")
def extra_play_now(fx: Fx) -> Steps:
    seat, kind = int(fx.ctx["seat"]), str(fx.ctx["kind"])
    max_power = fx.ctx.get("max_power")
    hand = fx.state.players[seat].hand
    cards = [c for c in hand if fits(fx.state, c.card, kind, max_power)]
    if kind == "action":
        cards = [c for c in cards if rules.action_kind(c.card) == "standard"]
    options = [Option(c.uid, rules.name(c.card), c.uid, uid=c.uid, card=c.card) for c in cards]
    prompt = f"Play an extra {kind} now ({rules.name(str(fx.ctx['src']))}) or lose it"
    return fx.ask(seat, "extra_play", prompt, options, "extra_play_card", optional=True)


@continuation("extra_play_card")
def extra_play_card(fx: Fx) -> Steps:
    seat, uid = int(fx.ctx["seat"]), str(fx.choice)
    card = next(c for c in fx.state.players[seat].hand if c.uid == uid)
    if rules.card_type(card.card) != "minion":
        return play_steps(fx.state, seat, uid, card.card, None, None, None)
    only = fx.ctx.get("base")
    bases = [
        i
        for i, b in enumerate(fx.state.bases)
        if (only is None or b.card == only)
        and not rules.play_forbidden(fx.state, seat, card.card, i)
    ]
    prompt = f"Choose a base for {rules.name(card.card)}"
    return fx.choose_base(bases, prompt, "extra_play_base", seat=seat, uid=uid)


@continuation("extra_play_base")
def extra_play_base(fx: Fx) -> Steps:
    seat, uid = int(fx.ctx["seat"]), str(fx.ctx["uid"])
    card = next(c for c in fx.state.players[seat].hand if c.uid == uid)
    return play_steps(fx.state, seat, uid, card.card, int(fx.choice), None, None)
