"""The folds of events about cards: drawing, discarding, playing and attaching, minions
leaving, moving and changing power, cards moved between piles, buried or relocated."""

from __future__ import annotations

from domain import events as ev
from domain.fold import drop_minion, find_minion, on, set_base, set_player, to_discard, without
from domain.model import (
    PILES,
    Attached,
    Buried,
    CardRef,
    GameState,
    Minion,
    replace,
)


@on(ev.CardsDrawn)
def _drawn(s: GameState, e: ev.CardsDrawn) -> GameState:
    p = s.players[e.seat]
    n = len(e.cards)
    if p.deck[:n] == e.cards:  # drawn from the top, as always happens
        deck = p.deck[n:]
    else:
        uids = {c.uid for c in e.cards}
        deck = tuple(c for c in p.deck if c.uid not in uids)
    return set_player(s, e.seat, deck=deck, hand=(*p.hand, *e.cards))


@on(ev.DeckReshuffled)
def _reshuffled(s: GameState, e: ev.DeckReshuffled) -> GameState:
    p = s.players[e.seat]
    return set_player(s, e.seat, deck=(*p.deck, *e.order), discard=())


@on(ev.HandDiscarded)
def _hand_discarded(s: GameState, e: ev.HandDiscarded) -> GameState:
    p = s.players[e.seat]
    uids = {c.uid for c in e.cards}
    s = set_player(s, e.seat, hand=tuple(c for c in p.hand if c.uid not in uids))
    return to_discard(s, e.cards)


@on(ev.CardDiscarded)
def _card_discarded(s: GameState, e: ev.CardDiscarded) -> GameState:
    if e.from_zone == "resolving":
        s = replace(s, resolving=without(s.resolving, e.uid))
    elif e.from_zone == "uncovered":
        s = replace(s, uncovered=without(s.uncovered, e.uid))
    else:
        for p in s.players:
            if any(c.uid == e.uid for c in p.hand):
                s = set_player(s, p.seat, hand=without(p.hand, e.uid))
    return to_discard(s, [CardRef(e.uid, e.card, e.owner)])


def _use_allowance(s: GameState, seat: int, index: int | None, minion: bool) -> GameState:
    p = s.players[seat]
    plays = p.plays
    if index is not None and 0 <= index < len(plays):
        plays = plays[:index] + plays[index + 1 :]
    return set_player(s, seat, plays=plays, minions_played=p.minions_played + (1 if minion else 0))


def _holder(s: GameState, uid: str) -> int | None:
    """The seat whose hand or deck holds the card `uid` (None: elsewhere)."""
    for p in s.players:
        if any(c.uid == uid for c in p.hand) or any(c.uid == uid for c in p.deck):
            return p.seat
    return None


def _take(s: GameState, uid: str) -> tuple[GameState, CardRef | None]:
    """Remove a card out of play (any seat's hand, deck or discard) and return it."""
    for p in s.players:
        for zone in PILES:
            cards = p.pile(zone)
            for c in cards:
                if c.uid == uid:
                    return set_player(s, p.seat, **{str(zone): without(cards, uid)}), c
    return s, None


def _played(
    s: GameState, seat: int, uid: str, card: str, allowance: int | None, minion: bool
) -> tuple[GameState, CardRef]:
    """A card leaves where it was to be played, using one of the seat's play allowances (if
    `allowance` names one). From the seat's own hand, as most plays are, in one copy."""
    p = s.players[seat]
    for c in p.hand:
        if c.uid == uid:
            plays = p.plays
            if allowance is not None and 0 <= allowance < len(plays):
                plays = plays[:allowance] + plays[allowance + 1 :]
            players = list(s.players)
            players[seat] = replace(
                p, hand=without(p.hand, uid), plays=plays, minions_played=p.minions_played + minion
            )
            return replace(s, players=tuple(players)), c
    s, found = _take(s, uid)
    if found is None:
        found = next((c for c in s.uncovered if c.uid == uid), None)
        s = replace(s, uncovered=without(s.uncovered, uid)) if found else s
    return _use_allowance(s, seat, allowance, minion), found or CardRef(uid, card, seat)


@on(ev.MinionPlayed)
def _minion_played(s: GameState, e: ev.MinionPlayed) -> GameState:
    s, card = _played(s, e.seat, e.uid, e.card, e.allowance, minion=True)
    b = s.bases[e.base]
    minion = Minion(e.uid, e.card, card.owner, e.seat)
    return set_base(s, e.base, replace(b, minions=(*b.minions, minion)))


