"""Rules bugs found by reviewing every card against its text; each test reproduces one."""

from __future__ import annotations

from domain import PlayMinion
from domain import events as ev
from tests.domain.table import Table

OASIS, TAR, HOME = "base.jungle_oasis", "base.tar_pits", "base.the_homeworld"
REX = "dinosaurs.king_rex"


def test_when_several_extra_plays_fit_the_one_spent_keeps_the_rest_of_the_hand_playable() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[["aliens.terraforming", "robots.zapbot", "zombies.walker", REX], []],
        base_deck=["base.the_central_brain"],
    )
    t.play("aliens.terraforming")
    t.choose(0)
    t.play("robots.zapbot", 1)
    t.play("zombies.walker", 0)  # fits Terraforming's play (that base) and Zapbot's (power 2)
    if t.pending is not None:
        t.choose("keep")
    rex = [m for m in t.moves() if isinstance(m, PlayMinion)]
    assert [m.base for m in rex] == [0]  # King Rex can still use Terraforming's play


def test_a_smoke_bomb_cancels_an_opponents_poison_already_on_the_minion() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[["ninjas.smoke_bomb"], []],
        board=[(0, REX, 0), (0, "ninjas.poison", 1, 0)],
    )
    assert t.power(REX) == 3
    t.play("ninjas.smoke_bomb", target=REX)
    assert t.power(REX) == 7


def test_a_jammed_school_of_wizardry_lets_nobody_choose_the_next_base() -> None:
    board = [(0, REX, 0)] * 3 + [(0, "aliens.jammed_signal", 1)]
    t = Table(
        ["base.school_of_wizardry", OASIS],
        hands=[[], []],
        board=board,
        base_deck=[HOME, TAR, "base.tortuga"],
    )
    t.end_turn()
    assert t.pending is None
    assert t.state.bases[0].card == HOME


def test_a_jammed_tortuga_gives_its_runner_up_no_move() -> None:
    board = [(0, REX, 0)] * 3 + [
        (0, "aliens.invader", 1),
        (1, "aliens.collector", 1),
        (0, "aliens.jammed_signal", 0),
    ]
    t = Table(["base.tortuga", OASIS], hands=[[], []], board=board, base_deck=[HOME])
    t.end_turn()
    assert t.pending is None
    assert t.minions_on(1) == ["aliens.collector"]


def test_an_effect_ending_when_a_turn_starts_ends_before_start_of_turn_abilities() -> None:
    t = Table(
        ["base.mushroom_kingdom", OASIS],
        hands=[["ninjas.infiltrate"], []],
        board=[(1, "aliens.invader", 1)],
    )
    while t.pending is not None:
        t.choose("skip")
    t.play("ninjas.infiltrate", base=0)
    t.choose("ignore")
    t.end_turn()
    t.end_turn()
    assert t.pending is not None  # Infiltrate is gone: the Mushroom Kingdom offers its pull
    assert t.options() == ["aliens.invader", "skip"]


def test_an_extra_action_during_scoring_may_be_an_ongoing_action() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[], ["ninjas.hidden_ninja", "wizards.chronomage", "dinosaurs.upgrade"]],
        board=[(0, REX, 0), (0, REX, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    t.choose("ninjas.hidden_ninja")
    t.choose("wizards.chronomage")
    assert t.options() == ["dinosaurs.upgrade", "skip"]
    upgrade = t.hand_uid("dinosaurs.upgrade", 1)
    t.choose("dinosaurs.upgrade")
    t.choose(t.pending.options[0].id)
    attached = [e for e in t.events if isinstance(e, ev.ActionAttached) and e.uid == upgrade]
    assert len(attached) == 1


def test_abduction_grants_its_extra_minion_even_with_no_minion_to_return() -> None:
    t = Table([OASIS], hands=[["aliens.abduction", REX], []])
    t.play("aliens.abduction")
    assert [p.kind for p in t.state.players[0].plays] == ["minion", "minion"]
