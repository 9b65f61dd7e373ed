"""Tricksters: the faction's bases (its cards come with the core-set issue)."""

from __future__ import annotations

from tests.domain.bases_common import COLLECTOR, INVADER, OASIS, REX
from tests.domain.table import Table

CAVE, MUSHROOM = "base.cave_of_shinies", "base.mushroom_kingdom"


def test_cave_of_shinies_gives_1_vp_to_the_owner_of_each_minion_destroyed_there() -> None:
    t = Table([CAVE], hands=[["dinosaurs.laseratops"], []], board=[(0, COLLECTOR, 1)])
    t.play("dinosaurs.laseratops", 0)
    assert t.discard(1) == [COLLECTOR]
    assert t.vp() == [0, 1]


def test_mushroom_kingdom_lets_the_player_starting_a_turn_pull_an_opponents_minion_there() -> None:
    t = Table([MUSHROOM, OASIS], hands=[[], []], board=[(1, REX, 0), (1, INVADER, 1)])
    assert t.pending.seat == 0
    assert t.options() == [INVADER, "skip"]
    t.choose("skip")
    t.end_turn()
    assert t.pending.seat == 1
    assert t.options() == [REX, "skip"]
    t.choose(REX)
    assert t.minions_on(0) == [REX]
    assert t.minions_on(1) == [INVADER]
    assert t.state.phase == "play"
    assert t.state.active == 1


def test_mushroom_kingdom_offers_nothing_when_no_opponent_minion_is_elsewhere() -> None:
    t = Table([MUSHROOM, OASIS], hands=[[], []], board=[(0, REX, 0), (1, COLLECTOR, 1)])
    t.choose("skip")
    t.end_turn()
    assert t.pending is None
    assert t.state.active == 1