@on(ev.ActionPlayed)
def _action_played(s: GameState, e: ev.ActionPlayed) -> GameState:
    s, card = _played(s, e.seat, e.uid, e.card, e.allowance, minion=False)
    return replace(s, resolving=(*s.resolving, card))


@on(ev.ActionAttached)
def _attached(s: GameState, e: ev.ActionAttached) -> GameState:
    card = next((c for c in s.resolving if c.uid == e.uid), None)
    if card is None:
        return s
    s = replace(s, resolving=without(s.resolving, e.uid))
    att = Attached(card.uid, card.card, card.owner, e.controller, e.note)
    b = s.bases[e.base]
    if e.target is None:
        return set_base(s, e.base, replace(b, attached=(*b.attached, att)))
    minions = tuple(
        replace(m, attached=(*m.attached, att)) if m.uid == e.target else m for m in b.minions
    )
    return set_base(s, e.base, replace(b, minions=minions))


@on(ev.MinionRemoved)
def _minion_removed(s: GameState, e: ev.MinionRemoved) -> GameState:
    found = find_minion(s, e.uid)
    if not found:
        return s
    _, m = found
    s = drop_minion(s, e.uid)
    s = to_discard(s, m.attached)
    ref = CardRef(m.uid, m.card, m.owner)
    p = s.players[m.owner]
    if e.to == "hand":
        return set_player(s, m.owner, hand=(*p.hand, ref))
    if e.to == "deck_bottom":
        return set_player(s, m.owner, deck=(*p.deck, ref))
    if e.to == "deck_top":
        return set_player(s, m.owner, deck=(ref, *p.deck))
    return to_discard(s, [ref])


@on(ev.AttachedRemoved)
def _attached_removed(s: GameState, e: ev.AttachedRemoved) -> GameState:
    s = _detach(s, e.uid)
    return to_discard(s, [CardRef(e.uid, e.card, e.owner)])


def _detach(s: GameState, uid: str) -> GameState:
    """The state without the attached action `uid` (on a base or a minion)."""
    bases = []
    for b in s.bases:
        minions = tuple(
            replace(m, attached=tuple(a for a in m.attached if a.uid != uid)) for m in b.minions
        )
        bases.append(
            replace(b, minions=minions, attached=tuple(a for a in b.attached if a.uid != uid))
        )
    return replace(s, bases=tuple(bases))


@on(ev.MinionMoved)
def _moved(s: GameState, e: ev.MinionMoved) -> GameState:
    found = find_minion(s, e.uid)
    if not found:
        return s
    _, m = found
    temp = s.temp_power
    s = replace(drop_minion(s, e.uid), temp_power=temp, flags=(*s.flags, moved_flag(e)))
    b = s.bases[e.to_base]
    return set_base(s, e.to_base, replace(b, minions=(*b.minions, m)))


def moved_flag(e: ev.MinionMoved) -> str:
    """The turn's record of a minion moved, and from which base (turn flags are cleared when
    a turn starts): see rules.moved_from."""
    return f"moved:{e.uid}:{e.from_base}"


@on(ev.PowerModified)
def _power(s: GameState, e: ev.PowerModified) -> GameState:
    from domain.model import TempPower

    return replace(s, temp_power=(*s.temp_power, TempPower(e.uid, e.amount, e.until_turn)))


@on(ev.CountersChanged)
def _counters(s: GameState, e: ev.CountersChanged) -> GameState:
    changes = {e.uid: e.amount}
    if e.from_uid is not None:
        changes[e.from_uid] = changes.get(e.from_uid, 0) - e.amount
    bases = tuple(
        replace(
            b,
            minions=tuple(
                replace(m, counters=max(0, m.counters + changes[m.uid])) if m.uid in changes else m
                for m in b.minions
            ),
        )
        if any(m.uid in changes for m in b.minions)
        else b
        for b in s.bases
    )
    return replace(s, bases=bases)


@on(ev.CardMoved)
def _card_moved(s: GameState, e: ev.CardMoved) -> GameState:
    holder = _holder(s, e.uid)
    s, found = _take(s, e.uid)
    ref = found or CardRef(e.uid, e.card, e.owner)
    # a card held by a seat that does not own it stays with that seat between its hand and
    # deck; anywhere else (its discard pile) it goes back to its owner
    keep = holder is not None and e.to_zone != "discard"
    p = s.players[holder if keep and holder is not None else ref.owner]
    if e.to_zone == "hand":
        return set_player(s, p.seat, hand=(*p.hand, ref))
    if e.to_zone == "deck_top":
        return set_player(s, p.seat, deck=(ref, *p.deck))
    if e.to_zone == "deck_bottom":
        return set_player(s, p.seat, deck=(*p.deck, ref))
    return set_player(s, p.seat, discard=(*p.discard, ref))


