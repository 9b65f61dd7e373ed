"""Ninjas: precise destruction, Specials before scoring. Bases: Ninja Dojo, Temple of Goju."""

from __future__ import annotations

from domain import board, plays, rules, verbs
from domain.abilities import AttachCondition, BlanksBase, OngoingPower, Protection, card
from domain.effects import BaseHook, OnPlay, Special, Triggered, anytime
from domain.fx import Fx, Steps
from domain.limits import OncePerTurn
from domain.model import GameState, Minion, Option, Zone
from domain.moments import Hook, Moment, Window
from domain.plays import PlaysItself
from domain.registry import Cause, Source
from domain.steps import step
from domain.triggers import LEAVES_AT_ITS_CONTROLLERS_NEXT_TURN

# --- minions ---------------------------------------------------------------------------------


def ninja_master(fx: Fx) -> Steps:
    prompt = "Ninja Master: you may destroy a minion on this base"
    return fx.choose("minion", fx.minions(base=fx.base), prompt, then=verbs.destroy, optional=True)


def tiger_assassin(fx: Fx) -> Steps:
    small = fx.minions(base=fx.base, max_power=3)
    prompt = "Tiger Assassin: you may destroy a minion of power 3 or less on this base"
    return fx.choose("minion", small, prompt, then=verbs.destroy, optional=True)


SHINOBI = OncePerTurn("shinobi")  # per player and base card: once per scoring


def _shinobi_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    return not SHINOBI.used(state, seat, state.bases[base].card)


def shinobi(fx: Fx) -> Steps:
    return (*SHINOBI.use(fx.me, fx.state.bases[fx.base].card), *fx.play(fx.src, fx.base))


def _acolyte_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    """In your own turn, before you play a minion (the engine checks it may go here)."""
    return state.active == seat and not state.players[seat].minions_played


def ninja_acolyte(fx: Fx) -> Steps:
    here = fx.state.bases[fx.base].card
    return (*fx.return_to_hand(fx.src), *fx.then(acolyte_replace, here=here))


@step("acolyte_replace")
def acolyte_replace(fx: Fx, *, here: str) -> Steps:
    where = rules.locate(fx.state, fx.src)
    if where is None or where[0] != "hand":
        return ()  # it did not come back: no replacement
    return fx.extra_play("minion", base=here, now=True, must=True)


# --- actions ---------------------------------------------------------------------------------


def assassination(fx: Fx) -> Steps:
    return board.note(fx.src, f"turn {fx.state.turn}")  # only the turn it was played in counts


def assassination_strikes(fx: Fx) -> Steps:
    note = next((a.note for _, a, _ in fx.attached() if a.uid == fx.src), None)
    host = fx.host
    return fx.destroy(host) if host and note == f"turn {fx.state.turn}" else ()


def _hand_minions_for(fx: Fx, base: int) -> list[str]:
    return [
        c.uid
        for c in fx.hand()
        if rules.card_type(c.card) == "minion" and plays.may_play(fx.state, fx.me, c.card, base)
    ]


def disguise(fx: Fx) -> Steps:
    mine = [m for m in fx.minions(controller=fx.me) if _hand_minions_for(fx, fx.base_of(m))]
    prompt = "Disguise: choose one of your minions to swap for a minion from your hand"
    return fx.choose("minion", mine, prompt, then=disguise_second)


@step("disguise_second")
def disguise_second(fx: Fx, *, choice: str) -> Steps:
    first = choice
    base = fx.base_of(first)
    others = [m for m in fx.minions(base=base, controller=fx.me) if m.uid != first]
    if len(_hand_minions_for(fx, base)) < 2 or not others:
        return fx.then(disguise_swap, picked=[first])
    prompt = "Disguise: you may swap a second minion of yours on that base"
    return fx.choose(
        "minion",
        others,
        prompt,
        disguise_swap,
        optional=True,
        on_skip=disguise_swap,
        picked=[first],
    )


@step("disguise_swap")
def disguise_swap(fx: Fx, *, picked: list[str], choice: str | None = None) -> Steps:
    picked = [*picked, *([choice] if choice else [])]
    base = fx.base_of(picked[0])
    if base < 0:
        return ()
    here = fx.state.bases[base].card
    steps: Steps = ()
    for _ in picked:  # "you cannot do only half": each extra minion is mandatory
        steps += fx.extra_play("minion", base=here, now=True, must=True)
    for uid in picked:
        steps += fx.return_to_hand(uid)
    return steps


def hidden_ninja(fx: Fx) -> Steps:
    here = fx.state.bases[fx.base].card
    return (*fx.play(fx.src), *fx.extra_play("minion", base=here, now=True))


INFILTRATING = "ignores this base"


def infiltrate(fx: Fx) -> Steps:
    others = [a for a in fx.state.bases[fx.base].attached if a.uid != fx.src]
    prompt = "Infiltrate: destroy an action attached to this base"
    destroy = fx.choose("card", others, prompt, then=verbs.destroy_attached, uid=None)
    return (*destroy, *fx.then(infiltrate_ignore))


@step("infiltrate_ignore")
def infiltrate_ignore(fx: Fx) -> Steps:
    """Its controller *may* ignore the base's ability until their next turn starts."""
    options = [
        Option("ignore", "Ignore this base's ability until your next turn", True),
        Option("follow", "Keep following this base's ability", False),
    ]
    prompt = "Infiltrate: ignore this base's ability until the start of your next turn?"
    return fx.ask(fx.me, "yes_no", prompt, options, infiltrate_ignored)


