"""Changerbots cards (Cease and Desist): Talents, and actions giving minions new ones."""

from __future__ import annotations

import pytest

from domain import UseTalent, decide
from domain.abilities import increases_power
from domain.catalogue import catalogue
from domain.errors import IllegalMove
from domain.registry import IMPLEMENTED
from tests.domain.bases_common import COLLECTOR, HOME, INVADER, MOTHER, OASIS, OVERLORD, REX, TAR
from tests.domain.ids import ids
from tests.domain.table import Table

LEADER, SOLARSHOUT, BRUISER, HUFFIE = ids("changerbots", "leader_two solarshout bruiser huffie")
ARMOR, GUN, ROLL_ON, FLIGHTERIZER = ids(
    "changerbots", "cesium_armor change_into_a_gun change_up_and_roll_on flighterizer"
)
MERGACON, MATRIX, PASSENGERS, TOUCH = ids(
    "changerbots", "form_mergacon matrix_of_bossiness passengers the_touch"
)
SELECTION = "dinosaurs.natural_selection"  # destroy a minion weaker than one of yours there
AUGMENTATION = "dinosaurs.augmentation"  # +4 power this turn
DISINTEGRATOR = "aliens.disintegrator"  # a minion of power 3 or less to its deck's bottom


def talent(t: Table, card: str) -> list[object]:
    """Use the Talent named by the card `card` in play (a minion, or an attached action)."""
    found = [(m.uid, m.card) for b in t.state.bases for m in b.minions]
    found += [(a.uid, a.card) for b in t.state.bases for m in b.minions for a in m.attached]
    uid = next(u for u, c in found if c == card)
    return t.do(UseTalent(t.seat, uid))


def talents(t: Table) -> list[str]:
    return [m.card for m in t.moves() if isinstance(m, UseTalent)]


def test_every_changerbots_card_is_implemented() -> None:
    cards = catalogue().faction("changerbots").card_ids
    assert len(cards) == 12
    assert set(cards) <= IMPLEMENTED


def test_the_actions_that_directly_increase_power_are_marked_so_and_only_those() -> None:
    """Clarifications: Cesium Armor, Form Mergacon and Matrix of Bossiness count as directly
    increasing power; destroying Change Into A Gun or granting The Touch's Talent do not."""
    marked = {c for c in catalogue().faction("changerbots").card_ids if increases_power(c)}
    assert marked == {ARMOR, MERGACON, MATRIX}


# --- minions -----------------------------------------------------------------------------------


def test_leader_two_gives_another_of_your_minions_plus_2_until_the_end_of_the_turn() -> None:
    t = Table(
        [OASIS, MOTHER],
        board=[(0, LEADER, 0), (1, INVADER, 0), (1, COLLECTOR, 0), (0, OVERLORD, 1)],
    )
    talent(t, LEADER)
    assert t.options() == [INVADER, COLLECTOR]  # neither itself nor an opponent's minion
    t.choose(INVADER)
    assert t.power(INVADER) == 5
    assert t.power(COLLECTOR) == 2
    assert t.power(LEADER) == 6
    t.end_turn()
    assert t.power(INVADER) == 3


def test_solarshout_gives_an_extra_action_and_minus_2_power_to_itself() -> None:
    t = Table([HOME], hands=[[AUGMENTATION, SELECTION], []], board=[(0, SOLARSHOUT, 0)])
    t.play(AUGMENTATION)  # Solarshout is its only target
    assert t.power(SOLARSHOUT) == 8
    talent(t, SOLARSHOUT)
    assert t.power(SOLARSHOUT) == 6
    assert [a.kind for a in t.state.players[0].plays] == ["minion", "action"]


def test_solarshouts_minus_2_stays_when_it_loses_its_abilities_afterwards() -> None:
    """Rulebook clarification (Origami): the -2 is the effect of a Talent already used."""
    t = Table([HOME], hands=[[TOUCH], []], board=[(0, SOLARSHOUT, 0)])
    talent(t, SOLARSHOUT)
    t.play(TOUCH, target=SOLARSHOUT)
    talent(t, TOUCH)
    assert t.power(SOLARSHOUT) == 4 - 2 + 3


