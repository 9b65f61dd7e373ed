"""Star Roamers cards, with the Cease and Desist rulebook clarifications about them (Science
Officer / Teleport Overflow on minions controlled but not owned, Ship's Engineer / Whiplash
Maneuver not acting on those) and the optional replacements they rest on."""

from __future__ import annotations

import pytest

from domain import PlayMinion, UseTalent, evolve
from domain import events as ev
from domain.abilities import IMPLEMENTED
from domain.catalogue import catalogue
from domain.errors import RuleViolation
from tests.domain.ids import ids
from tests.domain.table import Table

CAPTAIN, MEDIC, SCIENCE, ENGINEER = ids(
    "star_roamers", "ships_captain medical_officer science_officer ships_engineer"
)
HYPERSPEED, MASS, PORT, FIELDS = ids(
    "star_roamers", "hyperspeed_10 mass_teleport port_me_up protector_fields"
)
ERROR, OVERFLOW, WHIPLASH = ids(
    "star_roamers", "teleport_error teleport_overflow whiplash_maneuver"
)
OASIS, TAR, HOME, MOTHER = ids("base", "jungle_oasis tar_pits the_homeworld the_mothership")
REX, RAPTOR, INVADER, SCOUT = (
    "dinosaurs.king_rex",
    "dinosaurs.war_raptor",
    "aliens.invader",
    "aliens.scout",
)
COLLECTOR, BEAM_UP, STARS, INVASION = (
    "aliens.collector",
    "aliens.beam_up",
    "ninjas.seeing_stars",
    "ninjas.way_of_deception",
)
WALKER = "zombies.walker"


def test_every_star_roamers_card_is_implemented() -> None:
    cards = catalogue().faction("star_roamers").card_ids
    assert len(cards) == 13
    assert set(cards) <= IMPLEMENTED


def give(t: Table, card: str, seat: int) -> None:
    """Set up a minion controlled by another seat than its owner."""
    e = ev.ControlChanged(t.minion(card).uid, seat)
    t.state = evolve(t.state, e)
    t.events.append(e)


# --- Ship's Captain --------------------------------------------------------------------------


def test_ships_captain_fetches_a_small_minion_and_may_play_it_on_its_base() -> None:
    t = Table([OASIS, TAR], hands=[[CAPTAIN], []], decks=[[WALKER, RAPTOR, REX], [WALKER]])
    t.play(CAPTAIN, 1)
    assert sorted(t.options()) == sorted([WALKER, RAPTOR, REX])
    t.choose(RAPTOR)
    revealed = [e for e in t.events if isinstance(e, ev.CardRevealed)]
    assert revealed[-1].card == RAPTOR
    assert revealed[-1].to_seat is None
    assert t.pending.kind == "yes_no"
    t.choose("play")
    assert t.minions_on(1) == [CAPTAIN, RAPTOR]
    assert sorted(t.deck(0)) == [REX, WALKER]
    assert t.replays_exactly()


def test_ships_captain_keeps_a_minion_of_power_above_3_in_hand() -> None:
    t = Table([OASIS, TAR], hands=[[CAPTAIN], []], decks=[[WALKER, REX], [WALKER]])
    t.play(CAPTAIN, 1)
    t.choose(REX)
    assert t.pending is None
    assert t.hand(0) == [REX]
    assert t.minions_on(1) == [CAPTAIN]


# --- Medical Officer ---------------------------------------------------------------------


def test_medical_officer_may_return_a_minion_about_to_be_destroyed_to_its_owners_hand() -> None:
    t = Table([OASIS], hands=[[STARS], []], board=[(0, MEDIC, 1), (0, RAPTOR, 1)])
    t.play(STARS)  # the only minion of power 3 or less: no choice
    assert t.pending.seat == 1
    assert t.pending.kind == "yes_no"
    t.choose("instead")
    assert t.hand(1) == [RAPTOR]
    assert t.discard(1) == []
    assert t.minions_on(0) == [MEDIC]


