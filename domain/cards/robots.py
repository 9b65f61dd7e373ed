"""Robots: Microbots that swarm and feed each other, big bots, extra minion plays.
Bases: Factory 436-1337, The Central Brain."""

from __future__ import annotations

from functools import cache

from domain import piles, plays, rules, verbs
from domain.abilities import OngoingPower, Protection, ScoringBonus, card
from domain.effects import OnPlay, Triggered
from domain.facts import MinionDestroyed
from domain.fx import Fx, Steps
from domain.memo import Memo
from domain.model import Base, GameState, Minion
from domain.moments import Moment
from domain.piles import pick_from_discard, shuffle_picked
from domain.registry import Cause, Source
from domain.selectors import another_of_its_controllers_minions
from domain.steps import step

ALPHA = "robots.microbot_alpha"


# --- Microbots ---------------------------------------------------------------------------------


@cache
def named_microbot(card: str) -> bool:
    """A card whose name makes it a Microbot wherever it is (Alpha, Archive, Fixer, ...)."""
    return rules.card_type(card) == "minion" and rules.name(card).startswith("Microbot")


def is_microbot(state: GameState, minion: Minion) -> bool:
    """A minion in play that is a Microbot: by its name, or because its controller controls a
    Microbot Alpha (which makes every minion that player controls a Microbot)."""
    return named_microbot(minion.card) or minion.controller in _alpha_holders(state)


def _alpha_holders(state: GameState) -> frozenset[int]:
    """The seats controlling a Microbot Alpha in play (asked for each minion's power: kept
    beside the bases tuple, the same for every state on that board)."""
    found = _ALPHA_HOLDERS.get(state.bases)
    if found is None:
        holders = frozenset(m.controller for _, m in rules.all_minions(state) if m.card == ALPHA)
        found = _ALPHA_HOLDERS.put(state.bases, holders)
    return found


_ALPHA_HOLDERS: Memo[tuple[Base, ...], frozenset[int]] = Memo(2)


def _first_minion_this_turn(fx: Fx) -> bool:
    """No other minion was played by me earlier this turn (this one is counted already)."""
    return fx.state.players[fx.me].minions_played <= 1


def microbot_alpha(state: GameState, src: Source, base: int, m: Minion) -> int:
    if m.uid != src.uid:
        return 0
    return sum(
        1
        for _, o in rules.all_minions(state)
        if o.uid != src.uid and o.controller == src.controller and is_microbot(state, o)
    )


def microbot_archive_itself(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


def microbot_archive(fx: Fx, destroyed: MinionDestroyed) -> Steps:
    gone = Minion(destroyed.uid, destroyed.card, destroyed.owner, fx.me)
    return fx.draw(fx.me, 1) if is_microbot(fx.state, gone) else ()


def microbot_fixer_played(fx: Fx) -> Steps:
    return fx.extra_play("minion") if _first_minion_this_turn(fx) else ()


def microbot_fixer(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 1 if m.controller == src.controller and is_microbot(state, m) else 0


def microbot_guard(fx: Fx) -> Steps:
    mine = len(fx.minions(base=fx.base, controller=fx.me))
    weaker = [m for m in fx.minions(base=fx.base) if fx.power(m) < mine]
    prompt = f"Destroy a minion here with power less than {mine} (your minions here)"
    return fx.choose("minion", weaker, prompt, then=verbs.destroy)


def microbot_reclaimer(fx: Fx) -> Steps:
    extra = fx.extra_play("minion") if _first_minion_this_turn(fx) else ()
    return (*extra, *fx.then(reclaimer_pick, picked=[]))


@step("reclaimer_pick")
def reclaimer_pick(fx: Fx, *, picked: list[str], choice: str | None = None) -> Steps:
    picked = [*picked, *([] if choice is None else [choice])]
    prompt = "You may shuffle a Microbot from your discard pile into your deck"
    return pick_from_discard(
        fx, picked, named_microbot, None, prompt, reclaimer_pick, reclaimer_shuffle
    )


@step("reclaimer_shuffle")
def reclaimer_shuffle(fx: Fx, *, picked: list[str]) -> Steps:
    return shuffle_picked(fx, picked)


# --- the other robots --------------------------------------------------------------------------


def nukebot(fx: Fx) -> Steps:
    steps: Steps = ()
    for m in fx.minions(base=fx.base):
        if m.controller != fx.me:
            steps += fx.destroy(m.uid)
    return steps


def warbot(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> str | None:
    return "block" if m.uid == src.uid and cause.verb == "destroy" else None


def hoverbot(fx: Fx) -> Steps:
    steps, card = piles.reveal_top(fx)
    if card is None or rules.card_type(card.card) != "minion":
        return steps
    bases = plays.bases_for(fx.state, fx.me, card.card)
    prompt = f"Play {rules.name(card.card)} now as an extra minion (choose its base), or leave it"
    ask = fx.choose("base", bases, prompt, hoverbot_play, optional=True, uid=card.uid)
    return (*steps, *ask)


@step("hoverbot_play")
def hoverbot_play(fx: Fx, *, uid: str, choice: int) -> Steps:
    return fx.play(uid, base=choice)


def zapbot(fx: Fx) -> Steps:
    return fx.extra_play("minion", max_power=2)


def tech_center(fx: Fx) -> Steps:
    prompt = "Choose a base: draw a card for each minion you have there"
    return fx.choose("base", fx.bases(), prompt, then=tech_center_draw)


@step("tech_center_draw")
def tech_center_draw(fx: Fx, *, choice: int) -> Steps:
    return fx.draw(fx.me, len(fx.minions(base=choice, controller=fx.me)))


# --- bases -------------------------------------------------------------------------------------


def factory_436_1337(state: GameState, base: int, places: dict[int, int]) -> dict[int, int]:
    powers = rules.power_by_seat(state, base)
    return {seat: powers[seat] // 5 for seat, place in places.items() if place == 0}


def the_central_brain(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 1 if base == src.base else 0


# --- the cards: each one's abilities, as values ----------------------------------------

card(ALPHA, OngoingPower(microbot_alpha))
card(
    "robots.microbot_archive",
    Triggered(Moment.DESTROYED, microbot_archive_itself),
    Triggered(Moment.MINION_DESTROYED, microbot_archive, another_of_its_controllers_minions),
)
card("robots.microbot_fixer", OnPlay(microbot_fixer_played), OngoingPower(microbot_fixer))
card("robots.microbot_guard", OnPlay(microbot_guard))
card("robots.microbot_reclaimer", OnPlay(microbot_reclaimer))
card("robots.nukebot", Triggered(Moment.DESTROYED, nukebot))
card("robots.warbot", Protection(warbot))
card("robots.hoverbot", OnPlay(hoverbot))
card("robots.zapbot", OnPlay(zapbot))
card("robots.tech_center", OnPlay(tech_center))
card("base.factory_436_1337", ScoringBonus(factory_436_1337))
card("base.the_central_brain", OngoingPower(the_central_brain))
