"""evolve(state, event) -> state: the pure fold. Generic over cards; never random, and never
fails on a stored event: every event type has a fold (those that only record a fact have an
explicit no-op one, :data:`FACT_ONLY`), and an event type without one is an error."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from domain import events as ev
from domain.model import (
    PILES,
    Allowance,
    Attached,
    Base,
    Buried,
    CardRef,
    Draft,
    Duel,
    GameState,
    Minion,
    Player,
    replace,
)

_APPLY: dict[type[ev.Event], Callable[[GameState, Any], GameState]] = {}


def _on(cls: type[ev.Event]) -> Callable[[Callable[[GameState, Any], GameState]], Any]:
    def wrap(fn: Callable[[GameState, Any], GameState]) -> Callable[[GameState, Any], GameState]:
        _APPLY[cls] = fn
        return fn

    return wrap


class NoFold(TypeError):
    """An event type no fold handles (a new event class without its `@_on` fold, or a
    `game_created` after the start): a programming error, never silently skipped."""

    def __init__(self, event: ev.Event) -> None:
        super().__init__(
            f"no fold for event type {event.type!r} ({type(event).__name__}): add one with "
            "@_on in domain/evolve.py, or list it in FACT_ONLY if it changes nothing"
        )
        self.event = event


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """The state after `event`; the version counts events."""
    if state is None:
        assert isinstance(event, ev.GameCreated), "a game starts with game_created"
        return _created(event)
    fn = _APPLY.get(type(event))
    if fn is None:
        raise NoFold(event)
    new = fn(state, event)
    if new is state:
        return replace(state, version=state.version + 1)
    # a handler's answer is a fresh copy that nothing else holds yet: count it in place
    object.__setattr__(new, "version", state.version + 1)
    return new


def replay(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    """Fold events from `state` (or from nothing)."""
    for e in events:
        state = evolve(state, e)
    if state is None:
        raise ValueError("no events to replay")
    return state


FACT_ONLY: tuple[type[ev.Event], ...] = (
    ev.HandRevealed,
    ev.CardRevealed,
    ev.SpecialUsed,
    ev.ClockExpired,
)
"""The events that record a fact and change nothing but the version: who saw which cards, a
Special used (what it does comes as events of its own), a turn clock run out (the game's
end, if any, is its own event)."""


def _fact_only(state: GameState, _: ev.Event) -> GameState:
    return state


for _cls in FACT_ONLY:
    _APPLY[_cls] = _fact_only


# --- helpers -------------------------------------------------------------------------------


def _set_player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _set_base(state: GameState, index: int, base: Base) -> GameState:
    bases = list(state.bases)
    bases[index] = base
    return replace(state, bases=tuple(bases))


def _without(cards: tuple[CardRef, ...], uid: str) -> tuple[CardRef, ...]:
    return tuple(c for c in cards if c.uid != uid)


def _to_discard(
    state: GameState, cards: Iterable[CardRef | Attached | Minion | Buried]
) -> GameState:
    for c in cards:
        p = state.players[c.owner]
        state = _set_player(state, c.owner, discard=(*p.discard, CardRef(c.uid, c.card, c.owner)))
    return state


def _find_minion(state: GameState, uid: str) -> tuple[int, Minion] | None:
    for i, b in enumerate(state.bases):
        for m in b.minions:
            if m.uid == uid:
                return i, m
    return None


def _drop_minion(state: GameState, uid: str) -> GameState:
    found = _find_minion(state, uid)
    if not found:
        return state
    i, _ = found
    b = state.bases[i]
    state = _set_base(state, i, replace(b, minions=tuple(m for m in b.minions if m.uid != uid)))
    return replace(state, temp_power=tuple(t for t in state.temp_power if t.uid != uid))


# --- event handlers ------------------------------------------------------------------------


def _created(e: ev.GameCreated) -> GameState:
    players = tuple(
        Player(
            seat=p.seat,
            name=p.name,
            factions=p.factions,
            bot=p.bot,
            vp=p.vp,
            hand=p.hand,
            deck=p.deck,
            discard=p.discard,
        )
        for p in e.players
    )
    bases = [Base(card=c) for c in e.bases]
    for m in e.board:
        b = bases[m.base]
        minion = Minion(m.uid, m.card, m.owner, m.owner, m.attached)
        bases[m.base] = replace(b, minions=(*b.minions, minion))
    for i, a in e.base_attached:
        bases[i] = replace(bases[i], attached=(*bases[i].attached, a))
    return GameState(
        game_id=e.game_id,
        seed=e.seed,
        players=players,
        bases=tuple(bases),
        base_deck=e.base_deck,
        first_seat=e.first_seat,
        active=e.first_seat,
        scripted=e.scripted,
        clock=e.clock,
        version=1,
    )


@_on(ev.CardsDrawn)
def _drawn(s: GameState, e: ev.CardsDrawn) -> GameState:
    p = s.players[e.seat]
    n = len(e.cards)
    if p.deck[:n] == e.cards:  # drawn from the top, as always happens
        deck = p.deck[n:]
    else:
        uids = {c.uid for c in e.cards}
        deck = tuple(c for c in p.deck if c.uid not in uids)
    return _set_player(s, e.seat, deck=deck, hand=(*p.hand, *e.cards))


@_on(ev.DeckReshuffled)
def _reshuffled(s: GameState, e: ev.DeckReshuffled) -> GameState:
    p = s.players[e.seat]
    return _set_player(s, e.seat, deck=(*p.deck, *e.order), discard=())


@_on(ev.HandDiscarded)
def _hand_discarded(s: GameState, e: ev.HandDiscarded) -> GameState:
    p = s.players[e.seat]
    uids = {c.uid for c in e.cards}
    s = _set_player(s, e.seat, hand=tuple(c for c in p.hand if c.uid not in uids))
    return _to_discard(s, e.cards)


@_on(ev.CardDiscarded)
def _card_discarded(s: GameState, e: ev.CardDiscarded) -> GameState:
    if e.from_zone == "resolving":
        s = replace(s, resolving=_without(s.resolving, e.uid))
    elif e.from_zone == "uncovered":
        s = replace(s, uncovered=_without(s.uncovered, e.uid))
    else:
        for p in s.players:
            if any(c.uid == e.uid for c in p.hand):
                s = _set_player(s, p.seat, hand=_without(p.hand, e.uid))
    return _to_discard(s, [CardRef(e.uid, e.card, e.owner)])


@_on(ev.TurnStarted)
def _turn_started(s: GameState, e: ev.TurnStarted) -> GameState:
    players = tuple(
        replace(p, plays=e.plays, minions_played=0)
        if p.seat == e.seat
        else (replace(p, minions_played=0) if p.minions_played else p)
        for p in s.players
    )
    return replace(s, players=players, active=e.seat, turn=e.turn, phase="start", flags=())


@_on(ev.PhaseChanged)
def _phase(s: GameState, e: ev.PhaseChanged) -> GameState:
    if e.plays_lost:
        s = replace(s, players=tuple(replace(p, plays=()) if p.plays else p for p in s.players))
    return replace(s, phase=e.phase)


def _use_allowance(s: GameState, seat: int, index: int | None, minion: bool) -> GameState:
    p = s.players[seat]
    plays = p.plays
    if index is not None and 0 <= index < len(plays):
        plays = plays[:index] + plays[index + 1 :]
    return _set_player(s, seat, plays=plays, minions_played=p.minions_played + (1 if minion else 0))


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
                    return _set_player(s, p.seat, **{str(zone): _without(cards, uid)}), c
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
                p, hand=_without(p.hand, uid), plays=plays, minions_played=p.minions_played + minion
            )
            return replace(s, players=tuple(players)), c
    s, found = _take(s, uid)
    if found is None:
        found = next((c for c in s.uncovered if c.uid == uid), None)
        s = replace(s, uncovered=_without(s.uncovered, uid)) if found else s
    return _use_allowance(s, seat, allowance, minion), found or CardRef(uid, card, seat)


@_on(ev.MinionPlayed)
def _minion_played(s: GameState, e: ev.MinionPlayed) -> GameState:
    s, card = _played(s, e.seat, e.uid, e.card, e.allowance, minion=True)
    b = s.bases[e.base]
    minion = Minion(e.uid, e.card, card.owner, e.seat)
    return _set_base(s, e.base, replace(b, minions=(*b.minions, minion)))


@_on(ev.ActionPlayed)
def _action_played(s: GameState, e: ev.ActionPlayed) -> GameState:
    s, card = _played(s, e.seat, e.uid, e.card, e.allowance, minion=False)
    return replace(s, resolving=(*s.resolving, card))


@_on(ev.ActionAttached)
def _attached(s: GameState, e: ev.ActionAttached) -> GameState:
    card = next((c for c in s.resolving if c.uid == e.uid), None)
    if card is None:
        return s
    s = replace(s, resolving=_without(s.resolving, e.uid))
    att = Attached(card.uid, card.card, card.owner, e.controller, e.note)
    b = s.bases[e.base]
    if e.target is None:
        return _set_base(s, e.base, replace(b, attached=(*b.attached, att)))
    minions = tuple(
        replace(m, attached=(*m.attached, att)) if m.uid == e.target else m for m in b.minions
    )
    return _set_base(s, e.base, replace(b, minions=minions))


@_on(ev.MinionRemoved)
def _minion_removed(s: GameState, e: ev.MinionRemoved) -> GameState:
    found = _find_minion(s, e.uid)
    if not found:
        return s
    _, m = found
    s = _drop_minion(s, e.uid)
    s = _to_discard(s, m.attached)
    ref = CardRef(m.uid, m.card, m.owner)
    p = s.players[m.owner]
    if e.to == "hand":
        return _set_player(s, m.owner, hand=(*p.hand, ref))
    if e.to == "deck_bottom":
        return _set_player(s, m.owner, deck=(*p.deck, ref))
    if e.to == "deck_top":
        return _set_player(s, m.owner, deck=(ref, *p.deck))
    return _to_discard(s, [ref])


@_on(ev.AttachedRemoved)
def _attached_removed(s: GameState, e: ev.AttachedRemoved) -> GameState:
    s = _detach(s, e.uid)
    return _to_discard(s, [CardRef(e.uid, e.card, e.owner)])


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


@_on(ev.MinionMoved)
def _moved(s: GameState, e: ev.MinionMoved) -> GameState:
    found = _find_minion(s, e.uid)
    if not found:
        return s
    _, m = found
    temp = s.temp_power
    s = replace(_drop_minion(s, e.uid), temp_power=temp, flags=(*s.flags, moved_flag(e)))
    b = s.bases[e.to_base]
    return _set_base(s, e.to_base, replace(b, minions=(*b.minions, m)))


def moved_flag(e: ev.MinionMoved) -> str:
    """The turn's record of a minion moved, and from which base (turn flags are cleared when
    a turn starts): see rules.moved_from."""
    return f"moved:{e.uid}:{e.from_base}"


@_on(ev.PowerModified)
def _power(s: GameState, e: ev.PowerModified) -> GameState:
    from domain.model import TempPower

    return replace(s, temp_power=(*s.temp_power, TempPower(e.uid, e.amount, e.until_turn)))


@_on(ev.CountersChanged)
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


@_on(ev.BreakpointModified)
def _breakpoint(s: GameState, e: ev.BreakpointModified) -> GameState:
    from domain.model import TempBreakpoint

    mod = TempBreakpoint(e.base, e.amount, e.until_turn)
    return replace(s, temp_breakpoints=(*s.temp_breakpoints, mod))


@_on(ev.PlayGranted)
def _granted(s: GameState, e: ev.PlayGranted) -> GameState:
    p = s.players[e.seat]
    allowance = Allowance(e.kind, e.max_power, e.base, e.source, e.zone, e.condition)
    return _set_player(s, e.seat, plays=(*p.plays, allowance))


@_on(ev.VpGained)
def _vp(s: GameState, e: ev.VpGained) -> GameState:
    return _set_player(s, e.seat, vp=max(0, s.players[e.seat].vp + e.amount))


@_on(ev.ScoringStarted)
def _scoring(s: GameState, e: ev.ScoringStarted) -> GameState:
    return replace(s, scoring=e.card)


@_on(ev.BaseScored)
def _scored(s: GameState, e: ev.BaseScored) -> GameState:
    players = list(s.players)
    for pl in e.placements:
        players[pl.seat] = replace(players[pl.seat], vp=players[pl.seat].vp + pl.vp)
    return replace(s, players=tuple(players), last_scored=e.placements)


@_on(ev.BaseCleared)
def _cleared(s: GameState, e: ev.BaseCleared) -> GameState:
    b = s.bases[e.base]
    cards: list[CardRef | Attached | Minion | Buried] = []
    for m in b.minions:
        cards.extend(m.attached)
        cards.append(m)
    cards.extend(b.attached)
    cards.extend(b.buried)  # to their owners' discard piles
    uids = {m.uid for m in b.minions}
    s = replace(s, temp_power=tuple(t for t in s.temp_power if t.uid not in uids))
    s = _set_base(s, e.base, replace(b, minions=(), attached=(), buried=()))
    return _to_discard(s, cards)


@_on(ev.BaseReplaced)
def _replaced(s: GameState, e: ev.BaseReplaced) -> GameState:
    if e.base < len(s.bases) and s.bases[e.base].buried:  # a base leaving play
        s = _to_discard(s, s.bases[e.base].buried)
    deck = s.base_deck
    if e.new is not None and e.new in deck:
        i = deck.index(e.new)
        deck = deck[:i] + deck[i + 1 :]
    bases = list(s.bases)
    if e.new is None:
        del bases[e.base]
    else:
        bases[e.base] = Base(card=e.new)
    discard = tuple(c for c in s.base_discard if c != e.new)
    return replace(
        s,
        bases=tuple(bases),
        base_deck=deck,
        base_discard=discard if e.new == e.old else (*discard, e.old),
        scoring=None,
        temp_breakpoints=tuple(t for t in s.temp_breakpoints if t.base != e.old),
    )


@_on(ev.BaseAdded)
def _base_added(s: GameState, e: ev.BaseAdded) -> GameState:
    deck = tuple(c for c in s.base_deck if c != e.card)
    discard = tuple(c for c in s.base_discard if c != e.card)
    return replace(s, bases=(*s.bases, Base(card=e.card)), base_deck=deck, base_discard=discard)


@_on(ev.BaseDeckShuffled)
def _base_shuffled(s: GameState, e: ev.BaseDeckShuffled) -> GameState:
    return replace(s, base_deck=e.order, base_discard=() if e.with_discard else s.base_discard)


@_on(ev.BaseDeckReordered)
def _base_reordered(s: GameState, e: ev.BaseDeckReordered) -> GameState:
    return replace(s, base_deck=(*e.top, *s.base_deck[e.count :]))


@_on(ev.BasesSwapped)
def _swapped(s: GameState, e: ev.BasesSwapped) -> GameState:
    old = s.bases[e.base]
    s = _to_discard(s, (*old.attached, *old.buried))
    deck = (*tuple(c for c in s.base_deck if c != e.new), e.old)
    s = replace(s, base_deck=deck)
    return _set_base(s, e.base, Base(card=e.new, minions=old.minions))


@_on(ev.BaseChanged)
def _changed(s: GameState, e: ev.BaseChanged) -> GameState:
    old = s.bases[e.base]
    deck = tuple(c for c in s.base_deck if c != e.new)
    return replace(
        _set_base(s, e.base, replace(old, card=e.new)),
        base_deck=deck,
        base_discard=(*s.base_discard, e.old),
        scoring=e.new if s.scoring == e.old else s.scoring,
        temp_breakpoints=tuple(t for t in s.temp_breakpoints if t.base != e.old),
    )


@_on(ev.DecisionRequested)
def _asked(s: GameState, e: ev.DecisionRequested) -> GameState:
    return replace(s, pending=e.decision)


@_on(ev.DecisionMade)
def _answered(s: GameState, e: ev.DecisionMade) -> GameState:
    return replace(s, pending=None)


@_on(ev.EffectsExpired)
def _expired(s: GameState, e: ev.EffectsExpired) -> GameState:
    return replace(
        s,
        temp_power=tuple(t for t in s.temp_power if t.until_turn > e.turn),
        temp_breakpoints=tuple(t for t in s.temp_breakpoints if t.until_turn > e.turn),
        lingering=tuple(x for x in s.lingering if x.until_turn > e.turn),
    )


@_on(ev.FlagSet)
def _flag(s: GameState, e: ev.FlagSet) -> GameState:
    return replace(s, flags=(*s.flags, e.flag))


@_on(ev.TalentUsed)
def _talent_used(s: GameState, e: ev.TalentUsed) -> GameState:
    return replace(s, flags=(*s.flags, talent_flag(e.uid, e.seat)))


def talent_flag(uid: str, seat: int) -> str:
    """The turn's marker of a Talent used (turn flags are cleared when a turn starts)."""
    return f"talent:{uid}:{seat}"