def test_medical_officer_declined_lets_the_minion_be_destroyed() -> None:
    t = Table([OASIS], hands=[[STARS], []], board=[(0, MEDIC, 1), (0, RAPTOR, 1)])
    t.play(STARS)  # the only minion of power 3 or less: no choice
    t.choose("skip")
    assert t.pending is None
    assert t.discard(1) == [RAPTOR]
    assert t.hand(1) == []


def test_medical_officer_does_not_save_itself() -> None:
    t = Table([OASIS], hands=[["ninjas.ninja_master"], []], board=[(0, MEDIC, 1)])
    t.play("ninjas.ninja_master", 0)
    t.choose(MEDIC)
    assert t.discard(1) == [MEDIC]


def test_medical_officer_returns_a_minion_it_controls_but_does_not_own_to_its_owner() -> None:
    t = Table([OASIS], hands=[[STARS], []], board=[(0, MEDIC, 1), (0, RAPTOR, 0)])
    give(t, RAPTOR, 1)
    t.play(STARS)  # the only minion of power 3 or less: no choice
    t.choose("instead")
    assert t.hand(0) == [RAPTOR]


# --- Science Officer -----------------------------------------------------------------------


def test_science_officer_returns_a_minion_then_grants_a_minion_of_another_name() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[SCOUT, INVADER], []],
        board=[(0, SCIENCE, 0), (0, RAPTOR, 0), (1, REX, 0)],
    )
    t.play(SCOUT, 1)  # the turn's minion play is used
    t.do(UseTalent(0, t.minion(SCIENCE).uid))
    assert sorted(t.options()) == sorted([SCIENCE, RAPTOR, SCOUT])  # King Rex is too strong
    t.choose(RAPTOR)
    assert RAPTOR in t.hand(0)
    with pytest.raises(RuleViolation):
        t.do(PlayMinion(0, t.hand_uid(RAPTOR, 0), 0))  # same name as the returned one
    t.do(PlayMinion(0, t.hand_uid(INVADER, 0), 0))
    assert INVADER in t.minions_on(0)


def test_science_officer_may_return_a_minion_it_controls_but_does_not_own() -> None:
    t = Table(
        [OASIS],
        hands=[[SCOUT, INVADER], []],
        board=[(0, SCIENCE, 0), (0, RAPTOR, 1)],
    )
    give(t, RAPTOR, 0)
    t.play(SCOUT, 0)
    t.do(UseTalent(0, t.minion(SCIENCE).uid))
    t.choose(RAPTOR)
    assert t.hand(1) == [RAPTOR]
    t.do(PlayMinion(0, t.hand_uid(INVADER, 0), 0))  # the rest of the effect still happens
    assert INVADER in t.minions_on(0)


# --- Ship's Engineer -----------------------------------------------------------------------


def test_ships_engineer_may_move_a_minion_about_to_return_to_hand_to_another_base() -> None:
    t = Table([OASIS, TAR, HOME], hands=[[BEAM_UP], []], board=[(0, ENGINEER, 1), (0, REX, 1)])
    t.play(BEAM_UP)
    t.choose(REX)
    assert t.pending.seat == 1
    t.choose("instead")
    assert [o.base for o in t.pending.options] == [1, 2]
    t.choose(2)
    assert t.minions_on(2) == [REX]
    assert t.hand(1) == []


def test_ships_engineer_does_not_act_on_a_minion_whose_owner_is_another_player() -> None:
    t = Table([OASIS, TAR], hands=[[BEAM_UP], []], board=[(0, ENGINEER, 1), (0, REX, 0)])
    give(t, REX, 1)
    t.play(BEAM_UP)
    t.choose(REX)
    assert t.pending is None
    assert t.hand(0) == [REX]


# --- Whiplash Maneuver ---------------------------------------------------------------------


