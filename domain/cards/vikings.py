"""Vikings: stash cards on your deck for power, raid other players' decks, hands and discard
piles. Bases: Drakkar, Longhouse."""

from __future__ import annotations

from domain import board, piles, rules, verbs
from domain.abilities import AttachCondition, OngoingPower, card
from domain.costs import Stash
from domain.effects import OnPlay, Talent, Triggered
from domain.facts import MinionDiscarded, MinionPlayed
from domain.fx import Fx, Steps
from domain.limits import OncePerTurn
from domain.model import CardRef, GameState, Minion, Option
from domain.moments import Moment
from domain.plunder import (
    choose_other,
    look_at_hand,
    order_top,
    play_as_mine,
    playable_as_mine,
    put_on_deck,
    raid_top,
    small,
    take,
    take_at_random,
    to_box,
    turn_up,
    with_cards,
)
from domain.registry import Source
from domain.selectors import its_host_left, played_here
from domain.steps import step

# --- minions ---------------------------------------------------------------------------------


@step("huscarl_bonus")
def huscarl_bonus(fx: Fx, *, moved: int) -> Steps:
    return fx.add_power(fx.src, 2) if moved else ()


@step("raider_bonus")
def raider_bonus(fx: Fx, *, moved: int) -> Steps:
    return fx.add_power(fx.src, moved) if moved else ()


def shield_maiden(fx: Fx) -> Steps:
    prompt = "Shield Maiden: turn up the top card of which player's deck?"
    return choose_other(fx, prompt, shield_maiden_turn, seats=with_cards(fx))


@step("shield_maiden_turn")
def shield_maiden_turn(fx: Fx, *, choice: int) -> Steps:
    return raid_top(fx, choice, fx.me, 3, optional=False)


def valkyrie(fx: Fx) -> Steps:
    minions = [
        c for s in fx.others() for c in fx.discard_pile(s) if rules.card_type(c.card) == "minion"
    ]
    prompt = "Valkyrie: take a minion from another player's discard pile into your hand"
    return fx.choose("card", minions, prompt, valkyrie_take)


@step("valkyrie_take")
def valkyrie_take(fx: Fx, *, choice: str) -> Steps:
    c = next(c for s in fx.others() for c in fx.discard_pile(s) if c.uid == choice)
    return take(c, c.owner, "discard", fx.me)


# --- actions ---------------------------------------------------------------------------------


def pillage(fx: Fx) -> Steps:
    holders = [s for s in fx.others() if fx.hand(s)]
    prompt = "Pillage: take a card at random from which player's hand?"
    return choose_other(fx, prompt, pillage_take, seats=holders)


@step("pillage_take")
def pillage_take(fx: Fx, *, choice: int) -> Steps:
    return take_at_random(fx, choice)


def viking_funeral_target(state: GameState, seat: int, base: int, m: Minion | None) -> bool:
    return m is not None and m.controller == seat and rules.power(state, base, m) >= 5


def viking_funeral(fx: Fx, left: MinionDiscarded) -> Steps:
    """Its host went to the discard pile: 1 VP, and the host goes back in the box if mine."""
    owner, uid = left.owner, left.uid
    steps = fx.gain_vp(fx.me, 1)
    if owner != fx.me:
        return steps
    gone = next((c for c in fx.discard_pile(owner) if c.uid == uid), None)
    return (*steps, *to_box(gone)) if gone else steps


def ransack(fx: Fx) -> Steps:
    options = []
    for base, a, host in fx.attached():
        found = rules.find_minion(fx.state, host) if host else None
        on = rules.name(found[1].card if found else fx.state.bases[base].card)
        label = f"{rules.name(a.card)} on {on}"
        options.append(Option(a.uid, label, a.uid, uid=a.uid, card=a.card, base=base))
    options += [fx.option("buried", c) for c in fx.buried()]
    prompt = "Ransack: put an action attached in play, or a buried card, into your hand"
    return fx.ask(fx.me, "card", prompt, options, ransack_take)


@step("ransack_take")
def ransack_take(fx: Fx, *, choice: str) -> Steps:
    """An attached action leaves play in front of everyone; a buried card was face down: only
    its owner, its controller and I see which it is."""
    for _, a, _ in fx.attached():
        if a.uid == choice:
            return take(CardRef(a.uid, a.card, a.owner), a.controller, "play", fx.me)
    for b in fx.buried():
        if b.id == choice:
            return take(
                CardRef(b.uid, b.card, b.owner), b.controller, "buried", fx.me, public=False
            )
    return ()


def cast_the_runes(fx: Fx) -> Steps:
    prompt = "Cast the Runes: look at which player's hand and deck?"
    return choose_other(fx, prompt, cast_the_runes_look)


@step("cast_the_runes_look")
def cast_the_runes_look(fx: Fx, *, choice: int) -> Steps:
    steps, top = piles.top_of_deck(fx, 2, choice)
    for c in top:
        steps += fx.reveal(c, "deck", to=fx.me)
    uids = [c.uid for c in top]
    return (*look_at_hand(fx, choice), *steps, *order_top(fx, choice, uids, cast_the_runes_extra))