@on(ev.CardTaken)
def _card_taken(s: GameState, e: ev.CardTaken) -> GameState:
    found = None
    if e.from_zone == "play":  # an attached action
        s = _detach(s, e.uid)
    elif e.from_zone == "buried":
        bases = tuple(
            replace(b, buried=tuple(c for c in b.buried if c.uid != e.uid)) for b in s.bases
        )
        s = replace(s, bases=bases)
    else:
        s, found = _take(s, e.uid)
    ref = found or CardRef(e.uid, e.card, e.owner)
    p = s.players[e.seat]
    if e.to_zone == "deck_top":
        return set_player(s, p.seat, deck=(ref, *p.deck))
    return set_player(s, p.seat, hand=(*p.hand, ref))


@on(ev.CardBoxed)
def _card_boxed(s: GameState, e: ev.CardBoxed) -> GameState:
    s, found = _take(s, e.uid)
    return replace(s, box=(*s.box, found or CardRef(e.uid, e.card, e.owner)))


@on(ev.DeckShuffled)
def _deck_shuffled(s: GameState, e: ev.DeckShuffled) -> GameState:
    return set_player(s, e.seat, deck=e.order)


@on(ev.LingeringAdded)
def _lingering(s: GameState, e: ev.LingeringAdded) -> GameState:
    return replace(s, lingering=(*s.lingering, e.effect))


@on(ev.ControlChanged)
def _control(s: GameState, e: ev.ControlChanged) -> GameState:
    bases = tuple(
        replace(
            b,
            minions=tuple(
                replace(m, controller=e.controller) if m.uid == e.uid else m for m in b.minions
            ),
        )
        for b in s.bases
    )
    return replace(s, bases=bases)


@on(ev.NoteSet)
def _note(s: GameState, e: ev.NoteSet) -> GameState:
    def mark(atts: tuple[Attached, ...]) -> tuple[Attached, ...]:
        return tuple(replace(a, note=e.note) if a.uid == e.uid else a for a in atts)

    bases = tuple(
        replace(
            b,
            attached=mark(b.attached),
            minions=tuple(replace(m, attached=mark(m.attached)) for m in b.minions),
        )
        for b in s.bases
    )
    return replace(s, bases=bases)


@on(ev.CardBuried)
def _buried(s: GameState, e: ev.CardBuried) -> GameState:
    s, _ = _take(s, e.uid)
    s = replace(s, resolving=without(s.resolving, e.uid), uncovered=without(s.uncovered, e.uid))
    found = find_minion(s, e.uid)
    if found:  # from play: its attached cards go first, its counters are lost
        s = to_discard(drop_minion(s, e.uid), found[1].attached)
    if not 0 <= e.base < len(s.bases):
        return to_discard(s, [CardRef(e.uid, e.card, e.owner)])
    b = s.bases[e.base]
    card = Buried(e.id, e.uid, e.card, e.owner, e.controller)
    s = set_base(s, e.base, replace(b, buried=(*b.buried, card)))
    return replace(s, buried_count=s.buried_count + 1)


@on(ev.CardUncovered)
def _uncovered(s: GameState, e: ev.CardUncovered) -> GameState:
    for i, b in enumerate(s.bases):
        if any(c.id == e.id for c in b.buried):
            s = set_base(s, i, replace(b, buried=tuple(c for c in b.buried if c.id != e.id)))
            return replace(s, uncovered=(*s.uncovered, CardRef(e.uid, e.card, e.owner)))
    return s


@on(ev.CardRelocated)
def _relocated(s: GameState, e: ev.CardRelocated) -> GameState:
    n = len(s.bases)
    if not (0 <= e.from_base < n and 0 <= e.to_base < n) or e.from_base == e.to_base:
        return s
    old, new = s.bases[e.from_base], s.bases[e.to_base]
    attached = next((a for a in old.attached if a.uid == e.id), None)
    if attached is not None:
        kept = tuple(a for a in old.attached if a.uid != e.id)
        s = set_base(s, e.from_base, replace(old, attached=kept))
        return set_base(s, e.to_base, replace(new, attached=(*new.attached, attached)))
    buried = next((c for c in old.buried if c.id == e.id), None)
    if buried is None:
        return s
    s = set_base(s, e.from_base, replace(old, buried=tuple(c for c in old.buried if c.id != e.id)))
    return set_base(s, e.to_base, replace(new, buried=(*new.buried, buried)))
