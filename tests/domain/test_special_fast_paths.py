"""The Me first! rounds' fast paths give exactly what the plain definitions give: a seat whose
own factions have a Special for the window may hold one, whoever owns the cards it holds (on
every state of seeded random games); a window read from a task is the enum's member."""

from __future__ import annotations

import pytest

from domain.model import GameState
from domain.moments import Window
from domain.specials import WINDOWS, _factions_with_hand_specials, may_hold_special
from tests.domain.seeded import game_states


def may_hold_plainly(state: GameState, seat: int, window: Window) -> bool:
    """may_hold_special's definition: the factions of its own and of every owner of a card in
    its hand or deck, against those with a Special for the window in hand."""
    p = state.players[seat]
    if not p.hand:
        return False
    factions = set(p.factions)
    for c in (*p.hand, *p.deck):
        factions.update(state.players[c.owner].factions)
    return not factions.isdisjoint(_factions_with_hand_specials(window))


@pytest.mark.parametrize("seed", [1, 10])
def test_a_seat_may_hold_a_special_as_the_plain_definition_says(seed: int) -> None:
    states, _ = game_states(seed)
    answers = {True: 0, False: 0}
    for state in states[::2]:
        for seat in range(len(state.players)):
            for window in (Window.BEFORE_SCORING, Window.AFTER_SCORING):
                plain = may_hold_plainly(state, seat, window)
                assert may_hold_special(state, seat, window) == plain
                answers[plain] += 1
    assert answers[True] > 10
    assert answers[False] > 10


def test_a_window_by_its_value_is_the_enums_member() -> None:
    assert len(WINDOWS) == len(Window)
    for window in Window:
        assert WINDOWS[window.value] is Window(window.value)
