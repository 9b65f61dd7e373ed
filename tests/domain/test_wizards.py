"""Wizards: the faction's bases (its cards come with the core-set issue)."""

from __future__ import annotations

from tests.domain.bases_common import HOME, INVADER, MOTHER, OASIS, REX, TAR
from tests.domain.table import Table

SCHOOL, LIBRARY = "base.school_of_wizardry", "base.the_great_library"


def test_school_of_wizardry_lets_its_winner_pick_the_replacement_from_the_top_three() -> None:
    t = Table(
        [SCHOOL], hands=[[], []], board=[(0, REX, 0)] * 3, base_deck=[TAR, OASIS, HOME, MOTHER]
    )
    t.end_turn()
    assert t.pending.seat == 0
    assert sorted(t.options()) == sorted([TAR, OASIS, HOME])
    t.choose(HOME)
    assert t.state.bases[0].card == HOME
    assert sorted(t.options()) == sorted([TAR, OASIS])
    t.choose(OASIS)
    assert t.state.base_deck == (OASIS, TAR, MOTHER)


def test_the_great_library_lets_each_player_with_minions_there_draw_a_card() -> None:
    t = Table(
        [LIBRARY],
        hands=[[], []],
        board=[(0, REX, 0), (0, REX, 0), (0, REX, 0), (0, INVADER, 1)],
        decks=[["aliens.scout"] * 4, ["aliens.probe"]],
        base_deck=[TAR],
    )
    t.end_turn()
    assert t.pending.seat == 0
    assert t.options() == ["draw", "skip"]
    t.choose("draw")
    assert t.pending.seat == 1
    t.choose("skip")
    assert t.hand(1) == []
    assert len(t.hand(0)) == 3
