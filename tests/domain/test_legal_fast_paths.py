"""The legal-move listing's fast paths agree with the general paths they skip."""

from __future__ import annotations

from domain import moves, rules, talents
from domain.commands import Choose
from domain.effects import Talent
from domain.model import GameState
from domain.moments import Window
from domain.specials import specials_for
from tests.domain.seeded import seeded_moves


def _states(seed: int) -> list[tuple[GameState, int]]:
    return [(m.before, m.seat) for m in seeded_moves(seed)]


def test_talents_are_skipped_only_when_no_seat_could_use_one() -> None:
    for seed in range(3):
        for state, seat in _states(seed):
            if rules.none_in_play(state, Talent):
                assert talents.usable(state, seat) == []


def test_a_made_once_choose_equals_a_new_one() -> None:
    for seed in range(2):
        for state, seat in _states(seed):
            if state.pending is not None:
                for o in state.pending.options:
                    made = moves.choose(seat, o.id)
                    assert made == Choose(seat, o.id)
                    assert moves.choose(seat, o.id) is made


def test_specials_indexed_by_window_value_match_every_window() -> None:
    state, seat = _states(0)[-1]
    for window in Window:
        assert specials_for(state, seat, window, -1) == specials_for(state, seat, window, -1)
