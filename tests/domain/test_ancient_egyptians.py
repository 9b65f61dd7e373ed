"""Ancient Egyptians: the faction's cards and bases (Pyramids, Star Portal)."""

from __future__ import annotations

import random

from domain import UseTalent, view
from domain.engine import run
from domain.model import Task
from domain.registry import IMPLEMENTED
from tests.domain.bases_common import COLLECTOR, HOME, INVADER, MOTHER, OASIS, OVERLORD, REX, TAR
from tests.domain.table import FILLER, Table
from tests.domain.test_burying import bury, handles, uncover

AE = "ancient_egyptians"
MUMMY, ENGINEER, PRIEST, PHARAOH = (
    f"{AE}.mummy",
    f"{AE}.pyramid_engineer",
    f"{AE}.priest_of_anubis",
    f"{AE}.pharaoh",
)
KNOWLEDGE, TAKE_IT, LOCUSTS, STRENGTH = (
    f"{AE}.lost_knowledge",
    f"{AE}.you_can_take_it_with_you",
    f"{AE}.plague_of_locusts",
    f"{AE}.mummy_strength",
)
TRAP, CURSE, BLESSING, SEAL = (
    f"{AE}.tomb_trap",
    f"{AE}.ancient_curse",
    f"{AE}.blessing_of_anubis",
    f"{AE}.seal_the_tomb",
)
PYRAMIDS, PORTAL = "base.pyramids", "base.star_portal"
UPGRADE = "dinosaurs.upgrade"  # +2 power, played on a minion
PRESERVE = "dinosaurs.wildlife_preserve"  # played on a base


def buried_cards(t: Table, base: int) -> list[str]:
    return [c.card for c in t.state.bases[base].buried]


def to_me_first(t: Table, card: str) -> None:
    """Pass the Me first! questions until the one offering `card`'s Special."""
    for _ in range(8):
        d = t.pending
        assert d is not None
        if d.kind == "special" and card in [o.card for o in d.options]:
            return
        t.choose("skip")
    raise AssertionError(f"{card} was never offered")


def test_every_ancient_egyptian_card_and_base_has_a_script() -> None:
    cards = {MUMMY, ENGINEER, PRIEST, PHARAOH, KNOWLEDGE, TAKE_IT, LOCUSTS, STRENGTH}
    cards |= {TRAP, CURSE, BLESSING, SEAL, PYRAMIDS, PORTAL}
    assert cards <= IMPLEMENTED


# --- Mummy -------------------------------------------------------------------------------------


def test_a_mummy_on_a_scored_base_may_be_buried_at_another_base_instead_of_discarded() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[UPGRADE], []],
        board=[(0, MUMMY, 0), (0, REX, 0), (0, INVADER, 1)],
        base_deck=[HOME],
    )
    t.play(UPGRADE, target=MUMMY)  # attached cards are discarded first
    t.end_turn()
    to_me_first(t, MUMMY)
    t.choose(MUMMY)  # Tar Pits is the only other base: no choice to make
    assert buried_cards(t, 1) == [MUMMY]
    assert t.state.bases[1].buried[0].controller == 0
    t.pass_empty_me_first()
    assert t.state.bases[0].card == HOME
    assert MUMMY not in t.discard(0)
    assert UPGRADE in t.discard(0)
    assert REX in t.discard(0)
    assert t.replays_exactly()


def test_a_mummy_not_buried_is_discarded_with_the_other_cards() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[], []],
        board=[(0, MUMMY, 0), (0, REX, 0), (0, OVERLORD, 0)],
        base_deck=[HOME],
    )
    t.end_turn()
    to_me_first(t, MUMMY)
    t.choose("skip")
    t.pass_empty_me_first()
    assert MUMMY in t.discard(0)
    assert buried_cards(t, 1) == []


# --- Pyramid Engineer --------------------------------------------------------------------------


def test_a_pyramid_engineer_may_uncover_one_of_its_players_buried_cards_on_its_base() -> None:
    t = Table([TAR, MOTHER], hands=[[ENGINEER, REX, COLLECTOR], [INVADER]])
    bury(t, t.hand_uid(REX, 0), 0, 0)
    bury(t, t.hand_uid(COLLECTOR, 0), 1, 0)  # another base: not offered
    bury(t, t.hand_uid(INVADER, 1), 0, 1)  # another player's: not offered
    t.play(ENGINEER, 0)
    assert t.pending.kind == "buried"
    assert sorted(t.options()) == [REX, "skip"]
    t.choose(REX)
    assert t.minions_on(0) == [ENGINEER, REX]
    assert buried_cards(t, 0) == [INVADER]


