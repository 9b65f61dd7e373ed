"""Taking from other players (Oops You Did It Again): putting cards from a hand on top of its
holder's deck, turning up the top of another's deck, taking a card from another's hand at random
or from their deck or discard pile, looking at a hand, ordering the top of a deck, playing a card
another player owns, and the game box.

A card may sit in the hand or deck of a seat that does not own it (`CardTaken` moves it there):
that seat may play it and controls it; when it leaves play, or would go anywhere else, it goes
to its owner's zones (the fold routes by owner: `MinionRemoved`, `CardDiscarded`...)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import events as ev
from domain import piles, plays, rules
from domain.fx import Fx, Steps
from domain.model import JSON, CardRef
from domain.steps import StepFn, name_of, step
from domain.verbs import play_now


def take(
    c: CardRef,
    from_seat: int,
    from_zone: str,
    seat: int,
    to_zone: str = "hand",
    public: bool = True,
) -> Steps:
    """A card out of play goes from a zone of `from_seat` to a zone of `seat` (hand or deck top),
    whoever owns it."""
    return (ev.CardTaken(c.uid, c.card, c.owner, from_seat, from_zone, seat, to_zone, public),)


def to_box(c: CardRef, from_zone: str = "discard") -> Steps:
    """A card goes back in the game box: out of the game for good."""
    return (ev.CardBoxed(c.uid, c.card, c.owner, from_zone),)


def small(card: str, at_most: int) -> bool:
    """An action, or a minion of printed power `at_most` or less."""
    kind = rules.card_type(card)
    return kind == "action" or (kind == "minion" and rules.printed_power(card) <= at_most)


# --- from a hand to the top of its holder's deck ------------------------------------------------


def put_on_deck(fx: Fx, upto: int, prompt: str, then: StepFn, **extra: JSON) -> Steps:
    """I may put up to `upto` cards from my hand on top of my deck, one at a time (cards I do not
    own too: nobody sees them); then `then` runs with `moved` (how many) and `extra`. Others see
    that a card went from my hand to my deck, not which."""
    return fx.then(
        put_on_deck_ask, left=upto, moved=0, text=prompt, after=name_of(then), extra=extra
    )


@step("put_on_deck_ask")
def put_on_deck_ask(
    fx: Fx, *, left: int, moved: int, text: str, after: str, extra: dict[str, Any]
) -> Steps:
    hand = fx.hand()
    if left <= 0 or not hand:
        return fx.then(after, moved=moved, **extra)
    return fx.choose(
        "card",
        hand,
        text,
        put_on_deck_card,
        optional=True,
        skip_label="Done" if moved else "Skip",
        on_skip=put_on_deck_done,
        left=left,
        moved=moved,
        text=text,
        after=after,
        extra=extra,
    )


@step("put_on_deck_card")
def put_on_deck_card(
    fx: Fx, *, left: int, moved: int, text: str, after: str, extra: dict[str, Any], choice: str
) -> Steps:
    c = next(c for c in fx.hand() if c.uid == choice)
    moving = take(c, fx.me, "hand", fx.me, "deck_top", public=False)
    rest = {"left": left - 1, "moved": moved + 1, "text": text, "after": after, "extra": extra}
    return (*moving, *fx.then(put_on_deck_ask, **rest))


@step("put_on_deck_done")
def put_on_deck_done(
    fx: Fx, *, left: int, moved: int, text: str, after: str, extra: dict[str, Any]
) -> Steps:
    return fx.then(after, moved=moved, **extra)


# --- another player's deck and hand -------------------------------------------------------------


def choose_other(
    fx: Fx,
    prompt: str,
    then: StepFn,
    seats: Sequence[int] | None = None,
    who: int | None = None,
    optional: bool = False,
    **extra: JSON,
) -> Steps:
    """Ask `who` (me by default) to pick another player (among `seats`, by default every
    other seat)."""
    who = fx.me if who is None else who
    pick = rules.seats_from(fx.state, who)[1:] if seats is None else list(seats)
    return fx.choose("seat", pick, prompt, then, optional=optional, seat=who, **extra)


def with_cards(fx: Fx, who: int | None = None) -> list[int]:
    """The seats other than `who` (me by default) with a deck or discard pile to turn cards
    up from."""
    who = fx.me if who is None else who
    others = rules.seats_from(fx.state, who)[1:]
    return [s for s in others if fx.deck(s) or fx.discard_pile(s)]


def turn_up(fx: Fx, seat: int, n: int) -> tuple[Steps, list[CardRef]]:
    """Turn up the top n cards of a seat's deck for everyone to see (reshuffling its discard
    pile first when the deck runs out): (the events, the cards)."""
    steps, cards = piles.top_of_deck(fx, n, seat)
    for c in cards:
        steps += fx.reveal(c, "deck")
    return steps, cards


def raid_top(fx: Fx, seat: int, taker: int, at_most: int, optional: bool) -> Steps:
    """Turn up the top card of `seat`'s deck: if it is an action or a minion of power `at_most`
    or less, `taker` takes it into their hand (or may, if `optional`); else it stays there."""
    steps, top = turn_up(fx, seat, 1)
    if not top or not small(top[0].card, at_most):
        return steps
    if not optional:
        return (*steps, *take(top[0], seat, "deck", taker))
    prompt = "You may take the turned-up card into your hand"
    ask = fx.choose(
        "card", top, prompt, raid_top_take, optional=True, seat=taker, taker=taker, target=seat
    )
    return (*steps, *ask)


@step("raid_top_take")
def raid_top_take(fx: Fx, *, taker: int, target: int, choice: str) -> Steps:
    c = next((c for c in fx.deck(target) if c.uid == choice), None)
    return take(c, target, "deck", taker) if c else ()


def take_at_random(fx: Fx, from_seat: int) -> Steps:
    """I take a card at random from a seat's hand into mine (drawn from the game's seeded rng;
    the card taken is a fact of the event, seen only by its owner and both seats)."""
    hand = fx.hand(from_seat)
    if not hand:
        return ()
    c = fx.rng.choice(hand)
    return take(c, from_seat, "hand", fx.me, "hand", public=False)


def look_at_hand(fx: Fx, seat: int) -> Steps:
    """I look at a seat's hand (only I see it; its owner may answer that: domain.seen)."""
    return piles.show_hand(fx, seat)


