"""Aliens: return minions to hand, swap bases. Bases: The Homeworld, The Mothership."""

from __future__ import annotations

from domain import board, piles, rules, verbs
from domain.abilities import BlanksBase, card
from domain.effects import BaseHook, OnPlay, Special, Triggered
from domain.facts import MinionPlayed
from domain.fx import Fx, Steps
from domain.model import GameState, Option, Zone
from domain.moments import Hook, Moment, Window
from domain.selectors import played_here
from domain.steps import step


def supreme_overlord(fx: Fx) -> Steps:
    prompt = "You may return a minion to its owner's hand"
    return fx.choose("minion", fx.minions(), prompt, then=verbs.return_to_hand, optional=True)


def invader(fx: Fx) -> Steps:
    return fx.gain_vp(fx.me, 1)


def _scout_on_scoring_base(state: GameState, seat: int, uid: str, base: int) -> bool:
    found = rules.find_minion(state, uid)
    return found is not None and found[0] == base


def scout(fx: Fx) -> Steps:
    return fx.return_to_hand(fx.src)


def collector(fx: Fx) -> Steps:
    small = fx.minions(base=fx.base, max_power=3)
    prompt = "You may return a minion of power 3 or less on this base to its owner's hand"
    return fx.choose("minion", small, prompt, then=verbs.return_to_hand, optional=True)


def abduction(fx: Fx) -> Steps:
    """The extra minion play comes even when nothing can be returned."""
    prompt = "Return a minion to its owner's hand"
    return (
        *fx.choose("minion", fx.minions(), prompt, then=verbs.return_to_hand),
        *fx.extra_play("minion"),
    )


def beam_up(fx: Fx) -> Steps:
    return fx.choose(
        "minion", fx.minions(), "Return a minion to its owner's hand", then=verbs.return_to_hand
    )


def crop_circles(fx: Fx) -> Steps:
    prompt = "Choose a base: every minion there returns to its owner's hand"
    return fx.choose("base", fx.bases(), prompt, then=crop_circles_base)


@step("crop_circles_base")
def crop_circles_base(fx: Fx, *, choice: int) -> Steps:
    steps: Steps = ()
    for m in fx.minions(base=choice):
        steps += fx.return_to_hand(m.uid)
    return steps


def disintegrator(fx: Fx) -> Steps:
    small = fx.minions(max_power=3)
    prompt = "Put a minion of power 3 or less on the bottom of its owner's deck"
    return fx.choose("minion", small, prompt, then=verbs.deck_bottom)


def invasion(fx: Fx) -> Steps:
    return fx.choose("minion", fx.minions(), "Choose a minion to move", then=invasion_minion)


@step("invasion_minion")
def invasion_minion(fx: Fx, *, choice: str) -> Steps:
    uid = choice
    others = [i for i in fx.bases() if i != fx.base_of(uid)]
    return fx.choose("base", others, "Move it to which base?", then=verbs.move, uid=uid)


def probe(fx: Fx) -> Steps:
    options = [Option(f"seat-{s}", fx.state.players[s].name, s, seat=s) for s in fx.others()]
    return fx.ask(fx.me, "seat", "Look at another player's hand", options, probe_seat)


@step("probe_seat")
def probe_seat(fx: Fx, *, choice: int) -> Steps:
    """The hand is shown first; its owner may answer that (e.g. Dynamite Surprise) before the
    choice, which is made among the minions still in that hand then."""
    return (*piles.show_hand(fx, choice), *fx.then(probe_pick, target_seat=choice))


@step("probe_pick")
def probe_pick(fx: Fx, *, target_seat: int) -> Steps:
    hand = fx.state.players[target_seat].hand
    minions = [c for c in hand if rules.card_type(c.card) == "minion"]
    options = [Option(c.uid, rules.name(c.card), c.uid, uid=c.uid, card=c.card) for c in minions]
    prompt = "Choose a minion in that hand: its owner discards it"
    return fx.ask(fx.me, "card", prompt, options, probe_discard, target_seat=target_seat)


@step("probe_discard")
def probe_discard(fx: Fx, *, target_seat: int, choice: str) -> Steps:
    card = next((c for c in fx.state.players[target_seat].hand if c.uid == choice), None)
    if card is None:  # a log stored before the choice came after the answer to the look
        return ()
    return piles.discard_from_hand(card)


def terraforming(fx: Fx) -> Steps:
    options = [
        Option(card, rules.name(card), card, card=card) for card in sorted(set(fx.state.base_deck))
    ]
    prompt = "Choose a base from the base deck to bring into play"
    return fx.ask(fx.me, "base_card", prompt, options, terraforming_new)


@step("terraforming_new")
def terraforming_new(fx: Fx, *, choice: str) -> Steps:
    prompt = f"Which base in play does {rules.name(choice)} replace?"
    return fx.choose("base", fx.bases(), prompt, then=terraforming_swap, new=choice)


@step("terraforming_swap")
def terraforming_swap(fx: Fx, *, new: str, choice: int) -> Steps:
    return (*board.swap_base(fx, choice, new), *fx.extra_play("minion", base=new))


def the_homeworld(fx: Fx, played: MinionPlayed) -> Steps:
    return fx.extra_play("minion", seat=played.by, max_power=2)


def the_mothership(fx: Fx) -> Steps:
    winners = [p.seat for p in fx.state.last_scored if p.place == 0]
    return tuple(fx.task(mothership_offer, seat=s) for s in winners)


@step("mothership_offer")
def mothership_offer(fx: Fx, *, seat: int) -> Steps:
    small = fx.minions(base=fx.base, controller=seat, max_power=3)
    prompt = "The Mothership: you may return one of your minions of power 3 or less here to hand"
    return fx.choose(
        "minion", small, prompt, then=verbs.return_to_hand, optional=True, seat=seat, by=seat
    )


# --- the cards: each one's abilities, as values ----------------------------------------

card("aliens.supreme_overlord", OnPlay(supreme_overlord))
card("aliens.invader", OnPlay(invader))
card(
    "aliens.scout",
    Special(
        Window.AFTER_SCORING, Zone.PLAY, "Scout: return to hand", _scout_on_scoring_base, scout
    ),
)
card("aliens.collector", OnPlay(collector))
card("aliens.abduction", OnPlay(abduction))
card("aliens.beam_up", OnPlay(beam_up))
card("aliens.crop_circles", OnPlay(crop_circles))
card("aliens.disintegrator", OnPlay(disintegrator))
card("aliens.invasion", OnPlay(invasion))
card("aliens.jammed_signal", BlanksBase())
card("aliens.probe", OnPlay(probe))
card("aliens.terraforming", OnPlay(terraforming))
card("base.the_homeworld", Triggered(Moment.MINION_PLAYED, the_homeworld, played_here))
card("base.the_mothership", BaseHook(Hook.AFTER_SCORING, the_mothership))