def test_bruiser_is_immune_to_destruction() -> None:
    t = Table([HOME], hands=[[SELECTION], []], board=[(0, REX, 0), (0, BRUISER, 1)])
    t.play(SELECTION)  # Rex picks the only weaker minion there
    assert t.minions_on(0) == [REX, BRUISER]


def test_bruisers_talent_gives_plus_2_and_removes_its_immunity_until_its_next_turn() -> None:
    t = Table(
        [OASIS],
        hands=[[], [SELECTION]],
        board=[(0, BRUISER, 0), (0, REX, 1)],
    )
    talent(t, BRUISER)
    assert t.power(BRUISER) == 4
    t.end_turn()
    assert t.power(BRUISER) == 4  # still on during the opponent's turn
    t.play(SELECTION)  # Rex picks the only weaker minion there
    assert t.minions_on(0) == [REX]


def test_bruiser_is_back_to_normal_when_its_controllers_next_turn_starts() -> None:
    t = Table([HOME], board=[(0, BRUISER, 0)])
    talent(t, BRUISER)
    assert talents(t) == []
    t.end_turn()
    t.end_turn()
    assert t.power(BRUISER) == 2
    assert talents(t) == [t.minion(BRUISER).uid]


def test_bruisers_talent_strips_granted_talents_but_not_attached_actions_own_effects() -> None:
    """Rulebook clarification (Tankeur / Suréquipé): Cesium Armor keeps protecting it while
    the Talent Flighterizer grants is gone."""
    t = Table(
        [HOME, MOTHER],
        hands=[[], [SELECTION]],
        board=[(0, BRUISER, 0), (0, ARMOR, 0, 0), (0, FLIGHTERIZER, 0, 0), (0, REX, 1)],
    )
    assert len(talents(t)) == 2
    talent(t, BRUISER)
    assert talents(t) == []
    assert t.power(BRUISER) == 2 + 1 + 2  # Cesium Armor's +1 stays
    t.end_turn()
    t.play(SELECTION)
    assert BRUISER in t.minions_on(0)


def test_a_talent_granted_after_bruiser_lost_its_abilities_is_not_lost() -> None:
    """TBGB clarification: abilities gained after the Talent was used stay."""
    t = Table([HOME, MOTHER, TAR], hands=[[FLIGHTERIZER], []], board=[(0, BRUISER, 0)])
    talent(t, BRUISER)
    t.play(FLIGHTERIZER, target=BRUISER)
    assert len(talents(t)) == 1
    talent(t, FLIGHTERIZER)
    t.choose(2)
    assert t.minions_on(2) == [BRUISER]


def test_matrix_of_bossiness_still_counts_on_a_bruiser_that_used_its_talent() -> None:
    t = Table([HOME], board=[(0, BRUISER, 0), (0, MATRIX, 0, 0)])
    talent(t, BRUISER)
    assert t.power(BRUISER) == 5 + 2


def test_huffie_moves_itself_to_another_base_with_minus_1_power() -> None:
    t = Table([HOME, MOTHER, TAR], board=[(0, HUFFIE, 0)])
    talent(t, HUFFIE)
    assert t.options() == ["base-1", "base-2"]
    t.choose(2)
    assert t.minions_on(2) == [HUFFIE]
    assert t.power(HUFFIE) == 2
    t.end_turn()
    assert t.power(HUFFIE) == 3


def test_a_talent_is_used_once_per_turn() -> None:
    t = Table([HOME, MOTHER, TAR], board=[(0, HUFFIE, 0)])
    uid = t.minion(HUFFIE).uid
    talent(t, HUFFIE)
    t.choose(1)
    with pytest.raises(IllegalMove, match="used this turn already"):
        decide(t.state, UseTalent(0, uid))


# --- actions -----------------------------------------------------------------------------------


