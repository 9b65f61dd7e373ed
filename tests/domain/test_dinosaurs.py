"""Dinosaurs cards and bases (Jungle Oasis, Tar Pits)."""

from __future__ import annotations

from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from tests.domain.bases_common import HOME, MOTHER, OASIS, TAR
from tests.domain.table import Table

REX, RAPTOR, STEGO = "dinosaurs.king_rex", "dinosaurs.war_raptor", "dinosaurs.armor_stego"
INVADER, COLLECTOR = "aliens.invader", "aliens.collector"


def test_king_rex_is_a_plain_power_7_minion() -> None:
    t = Table([TAR], hands=[[REX], []])
    t.play(REX, 0)
    assert t.power(REX) == 7
    assert t.pending is None


def test_laseratops_must_destroy_a_minion_of_power_2_or_less_on_its_base() -> None:
    t = Table(
        [OASIS, HOME],
        hands=[["dinosaurs.laseratops"], []],
        board=[(0, COLLECTOR, 1), (0, INVADER, 1), (1, COLLECTOR, 1)],
    )
    t.play("dinosaurs.laseratops", 0)
    assert t.pending is None  # one target, no "skip": destroyed at once
    assert t.minions_on(0) == [INVADER, "dinosaurs.laseratops"]
    assert t.discard(1) == [COLLECTOR]
    assert t.minions_on(1) == [COLLECTOR]


def test_armor_stego_has_plus_2_power_during_other_players_turns() -> None:
    t = Table([TAR], hands=[[], []], board=[(0, STEGO, 0)])
    assert t.power(STEGO) == 3
    t.end_turn()
    assert t.state.active == 1
    assert t.power(STEGO) == 5


def test_war_raptor_gains_1_power_per_war_raptor_on_its_base() -> None:
    t = Table([TAR, OASIS], hands=[[RAPTOR], []], board=[(0, RAPTOR, 0), (1, RAPTOR, 1)])
    assert t.power(RAPTOR) == 3
    t.play(RAPTOR, 0)
    assert [t.state.bases[0].minions[i].card for i in range(2)] == [RAPTOR, RAPTOR]
    assert t.total(0) == 8
    assert t.total(1) == 3


def test_augmentation_gives_plus_4_until_the_end_of_the_turn() -> None:
    t = Table([TAR], hands=[["dinosaurs.augmentation"], []], board=[(0, INVADER, 1)])
    t.play("dinosaurs.augmentation")
    assert t.power(INVADER) == 7
    t.end_turn()
    assert t.power(INVADER) == 3


def test_howl_gives_each_of_your_minions_plus_1_until_the_end_of_the_turn() -> None:
    t = Table(
        [TAR, OASIS],
        hands=[["dinosaurs.howl", COLLECTOR], []],
        board=[(0, INVADER, 0), (1, REX, 0), (1, RAPTOR, 1)],
    )
    t.play("dinosaurs.howl")
    t.play(COLLECTOR, 0)
    t.choose("skip")
    assert (t.power(INVADER), t.power(REX), t.power(RAPTOR), t.power(COLLECTOR)) == (4, 8, 3, 2)
    t.end_turn()
    assert (t.power(INVADER), t.power(REX)) == (3, 7)


def test_natural_selection_destroys_a_weaker_minion_on_your_minions_base() -> None:
    t = Table(
        [OASIS, HOME],
        hands=[["dinosaurs.natural_selection"], []],
        board=[(0, REX, 0), (0, INVADER, 1), (0, "aliens.supreme_overlord", 1), (1, COLLECTOR, 1)],
    )
    t.play("dinosaurs.natural_selection")
    assert sorted(t.options()) == sorted([INVADER, "aliens.supreme_overlord"])
    t.choose(INVADER)
    assert t.discard(1) == [INVADER]


def test_rampage_lowers_the_breakpoint_by_your_minions_power_for_the_turn() -> None:
    t = Table([TAR], hands=[["dinosaurs.rampage"], []], board=[(0, REX, 0)], base_deck=[OASIS])
    t.play("dinosaurs.rampage")
    assert t.breakpoint(0) == 16 - 7
    t.end_turn()  # 7 power now reaches the lowered breakpoint of 9? no: 7 < 9
    assert t.state.bases[0].card == TAR
    assert t.breakpoint(0) == 16


def test_rampage_can_make_a_base_score_this_turn() -> None:
    t = Table(
        [TAR],
        hands=[["dinosaurs.rampage"], []],
        board=[(0, REX, 0), (0, REX, 0), (0, INVADER, 1)],
        base_deck=[OASIS],
    )
    t.play("dinosaurs.rampage")
    t.choose(t.pending.options[0].id)
    assert t.breakpoint(0) == 9
    t.end_turn()
    assert t.vp() == [4, 3]
    assert t.state.bases[0].card == OASIS


