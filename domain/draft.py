"""The faction draft of a ``setup: "draft"`` game, in the core rulebook's order ("choisir vos
Factions"): a first picker drawn at random takes one faction, then each seat clockwise; once
every seat has one, the last picker takes a second and the picks go back counter-clockwise, so
every seat ends with two different factions.

A faction is picked by one seat only, unless the game combines two boxes (``boxes: 2``: the
Spanish core rulebook lets two players play the same faction with two boxes, never one player
twice). The last pick deals the game: each seat's deck of its two factions shuffled, the bases
of the boxes in play (one set of them), and the seat that plays first drawn at random (the
rulebook's "who got up earliest this morning" has no equivalent for a server), all recorded in
``factions_dealt``; the opening hands, mulligans and first turn follow as in any game.
"""

from __future__ import annotations

import random
from typing import Any

from domain import events as ev
from domain.catalogue import catalogue
from domain.commands import PickFaction
from domain.engine import run
from domain.errors import FactionAlreadyPicked, FactionNotAvailable, IllegalMove, NotYourTurn
from domain.evolve import evolve
from domain.model import CardRef, Draft, GameState
from domain.setup import _UidMaker, bases_in_play, implemented_faction, opening_tasks


def drafting(state: GameState) -> bool:
    """Whether the game is in its faction draft (no deck, hand nor base exists yet)."""
    return state.phase == "draft" and state.draft is not None and state.status == "active"


def factions_left(draft: Draft) -> list[str]:
    """The factions some seat may still pick, in catalogue order: each faction at most once
    per box."""
    picks = draft.picks
    return [
        f for f in catalogue().factions if picks.count(f) < draft.boxes and implemented_faction(f)
    ]


def picks_for(state: GameState, seat: int) -> list[str]:
    """The factions `seat` may pick now (none unless it is its pick)."""
    if not drafting(state) or state.active != seat or state.draft is None:
        return []
    own = state.players[seat].factions
    return [f for f in factions_left(state.draft) if f not in own]


def legal_picks(state: GameState, seat: int) -> list[PickFaction]:
    """The pick_faction commands `seat` may send now."""
    return [PickFaction(seat, f) for f in picks_for(state, seat)]


def check_pick(state: GameState, command: PickFaction) -> None:
    """Raise the most precise RuleViolation when `command` is not a legal pick."""
    if not drafting(state) or state.draft is None:
        raise IllegalMove(f"no faction draft is under way (the game is in its {state.phase} phase)")
    if state.active != command.seat:
        raise NotYourTurn(f"seat {command.seat} is not picking; seat {state.active} is")
    faction = command.faction
    if faction not in catalogue().factions or not implemented_faction(faction):
        raise FactionNotAvailable(f"faction {faction!r} is not a faction this server plays")
    if faction in state.players[command.seat].factions:
        raise FactionNotAvailable(
            f"faction {faction!r} is already yours: a seat plays two different factions"
        )
    if faction not in factions_left(state.draft):
        picks = zip(state.draft.order, state.draft.picks, strict=False)
        taken = [s for s, f in picks if f == faction]
        raise FactionAlreadyPicked(
            f"faction {faction!r} is taken by seat {taken[0]}"
            + ("" if state.draft.boxes > 1 else " (each faction once per game: one box)")
        )


def pick(
    state: GameState, command: PickFaction, rng: random.Random
) -> tuple[tuple[ev.Event, ...], GameState]:
    """The events of a legal pick and the state after them: the pick, and after the last one
    the deal, the opening hands, the mulligan offers and the first turn."""
    check_pick(state, command)
    picked = ev.FactionPicked(command.seat, command.faction)
    after = evolve(state, picked)
    draft = after.draft
    if draft is None or len(draft.picks) < len(draft.order):
        return (picked,), after
    dealt = deal(after, rng)
    after = evolve(after, dealt)
    n = len(after.players)
    after, more = run(after, opening_tasks(dealt.first_seat, n, mulligans=True, deal=True), rng)
    return (picked, dealt, *more), after


def deal(state: GameState, rng: random.Random) -> ev.FactionsDealt:
    """The decks, bases and first seat once every seat has its two factions (as a game created
    with those factions deals them)."""
    cat = catalogue()
    uids = _UidMaker(rng)
    decks = []
    for p in state.players:
        cards = cat.deck_for(list(p.factions))
        rng.shuffle(cards)
        decks.append(tuple(CardRef(uids(), c, p.seat) for c in cards))
    bases = bases_in_play({cat.faction_set(f) for p in state.players for f in p.factions})
    rng.shuffle(bases)
    n = len(state.players) + 1
    first = rng.randrange(len(state.players))
    return ev.FactionsDealt(tuple(decks), tuple(bases[:n]), tuple(bases[n:]), first)


def bot_pick(state: GameState, seat: int, bot: str) -> PickFaction | None:
    """The pick of a `greedy` or `search` bot: the faction of most printed minion power
    (`search` also counts one per action card, which it can play besides its minions); ties go
    to the first in catalogue order. (The `random` bot picks among the legal picks at random.)"""
    cat = catalogue()
    choices = picks_for(state, seat)
    if not choices:
        return None

    def score(faction: str) -> int:
        total = 0
        for card_id in cat.factions[faction].card_ids:
            card = cat.cards[card_id]
            if card.type == "minion":
                total += card.count * (card.power or 0)
            elif bot == "search":
                total += card.count
        return total

    best = max(choices, key=lambda f: (score(f), -choices.index(f)))
    return PickFaction(seat, best)


def draft_view(state: GameState) -> dict[str, Any] | None:
    """The draft as everyone sees it: the pick order, the picks so far, the factions left and
    who picks now (None once the draft is over)."""
    draft = state.draft
    if draft is None:
        return None
    under_way = drafting(state)
    return {
        "order": list(draft.order),
        "boxes": draft.boxes,
        "picks": [
            {"seat": s, "faction": f} for s, f in zip(draft.order, draft.picks, strict=False)
        ],
        "factions_left": factions_left(draft) if under_way else [],
        "picking": state.active if under_way else None,
    }
