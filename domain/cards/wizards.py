"""Wizards: draw cards, reveal the top of decks, play extra actions.
Bases: School of Wizardry, The Great Library."""

from __future__ import annotations

from domain import board, piles, rules
from domain.abilities import card
from domain.effects import BaseHook, OnPlay, Triggered
from domain.facts import TurnStarted
from domain.flow import replace_with_top
from domain.fx import Fx, Steps
from domain.limits import OncePerTurn
from domain.model import CardRef, Option
from domain.moments import Hook, Moment
from domain.piles import put_back_on_top
from domain.plays import action_playable
from domain.steps import step
from domain.verbs import play_now

PORTAL_SIZE = 5


# --- playing an action revealed out of play, at once: domain.verbs.play_action_now -----------


def playable_now(fx: Fx, card: str) -> bool:
    """Whether I may play this action card now."""
    return action_playable(fx.state, fx.me, card)


def play_action_now(fx: Fx, c: CardRef) -> Steps:
    """Play an action out of play (e.g. revealed on a deck) as an extra action now."""
    return play_now(fx, fx.me, c)


def _card(fx: Fx, uid: str) -> CardRef | None:
    """A card out of play by uid (in any seat's hand, deck or discard)."""
    where = rules.locate(fx.state, uid)
    if where is None or where[0] not in ("hand", "deck", "discard"):
        return None
    cards: tuple[CardRef, ...] = fx.state.players[where[1]].pile(where[0])
    return next(c for c in cards if c.uid == uid)


# --- minions -----------------------------------------------------------------------------------


ARCHMAGE = OncePerTurn("archmage")  # per Archmage in play


def _archmage_action(fx: Fx) -> Steps:
    """One extra action per turn of mine for each Archmage, however often it enters play."""
    return ARCHMAGE.once(fx.state, fx.src, then=fx.extra_play("action"))


def archmage_played(fx: Fx) -> Steps:
    """Decision: the turn it is played counts as one of 'your turns while it is in play', so
    played on my own turn it grants its extra action at once (not on another player's turn)."""
    return _archmage_action(fx) if fx.state.active == fx.me else ()


def archmage(fx: Fx, turn: TurnStarted) -> Steps:
    if turn.seat != fx.me:
        return ()
    # the play phase is about to begin: the play is kept for it
    return (*ARCHMAGE.use(fx.src), *fx.extra_play("action", kept=True))


def chronomage(fx: Fx) -> Steps:
    return fx.extra_play("action")


def enchantress(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


def neophyte(fx: Fx) -> Steps:
    steps, card = piles.reveal_top(fx)
    if card is None or rules.card_type(card.card) != "action":
        return steps
    options = [Option("hand", "Put it into your hand", "hand")]
    if playable_now(fx, card.card):
        options.append(Option("play", "Play it now as an extra action", "play"))
    prompt = f"Neophyte revealed {rules.name(card.card)}: take it, play it, or leave it on top"
    ask = fx.ask(
        fx.me,
        "neophyte",
        prompt,
        options,
        neophyte_choice,
        optional=True,
        skip_label="Put it back on top of your deck",
        uid=card.uid,
    )
    return (*steps, *ask)


@step("neophyte_choice")
def neophyte_choice(fx: Fx, *, uid: str, choice: str) -> Steps:
    card = _card(fx, uid)
    if card is None:
        return ()
    if choice == "hand":
        return fx.move_card(card, "deck", "hand")
    return play_action_now(fx, card)


# --- actions -----------------------------------------------------------------------------------


def mass_enchantment(fx: Fx) -> Steps:
    steps: Steps = ()
    revealed: list[CardRef] = []
    for seat in fx.others():
        more, top = piles.top_of_deck(fx, 1, seat=seat)
        steps += more + tuple(e for c in top for e in fx.reveal(c, "deck"))
        revealed += top
    actions = [
        c for c in revealed if rules.card_type(c.card) == "action" and playable_now(fx, c.card)
    ]
    prompt = "Play one of the revealed actions as an extra action (it stays its owner's card)"
    ask = fx.choose("card", actions, prompt, mass_enchantment_play, optional=True)
    return (*steps, *ask)


@step("mass_enchantment_play")
def mass_enchantment_play(fx: Fx, *, choice: str) -> Steps:
    card = _card(fx, choice)
    return play_action_now(fx, card) if card else ()


def mystic_studies(fx: Fx) -> Steps:
    return fx.draw(fx.me, 2)


def portal(fx: Fx) -> Steps:
    steps, top = piles.top_of_deck(fx, PORTAL_SIZE)
    steps += tuple(e for c in top for e in fx.reveal(c, "deck"))
    return (*steps, *fx.then(portal_take, revealed=[c.uid for c in top]))


@step("portal_take")
def portal_take(fx: Fx, *, revealed: list[str], choice: str | None = None) -> Steps:
    revealed = [u for u in revealed if u != choice]
    taken = _card(fx, choice) if choice is not None else None
    steps = fx.move_card(taken, "deck", "hand") if taken else ()
    minions = [c for c in fx.deck() if c.uid in revealed and rules.card_type(c.card) == "minion"]
    if not minions:
        return (*steps, *fx.then(portal_order, revealed=revealed, ordered=[]))
    prompt = "Portal: you may take a revealed minion into your hand"
    ask = fx.choose(
        "card",
        minions,
        prompt,
        portal_take,
        optional=True,
        skip_label="Done",
        revealed=revealed,
        ordered=[],
        on_skip=portal_order,
    )
    return (*steps, *ask)


@step("portal_order")
def portal_order(
    fx: Fx, *, revealed: list[str], ordered: list[str], choice: str | None = None
) -> Steps:
    """The revealed cards left go back on top in the order chosen, one pick at a time (the
    first picked ends on top); copies of the same card need no choice between them."""
    ordered = [*ordered, *([] if choice is None else [choice])]
    prompt = "Portal: choose the next card to put back on top of your deck (first = top)"
    return put_back_on_top(fx, revealed, ordered, prompt, portal_order)


def sacrifice(fx: Fx) -> Steps:
    prompt = "Choose one of your minions: draw cards equal to its power, then destroy it"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, then=sacrifice_minion)


