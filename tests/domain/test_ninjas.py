"""Ninjas: the faction's bases (its cards come with the core-set issue)."""

from __future__ import annotations

from tests.domain.bases_common import COLLECTOR, HOME, INVADER, OASIS, REX, TAR
from tests.domain.table import Table

DOJO, GOJU = "base.ninja_dojo", "base.temple_of_goju"


def test_ninja_dojo_lets_its_winner_destroy_any_minion_in_play() -> None:
    t = Table(
        [DOJO, OASIS],
        hands=[[], []],
        board=[(0, REX, 0), (0, REX, 0), (0, INVADER, 0), (0, COLLECTOR, 1), (1, REX, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.vp() == [2, 3]  # second place pays more here
    assert t.pending.seat == 0
    assert "skip" in [o.id for o in t.pending.options]
    t.choose(t.minion(REX, base=1).uid)
    assert t.minions_on(1) == []
    assert t.discard(1).count(REX) == 1


def test_temple_of_goju_sends_each_players_strongest_minion_there_under_its_deck() -> None:
    t = Table(
        [GOJU],
        hands=[[], []],
        board=[
            (0, REX, 0),
            (0, INVADER, 0),
            (0, INVADER, 0),
            (0, "aliens.supreme_overlord", 1),
            (0, COLLECTOR, 1),
        ],
        decks=[["zombies.walker"] * 3, ["zombies.walker"] * 3],
        base_deck=[TAR],
    )
    t.end_turn()
    assert t.deck(0)[-1] == REX
    assert t.deck(1)[-1] == "aliens.supreme_overlord"
    assert sorted(t.discard(0)) == [INVADER, INVADER]
    assert t.discard(1) == [COLLECTOR]
