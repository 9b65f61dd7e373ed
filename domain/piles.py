"""Shared verbs on the cards out of play (hands, decks, discard piles), beside the everyday
ones of `Fx`: drawing chosen cards, looking at or revealing the top of a deck, showing a hand,
discarding, putting revealed cards back and shuffling picked ones in. Each is a function of
the running ability (`fx`) returning steps (some also return what they found)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain import events as ev
from domain.fx import Fx, Steps, seen_task
from domain.model import CardRef
from domain.registry import StepFn


def draw_these(fx: Fx, cards: Sequence[CardRef]) -> Steps:
    """I draw these cards, looked at on top of my deck (nothing if there is none)."""
    return (ev.CardsDrawn(fx.me, tuple(cards)),) if cards else ()


def top_of_deck(fx: Fx, n: int = 1, seat: int | None = None) -> tuple[Steps, list[CardRef]]:
    """The top n cards of a deck (mine by default), reshuffling the discard pile under it when
    the deck runs out before n cards: (the reshuffle events to emit first, the cards)."""
    who = fx.me if seat is None else seat
    p = fx.state.players[who]
    if len(p.deck) >= n or not p.discard:
        return (), list(p.deck[:n])
    order = list(p.discard)
    fx.rng.shuffle(order)
    return (ev.DeckReshuffled(who, tuple(order)),), [*p.deck, *order][:n]


def reveal_top(fx: Fx, to: int | None = None) -> tuple[Steps, CardRef | None]:
    """Reveal the top card of my deck (to everyone, or to one seat): (steps, the card)."""
    steps, top = top_of_deck(fx, 1)
    if not top:
        return steps, None
    return (*steps, *fx.reveal(top[0], "deck", to)), top[0]


def show_hand(fx: Fx, seat: int) -> Steps:
    """Show a seat's whole hand to me only (it may answer: see domain.seen)."""
    shown = ev.HandRevealed(seat, fx.me, fx.state.players[seat].hand)
    return (shown,) if seat == fx.me else (shown, seen_task(fx, seat, None))


def discard_from_hand(c: CardRef) -> Steps:
    """A card leaves its owner's hand for their discard pile."""
    return (ev.CardDiscarded(c.uid, c.card, c.owner, "hand"),)


def random_discard(fx: Fx, seat: int, n: int) -> Steps:
    """A seat discards n cards chosen at random (the outcome is in the events)."""
    hand = fx.hand(seat)
    picked = fx.rng.sample(hand, min(n, len(hand)))
    return tuple(item for c in picked for item in discard_from_hand(c))


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