@_on(ev.CardMoved)
def _card_moved(s: GameState, e: ev.CardMoved) -> GameState:
    holder = _holder(s, e.uid)
    s, found = _take(s, e.uid)
    ref = found or CardRef(e.uid, e.card, e.owner)
    # a card held by a seat that does not own it stays with that seat between its hand and
    # deck; anywhere else (its discard pile) it goes back to its owner
    keep = holder is not None and e.to_zone != "discard"
    p = s.players[holder if keep and holder is not None else ref.owner]
    if e.to_zone == "hand":
        return _set_player(s, p.seat, hand=(*p.hand, ref))
    if e.to_zone == "deck_top":
        return _set_player(s, p.seat, deck=(ref, *p.deck))
    if e.to_zone == "deck_bottom":
        return _set_player(s, p.seat, deck=(*p.deck, ref))
    return _set_player(s, p.seat, discard=(*p.discard, ref))


@_on(ev.CardTaken)
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
        return _set_player(s, p.seat, deck=(ref, *p.deck))
    return _set_player(s, p.seat, hand=(*p.hand, ref))


@_on(ev.CardBoxed)
def _card_boxed(s: GameState, e: ev.CardBoxed) -> GameState:
    s, found = _take(s, e.uid)
    return replace(s, box=(*s.box, found or CardRef(e.uid, e.card, e.owner)))