@step("infiltrate_ignored")
def infiltrate_ignored(fx: Fx, *, choice: bool) -> Steps:
    return board.note(fx.src, INFILTRATING) if choice else ()


def poison(fx: Fx) -> Steps:
    # the minion it went on (tasks stored by rules version 2 named it `uid`)
    return fx.then(poison_pick, host_uid=fx.host or fx.ctx.get("uid"))


@step("poison_pick")
def poison_pick(fx: Fx, *, host_uid: str) -> Steps:
    found = rules.find_minion(fx.state, host_uid)
    if found is None:
        return ()
    others = [fx.option("card", a) for a in found[1].attached if a.uid != fx.src]
    prompt = "Poison: you may destroy an action attached to that minion"
    return fx.ask(
        fx.me,
        "card",
        prompt,
        others,
        poison_destroy,
        optional=True,
        skip_label="Done",
        host_uid=host_uid,
    )


@step("poison_destroy")
def poison_destroy(fx: Fx, *, host_uid: str, choice: str) -> Steps:
    return (*board.destroy_attached(fx, choice), *fx.then(poison_pick, host_uid=host_uid))


def poison_power(state: GameState, src: Source, base: int, m: Minion) -> int:
    return -4 if src.host == m.uid else 0


def seeing_stars(fx: Fx) -> Steps:
    small = fx.minions(max_power=3)
    return fx.choose(
        "minion", small, "Seeing Stars: destroy a minion of power 3 or less", verbs.destroy
    )


def smoke_bomb_target(state: GameState, seat: int, base: int, m: Minion | None) -> bool:
    return m is not None and m.controller == seat


def smoke_bomb(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> str | None:
    theirs = cause.kind == "action" and cause.seat is not None and cause.seat != src.controller
    return "block" if src.host == m.uid and theirs else None


def way_of_deception(fx: Fx) -> Steps:
    prompt = "Way of Deception: choose one of your minions to move"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, then=deception_to)


@step("deception_to")
def deception_to(fx: Fx, *, choice: str) -> Steps:
    uid = choice
    others = [i for i in fx.bases() if i != fx.base_of(uid)]
    return fx.choose("base", others, "Move it to which base?", then=verbs.move, uid=uid, to=None)


# --- bases -----------------------------------------------------------------------------------


def ninja_dojo(fx: Fx) -> Steps:
    winners = [p.seat for p in fx.state.last_scored if p.place == 0]
    return tuple(fx.task(ninja_dojo_offer, seat=s) for s in winners)


@step("ninja_dojo_offer")
def ninja_dojo_offer(fx: Fx, *, seat: int) -> Steps:
    prompt = "Ninja Dojo: you may destroy any minion"
    return fx.choose(
        "minion", fx.minions(), prompt, then=verbs.destroy, optional=True, seat=seat, by=seat
    )


def temple_of_goju(fx: Fx) -> Steps:
    seats = sorted({m.controller for m in fx.minions(base=fx.base)})
    return tuple(fx.task(goju_strongest, seat=s) for s in seats)


@step("goju_strongest")
def goju_strongest(fx: Fx, *, seat: int) -> Steps:
    mine = fx.minions(base=fx.base, controller=seat)
    if not mine:
        return ()
    top = max(fx.power(m) for m in mine)
    strongest = [m for m in mine if fx.power(m) == top]
    prompt = "Temple of Goju: your strongest minion here goes to the bottom of its owner's deck"
    return fx.choose("minion", strongest, prompt, then=verbs.deck_bottom, seat=seat, by=seat)


# --- the cards: each one's abilities, as values ----------------------------------------

card("ninjas.ninja_master", OnPlay(ninja_master))
card("ninjas.tiger_assassin", OnPlay(tiger_assassin))
card(
    "ninjas.shinobi",
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "Shinobi: play it here",
        _shinobi_may,
        shinobi,
        plays_it=True,
    ),
)
card(
    "ninjas.ninja_acolyte",
    Special(
        Window.PLAY,
        Zone.PLAY,
        "Ninja Acolyte: return it to your hand and play a minion here instead",
        _acolyte_may,
        ninja_acolyte,
        plays_it=PlaysItself.ITS_BASE,
    ),
)
card(
    "ninjas.assassination",
    OnPlay(assassination),
    Triggered(Moment.END_OF_TURN, assassination_strikes),
)
card("ninjas.disguise", OnPlay(disguise))
card(
    "ninjas.hidden_ninja",
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "Hidden Ninja: play it and a minion onto the scoring base",
        anytime,
        hidden_ninja,
        plays_it=True,
    ),
)
card(
    "ninjas.infiltrate",
    BlanksBase(only_for_controller=True, when_noted=INFILTRATING),
    OnPlay(infiltrate),
    LEAVES_AT_ITS_CONTROLLERS_NEXT_TURN,
)
card("ninjas.poison", OnPlay(poison), OngoingPower(poison_power))
card("ninjas.seeing_stars", OnPlay(seeing_stars))
card(
    "ninjas.smoke_bomb",
    AttachCondition(smoke_bomb_target),
    Protection(smoke_bomb),
    LEAVES_AT_ITS_CONTROLLERS_NEXT_TURN,
)
card("ninjas.way_of_deception", OnPlay(way_of_deception))
card("base.ninja_dojo", BaseHook(Hook.AFTER_SCORING, ninja_dojo))
card("base.temple_of_goju", BaseHook(Hook.AFTER_SCORING, temple_of_goju))