def test_whiplash_maneuver_may_pull_a_returning_minion_from_another_base_onto_its_base() -> None:
    t = Table([OASIS, TAR], hands=[[BEAM_UP], []], board=[(1, WHIPLASH, 1), (0, REX, 1)])
    t.play(BEAM_UP)  # the only minion in play: no choice
    t.choose("instead")
    assert t.minions_on(1) == [REX]
    assert t.hand(1) == []


def test_whiplash_maneuver_ignores_minions_on_its_own_base_and_ones_owned_by_others() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[BEAM_UP], []],
        board=[(1, WHIPLASH, 1), (1, REX, 1), (0, RAPTOR, 0)],
    )
    give(t, RAPTOR, 1)
    t.play(BEAM_UP)
    t.choose(REX)
    assert t.pending is None
    assert t.hand(1) == [REX]


def test_whiplash_maneuver_declined_lets_the_minion_return() -> None:
    t = Table([OASIS, TAR], hands=[[BEAM_UP], []], board=[(1, WHIPLASH, 1), (0, REX, 1)])
    t.play(BEAM_UP)  # the only minion in play: no choice
    t.choose("skip")
    assert t.hand(1) == [REX]


# --- actions -------------------------------------------------------------------------------


def test_hyperspeed_10_moves_every_minion_of_a_base_to_one_other_base() -> None:
    t = Table(
        [OASIS, TAR, HOME],
        hands=[[HYPERSPEED], []],
        board=[(0, REX, 0), (0, RAPTOR, 1), (1, SCOUT, 1)],
    )
    t.play(HYPERSPEED)
    t.choose(0)
    t.choose(2)
    assert t.minions_on(0) == []
    assert sorted(t.minions_on(2)) == sorted([REX, RAPTOR])
    assert t.minions_on(1) == [SCOUT]


def test_mass_teleport_has_each_player_return_a_minion_they_control() -> None:
    t = Table(
        [OASIS],
        hands=[[MASS], []],
        board=[(0, REX, 0), (0, SCOUT, 0), (0, RAPTOR, 1), (0, INVADER, 1)],
    )
    t.play(MASS)
    assert t.pending.seat == 0
    t.choose(SCOUT)
    assert t.pending.seat == 1
    t.choose(INVADER)
    assert t.hand(0) == [SCOUT]
    assert t.hand(1) == [INVADER]
    assert sorted(t.minions_on(0)) == sorted([REX, RAPTOR])


def test_port_me_up_returns_a_minion_you_control() -> None:
    t = Table([OASIS], hands=[[PORT], []], board=[(0, REX, 0), (0, SCOUT, 0), (0, RAPTOR, 1)])
    t.play(PORT)
    assert sorted(t.options()) == sorted([REX, SCOUT])
    t.choose(REX)
    assert t.hand(0) == [REX]


def test_port_me_up_after_a_base_scores_returns_a_minion_from_that_base() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[], [PORT]],
        board=[(0, REX, 0), (0, SCOUT, 1), (0, RAPTOR, 1), (1, INVADER, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    t.pass_empty_me_first()  # before scoring
    while t.pending is not None and PORT not in t.options():
        t.choose("skip")
    assert t.pending.seat == 1
    t.choose(PORT)
    assert sorted(t.options()) == sorted([SCOUT, RAPTOR])  # not the Invader elsewhere
    t.choose(RAPTOR)
    t.pass_empty_me_first()
    assert t.hand(1)[-1] == RAPTOR
    assert PORT in t.discard(1)


def test_protector_fields_stops_other_players_cards_on_your_minions_there() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[BEAM_UP], []],
        board=[(0, FIELDS, 1), (0, REX, 1), (1, RAPTOR, 1)],
    )
    t.play(BEAM_UP)
    t.choose(REX)
    assert t.minions_on(0) == [REX]
    assert t.hand(1) == []


def test_protector_fields_does_not_cover_your_minions_on_other_bases() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[BEAM_UP], []],
        board=[(0, FIELDS, 1), (0, REX, 1), (1, RAPTOR, 1)],
    )
    t.play(BEAM_UP)
    t.choose(RAPTOR)
    assert t.hand(1) == [RAPTOR]