def test_a_pyramid_engineers_talent_buries_a_card_from_hand_on_its_base() -> None:
    t = Table([TAR, MOTHER], hands=[[REX], []], board=[(1, ENGINEER, 0)])
    engineer = t.minion(ENGINEER).uid
    t.do(UseTalent(0, engineer))  # the only card in hand: no choice to make
    assert buried_cards(t, 1) == [REX]
    assert t.hand(0) == []
    assert not [m for m in t.moves(0) if isinstance(m, UseTalent)]  # once per turn


# --- Priest of Anubis --------------------------------------------------------------------------


def test_a_priest_of_anubis_has_two_more_power_with_a_buried_card_of_its_player_there() -> None:
    t = Table([TAR, MOTHER], hands=[[REX], [INVADER]], board=[(0, PRIEST, 0)])
    bury(t, t.hand_uid(INVADER, 1), 0, 1)  # another player's buried card does not count
    assert t.power(PRIEST) == 4
    bury(t, t.hand_uid(REX, 0), 1, 0)  # at another base: no bonus
    assert t.power(PRIEST) == 4
    t2 = Table([TAR, MOTHER], hands=[[REX], []], board=[(0, PRIEST, 0)])
    bury(t2, t2.hand_uid(REX, 0), 0, 0)
    assert t2.power(PRIEST) == 6
    assert t2.total(0) == 6  # the buried King Rex itself adds nothing


# --- Pharaoh -----------------------------------------------------------------------------------


def test_a_pharaoh_draws_a_card_each_time_another_buried_card_is_uncovered() -> None:
    t = Table([TAR, MOTHER], hands=[[REX], [INVADER]], board=[(0, PHARAOH, 0)])
    bury(t, t.hand_uid(REX, 0), 1, 0)
    bury(t, t.hand_uid(INVADER, 1), 1, 1)
    uncover(t, "buried-1")
    assert len(t.hand(0)) == 1
    uncover(t, "buried-2")  # any buried card, not only its player's
    assert len(t.hand(0)) == 2
    assert t.hand(1) == []


def test_a_pharaoh_may_uncover_a_buried_card_of_its_player_before_its_base_scores() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[REX], []],
        board=[(0, PHARAOH, 0), (0, OVERLORD, 0), (0, OVERLORD, 1), (0, REX, 1)],
        base_deck=[HOME],
    )
    bury(t, t.hand_uid(REX, 0), 0, 0)
    t.end_turn()
    to_me_first(t, PHARAOH)
    t.choose(PHARAOH)  # the one buried card there is uncovered at once: King Rex is played
    t.pass_empty_me_first()
    assert t.vp() == [2, 0]  # 17 power against 12: the uncovered King Rex counted


def test_without_the_pharaohs_special_the_buried_card_does_not_count_for_scoring() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[REX], []],
        board=[(0, PHARAOH, 0), (0, OVERLORD, 0), (0, OVERLORD, 1), (0, REX, 1)],
        base_deck=[HOME],
    )
    bury(t, t.hand_uid(REX, 0), 0, 0)
    t.end_turn()
    to_me_first(t, PHARAOH)
    t.choose("skip")
    t.pass_empty_me_first()
    assert t.vp() == [0, 2]  # 10 power against 12
    assert REX in t.discard(0)  # the buried card went to the discard pile


# --- Lost Knowledge ----------------------------------------------------------------------------


def test_lost_knowledge_buries_a_card_from_hand_at_any_base_unseen_by_the_others() -> None:
    t = Table([TAR, MOTHER], hands=[[KNOWLEDGE, REX], []])
    t.play(KNOWLEDGE)
    t.choose("bury")  # King Rex, the only card in hand, is taken without asking
    t.choose(1)
    assert buried_cards(t, 1) == [REX]
    assert t.discard(0) == [KNOWLEDGE]
    assert REX not in str(view(t.state, 1)["bases"])


def test_lost_knowledge_may_uncover_one_of_its_players_buried_cards_anywhere() -> None:
    t = Table([TAR, MOTHER], hands=[[KNOWLEDGE, REX], []])
    bury(t, t.hand_uid(REX, 0), 1, 0)
    t.play(KNOWLEDGE)
    t.choose("uncover")
    assert t.minions_on(1) == [REX]
    assert [a.kind for a in t.state.players[0].plays] == ["minion"]  # an extra card