def test_cesium_armor_gives_any_minion_plus_1_and_destruction_immunity() -> None:
    t = Table([HOME], hands=[[ARMOR, SELECTION], []], board=[(0, REX, 0), (0, INVADER, 1)])
    t.play(ARMOR, target=INVADER)  # an opponent's minion is fine
    assert t.power(INVADER) == 4
    t.end_turn()
    t.end_turn()
    t.play(SELECTION)  # Rex picks the only weaker minion there
    assert t.minions_on(0) == [REX, INVADER]


def test_change_into_a_gun_destroys_a_minion_of_power_4_or_less_and_weakens_its_host() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[GUN], []],
        board=[
            (0, REX, 0),
            (0, OVERLORD, 1),
            (0, INVADER, 1),
            (0, COLLECTOR, 1),
            (1, COLLECTOR, 1),
        ],
    )
    t.play(GUN, target=REX)
    assert t.options() == [INVADER, COLLECTOR]  # not Overlord (5), nor Rex (7 - 2 = 5)
    t.choose(INVADER)
    assert t.minions_on(0) == [REX, OVERLORD, COLLECTOR]
    assert t.power(REX) == 5


def test_change_into_a_gun_does_not_shoot_its_own_host() -> None:
    t = Table([HOME], hands=[[GUN], []], board=[(0, HUFFIE, 0), (0, OVERLORD, 1)])
    t.play(GUN, target=HUFFIE)  # Huffie has 3 - 2 = 1, the Overlord 5: nothing to destroy
    assert t.minions_on(0) == [HUFFIE, OVERLORD]
    assert t.power(HUFFIE) == 1


def test_change_into_a_gun_goes_only_on_a_minion_you_control() -> None:
    t = Table([HOME], hands=[[GUN], []], board=[(0, REX, 0), (0, INVADER, 1)])
    uid = t.hand_uid(GUN)
    targets = [m.target for m in t.moves() if getattr(m, "card", None) == uid]
    assert targets == [t.minion(REX).uid]


def test_change_into_a_gun_is_destroyed_when_your_next_turn_starts() -> None:
    t = Table([HOME], hands=[[GUN], []], board=[(0, REX, 0)])
    t.play(GUN, target=REX)
    t.end_turn()
    assert t.power(REX) == 5
    t.end_turn()
    assert t.power(REX) == 7
    assert GUN in t.discard(0)


def test_change_up_and_roll_on_moves_your_minions_to_the_scoring_base_with_minus_1() -> None:
    t = Table(
        [OASIS, MOTHER, TAR],
        hands=[[], [ROLL_ON]],
        board=[(0, REX, 0), (0, OVERLORD, 0), (0, COLLECTOR, 1), (1, INVADER, 1), (2, REX, 1)],
        base_deck=[HOME],
    )
    t.end_turn()  # Oasis (12 + 2 = 14 of 12) scores
    assert t.options() == [ROLL_ON, "skip"]
    t.choose(ROLL_ON)
    assert t.options() == [INVADER, REX, "skip"]
    t.choose(REX)
    assert t.options() == [INVADER, "skip"]
    t.choose("skip")
    t.pass_empty_me_first()
    assert [(p.seat, p.power) for p in t.state.last_scored] == [(0, 12), (1, 2 + 6)]
    assert t.minions_on(1) == [INVADER]
    assert ROLL_ON in t.discard(1)


def test_flighterizer_gives_its_host_a_talent_to_move_with_minus_1() -> None:
    t = Table([HOME, MOTHER, TAR], hands=[[FLIGHTERIZER], []], board=[(0, REX, 0)])
    assert talents(t) == []
    t.play(FLIGHTERIZER, target=REX)
    talent(t, FLIGHTERIZER)
    t.choose(1)
    assert t.minions_on(1) == [REX]
    assert t.power(REX) == 6