def test_protector_fields_goes_only_on_a_base_where_you_control_a_minion() -> None:
    t = Table([OASIS, TAR], hands=[[FIELDS], []], board=[(0, REX, 0), (1, RAPTOR, 1)])
    with pytest.raises(RuleViolation):
        t.play(FIELDS, 1)
    t.play(FIELDS, 0)
    assert [a.card for a in t.state.bases[0].attached] == [FIELDS]


def test_teleport_error_moves_the_chosen_minion_to_a_random_other_base() -> None:
    t = Table([OASIS, TAR, HOME], hands=[[ERROR], []], board=[(0, REX, 1)])
    t.play(ERROR)  # the only minion: no choice
    assert t.pending is None
    assert REX not in t.minions_on(0)
    assert REX in t.minions_on(1) + t.minions_on(2)
    assert t.replays_exactly()


def test_teleport_error_lands_on_different_bases_depending_on_the_shuffle() -> None:
    landed = set()
    for seed in ("a", "b", "c", "d", "e", "f", "g", "h"):
        t = Table([OASIS, TAR, HOME], hands=[[ERROR], []], board=[(0, REX, 1)], seed=seed)
        t.play(ERROR)  # the only minion: no choice
        landed.add(next(i for i in (1, 2) if REX in t.minions_on(i)))
    assert landed == {1, 2}


def test_teleport_overflow_returns_a_minion_then_plays_revealed_minions_of_one_name() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[OVERFLOW, RAPTOR, RAPTOR, SCOUT], []],
        board=[(0, REX, 0)],
    )
    t.play(OVERFLOW)  # the King Rex is my only minion: it goes back
    assert REX in t.hand(0)
    assert sorted(t.options()) == sorted([RAPTOR, SCOUT, REX, "skip"])  # one option per name
    t.choose(RAPTOR)
    assert t.options() == [RAPTOR, "skip"]  # only the same name may follow
    t.choose(RAPTOR)  # both are revealed before either is played
    revealed = [e.card for e in t.events if isinstance(e, ev.CardRevealed)]
    assert revealed == [RAPTOR, RAPTOR]
    t.choose(1)
    t.choose(1)
    assert t.minions_on(1) == [RAPTOR, RAPTOR]
    assert sorted(t.hand(0)) == sorted([REX, SCOUT])
    assert t.pending is None


def test_teleport_overflow_with_a_minion_controlled_but_not_owned_still_plays_the_rest() -> None:
    t = Table([OASIS], hands=[[OVERFLOW, SCOUT], []], board=[(0, RAPTOR, 1)])
    give(t, RAPTOR, 0)
    t.play(OVERFLOW)
    assert t.hand(1) == [RAPTOR]
    t.choose(SCOUT)  # a single minion is a group of one: played at once (one base)
    assert t.minions_on(0) == [SCOUT]


# --- Weird New Worlds ----------------------------------------------------------------------

WORLDS = "star_roamers.weird_new_worlds"


def test_weird_new_worlds_brings_one_more_base_with_an_extra_minion_to_play_on_it() -> None:
    t = Table([OASIS, TAR], hands=[[WORLDS, REX, RAPTOR], []], base_deck=[HOME, MOTHER])
    t.play(REX, 0)  # the turn's minion play is used
    t.play(WORLDS, 1)
    assert [b.card for b in t.state.bases] == [OASIS, TAR, HOME]
    assert t.state.base_deck == (MOTHER,)
    with pytest.raises(RuleViolation):
        t.do(PlayMinion(0, t.hand_uid(RAPTOR, 0), 0))  # the extra minion goes on the new base
    t.do(PlayMinion(0, t.hand_uid(RAPTOR, 0), 2))
    assert t.minions_on(2) == [RAPTOR]
    assert [a.card for a in t.state.bases[1].attached] == [WORLDS]