@_on(ev.DeckShuffled)
def _deck_shuffled(s: GameState, e: ev.DeckShuffled) -> GameState:
    return _set_player(s, e.seat, deck=e.order)


@_on(ev.LingeringAdded)
def _lingering(s: GameState, e: ev.LingeringAdded) -> GameState:
    return replace(s, lingering=(*s.lingering, e.effect))


@_on(ev.ControlChanged)
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


@_on(ev.NoteSet)
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


@_on(ev.CardBuried)
def _buried(s: GameState, e: ev.CardBuried) -> GameState:
    s, _ = _take(s, e.uid)
    s = replace(s, resolving=_without(s.resolving, e.uid), uncovered=_without(s.uncovered, e.uid))
    found = _find_minion(s, e.uid)
    if found:  # from play: its attached cards go first, its counters are lost
        s = _to_discard(_drop_minion(s, e.uid), found[1].attached)
    if not 0 <= e.base < len(s.bases):
        return _to_discard(s, [CardRef(e.uid, e.card, e.owner)])
    b = s.bases[e.base]
    card = Buried(e.id, e.uid, e.card, e.owner, e.controller)
    s = _set_base(s, e.base, replace(b, buried=(*b.buried, card)))
    return replace(s, buried_count=s.buried_count + 1)


@_on(ev.CardUncovered)
def _uncovered(s: GameState, e: ev.CardUncovered) -> GameState:
    for i, b in enumerate(s.bases):
        if any(c.id == e.id for c in b.buried):
            s = _set_base(s, i, replace(b, buried=tuple(c for c in b.buried if c.id != e.id)))
            return replace(s, uncovered=(*s.uncovered, CardRef(e.uid, e.card, e.owner)))
    return s


