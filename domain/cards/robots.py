"""Robots. Bases: Factory 436-1337, The Central Brain. (Faction cards: the core-set issue.)"""

from __future__ import annotations

from domain import rules
from domain.model import GameState, Minion
from domain.registry import Source, ongoing_power, scoring_bonus


@scoring_bonus("base.factory_436_1337")
def factory_436_1337(state: GameState, base: int, places: dict[int, int]) -> dict[int, int]:
    powers = rules.power_by_seat(state, base)
    return {seat: powers[seat] // 5 for seat, place in places.items() if place == 0}


@ongoing_power("base.the_central_brain")
def the_central_brain(state: GameState, src: Source, base: int, m: Minion) -> int:
    return 1 if base == src.base else 0
