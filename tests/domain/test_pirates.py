"""Pirates: the faction's cards and bases (The Grey Opal, Tortuga)."""

from __future__ import annotations

from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from tests.domain.bases_common import COLLECTOR, HOME, INVADER, MOTHER, OASIS, OVERLORD, REX
from tests.domain.ids import ids
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


# --- the faction's cards ---------------------------------------------------------------------

KING, BUCCANEER, WENCH, MATE = ids("pirates", "pirate_king buccaneer saucy_wench first_mate")
BROADSIDE, CANNON, DINGHY, FULL_SAIL = ids("pirates", "broadside cannon dinghy full_sail")
POWDERKEG, SEA_DOGS, SHANGHAI, SWASH = ids("pirates", "powderkeg sea_dogs shanghai swashbuckling")
MASTER, SCOUT = "ninjas.ninja_master", "aliens.scout"


def test_every_pirate_card_is_implemented() -> None:
    cards = catalogue().faction("pirates").card_ids
    assert len(cards) == 12
    assert set(cards) <= IMPLEMENTED


def test_pirate_king_may_move_onto_a_base_about_to_score() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[], []],
        board=[(0, REX, 0), (0, OVERLORD, 0), (1, KING, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending.seat == 1
    assert t.options() == [KING, "skip"]
    t.choose(KING)
    assert [(p.seat, p.power) for p in t.state.last_scored] == [(0, 12), (1, 5)]
    assert t.minions_on(1) == []
    assert t.discard(1) == [KING]


def test_pirate_king_already_on_the_scoring_base_is_not_offered() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[], []],
        board=[(0, REX, 0), (0, OVERLORD, 0), (0, KING, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending is None
    assert t.discard(1) == [KING]


def test_buccaneer_moves_to_another_base_instead_of_being_destroyed() -> None:
    """Original printing: not optional and no per-turn cap; its controller picks the base."""
    t = Table([OASIS, MOTHER, HOME], hands=[[MASTER], []], board=[(0, BUCCANEER, 1)])
    t.play(MASTER, 0)
    t.choose(BUCCANEER)
    assert t.pending.seat == 1
    assert [o.id for o in t.pending.options] == ["base-1", "base-2"]  # no skip
    t.choose(2)
    assert t.minions_on(0) == [MASTER]
    assert t.minions_on(2) == [BUCCANEER]
    assert t.discard(1) == []


def test_saucy_wench_may_destroy_a_minion_of_power_2_or_less_on_its_base() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[WENCH], []],
        board=[(0, COLLECTOR, 1), (0, INVADER, 1), (1, COLLECTOR, 1)],
    )
    t.play(WENCH, 0)
    assert t.options() == [COLLECTOR, "skip"]
    t.choose(COLLECTOR)
    assert t.minions_on(0) == [INVADER, WENCH]
    assert t.minions_on(1) == [COLLECTOR]
    assert t.discard(1) == [COLLECTOR]


def test_first_mate_may_sail_to_another_base_after_its_base_scores() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[], []],
        board=[(0, REX, 0), (0, OVERLORD, 0), (0, MATE, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending.seat == 1
    assert t.pending.kind == "special"
    assert t.vp() == [2, 0]  # asked after the VP are handed out
    t.choose(MATE)  # only the Mothership: taken at once
    assert t.state.bases[0].card == HOME
    assert t.minions_on(1) == [MATE]
    assert t.discard(1) == []
    assert sorted(t.discard(0)) == sorted([REX, OVERLORD])


def test_broadside_destroys_a_chosen_players_small_minions_where_you_have_one() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[BROADSIDE], []],
        board=[
            (0, COLLECTOR, 0),
            (0, COLLECTOR, 1),
            (0, COLLECTOR, 1),
            (0, INVADER, 1),
            (1, COLLECTOR, 1),
        ],
    )
    t.play(BROADSIDE)  # seat 0 has a minion on base 0 only: chosen at once
    assert [o.seat for o in t.pending.options] == [1, 0]
    t.choose("seat-1")
    assert t.minions_on(0) == [COLLECTOR, INVADER]
    assert t.minions_on(1) == [COLLECTOR]
    assert t.discard(1) == [COLLECTOR, COLLECTOR]


def test_cannon_destroys_up_to_two_minions_of_power_2_or_less_anywhere() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[CANNON], []],
        board=[(0, COLLECTOR, 1), (1, COLLECTOR, 1), (1, INVADER, 1), (1, COLLECTOR, 0)],
    )
    t.play(CANNON)
    assert t.options() == [COLLECTOR, COLLECTOR, COLLECTOR, "skip"]
    t.choose(t.state.bases[0].minions[0].uid)
    assert t.options() == [COLLECTOR, COLLECTOR, "skip"]
    t.choose(t.state.bases[1].minions[0].uid)
    assert t.pending is None  # two at most
    assert t.minions_on(0) == []
    assert t.minions_on(1) == [INVADER, COLLECTOR]
    assert t.discard(1) == [COLLECTOR, COLLECTOR]


def test_cannon_may_stop_after_one_minion() -> None:
    t = Table([OASIS], hands=[[CANNON], []], board=[(0, COLLECTOR, 1), (0, COLLECTOR, 1)])
    t.play(CANNON)
    t.choose(COLLECTOR)
    t.choose("skip")
    assert t.minions_on(0) == [COLLECTOR]