def test_a_minions_own_talent_and_a_granted_one_are_both_usable_in_a_turn() -> None:
    t = Table([HOME, MOTHER, TAR], hands=[[FLIGHTERIZER], []], board=[(0, HUFFIE, 0)])
    t.play(FLIGHTERIZER, target=HUFFIE)
    assert len(talents(t)) == 2
    talent(t, HUFFIE)
    t.choose(1)
    talent(t, FLIGHTERIZER)
    t.choose(2)
    assert t.minions_on(2) == [HUFFIE]
    assert t.power(HUFFIE) == 1
    assert talents(t) == []


def test_two_flighterizers_on_a_minion_give_it_two_talents() -> None:
    t = Table(
        [HOME, MOTHER, TAR],
        board=[(0, REX, 0), (0, FLIGHTERIZER, 0, 0), (0, FLIGHTERIZER, 0, 0)],
    )
    assert len(talents(t)) == 2
    talent(t, FLIGHTERIZER)
    t.choose(1)
    assert len(talents(t)) == 1
    t.do(UseTalent(0, talents(t)[0]))
    t.choose(2)
    assert t.minions_on(2) == [REX]
    assert t.power(REX) == 5


def test_form_mergacon_gives_plus_1_to_your_minions_on_a_base_now_only() -> None:
    t = Table(
        [HOME, MOTHER],
        hands=[[MERGACON, INVADER], []],
        board=[(0, REX, 0), (0, COLLECTOR, 0), (0, OVERLORD, 1), (1, INVADER, 0)],
    )
    t.play(MERGACON)
    t.choose(0)
    assert t.total(0) == 8 + 3 + 5
    t.play(INVADER, 0)  # played after it: no bonus (TBGB clarification)
    assert t.total(0) == 8 + 3 + 5 + 3
    t.end_turn()
    assert t.total(0) == 7 + 2 + 5 + 3


def test_matrix_of_bossiness_makes_its_hosts_printed_power_5_other_changes_on_top() -> None:
    t = Table([HOME], hands=[[MATRIX, AUGMENTATION], []], board=[(0, COLLECTOR, 0)])
    t.play(MATRIX, target=COLLECTOR)
    assert t.power(COLLECTOR) == 5
    t.end_turn()
    t.end_turn()
    t.play(AUGMENTATION)  # its only target
    assert t.power(COLLECTOR) == 9


def test_matrix_of_bossiness_lowers_a_stronger_printed_power_to_5() -> None:
    t = Table([HOME], hands=[[MATRIX], []], board=[(0, REX, 0)])
    t.play(MATRIX, target=REX)
    assert t.power(REX) == 5


def test_passengers_brings_a_minion_along_from_where_its_host_moved_from() -> None:
    t = Table(
        [OASIS, MOTHER, TAR],
        hands=[[PASSENGERS], []],
        board=[(0, HUFFIE, 0), (0, INVADER, 0), (0, OVERLORD, 0), (2, COLLECTOR, 0), (0, REX, 1)],
    )
    t.play(PASSENGERS, target=HUFFIE)
    assert talents(t) == [t.minion(HUFFIE).uid]  # Passengers' needs a move first
    talent(t, HUFFIE)
    t.choose(1)
    talent(t, PASSENGERS)
    assert t.options() == [INVADER, OVERLORD]  # from the base Huffie left: not Collector
    t.choose(INVADER)
    assert t.minions_on(1) == [HUFFIE, INVADER]


def test_the_touch_gives_plus_3_and_removes_every_other_ability_until_the_turn_ends() -> None:
    t = Table([HOME, MOTHER], hands=[[TOUCH], []], board=[(0, BRUISER, 0), (0, REX, 1)])
    t.play(TOUCH, target=BRUISER)
    talent(t, TOUCH)
    assert t.power(BRUISER) == 5
    assert talents(t) == []  # its own Talent is gone too
    t.end_turn()
    assert t.power(BRUISER) == 2
    assert talents(t) == []


def test_change_up_and_roll_on_is_only_played_through_its_special() -> None:
    t = Table([HOME], hands=[[ROLL_ON], []], board=[(0, REX, 0)])
    uid = t.hand_uid(ROLL_ON)
    assert [m for m in t.moves() if getattr(m, "card", None) == uid] == []