def test_weird_new_worlds_when_the_next_base_scores_is_discarded_and_no_base_replaces_it() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[WORLDS], []],
        board=[(0, REX, 0), (0, CAPTAIN, 0)],  # 12 on the Jungle Oasis: it scores
        base_deck=[HOME, MOTHER],
    )
    t.play(WORLDS, 1)
    t.end_turn()
    while t.pending is not None:
        t.choose("skip")
    assert [b.card for b in t.state.bases] == [TAR, HOME]
    assert t.state.base_deck == (MOTHER,)
    assert WORLDS in t.discard(0)
    assert t.vp()[0] == 2
    assert t.replays_exactly()


def test_weird_new_worlds_gone_before_the_next_scoring_leaves_the_extra_base_for_good() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[WORLDS], []],
        board=[(0, REX, 0), (0, CAPTAIN, 0)],
        base_deck=[HOME, MOTHER],
    )
    t.play(WORLDS, 1)
    worlds = t.state.bases[1].attached[0]
    gone = ev.AttachedRemoved(worlds.uid, worlds.card, worlds.owner, "destroyed")  # as a card would
    t.state = evolve(t.state, gone)
    t.events.append(gone)
    t.end_turn()
    while t.pending is not None:
        t.choose("skip")
    assert [b.card for b in t.state.bases] == [MOTHER, TAR, HOME]


# --- Ensign --------------------------------------------------------------------------------

ENSIGN = "star_roamers.ensign"
POISON, ASSASSINATION, MASTER = "ninjas.poison", "ninjas.assassination", "ninjas.ninja_master"


def test_ensign_may_take_an_opponents_destroy_aimed_at_another_of_your_minions_there() -> None:
    t = Table([OASIS], hands=[[STARS], []], board=[(0, ENSIGN, 1), (0, RAPTOR, 1)])
    t.play(STARS)
    t.choose(RAPTOR)
    assert t.pending.seat == 1
    assert t.pending.kind == "yes_no"
    t.choose("redirect")
    assert t.minions_on(0) == [RAPTOR]
    assert t.discard(1) == [ENSIGN]


def test_ensign_declined_lets_the_card_affect_its_first_target() -> None:
    t = Table([OASIS], hands=[[STARS], []], board=[(0, ENSIGN, 1), (0, RAPTOR, 1)])
    t.play(STARS)
    t.choose(RAPTOR)
    t.choose("skip")
    assert t.minions_on(0) == [ENSIGN]
    assert t.discard(1) == [RAPTOR]


def test_ensign_takes_an_action_played_on_another_minion_even_beyond_its_prerequisites() -> None:
    t = Table([OASIS], hands=[[POISON], []], board=[(0, ENSIGN, 1), (0, REX, 1)])
    t.play(POISON, target=REX)
    t.choose("redirect")
    assert [a.card for a in t.minion(ENSIGN).attached] == [POISON]
    assert t.minion(REX).attached == ()
    assert t.power(REX) == 7
    assert t.pending is None


def test_ensign_does_not_take_effects_of_cards_already_in_play() -> None:
    t = Table([OASIS], hands=[[ASSASSINATION], []], board=[(0, ENSIGN, 1), (0, REX, 1)])
    t.play(ASSASSINATION, target=REX)
    t.choose("skip")  # the Assassination goes on the King Rex
    assert [a.card for a in t.minion(REX).attached] == [ASSASSINATION]
    t.end_turn()  # the Assassination, in play, destroys the King Rex: no Ensign offer
    while t.pending is not None and t.pending.kind == "special":
        t.choose("skip")
    assert REX in t.discard(1)
    assert ENSIGN in t.minions_on(0)


def test_an_effect_taken_by_an_ensign_is_not_taken_over_by_another_ensign() -> None:
    t = Table(
        [OASIS],
        hands=[[MASTER], []],
        board=[(0, ENSIGN, 1), (0, ENSIGN, 1), (0, REX, 1)],
    )
    t.play(MASTER, 0)
    t.choose(REX)
    t.choose("redirect")  # the first Ensign takes it
    assert t.pending is None
    assert t.discard(1) == [ENSIGN]
    assert t.minions_on(0) == [ENSIGN, REX, MASTER]