def order_top(fx: Fx, seat: int, uids: Sequence[str], then: StepFn | None = None) -> Steps:
    """I put the cards `uids` (on top of a seat's deck) back on top in the order I choose, one
    pick at a time (the first picked ends on top); then `then` runs, if given."""
    after = None if then is None else name_of(then)
    return fx.then(order_top_pick, target=seat, uids=list(uids), ordered=[], after=after)


@step("order_top_pick")
def order_top_pick(
    fx: Fx,
    *,
    target: int,
    uids: list[str],
    ordered: list[str],
    after: str | None = None,
    choice: str | None = None,
) -> Steps:
    ordered = [*ordered, *([] if choice is None else [choice])]
    deck = fx.deck(target)
    left = [c for c in deck if c.uid in uids and c.uid not in ordered]
    kinds = {c.card: c for c in left}  # copies of one card need no choice between them
    if len(kinds) > 1:
        prompt = "Choose the next card to put back on top of that deck (first = top)"
        picks = list(kinds.values())
        return fx.choose(
            "card",
            picks,
            prompt,
            order_top_pick,
            target=target,
            uids=uids,
            ordered=ordered,
            after=after,
        )
    then = () if after is None else fx.then(after)
    if not ordered:
        return then
    top = [next(c for c in deck if c.uid == u) for u in ordered] + left
    rest = [c for c in deck if c not in top]
    return (ev.DeckShuffled(target, (*top, *rest)), *then)


# --- playing a card another player owns -------------------------------------------------------


def playable_as_mine(fx: Fx, c: CardRef) -> bool:
    """Whether I could play this card out of play now as an extra card (somewhere to put it)."""
    if rules.card_type(c.card) == "minion":
        return bool(plays.extra_minion_bases(fx.state, fx.me, c.card, None, None))
    return plays.action_playable(fx.state, fx.me, c.card)


def play_as_mine(fx: Fx, c: CardRef) -> Steps:
    """I play a card out of play (maybe another player's, from their deck) as an extra card: I
    control it; it stays its owner's card (it goes to its owner's zones when it leaves play)."""
    if rules.card_type(c.card) != "minion":
        return play_now(fx, fx.me, c)
    bases = plays.extra_minion_bases(fx.state, fx.me, c.card, None, None)
    options = [fx.option("base", i) for i in bases]
    prompt = "Choose a base for the chosen minion"
    return fx.ask(fx.me, "base", prompt, options, "extra_play_base", seat=fx.me, uid=c.uid)
