"""Robots: the faction's bases (its cards come with the core-set issue)."""

from __future__ import annotations

from tests.domain.bases_common import INVADER, OASIS, REX, TAR
from tests.domain.table import Table

FACTORY, BRAIN = "base.factory_436_1337", "base.the_central_brain"


def test_factory_gives_its_winner_1_vp_per_5_power_there() -> None:
    board = [(0, REX, 0)] * 3 + [(0, INVADER, 0), (0, INVADER, 1)]
    t = Table([FACTORY], hands=[[], []], board=board, base_deck=[TAR])
    t.end_turn()
    # 24 power -> 2 + 4 bonus; runner-up 2
    assert t.vp() == [2 + 4, 2]


def test_the_central_brain_gives_plus_1_power_to_minions_on_it() -> None:
    t = Table([BRAIN, OASIS], hands=[[], []], board=[(0, REX, 0), (0, INVADER, 1), (1, REX, 1)])
    assert t.power(INVADER) == 4
    assert t.total(0) == 12
    assert t.total(1) == 7
