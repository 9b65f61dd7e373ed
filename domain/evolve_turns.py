"""The folds of events about the course of the game: turns and phases, plays granted, VP and
scoring, bases, decisions, expiring effects, flags, Talents, lingering effects, control, notes,
duels and the end."""

from __future__ import annotations

from domain import events as ev
from domain.fold import discard_into, on, set_base, set_player, to_discard, without
from domain.model import (
    Allowance,
    Attached,
    Base,
    Buried,
    CardRef,
    Duel,
    GameState,
    Minion,
    replace,
)


@on(ev.BreakpointModified)
def _breakpoint(s: GameState, e: ev.BreakpointModified) -> GameState:
    from domain.model import TempBreakpoint

    mod = TempBreakpoint(e.base, e.amount, e.until_turn)
    return replace(s, temp_breakpoints=(*s.temp_breakpoints, mod))


@on(ev.PlayGranted)
def _granted(s: GameState, e: ev.PlayGranted) -> GameState:
    p = s.players[e.seat]
    allowance = Allowance(e.kind, e.max_power, e.base, e.source, e.zone, e.condition)
    return set_player(s, e.seat, plays=(*p.plays, allowance))


@on(ev.VpGained)
def _vp(s: GameState, e: ev.VpGained) -> GameState:
    return set_player(s, e.seat, vp=max(0, s.players[e.seat].vp + e.amount))


@on(ev.ScoringStarted)
def _scoring(s: GameState, e: ev.ScoringStarted) -> GameState:
    return replace(s, scoring=e.card)


@on(ev.BaseScored)
def _scored(s: GameState, e: ev.BaseScored) -> GameState:
    players = list(s.players)
    for pl in e.placements:
        players[pl.seat] = replace(players[pl.seat], vp=players[pl.seat].vp + pl.vp)
    return replace(s, players=tuple(players), last_scored=e.placements)


@on(ev.BaseCleared)
def _cleared(s: GameState, e: ev.BaseCleared) -> GameState:
    b = s.bases[e.base]
    cards: list[CardRef | Attached | Minion | Buried] = []
    for m in b.minions:
        cards.extend(m.attached)
        cards.append(m)
    cards.extend(b.attached)
    cards.extend(b.buried)  # to their owners' discard piles
    uids = {m.uid for m in b.minions}
    bases = list(s.bases)
    bases[e.base] = replace(b, minions=(), attached=(), buried=())
    players = list(s.players)
    discard_into(players, cards)
    return replace(
        s,
        players=tuple(players),
        bases=tuple(bases),
        temp_power=tuple(t for t in s.temp_power if t.uid not in uids),
    )


@on(ev.BaseReplaced)
def _replaced(s: GameState, e: ev.BaseReplaced) -> GameState:
    if e.base < len(s.bases) and s.bases[e.base].buried:  # a base leaving play
        s = to_discard(s, s.bases[e.base].buried)
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


@on(ev.BaseAdded)
def _base_added(s: GameState, e: ev.BaseAdded) -> GameState:
    deck = tuple(c for c in s.base_deck if c != e.card)
    discard = tuple(c for c in s.base_discard if c != e.card)
    return replace(s, bases=(*s.bases, Base(card=e.card)), base_deck=deck, base_discard=discard)


@on(ev.BaseDeckShuffled)
def _base_shuffled(s: GameState, e: ev.BaseDeckShuffled) -> GameState:
    return replace(s, base_deck=e.order, base_discard=() if e.with_discard else s.base_discard)


@on(ev.BaseDeckReordered)
def _base_reordered(s: GameState, e: ev.BaseDeckReordered) -> GameState:
    return replace(s, base_deck=(*e.top, *s.base_deck[e.count :]))


@on(ev.BasesSwapped)
def _swapped(s: GameState, e: ev.BasesSwapped) -> GameState:
    old = s.bases[e.base]
    s = to_discard(s, (*old.attached, *old.buried))
    deck = (*tuple(c for c in s.base_deck if c != e.new), e.old)
    s = replace(s, base_deck=deck)
    return set_base(s, e.base, Base(card=e.new, minions=old.minions))


@on(ev.BaseChanged)
def _changed(s: GameState, e: ev.BaseChanged) -> GameState:
    old = s.bases[e.base]
    deck = tuple(c for c in s.base_deck if c != e.new)
    return replace(
        set_base(s, e.base, replace(old, card=e.new)),
        base_deck=deck,
        base_discard=(*s.base_discard, e.old),
        scoring=e.new if s.scoring == e.old else s.scoring,
        temp_breakpoints=tuple(t for t in s.temp_breakpoints if t.base != e.old),
    )


@on(ev.FlagSet)
def _flag(s: GameState, e: ev.FlagSet) -> GameState:
    return replace(s, flags=(*s.flags, e.flag))


@on(ev.TalentUsed)
def _talent_used(s: GameState, e: ev.TalentUsed) -> GameState:
    return replace(s, flags=(*s.flags, talent_flag(e.uid, e.seat)))


def talent_flag(uid: str, seat: int) -> str:
    """The turn's marker of a Talent used (turn flags are cleared when a turn starts)."""
    return f"talent:{uid}:{seat}"


@on(ev.DuelStarted)
def _duel_started(s: GameState, e: ev.DuelStarted) -> GameState:
    return replace(s, duel=Duel(e.challenger, e.challenged))


@on(ev.DuelCardPlaced)
def _duel_card_placed(s: GameState, e: ev.DuelCardPlaced) -> GameState:
    p, duel = s.players[e.seat], s.duel
    card = next((c for c in p.hand if c.uid == e.uid), None)
    if card is None or duel is None:
        return s
    s = set_player(s, e.seat, hand=without(p.hand, e.uid))
    return replace(s, duel=replace(duel, face_down=(*duel.face_down, card)))


@on(ev.DuelCardRevealed)
def _duel_card_revealed(s: GameState, e: ev.DuelCardRevealed) -> GameState:
    duel = s.duel
    card = None if duel is None else next((c for c in duel.face_down if c.uid == e.uid), None)
    if duel is None or card is None:
        return s
    s = replace(s, duel=replace(duel, face_down=without(duel.face_down, e.uid)))
    owner = s.players[card.owner]
    return set_player(s, card.owner, hand=(*owner.hand, card))


@on(ev.DuelEnded)
def _duel_ended(s: GameState, e: ev.DuelEnded) -> GameState:
    duel = s.duel
    if duel is None:
        return s
    for card in duel.face_down:  # never left face down: back to its owner's hand
        owner = s.players[card.owner]
        s = set_player(s, card.owner, hand=(*owner.hand, card))
    return replace(s, duel=None)


@on(ev.GameEnded)
def _ended(s: GameState, e: ev.GameEnded) -> GameState:
    return replace(
        s, status="ended", winner=e.winner, end_reason=e.reason, phase="over", pending=None
    )