@step("cast_the_runes_extra")
def cast_the_runes_extra(fx: Fx) -> Steps:
    return fx.extra_play("action")


def raiding_party(fx: Fx) -> Steps:
    prompt = "Raiding Party: turn up the top 3 cards of which player's deck?"
    return choose_other(fx, prompt, raiding_party_turn, seats=with_cards(fx))


@step("raiding_party_turn")
def raiding_party_turn(fx: Fx, *, choice: int) -> Steps:
    steps, top = turn_up(fx, choice, 3)
    fits = [c for c in top if small(c.card, 4) and playable_as_mine(fx, c)]
    prompt = "Raiding Party: you may play one of the turned-up cards as an extra card"
    uids = [c.uid for c in top]
    ask = fx.choose(
        "card",
        fits,
        prompt,
        raiding_party_play,
        optional=True,
        on_skip=raiding_party_play,
        target=choice,
        uids=uids,
    )
    return (*steps, *ask) if fits else (*steps, *order_top(fx, choice, uids))


@step("raiding_party_play")
def raiding_party_play(fx: Fx, *, target: int, uids: list[str], choice: str | None = None) -> Steps:
    rest = [u for u in uids if u != choice]
    played = next((c for c in fx.deck(target) if c.uid == choice), None)
    return (*order_top(fx, target, rest), *(play_as_mine(fx, played) if played else ()))


def berserk(fx: Fx) -> Steps:
    prompt = "Berserk: you may put a card from your hand on top of your deck (a minion +3)"
    return put_on_deck(fx, 1, prompt, stashed_for_power, amount=3, here=False)


@step("stashed_for_power")
def stashed_for_power(fx: Fx, *, moved: int, amount: int, here: bool) -> Steps:
    """Paid by a card put on my deck: a minion of mine (on this base, if `here`) gets
    `amount` power until the end of the turn."""
    if not moved:
        return ()
    prompt = f"Which of your minions gets +{amount} power until the end of the turn?"
    mine = fx.minions(base=fx.base if here else None, controller=fx.me)
    return fx.choose("minion", mine, prompt, verbs.modify_power, amount=amount)


def tribute(fx: Fx) -> Steps:
    return fx.draw(fx.me, 3)


def combat_training(fx: Fx) -> Steps:
    return board.linger("vikings.combat_training", fx.me, fx.state.turn, fx.state.turn)


def combat_training_power(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 1 if src.uid.startswith("lingering:") and m.controller == src.controller else 0


# --- bases -----------------------------------------------------------------------------------


DRAKKAR = OncePerTurn("drakkar")  # per player


def drakkar(fx: Fx, played: MinionPlayed) -> Steps:
    seat = played.by
    prompt = "Drakkar: you may turn up the top card of another player's deck"
    seats = with_cards(fx, seat)
    ask = choose_other(fx, prompt, drakkar_turn, seats, who=seat, optional=True, player=seat)
    return DRAKKAR.once(fx.state, seat, then=ask)


@step("drakkar_turn")
def drakkar_turn(fx: Fx, *, player: int, choice: int) -> Steps:
    return raid_top(fx, choice, player, 3, optional=True)


def _longhouse_usable(state: GameState, seat: int, uid: str, base: int) -> bool:
    """With a minion of yours here (the cost asks for a card in hand)."""
    return any(m.controller == seat for m in state.bases[base].minions)


# --- the cards: each one's abilities, as values ----------------------------------------

STASH = "Put a card from your hand on top of your deck"

HUSCARL = Stash(1, "Huscarl: you may put a card from your hand on top of your deck (+2 power)")
card("vikings.huscarl", Talent(f"{STASH}: +2 power", huscarl_bonus, cost=HUSCARL))
card("vikings.shield_maiden", OnPlay(shield_maiden))
RAIDER = "Put up to 3 cards from your hand on top of your deck: +1 power each"
RAIDER_COST = Stash(
    3, "Raider: you may put up to 3 cards from your hand on top of your deck (+1 each)"
)
card("vikings.raider", Talent(RAIDER, raider_bonus, cost=RAIDER_COST))
card("vikings.valkyrie", OnPlay(valkyrie))
card("vikings.ransack", OnPlay(ransack))
card("vikings.pillage", OnPlay(pillage))
card(
    "vikings.viking_funeral",
    AttachCondition(viking_funeral_target),
    Triggered(Moment.MINION_DISCARDED_FROM_PLAY, viking_funeral, its_host_left),
)
card("vikings.cast_the_runes", OnPlay(cast_the_runes))
card("vikings.raiding_party", OnPlay(raiding_party))
card("vikings.berserk", OnPlay(berserk))
card("vikings.tribute", OnPlay(tribute))
card(
    "vikings.combat_training",
    OnPlay(combat_training),
    OngoingPower(combat_training_power),
)
card("base.drakkar", Triggered(Moment.MINION_PLAYED, drakkar, played_here))
LONGHOUSE = Stash(
    1,
    "Longhouse: you may put a card from your hand on top of your deck (a minion here +2)",
    {"amount": 2, "here": True},
)
card(
    "base.longhouse",
    Talent(f"{STASH}: a minion of yours here +2", stashed_for_power, _longhouse_usable, LONGHOUSE),
)