def test_lost_knowledge_may_also_be_played_when_a_base_is_about_to_score() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[KNOWLEDGE, REX], []],
        board=[(0, REX, 0), (0, OVERLORD, 1)],
        base_deck=[HOME],
    )
    bury(t, t.hand_uid(REX, 0), 1, 0)
    t.end_turn()
    to_me_first(t, KNOWLEDGE)
    t.choose(KNOWLEDGE)
    t.choose("uncover")
    assert t.minions_on(1) == [REX]
    assert KNOWLEDGE in t.discard(0)


# --- You Can Take It With You, Tomb Trap, Blessing of Anubis ------------------------------------


def test_you_can_take_it_with_you_buries_itself_shown_and_draws_three_when_uncovered() -> None:
    t = Table([TAR, MOTHER], hands=[[TAKE_IT], []])
    t.play(TAKE_IT)
    t.choose(1)
    assert buried_cards(t, 1) == [TAKE_IT]
    assert t.discard(0) == []
    assert view(t.state, 1)["bases"][1]["buried"] == [{"id": "buried-1", "controller": 0}]
    uncover(t, "buried-1")
    assert len(t.hand(0)) == 3
    assert t.discard(0) == [TAKE_IT]  # played again, not buried again


def test_a_tomb_trap_uncovered_may_destroy_a_minion_of_power_four_or_less_there() -> None:
    t = Table(
        [TAR, MOTHER],
        hands=[[TRAP], []],
        board=[(1, INVADER, 1), (1, OVERLORD, 1), (0, COLLECTOR, 1)],
    )
    t.play(TRAP)
    t.choose(1)
    assert buried_cards(t, 1) == [TRAP]
    uncover(t, "buried-1")
    assert sorted(t.options()) == [INVADER, "skip"]  # only at that base, power 4 or less
    t.choose(INVADER)
    assert t.minions_on(1) == [OVERLORD]
    assert t.discard(0) == [TRAP]
    assert buried_cards(t, 1) == []


def test_a_blessing_of_anubis_uncovered_gives_its_players_minions_there_two_power() -> None:
    t = Table(
        [TAR, MOTHER],
        hands=[[BLESSING], []],
        board=[(1, INVADER, 0), (1, OVERLORD, 1), (0, COLLECTOR, 0)],
    )
    t.play(BLESSING)
    t.choose(1)
    uncover(t, "buried-1")
    assert t.power(INVADER) == 5
    assert t.power(OVERLORD) == 5
    assert t.power(COLLECTOR) == 2
    assert t.discard(0) == [BLESSING]
    t.end_turn()
    assert t.power(INVADER) == 3  # for the rest of the turn


# --- Plague of Locusts, Mummy Strength, Ancient Curse --------------------------------------------


def test_plague_of_locusts_weakens_the_other_players_minions_at_a_base_for_the_turn() -> None:
    t = Table(
        [TAR, MOTHER],
        hands=[[LOCUSTS], []],
        board=[(0, INVADER, 1), (0, COLLECTOR, 0), (1, OVERLORD, 1)],
    )
    t.play(LOCUSTS)
    t.choose(0)
    assert t.power(INVADER) == 2
    assert t.power(COLLECTOR) == 2
    assert t.power(OVERLORD) == 5
    t.end_turn()
    assert t.power(INVADER) == 3


def test_mummy_strength_gives_two_power_or_three_with_any_buried_card_at_that_base() -> None:
    t = Table([TAR, MOTHER], hands=[[STRENGTH], []], board=[(0, INVADER, 0)])
    t.play(STRENGTH)
    assert t.power(INVADER) == 5
    t2 = Table([TAR, MOTHER], hands=[[STRENGTH], [REX]], board=[(0, INVADER, 0)])
    bury(t2, t2.hand_uid(REX, 1), 0, 1)  # another player's buried card counts
    t2.play(STRENGTH)
    assert t2.power(INVADER) == 6


