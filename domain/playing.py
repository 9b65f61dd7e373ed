"""Playing cards: what follows a card being played (the play, its ability, what it triggers,
an ongoing action attaching), playing a card out of play at once, and extra plays to use at once."""

from __future__ import annotations

from domain import abilities, plays, replacements, rules
from domain import events as ev
from domain.effects import OnPlay, OnUncover
from domain.engine import effect_steps
from domain.facts import ActionAttached, MinionPlayed
from domain.fx import APPLY_TO, Fx, Steps
from domain.guards import guarded, raised, touched
from domain.model import JSON, PILES, CardRef, GameState, Task, Zone
from domain.moments import Moment
from domain.steps import identity, step
from domain.triggers import fire, reacting


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
    if not reacting(fx.state, Moment.MINION_PLAYED, fx.me):  # the facts' subject: `by`
        return ()  # what fire finds then (most plays)
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
    options = [fx.option("card", c) for c in cards]
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
