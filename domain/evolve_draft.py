"""The folds of the faction draft (domain.draft): the order, each pick, then the deal."""

from __future__ import annotations

from domain import events as ev
from domain.fold import on, set_player
from domain.model import Base, Draft, GameState, replace


@on(ev.DraftStarted)
def _draft_started(s: GameState, e: ev.DraftStarted) -> GameState:
    return replace(s, draft=Draft(e.order, e.boxes), phase="draft", active=e.order[0])


@on(ev.FactionPicked)
def _faction_picked(s: GameState, e: ev.FactionPicked) -> GameState:
    draft = s.draft or Draft((e.seat,))
    picks = (*draft.picks, e.faction)
    s = set_player(s, e.seat, factions=(*s.players[e.seat].factions, e.faction))
    following = draft.order[len(picks)] if len(picks) < len(draft.order) else s.active
    return replace(s, draft=replace(draft, picks=picks), active=following)


@on(ev.FactionsDealt)
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