@step("sacrifice_minion")
def sacrifice_minion(fx: Fx, *, choice: str) -> Steps:
    uid = choice
    return (*fx.draw(fx.me, fx.power(uid)), *fx.destroy(uid))


def scry(fx: Fx) -> Steps:
    p = fx.state.players[fx.me]  # an empty deck is first replaced by the shuffled discard
    steps, deck = ((), list(p.deck)) if p.deck else piles.top_of_deck(fx, len(p.discard))
    actions = [c for c in deck if rules.card_type(c.card) == "action"]
    if not actions:
        return (*steps, *fx.then(scry_shuffle))
    prompt = "Scry: choose an action in your deck to reveal and put into your hand"
    return (*steps, *fx.choose("card", actions, prompt, scry_take))


@step("scry_take")
def scry_take(fx: Fx, *, choice: str) -> Steps:
    card = _card(fx, choice)
    if card is None:
        return fx.then(scry_shuffle)
    return (*fx.reveal(card, "deck"), *fx.move_card(card, "deck", "hand"), *fx.then(scry_shuffle))


@step("scry_shuffle")
def scry_shuffle(fx: Fx) -> Steps:
    return fx.shuffle_deck()


def summon(fx: Fx) -> Steps:
    return fx.extra_play("minion")


def time_loop(fx: Fx) -> Steps:
    return (*fx.extra_play("action"), *fx.extra_play("action"))


def winds_of_change(fx: Fx) -> Steps:
    shuffle = fx.shuffle_deck(adding=fx.hand())
    return (*shuffle, *fx.draw(fx.me, 5), *fx.extra_play("action"))


# --- bases -------------------------------------------------------------------------------------


def school_of_wizardry(fx: Fx) -> Steps:
    winners = [p.seat for p in fx.state.last_scored if p.place == 0]
    top = fx.state.base_deck[:3]
    if not winners or not top:
        return replace_with_top(fx, fx.base, fx.card)
    seat = next(s for s in rules.seats_from(fx.state, fx.state.active) if s in winners)
    options = [Option(c, rules.name(c), c, card=c) for c in top]
    prompt = "School of Wizardry: choose the base that replaces it"
    return fx.ask(seat, "base_card", prompt, options, school_pick, seat=seat)


@step("school_pick")
def school_pick(fx: Fx, *, seat: int, choice: str) -> Steps:
    chosen = choice
    rest = [c for c in fx.state.base_deck[:3] if c != chosen]
    out = board.replace_base(fx, chosen)
    if len(rest) < 2:
        return out
    options = [Option(c, rules.name(c), c, card=c) for c in rest]
    prompt = "Choose the base to put on top of the base deck (the other goes under it)"
    return (*out, *fx.ask(seat, "base_card", prompt, options, school_order, seat=seat))


@step("school_order")
def school_order(fx: Fx, *, seat: int, choice: str) -> Steps:
    rest = [c for c in fx.state.base_deck[:2] if c != choice]
    top = (choice, *rest)
    return board.reorder_base_deck(top, 2, seat)


def the_great_library(fx: Fx) -> Steps:
    seats = sorted({m.controller for m in fx.minions(base=fx.base)})
    return tuple(fx.task(library_offer, seat=s) for s in seats)


@step("library_offer")
def library_offer(fx: Fx, *, seat: int) -> Steps:
    options = [Option("draw", "Draw 1 card", True)]
    prompt = "The Great Library: you may draw a card"
    return fx.ask(seat, "yes_no", prompt, options, library_draw, optional=True, seat=seat)


@step("library_draw")
def library_draw(fx: Fx, *, seat: int) -> Steps:
    return fx.draw(seat, 1)


# --- the cards: each one's abilities, as values ----------------------------------------

card("wizards.archmage", OnPlay(archmage_played), Triggered(Moment.START_OF_TURN, archmage))
card("wizards.chronomage", OnPlay(chronomage))
card("wizards.enchantress", OnPlay(enchantress))
card("wizards.neophyte", OnPlay(neophyte))
card("wizards.mass_enchantment", OnPlay(mass_enchantment))
card("wizards.mystic_studies", OnPlay(mystic_studies))
card("wizards.portal", OnPlay(portal))
card("wizards.sacrifice", OnPlay(sacrifice))
card("wizards.scry", OnPlay(scry))
card("wizards.summon", OnPlay(summon))
card("wizards.time_loop", OnPlay(time_loop))
card("wizards.winds_of_change", OnPlay(winds_of_change))
card("base.school_of_wizardry", BaseHook(Hook.REPLACEMENT, school_of_wizardry))
card("base.the_great_library", BaseHook(Hook.AFTER_SCORING, the_great_library))
