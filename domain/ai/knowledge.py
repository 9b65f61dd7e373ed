"""What a seat knows, and determinizations: full states sampled from what it does not know.

A seat sees the board, every discard pile, its own hand and the sizes of the other piles
(domain.view). It does not see the other seats' hands, any deck order (its own included), the
cards the other seats buried or placed face down for a duel, nor the base deck order. A
determinization keeps everything the seat sees and deals the cards it cannot see again at
random: each other seat's hand, deck, buried cards and face-down duel cards are pooled and
dealt back (same sizes, same places), the seat's own deck and the base deck are shuffled, and
the game's seed (which fixes every future
shuffle and draw) is replaced. The pools are sorted by uid before they are dealt, so a
determinization depends only on which cards are hidden in each pool, never on where they are:
permuting the hidden cards gives the same determinizations, hence the same bot choices.
"""

from __future__ import annotations

import random

from domain.model import Base, Buried, CardRef, GameState, Player, replace


def hidden_uids(state: GameState, seat: int) -> frozenset[str]:
    """The uids of the cards `seat` cannot see (other hands, every deck, others' buried cards,
    the other seats' face-down duel cards)."""
    out: set[str] = set()
    for p in state.players:
        out.update(c.uid for c in p.deck)
        if p.seat != seat:
            out.update(c.uid for c in p.hand)
    out.update(c.uid for b in state.bases for c in b.buried if c.controller != seat)
    out.update(c.uid for c in _face_down(state) if c.owner != seat)
    return frozenset(out)


def _face_down(state: GameState) -> tuple[CardRef, ...]:
    return () if state.duel is None else state.duel.face_down


def _buried_by(state: GameState, seat: int, shown: frozenset[str]) -> list[Buried]:
    """The cards `seat` buried that the deciding seat cannot see, in board order."""
    return [c for b in state.bases for c in b.buried if c.controller == seat and c.uid not in shown]


def _rebury(bases: tuple[Base, ...], dealt: dict[str, CardRef]) -> tuple[Base, ...]:
    """The bases with the buried cards named by handle in `dealt` replaced by the card dealt."""
    if not dealt:
        return bases

    def card(c: Buried) -> Buried:
        new = dealt.get(c.id)
        return c if new is None else replace(c, uid=new.uid, card=new.card, owner=new.owner)

    return tuple(
        replace(b, buried=tuple(card(c) for c in b.buried)) if b.buried else b for b in bases
    )


def _shown(state: GameState, seat: int) -> frozenset[str]:
    """Hidden cards the pending decision shows to `seat` (e.g. its deck's top cards to pick
    from): they stay where they are."""
    d = state.pending
    if d is None or d.seat != seat:
        return frozenset()
    return frozenset(o.uid for o in d.options if o.uid is not None)


def _deal(cards: list[CardRef], rng: random.Random) -> list[CardRef]:
    cards.sort(key=lambda c: c.uid)
    rng.shuffle(cards)
    return cards


def determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A full state consistent with what `seat` sees, its hidden cards dealt from `rng`."""
    shown = _shown(state, seat)
    players: list[Player] = []
    reburied: dict[str, CardRef] = {}
    face_down = {c.uid: c for c in _face_down(state)}
    for p in state.players:
        if p.seat == seat:
            hand = p.hand
            deck = _redeal_pile(p.deck, shown, rng)
        else:
            buried = _buried_by(state, p.seat, shown)
            down = [c for c in face_down.values() if c.owner == p.seat]
            pool = [c for c in (*p.hand, *down, *p.deck) if c.uid not in shown]
            pool += [CardRef(c.uid, c.card, c.owner) for c in buried]
            dealt = _deal(pool, rng)
            fixed_hand = [c for c in p.hand if c.uid in shown]
            k = len(p.hand) - len(fixed_hand)
            hand = (*fixed_hand, *dealt[:k])
            for old, new in zip(down, dealt[k : k + len(down)], strict=True):
                face_down[old.uid] = new
            rest = dealt[k + len(down) :]
            reburied.update(zip((c.id for c in buried), rest[: len(buried)], strict=True))
            deck = _fill(p.deck, shown, rest[len(buried) :])
        players.append(replace(p, hand=tuple(hand), deck=tuple(deck)))
    duel = state.duel
    if duel is not None:
        duel = replace(duel, face_down=tuple(face_down.values()))
    bases = list(state.base_deck)
    bases.sort()
    rng.shuffle(bases)
    return replace(
        state,
        players=tuple(players),
        bases=_rebury(state.bases, reburied),
        base_deck=tuple(bases),
        duel=duel,
        seed=f"determinized:{rng.getrandbits(64):016x}",
    )


def _redeal_pile(
    pile: tuple[CardRef, ...], shown: frozenset[str], rng: random.Random
) -> tuple[CardRef, ...]:
    """A pile shuffled, its shown cards kept in place."""
    return _fill(pile, shown, _deal([c for c in pile if c.uid not in shown], rng))


def _fill(
    pile: tuple[CardRef, ...], shown: frozenset[str], others: list[CardRef]
) -> tuple[CardRef, ...]:
    """`pile`'s shown cards in their places, the other places filled from `others` in order."""
    rest = iter(others)
    return tuple(c if c.uid in shown else next(rest) for c in pile)