@_on(ev.DuelStarted)
def _duel_started(s: GameState, e: ev.DuelStarted) -> GameState:
    return replace(s, duel=Duel(e.challenger, e.challenged))


@_on(ev.DuelCardPlaced)
def _duel_card_placed(s: GameState, e: ev.DuelCardPlaced) -> GameState:
    p, duel = s.players[e.seat], s.duel
    card = next((c for c in p.hand if c.uid == e.uid), None)
    if card is None or duel is None:
        return s
    s = _set_player(s, e.seat, hand=_without(p.hand, e.uid))
    return replace(s, duel=replace(duel, face_down=(*duel.face_down, card)))


@_on(ev.DuelCardRevealed)
def _duel_card_revealed(s: GameState, e: ev.DuelCardRevealed) -> GameState:
    duel = s.duel
    card = None if duel is None else next((c for c in duel.face_down if c.uid == e.uid), None)
    if duel is None or card is None:
        return s
    s = replace(s, duel=replace(duel, face_down=_without(duel.face_down, e.uid)))
    owner = s.players[card.owner]
    return _set_player(s, card.owner, hand=(*owner.hand, card))


@_on(ev.DuelEnded)
def _duel_ended(s: GameState, e: ev.DuelEnded) -> GameState:
    duel = s.duel
    if duel is None:
        return s
    for card in duel.face_down:  # never left face down: back to its owner's hand
        owner = s.players[card.owner]
        s = _set_player(s, card.owner, hand=(*owner.hand, card))
    return replace(s, duel=None)