def test_ensign_ignores_your_own_cards_and_minions_on_other_bases() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[STARS], [STARS]],
        board=[(0, ENSIGN, 1), (0, RAPTOR, 1), (1, COLLECTOR, 1)],
    )
    t.play(STARS)
    t.choose(COLLECTOR)  # on another base than the Ensign's
    assert t.discard(1) == [COLLECTOR]
    t.end_turn()
    while t.state.active != 1 or t.state.phase != "play":
        t.choose("skip")
    t.play(STARS)
    t.choose(RAPTOR)  # its own controller's card
    assert t.pending is None
    assert RAPTOR in t.discard(1)


def test_ensign_takes_a_power_change_with_its_amount() -> None:
    t = Table([OASIS], hands=[["dinosaurs.augmentation"], []], board=[(0, ENSIGN, 1), (0, REX, 1)])
    t.play("dinosaurs.augmentation")
    t.choose(REX)
    t.choose("redirect")
    assert t.power(ENSIGN) == 6
    assert t.power(REX) == 7


# --- replacements one after another --------------------------------------------------------


def test_a_declined_replacement_lets_the_next_one_be_offered() -> None:
    t = Table(
        [OASIS, TAR, HOME],
        hands=[[BEAM_UP], []],
        board=[(0, ENGINEER, 1), (2, WHIPLASH, 1), (0, REX, 1)],
    )
    t.play(BEAM_UP)
    t.choose(REX)
    assert "Ship's Engineer" in t.pending.prompt
    t.choose("skip")
    assert "Whiplash Maneuver" in t.pending.prompt
    t.choose("instead")
    assert t.minions_on(2) == [REX]


def test_the_return_medical_officer_makes_instead_may_itself_become_a_move() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[STARS], []],
        board=[(0, MEDIC, 1), (0, ENGINEER, 1), (0, RAPTOR, 1)],
    )
    t.play(STARS)
    t.choose(RAPTOR)
    t.choose("instead")  # Medical Officer: returned instead of destroyed
    t.choose("instead")  # Ship's Engineer: moved instead of returned
    assert t.minions_on(1) == [RAPTOR]
    assert t.hand(1) == []
    assert t.discard(1) == []


def test_teleport_overflow_may_stop_before_revealing_every_minion_of_the_name() -> None:
    t = Table([OASIS], hands=[[OVERFLOW, RAPTOR, RAPTOR], []], board=[(0, REX, 0)])
    t.play(OVERFLOW)
    t.choose(RAPTOR)
    t.choose("skip")  # stop: only the one revealed is played
    assert t.minions_on(0) == [RAPTOR]
    assert sorted(t.hand(0)) == sorted([REX, RAPTOR])


def test_ensign_may_stand_in_for_a_minion_an_opponent_takes_control_of() -> None:
    t = Table(
        [OASIS],
        hands=[["ignobles.hostage_exchange"], []],
        board=[(0, INVADER, 0), (0, ENSIGN, 1), (0, RAPTOR, 1)],
    )
    t.play("ignobles.hostage_exchange")  # seat 0 gives its Invader to seat 1 ...
    assert t.minion(INVADER).controller == 1
    t.choose(RAPTOR)  # ... and takes the War Raptor
    t.choose("redirect")
    assert t.minion(ENSIGN).controller == 0
    assert t.minion(RAPTOR).controller == 1


def test_protector_fields_also_stops_an_opponents_ongoing_power_change_already_there() -> None:
    t = Table(
        [OASIS],
        hands=[[], [FIELDS]],
        board=[(0, REX, 1), (0, POISON, 0, 0)],  # an opponent's Poison on the King Rex
    )
    assert t.power(REX) == 3
    t.end_turn()
    while t.state.active != 1 or t.state.phase != "play":
        t.choose("skip")
    t.play(FIELDS, 0)
    assert t.power(REX) == 7
