"""Zombies: play minions back from the discard pile. Bases: Evans City Cemetery, Rhodes Plaza
Mall."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import piles, plays, rules
from domain.abilities import PlaysFromDiscard, Restriction, ScoringBonus, card
from domain.effects import BaseHook, OnPlay, Special
from domain.fx import Fx, Steps
from domain.limits import OncePerTurn
from domain.model import CardRef, GameState, Option, Zone
from domain.moments import Hook, Window
from domain.plays import PlaysItself
from domain.registry import Source, play_condition
from domain.steps import StepFn, step
from domain.triggers import LEAVES_AT_ITS_CONTROLLERS_NEXT_TURN


def _distinct(cards: Sequence[CardRef]) -> list[CardRef]:
    """One card of each name (copies are alike: offer one)."""
    return list({c.card: c for c in reversed(cards)}.values())[::-1]


def _minions(cards: Sequence[CardRef], max_power: int | None = None) -> list[CardRef]:
    return [
        c
        for c in cards
        if rules.card_type(c.card) == "minion"
        and (max_power is None or rules.printed_power(c.card) <= max_power)
    ]


@step("zombies_to_hand")
def to_hand(fx: Fx, *, choice: str) -> Steps:
    """The chosen card of my discard pile goes to my hand."""
    card = next(c for c in fx.discard_pile() if c.uid == choice)
    return fx.move_card(card, "discard", "hand")


# --- minions -------------------------------------------------------------------------------


def zombie_lord(fx: Fx) -> Steps:
    """The bases without a minion of mine are noted now; each may take one minion."""
    empty = [fx.state.bases[i].card for i in fx.bases() if not fx.minions(i, controller=fx.me)]
    return fx.then(zombie_lord_next, left=empty)


def _lord_bases(fx: Fx, card: str, left: list[str]) -> list[int]:
    return [
        i
        for i in fx.bases()
        if fx.state.bases[i].card in left and plays.may_play(fx.state, fx.me, card, i)
    ]


@step("zombie_lord_next")
def zombie_lord_next(fx: Fx, *, left: list[str]) -> Steps:
    cards = [c for c in _minions(fx.discard_pile(), 2) if _lord_bases(fx, c.card, left)]
    prompt = "Zombie Lord: you may play a minion of power 2 or less from your discard pile"
    picks = _distinct(cards)
    return fx.choose("card", picks, prompt, zombie_lord_card, optional=True, left=left)


@step("zombie_lord_card")
def zombie_lord_card(fx: Fx, *, left: list[str], choice: str) -> Steps:
    card = next(c.card for c in fx.discard_pile() if c.uid == choice)
    prompt = f"Play {rules.name(card)} onto which base where you had no minion?"
    bases = _lord_bases(fx, card, left)
    return fx.choose("base", bases, prompt, zombie_lord_base, uid=choice, left=left)


@step("zombie_lord_base")
def zombie_lord_base(fx: Fx, *, left: list[str], uid: str, choice: int) -> Steps:
    rest = [b for b in left if b != fx.state.bases[choice].card]
    return (*fx.play(uid, choice), *fx.then(zombie_lord_next, left=rest))


def grave_digger(fx: Fx) -> Steps:
    prompt = "You may put a minion from your discard pile into your hand"
    minions = _distinct(_minions(fx.discard_pile()))
    return fx.choose("card", minions, prompt, to_hand, optional=True)


TENACIOUS_Z = OncePerTurn("tenacious_z")  # per player, for all their Tenacious Z


def _tenacious_z_usable(state: GameState, seat: int, uid: str, base: int) -> bool:
    """Only in your own play phase, once per turn for all your Tenacious Z (the engine checks
    it may go on some base)."""
    mine = state.active == seat and state.phase == "play"
    return mine and not TENACIOUS_Z.used(state, seat)


def tenacious_z(fx: Fx) -> Steps:
    prompt = "Play Tenacious Z onto which base?"
    bases = plays.bases_for(fx.state, fx.me, fx.card)
    return (
        *TENACIOUS_Z.use(fx.me),
        *fx.choose("base", bases, prompt, tenacious_z_base),
    )


@step("tenacious_z_base")
def tenacious_z_base(fx: Fx, *, choice: int) -> Steps:
    return fx.play(fx.src, choice)


def walker(fx: Fx) -> Steps:
    """Only its owner sees the top card: a private reveal, and options only they see."""
    reshuffle, top = piles.top_of_deck(fx, 1)
    if not top:
        return reshuffle
    card = top[0]
    name = rules.name(card.card)
    options = [
        Option("discard", f"Discard {name}", True, uid=card.uid, card=card.card),
        Option("keep", f"Keep {name} on top of your deck", False, uid=card.uid, card=card.card),
    ]
    prompt = "Walker: discard the top card of your deck, or keep it there"
    ask = fx.ask(fx.me, "walker", prompt, options, walker_choice, top=card.uid)
    return (*reshuffle, *fx.reveal(card, "deck", to=fx.me), *ask)


@step("walker_choice")
def walker_choice(fx: Fx, *, top: str, choice: bool) -> Steps:
    card = next((c for c in fx.deck() if c.uid == top), None)
    return fx.move_card(card, "deck", "discard") if choice and card else ()


# --- actions -------------------------------------------------------------------------------


def grave_robbing(fx: Fx) -> Steps:
    prompt = "Put a card from your discard pile into your hand"
    return fx.choose("card", _distinct(fx.discard_pile()), prompt, to_hand)


def lend_a_hand(fx: Fx) -> Steps:
    return fx.then(lend_a_hand_pick, picked=[])


@step("lend_a_hand_pick")
def lend_a_hand_pick(fx: Fx, *, picked: list[str]) -> Steps:
    left = [c for c in fx.discard_pile() if c.uid not in picked]
    if not left:
        return fx.then(lend_a_hand_shuffle, picked=picked)
    prompt = f"Lend a Hand: choose a card to shuffle into your deck ({len(picked)} chosen)"
    return fx.choose(
        "card",
        left,
        prompt,
        lend_a_hand_add,
        optional=True,
        skip_label="Done",
        on_skip=lend_a_hand_shuffle,
        picked=picked,
    )


@step("lend_a_hand_add")
def lend_a_hand_add(fx: Fx, *, picked: list[str], choice: str) -> Steps:
    return fx.then(lend_a_hand_pick, picked=[*picked, choice])


@step("lend_a_hand_shuffle")
def lend_a_hand_shuffle(fx: Fx, *, picked: list[str]) -> Steps:
    return fx.shuffle_deck(adding=[c for c in fx.discard_pile() if c.uid in picked])


def _name_a_card(
    fx: Fx, cards: Sequence[CardRef], prompt: str, then: StepFn, **extra: Any
) -> Steps:
    names = dict.fromkeys(c.card for c in cards)
    options = [Option(n, rules.name(n), n, card=n) for n in names]
    return fx.ask(fx.me, "card_name", prompt, options, then, optional=True, **extra)


def _pile(fx: Fx, zone: str) -> list[CardRef]:
    return fx.deck() if zone == "deck" else fx.discard_pile()


@step("how_many_named")
def how_many_named(
    fx: Fx, *, from_zone: str, to_zone: str, after: str | None = None, choice: str
) -> Steps:
    """A card was named: ask how many of its copies in the pile to move. The name stays in the
    options, which only the chooser sees: it was named from a deck nobody else sees."""
    found = sum(1 for c in _pile(fx, from_zone) if c.card == choice)
    options = [Option(str(k), f"{k} of {rules.name(choice)}", k) for k in range(1, found + 1)]
    prompt = "How many copies of the named card?"
    return fx.ask(
        fx.me,
        "count",
        prompt,
        options,
        move_named,
        named=choice,
        from_zone=from_zone,
        to_zone=to_zone,
        after=after,
    )


@step("move_named")
def move_named(
    fx: Fx, *, from_zone: str, to_zone: str, named: str, after: str | None = None, choice: int
) -> Steps:
    """Move that many copies of the named card, then whatever comes after (if anything)."""
    copies = [c for c in _pile(fx, from_zone) if c.card == named][:choice]
    moved = tuple(e for c in copies for e in fx.move_card(c, from_zone, to_zone))
    return (*moved, *(fx.then(after) if after else ()))


def mall_crawl(fx: Fx) -> Steps:
    """Names are offered from my deck, which I search (reshuffling the discard if it is empty)."""
    reshuffle, deck = piles.top_of_deck(fx, len(fx.deck()) or len(fx.discard_pile()))
    prompt = "Mall Crawl: name a card to take from your deck to your discard pile"
    named = _name_a_card(
        fx,
        deck,
        prompt,
        how_many_named,
        on_skip=mall_crawl_shuffle,
        from_zone="deck",
        to_zone="discard",
        after="mall_crawl_shuffle",
    )
    return (*reshuffle, *named)


@step("mall_crawl_shuffle")
def mall_crawl_shuffle(fx: Fx) -> Steps:
    return fx.shuffle_deck()


def not_enough_bullets(fx: Fx) -> Steps:
    prompt = "Not Enough Bullets: name a minion to take from your discard pile to your hand"
    minions = _minions(fx.discard_pile())
    return _name_a_card(fx, minions, prompt, how_many_named, from_zone="discard", to_zone="hand")


@play_condition("zombies.outbreak")
def where_you_have_no_minion(state: GameState, seat: int, card: str, base: int) -> bool:
    return not any(m.controller == seat for m in state.bases[base].minions)


def outbreak(fx: Fx) -> Steps:
    return fx.extra_play("minion", condition="zombies.outbreak")


def overrun(state: GameState, src: Source, seat: int, card: str, base: int) -> bool:
    return base == src.base and seat != src.controller and rules.card_type(card) == "minion"


def they_keep_coming(fx: Fx) -> Steps:
    return fx.extra_play("minion", zone="discard")


def theyre_coming_to_get_you(state: GameState, src: Source, seat: int, base: int) -> bool:
    """On your turns, minions you play here may come from your discard pile."""
    return seat == src.controller == state.active and base == src.base


# --- bases ---------------------------------------------------------------------------------


def evans_city_cemetery(fx: Fx) -> Steps:
    steps: Steps = ()
    for p in fx.state.last_scored:
        if p.place == 0:
            hand = fx.state.players[p.seat].hand
            discards = tuple(e for c in hand for e in piles.discard_from_hand(c))
            steps += (*discards, *fx.draw(p.seat, 5))
    return steps


def rhodes_plaza_mall(state: GameState, base: int, places: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for m in state.bases[base].minions:
        out[m.controller] = out.get(m.controller, 0) + 1
    return out


# --- the cards: each one's abilities, as values ----------------------------------------

card("zombies.zombie_lord", OnPlay(zombie_lord))
card("zombies.grave_digger", OnPlay(grave_digger))
card(
    "zombies.tenacious_z",
    Special(
        Window.PLAY,
        Zone.DISCARD,
        "Tenacious Z: play it from your discard pile",
        _tenacious_z_usable,
        tenacious_z,
        plays_it=PlaysItself.A_BASE,
    ),
)
card("zombies.walker", OnPlay(walker))
card("zombies.grave_robbing", OnPlay(grave_robbing))
card("zombies.lend_a_hand", OnPlay(lend_a_hand))
card("zombies.mall_crawl", OnPlay(mall_crawl))
card("zombies.not_enough_bullets", OnPlay(not_enough_bullets))
card("zombies.outbreak", OnPlay(outbreak))
card("zombies.overrun", Restriction(overrun), LEAVES_AT_ITS_CONTROLLERS_NEXT_TURN)
card("zombies.they_keep_coming", OnPlay(they_keep_coming))
card("zombies.theyre_coming_to_get_you", PlaysFromDiscard(theyre_coming_to_get_you))
card("base.evans_city_cemetery", BaseHook(Hook.AFTER_SCORING, evans_city_cemetery))
card("base.rhodes_plaza_mall", ScoringBonus(rhodes_plaza_mall))