@_on(ev.CardRelocated)
def _relocated(s: GameState, e: ev.CardRelocated) -> GameState:
    n = len(s.bases)
    if not (0 <= e.from_base < n and 0 <= e.to_base < n) or e.from_base == e.to_base:
        return s
    old, new = s.bases[e.from_base], s.bases[e.to_base]
    attached = next((a for a in old.attached if a.uid == e.id), None)
    if attached is not None:
        kept = tuple(a for a in old.attached if a.uid != e.id)
        s = _set_base(s, e.from_base, replace(old, attached=kept))
        return _set_base(s, e.to_base, replace(new, attached=(*new.attached, attached)))
    buried = next((c for c in old.buried if c.id == e.id), None)
    if buried is None:
        return s
    s = _set_base(s, e.from_base, replace(old, buried=tuple(c for c in old.buried if c.id != e.id)))
    return _set_base(s, e.to_base, replace(new, buried=(*new.buried, buried)))


@_on(ev.GameEnded)
def _ended(s: GameState, e: ev.GameEnded) -> GameState:
    return replace(s, status="ended", winner=e.winner, phase="over", pending=None)


# --- the faction draft (domain.draft) -------------------------------------------------------


@_on(ev.DraftStarted)
def _draft_started(s: GameState, e: ev.DraftStarted) -> GameState:
    return replace(s, draft=Draft(e.order, e.boxes), phase="draft", active=e.order[0])


@_on(ev.FactionPicked)
def _faction_picked(s: GameState, e: ev.FactionPicked) -> GameState:
    draft = s.draft or Draft((e.seat,))
    picks = (*draft.picks, e.faction)
    s = _set_player(s, e.seat, factions=(*s.players[e.seat].factions, e.faction))
    following = draft.order[len(picks)] if len(picks) < len(draft.order) else s.active
    return replace(s, draft=replace(draft, picks=picks), active=following)


@_on(ev.FactionsDealt)
def _factions_dealt(s: GameState, e: ev.FactionsDealt) -> GameState:
    players = tuple(
        replace(p, deck=e.decks[p.seat]) if p.seat < len(e.decks) else p for p in s.players
    )
    return replace(
        s,
        players=players,
        bases=tuple(Base(card=c) for c in e.bases),
        base_deck=e.base_deck,
        first_seat=e.first_seat,
        active=e.first_seat,
        phase="setup",
    )