def test_dinghy_moves_up_to_two_of_your_minions_to_other_bases() -> None:
    t = Table(
        [OASIS, MOTHER, HOME],
        hands=[[DINGHY], []],
        board=[(0, INVADER, 0), (0, REX, 0), (0, OVERLORD, 0), (1, COLLECTOR, 1)],
    )
    t.play(DINGHY)
    assert t.options() == [INVADER, REX, OVERLORD, "skip"]
    t.choose(INVADER)
    assert [o.base for o in t.pending.options] == [1, 2]
    t.choose(1)
    assert t.options() == [REX, OVERLORD, "skip"]  # the moved Invader is done
    t.choose(REX)
    t.choose(2)
    assert t.pending is None
    assert t.minions_on(0) == [OVERLORD]
    assert t.minions_on(1) == [COLLECTOR, INVADER]
    assert t.minions_on(2) == [REX]


def test_full_sail_moves_any_number_of_your_minions() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[FULL_SAIL], []],
        board=[(0, INVADER, 0), (0, REX, 0), (0, OVERLORD, 0), (0, COLLECTOR, 1)],
    )
    t.play(FULL_SAIL)
    for card in (INVADER, REX, OVERLORD):
        t.choose(card)  # to the Mothership, the only other base
    assert t.pending is None
    assert t.minions_on(0) == [COLLECTOR]
    assert t.minions_on(1) == [INVADER, REX, OVERLORD]


def test_full_sail_may_be_played_as_a_base_is_about_to_score() -> None:
    """Moving off a base that has started scoring does not stop it scoring (core rulebook)."""
    t = Table(
        [OASIS, MOTHER],
        hands=[[], [FULL_SAIL]],
        board=[(0, REX, 0), (0, OVERLORD, 0), (0, INVADER, 1), (0, COLLECTOR, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending.seat == 1
    assert t.options() == [FULL_SAIL, "skip"]
    t.choose(FULL_SAIL)
    t.choose(INVADER)
    t.choose(COLLECTOR)
    assert t.pending is None
    assert t.state.bases[0].card == HOME
    assert t.minions_on(1) == [INVADER, COLLECTOR]
    assert t.discard(1) == [FULL_SAIL]
    assert [(p.seat, p.power) for p in t.state.last_scored] == [(0, 12)]
    assert [p.source for p in t.state.players[1].plays] == ["turn", "turn"]


def test_full_sail_may_be_played_before_scoring_with_no_minion_of_yours_in_play() -> None:
    """You may play a card even if its effect cannot be resolved (core rulebook)."""
    t = Table(
        [OASIS, MOTHER],
        hands=[[], [FULL_SAIL]],
        board=[(0, REX, 0), (0, OVERLORD, 0)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending.seat == 1
    assert t.options() == [FULL_SAIL, "skip"]
    t.choose(FULL_SAIL)
    assert t.discard(1) == [FULL_SAIL]
    assert [(p.seat, p.power) for p in t.state.last_scored] == [(0, 12)]


def test_powderkeg_destroys_your_minion_and_every_minion_there_no_stronger() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[POWDERKEG], []],
        board=[
            (0, INVADER, 0),
            (0, COLLECTOR, 1),
            (0, INVADER, 1),
            (0, OVERLORD, 1),
            (1, COLLECTOR, 1),
        ],
    )
    t.play(POWDERKEG)  # seat 0's only minion: chosen at once
    assert t.minions_on(0) == [OVERLORD]
    assert t.minions_on(1) == [COLLECTOR]
    assert t.discard(0) == [INVADER, POWDERKEG]
    assert t.discard(1) == [COLLECTOR, INVADER]


def test_powderkeg_still_blasts_the_others_if_its_minion_survives() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[POWDERKEG], []],
        board=[(0, BUCCANEER, 0), (0, INVADER, 1), (0, OVERLORD, 1)],
    )
    t.play(POWDERKEG)  # the Buccaneer sails away to the only other base instead
    assert t.minions_on(1) == [BUCCANEER]
    assert t.minions_on(0) == [OVERLORD]
    assert t.discard(1) == [INVADER]


def test_sea_dogs_moves_opponents_minions_of_a_named_faction_together() -> None:
    t = Table(
        [OASIS, MOTHER, HOME],
        hands=[[SEA_DOGS], []],
        board=[
            (0, INVADER, 1),
            (0, COLLECTOR, 1),
            (0, REX, 1),
            (0, SCOUT, 0),
            (1, INVADER, 1),
        ],
    )
    t.play(SEA_DOGS)
    assert t.pending.kind == "faction"
    assert [o.id for o in t.pending.options] == ["aliens", "dinosaurs", "ninjas", "robots"]
    t.choose("aliens")
    assert [o.base for o in t.pending.options] == [0, 1]
    t.choose(0)
    assert [o.base for o in t.pending.options] == [1, 2]
    t.choose(2)
    assert t.minions_on(0) == [REX, SCOUT]
    assert t.minions_on(1) == [INVADER]
    assert t.minions_on(2) == [INVADER, COLLECTOR]


def test_shanghai_moves_an_opponents_minion_to_another_base() -> None:
    t = Table(
        [OASIS, MOTHER, HOME],
        hands=[[SHANGHAI], []],
        board=[(0, INVADER, 0), (0, REX, 1), (1, COLLECTOR, 1)],
    )
    t.play(SHANGHAI)
    assert sorted(t.options()) == sorted([REX, COLLECTOR])
    t.choose(REX)
    assert [o.base for o in t.pending.options] == [1, 2]
    t.choose(2)
    assert t.minions_on(0) == [INVADER]
    assert t.minions_on(2) == [REX]


def test_swashbuckling_gives_your_minions_in_play_1_power_until_the_turn_ends() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[SWASH, INVADER], []],
        board=[(0, INVADER, 0), (1, COLLECTOR, 0), (1, REX, 1)],
    )
    t.play(SWASH)
    assert t.total(0) == 4
    assert t.total(1) == 3 + 7
    t.play(INVADER, 0)  # arrives later: no bonus
    assert t.total(0) == 4 + 3
    t.end_turn()
    assert t.total(0) == 6
    assert t.total(1) == 2 + 7
