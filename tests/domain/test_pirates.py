"""Pirates: the faction's bases (its cards come with the core-set issue)."""

from __future__ import annotations

from tests.domain.bases_common import COLLECTOR, HOME, INVADER, OASIS, REX
from tests.domain.table import Table

OPAL, TORTUGA = "base.the_grey_opal", "base.tortuga"


def test_the_grey_opal_lets_non_winners_move_a_minion_away_instead_of_discarding_it() -> None:
    t = Table(
        [OPAL, OASIS],
        hands=[[], []],
        board=[(0, REX, 0), (0, REX, 0), (0, INVADER, 1), (0, COLLECTOR, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending.seat == 1
    assert sorted(t.options()) == sorted([INVADER, COLLECTOR, "skip"])
    t.choose(INVADER)
    assert t.minions_on(1) == [INVADER]
    assert t.discard(1) == [COLLECTOR]
    assert t.discard(0) == [REX, REX]


def test_tortuga_lets_the_runner_up_move_a_minion_from_another_base_onto_the_new_base() -> None:
    t = Table(
        [TORTUGA, OASIS],
        hands=[[], []],
        board=[
            (0, REX, 0),
            (0, REX, 0),
            (0, REX, 0),
            (0, INVADER, 1),
            (1, COLLECTOR, 1),
            (1, INVADER, 0),
        ],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.state.bases[0].card == HOME
    assert t.pending.seat == 1
    assert t.options() == [COLLECTOR, "skip"]
    t.choose(COLLECTOR)
    assert t.minions_on(0) == [COLLECTOR]
    assert t.minions_on(1) == [INVADER]
    assert t.vp() == [4, 3]
