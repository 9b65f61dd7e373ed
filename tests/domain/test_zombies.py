"""Zombies: the faction's bases (its cards come with the core-set issue)."""

from __future__ import annotations

from tests.domain.bases_common import INVADER, REX, TAR
from tests.domain.table import Table

CEMETERY, MALL = "base.evans_city_cemetery", "base.rhodes_plaza_mall"


def test_evans_city_cemetery_makes_its_winner_discard_their_hand_and_draw_five() -> None:
    t = Table(
        [CEMETERY],
        hands=[["aliens.probe", "aliens.beam_up"], ["aliens.probe"]],
        board=[(0, REX, 0)] * 3,
        decks=[["aliens.scout"] * 8, []],
        base_deck=[TAR],
    )
    t.end_turn()
    assert sorted(t.discard(0)) == sorted(["aliens.probe", "aliens.beam_up", REX, REX, REX])
    assert len(t.hand(0)) == 5 + 2
    assert set(t.hand(0)) == {"aliens.scout"}
    assert t.hand(1) == ["aliens.probe"]


def test_rhodes_plaza_mall_pays_1_vp_per_minion_there_and_nothing_for_places() -> None:
    board = [(0, REX, 0)] * 3 + [(0, INVADER, 1)] * 2
    t = Table([MALL], hands=[[], []], board=board, base_deck=[TAR])
    t.end_turn()
    assert t.vp() == [3, 2]
