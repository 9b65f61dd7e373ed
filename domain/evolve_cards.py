"""The folds of events about cards: drawing, discarding, playing and attaching, minions
leaving, moving and changing power, cards moved between piles, buried or relocated."""

from __future__ import annotations

from typing import Any

from domain import events as ev
from domain.fold import (
    detach,
    discard_into,
    drop_minion,
    find_minion,
    holder,
    on,
    set_base,
    set_player,
    take,
    take_from,
    to_discard,
    without,
    without_minion,
)
from domain.model import (
    Attached,
    Base,
    Buried,
    CardRef,
    GameState,
    replace,
)


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


def discarded(s: GameState, e: ev.CardDiscarded) -> dict[str, Any]:
    """The fields a card discarded changes: the zone it leaves, and the players (the card
    taken out of a hand, if it was in one, and put on its owner's discard pile)."""
    uid, players = e.uid, list(s.players)
    changes: dict[str, Any] = {}
    if e.from_zone == "resolving":
        changes["resolving"] = without(s.resolving, uid)
    elif e.from_zone == "uncovered":
        changes["uncovered"] = without(s.uncovered, uid)
    else:
        for i, p in enumerate(players):
            for c in p.hand:
                if c.uid == uid:
                    players[i] = replace(p, hand=without(p.hand, uid))
                    break
    # the one card to its owner's discard pile, as fold.discard_into puts it
    p = players[e.owner]
    players[e.owner] = replace(p, discard=(*p.discard, CardRef(uid, e.card, e.owner)))
    changes["players"] = tuple(players)
    return changes


def _use_allowance(s: GameState, seat: int, index: int | None, minion: bool) -> GameState:
    p = s.players[seat]
    plays = p.plays
    if index is not None and 0 <= index < len(plays):
        plays = plays[:index] + plays[index + 1 :]
    return set_player(s, seat, plays=plays, minions_played=p.minions_played + (1 if minion else 0))


def played_card(
    s: GameState, seat: int, uid: str, card: str, allowance: int | None, minion: bool
) -> tuple[dict[str, Any], CardRef]:
    """A card leaves where it was to be played, using one of the seat's play allowances (if
    `allowance` names one): the fields of `s` that change, and the card. From the seat's own
    hand, as most plays are, one player is copied."""
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
            return {"players": tuple(players)}, c
    after, found = take(s, uid)
    if found is None:
        found = next((c for c in after.uncovered if c.uid == uid), None)
        after = replace(after, uncovered=without(after.uncovered, uid)) if found else after
    after = _use_allowance(after, seat, allowance, minion)
    changes = {"players": after.players, "uncovered": after.uncovered}
    return changes, found or CardRef(uid, card, seat)


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
    i, m = found
    changes = without_minion(s, i, e.uid)
    players = list(s.players)
    ref = CardRef(m.uid, m.card, m.owner)
    if e.to in ("hand", "deck_bottom", "deck_top"):
        discard_into(players, m.attached)
        p = players[m.owner]
        if e.to == "hand":
            players[m.owner] = replace(p, hand=(*p.hand, ref))
        elif e.to == "deck_bottom":
            players[m.owner] = replace(p, deck=(*p.deck, ref))
        else:
            players[m.owner] = replace(p, deck=(ref, *p.deck))
    else:  # its attached cards, then itself
        discard_into(players, (*m.attached, ref))
    return replace(s, players=tuple(players), **changes)


@on(ev.AttachedRemoved)
def _attached_removed(s: GameState, e: ev.AttachedRemoved) -> GameState:
    s = detach(s, e.uid)
    return to_discard(s, [CardRef(e.uid, e.card, e.owner)])


@on(ev.MinionMoved)
def _moved(s: GameState, e: ev.MinionMoved) -> GameState:
    found = find_minion(s, e.uid)
    if not found:
        return s
    i, m = found
    bases = list(s.bases)
    b = bases[i]
    bases[i] = replace(b, minions=tuple([x for x in b.minions if x.uid != e.uid]))
    b = bases[e.to_base]
    bases[e.to_base] = replace(b, minions=(*b.minions, m))
    return replace(s, bases=tuple(bases), flags=(*s.flags, moved_flag(e)))


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
    seat = holder(s, e.uid)
    players = list(s.players)
    ref = take_from(players, e.uid) or CardRef(e.uid, e.card, e.owner)
    # a card held by a seat that does not own it stays with that seat between its hand and
    # deck; anywhere else (its discard pile) it goes back to its owner
    keep = seat is not None and e.to_zone != "discard"
    p = players[seat if keep and seat is not None else ref.owner]
    if e.to_zone == "hand":
        players[p.seat] = replace(p, hand=(*p.hand, ref))
    elif e.to_zone == "deck_top":
        players[p.seat] = replace(p, deck=(ref, *p.deck))
    elif e.to_zone == "deck_bottom":
        players[p.seat] = replace(p, deck=(*p.deck, ref))
    else:
        players[p.seat] = replace(p, discard=(*p.discard, ref))
    return replace(s, players=tuple(players))


@on(ev.CardTaken)
def _card_taken(s: GameState, e: ev.CardTaken) -> GameState:
    found = None
    if e.from_zone == "play":  # an attached action
        s = detach(s, e.uid)
    elif e.from_zone == "buried":
        bases = tuple(
            replace(b, buried=tuple(c for c in b.buried if c.uid != e.uid)) for b in s.bases
        )
        s = replace(s, bases=bases)
    else:
        s, found = take(s, e.uid)
    ref = found or CardRef(e.uid, e.card, e.owner)
    p = s.players[e.seat]
    if e.to_zone == "deck_top":
        return set_player(s, p.seat, deck=(ref, *p.deck))
    return set_player(s, p.seat, hand=(*p.hand, ref))


@on(ev.CardBoxed)
def _card_boxed(s: GameState, e: ev.CardBoxed) -> GameState:
    s, found = take(s, e.uid)
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
        if any(m.uid == e.uid for m in b.minions)
        else b
        for b in s.bases
    )
    return replace(s, bases=bases)


@on(ev.NoteSet)
def _note(s: GameState, e: ev.NoteSet) -> GameState:
    def mark(atts: tuple[Attached, ...]) -> tuple[Attached, ...]:
        return tuple(replace(a, note=e.note) if a.uid == e.uid else a for a in atts)

    def holds(b: Base) -> bool:
        return any(a.uid == e.uid for a in b.attached) or any(
            a.uid == e.uid for m in b.minions for a in m.attached
        )

    bases = tuple(
        replace(
            b,
            attached=mark(b.attached),
            minions=tuple(replace(m, attached=mark(m.attached)) for m in b.minions),
        )
        if holds(b)
        else b
        for b in s.bases
    )
    return replace(s, bases=bases)


@on(ev.CardBuried)
def _buried(s: GameState, e: ev.CardBuried) -> GameState:
    s, _ = take(s, e.uid)
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
