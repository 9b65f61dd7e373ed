"""The fold sets some fields of a state it has just made in place (its version, its table):
every state it has handed out before, and every state it was given, stays exactly as it was."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bench.logs import play
from domain import table as tb
from domain.events import Event
from domain.evolve import evolve
from domain.model import GameState
from tests.domain.table import Table

OASIS = "base.jungle_oasis"
REX, INVADER = "dinosaurs.king_rex", "aliens.invader"


def changed_states(events: Sequence[Event]) -> list[int]:
    """Fold `events` one by one, noting each state's fields as it is made; the versions of
    the states whose fields are no longer those very objects once the fold is over."""
    made: list[tuple[GameState, dict[str, Any]]] = []
    state: GameState | None = None
    for e in events:
        state = evolve(state, e)
        made.append((state, dict(vars(state))))
    return [
        s.version
        for s, fields in made
        if vars(s).keys() != fields.keys() or any(vars(s)[k] is not v for k, v in fields.items())
    ]


def test_folding_whole_random_games_changes_no_state_already_made() -> None:
    for g in range(3):  # 2, 3 and 4 seats, factions of every box
        events, _ = play(g, "alone")
        assert len(events) > 100
        assert changed_states(events) == []


def test_folding_a_takeback_changes_neither_the_state_it_returns_to_nor_any_other() -> None:
    t = Table([OASIS, "base.tar_pits"], hands=[[REX, INVADER], [REX]])
    t.play(REX, 1)
    t.do(tb.Takeback(0))
    t.do(tb.AcceptTakeback(1))
    t.play(INVADER, 0)
    assert [e.type for e in t.events][-4:-2] == ["takeback_accepted", "taken_back"]
    assert changed_states(t.events) == []