def test_an_ancient_curse_takes_two_power_and_may_remove_a_counter() -> None:
    t = Table([TAR, MOTHER], hands=[[CURSE], []], board=[(0, OVERLORD, 1)])
    overlord = t.minion(OVERLORD).uid
    t.state, events = run(
        t.state, [Task("counters", {"uid": overlord, "amount": 2})], random.Random(0)
    )
    t.events += events
    assert t.power(OVERLORD) == 7
    t.play(CURSE, target=OVERLORD)
    t.choose("remove")
    assert t.minion(OVERLORD).counters == 1
    assert t.power(OVERLORD) == 4  # 5 + 1 counter - 2
    assert t.replays_exactly()


def test_an_ancient_curse_never_takes_power_below_zero_and_asks_nothing_without_counters() -> None:
    t = Table([TAR, MOTHER], hands=[[CURSE], []], board=[(0, COLLECTOR, 1)])
    t.play(CURSE, target=COLLECTOR)
    assert t.pending is None
    assert t.power(COLLECTOR) == 0
    t2 = Table([TAR, MOTHER], hands=[[CURSE], []], board=[(0, COLLECTOR, 1)])
    t2.play(CURSE, target=COLLECTOR)
    assert t2.total(0) == 0


# --- Seal the Tomb -----------------------------------------------------------------------------


def test_seal_the_tomb_buries_up_to_two_cards_from_hand_at_one_base() -> None:
    t = Table([TAR, MOTHER], hands=[[SEAL, REX, INVADER, COLLECTOR], []])
    t.play(SEAL)
    t.choose("bury")
    t.choose(1)
    t.choose(REX)
    t.choose(INVADER)
    assert buried_cards(t, 1) == [REX, INVADER]
    assert t.hand(0) == [COLLECTOR]
    assert t.pending is None


def test_seal_the_tomb_may_stop_after_one_card() -> None:
    t = Table([TAR, MOTHER], hands=[[SEAL, REX, INVADER], []])
    t.play(SEAL)
    t.choose("bury")
    t.choose(0)
    t.choose(REX)
    t.choose("skip")
    assert buried_cards(t, 0) == [REX]
    assert t.hand(0) == [INVADER]


def test_seal_the_tomb_uncovers_up_to_two_buried_cards_at_one_base_one_at_a_time() -> None:
    t = Table([TAR, MOTHER], hands=[[SEAL, REX, INVADER, COLLECTOR], []])
    for card in (REX, INVADER, COLLECTOR):
        bury(t, t.hand_uid(card, 0), 1, 0)
    t.play(SEAL)
    t.choose("uncover")  # the only base with buried cards of its player: no choice
    t.choose(REX)
    t.choose(COLLECTOR)
    assert t.minions_on(1) == [REX, COLLECTOR]
    assert buried_cards(t, 1) == [INVADER]


# --- bases -------------------------------------------------------------------------------------


def test_the_pyramids_let_the_active_player_bury_a_card_from_hand_there_once_a_turn() -> None:
    t = Table([PYRAMIDS, TAR], hands=[[REX, INVADER], []])
    talents = [m for m in t.moves(0) if isinstance(m, UseTalent)]
    assert [m.card for m in talents] == [PYRAMIDS]
    t.do(talents[0])
    t.choose(REX)
    assert buried_cards(t, 0) == [REX]
    assert not [m for m in t.moves(0) if isinstance(m, UseTalent)]
    assert handles(t, 0) == ["buried-1"]


def test_the_star_portal_draws_a_card_for_whoever_buries_a_card_there() -> None:
    t = Table([PORTAL, TAR], hands=[[REX], [INVADER]])
    bury(t, t.hand_uid(INVADER, 1), 0, 1)
    assert len(t.hand(1)) == 1
    bury(t, t.hand_uid(REX, 0), 1, 0)  # at another base: no card
    assert t.hand(0) == []


def test_the_star_portal_draws_a_card_for_whoever_plays_an_action_onto_it() -> None:
    t = Table([PORTAL, TAR], hands=[[PRESERVE, UPGRADE], []], board=[(0, INVADER, 0)])
    t.play(UPGRADE, target=INVADER)  # onto a minion there, not onto the base: nothing
    assert t.hand(0) == [PRESERVE]
    t2 = Table([PORTAL, TAR], hands=[[PRESERVE], []])
    t2.play(PRESERVE, 0)
    assert t2.hand(0) == [FILLER]
    t3 = Table([PORTAL, TAR], hands=[[PRESERVE], []])
    t3.play(PRESERVE, 1)  # onto another base
    assert t3.hand(0) == []