def test_survival_of_the_fittest_destroys_the_weakest_minion_on_each_base() -> None:
    t = Table(
        [MOTHER, OASIS, HOME],
        hands=[["dinosaurs.survival_of_the_fittest"], []],
        board=[
            (0, REX, 0),
            (0, INVADER, 1),
            (1, INVADER, 0),
            (1, INVADER, 1),
            (2, COLLECTOR, 1),
            (2, INVADER, 0),
            (2, COLLECTOR, 0),
        ],
    )
    t.play("dinosaurs.survival_of_the_fittest")
    assert t.pending is not None
    assert sorted(t.options()) == [COLLECTOR, COLLECTOR]
    t.choose(t.pending.options[1].id)  # ties among the weakest: the player picks
    assert t.minions_on(0) == [REX]
    assert t.minions_on(1) == [INVADER, INVADER]  # all the same power: skipped
    assert t.minions_on(2) == [COLLECTOR, INVADER]
    assert t.discard(0) == [COLLECTOR, "dinosaurs.survival_of_the_fittest"]
    assert t.discard(1) == [INVADER]


def test_tooth_and_claw_is_destroyed_instead_of_its_minion_the_first_time() -> None:
    t = Table(
        [TAR],
        hands=[["aliens.beam_up", "aliens.disintegrator"], []],
        board=[(0, INVADER, 1), (0, "dinosaurs.tooth_and_claw_and_guns", 1, 0)],
    )
    t.play("aliens.beam_up")
    assert t.minions_on(0) == [INVADER]
    assert t.minion(INVADER).attached == ()
    assert t.discard(1) == ["dinosaurs.tooth_and_claw_and_guns"]
    t.end_turn()
    t.end_turn()
    t.play("aliens.disintegrator")
    assert t.minions_on(0) == []
    assert t.deck(1)[-1] == INVADER


def test_upgrade_gives_its_minion_plus_2_power() -> None:
    t = Table([TAR], hands=[["dinosaurs.upgrade"], []], board=[(0, INVADER, 1)])
    t.play("dinosaurs.upgrade", target=INVADER)
    assert t.power(INVADER) == 5
    assert t.minion(INVADER).attached[0].card == "dinosaurs.upgrade"


def beam_up_past_a_preserve(board: list[tuple[int, str, int]], target: str) -> Table:
    """Seat 0 plays a Wildlife Preserve on the Tar Pits (base 0), then seat 1 plays Beam Up
    on ``target``."""
    t = Table(
        [TAR, OASIS],
        hands=[["dinosaurs.wildlife_preserve"], ["aliens.beam_up"]],
        board=board,
    )
    t.play("dinosaurs.wildlife_preserve", 0)
    t.end_turn()
    t.play("aliens.beam_up")
    t.choose(target)
    return t


def test_wildlife_preserve_shields_your_minions_there_from_opponents_actions() -> None:
    t = beam_up_past_a_preserve([(0, REX, 0), (0, COLLECTOR, 1)], REX)
    assert t.minions_on(0) == [REX, COLLECTOR]
    assert REX not in t.hand(0)


def test_wildlife_preserve_does_not_guard_minions_on_other_bases() -> None:
    t = beam_up_past_a_preserve([(0, REX, 0), (1, INVADER, 0)], INVADER)
    assert INVADER in t.hand(0)


def test_wildlife_preserve_does_not_stop_a_minions_ability() -> None:
    t = Table(
        [TAR],
        hands=[["dinosaurs.wildlife_preserve"], ["aliens.collector"]],
        board=[(0, INVADER, 0)],
        first_seat=0,
    )
    t.play("dinosaurs.wildlife_preserve", 0)
    t.end_turn()
    t.play(COLLECTOR, 0)
    t.choose(INVADER)
    assert t.minions_on(0) == [COLLECTOR]


def test_tar_pits_puts_minions_destroyed_there_under_their_owners_deck() -> None:
    t = Table(
        [TAR], hands=[["dinosaurs.laseratops"], []], board=[(0, COLLECTOR, 1)], decks=[[REX], [REX]]
    )
    t.play("dinosaurs.laseratops", 0)
    assert t.discard(1) == []
    assert t.deck(1) == [REX, COLLECTOR]


def test_jungle_oasis_has_no_ability_and_pays_two_vp_to_its_winner_only() -> None:
    t = Table(
        [OASIS], hands=[[], []], board=[(0, REX, 0), (0, INVADER, 0), (0, REX, 1)], base_deck=[TAR]
    )
    t.end_turn()
    assert t.vp() == [2, 0]


def test_every_dinosaurs_card_has_its_ability_implemented() -> None:
    assert all(c in IMPLEMENTED for c in catalogue().factions["dinosaurs"].card_ids)
