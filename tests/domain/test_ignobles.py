"""Ignobles cards and their base (Wintersquashed), and the rules of control they rest on
(Cease and Desist glossary: "Contrôle"; general rules on ownership)."""

from __future__ import annotations

import pytest

from domain import PlayAction, UseTalent, evolve
from domain import events as ev
from domain.abilities import IMPLEMENTED
from domain.catalogue import catalogue
from domain.errors import RuleViolation
from domain.rules import power_by_seat
from tests.domain.ids import ids
from tests.domain.table import Table

AUNT, FOOT, BETROTHED, SQUIRE = ids(
    "ignobles", "aunt_of_drakes foot_of_the_king betrothed sneaky_squire"
)
SPY, BANNER, FATE, HOSTAGE = ids(
    "ignobles", "activate_the_spy banner_call fate_of_the_favorites hostage_exchange"
)
BETRAYAL, OUT_OF_SIGHT, PARTY, DEBTS = ids(
    "ignobles", "inevitable_betrayal out_of_sight red_birthday_party repaying_debts"
)
WINTER = "base.wintersquashed"
TAR, OASIS, HOME = "base.tar_pits", "base.jungle_oasis", "base.the_homeworld"
REX, RAPTOR, INVADER, OVERLORD = (
    "dinosaurs.king_rex",
    "dinosaurs.war_raptor",
    "aliens.invader",
    "aliens.supreme_overlord",
)
SCOUT, COLLECTOR = "aliens.scout", "aliens.collector"


def give(t: Table, card: str, seat: int) -> None:
    """Set up a minion controlled by another seat than its owner (as a card would)."""
    e = ev.ControlChanged(t.minion(card).uid, seat)
    t.state = evolve(t.state, e)
    t.events.append(e)


def plays_of(t: Table, seat: int, kind: str) -> int:
    """How many plays of a kind the seat may still make this turn."""
    return sum(1 for a in t.state.players[seat].plays if a.kind == kind)


def test_every_ignobles_card_and_wintersquashed_is_implemented() -> None:
    cards = catalogue().faction("ignobles").card_ids
    assert len(cards) == 12
    assert set(cards) <= IMPLEMENTED
    assert WINTER in IMPLEMENTED


# --- the rules of control ----------------------------------------------------------------


def test_a_controlled_minions_power_counts_for_its_controller() -> None:
    t = Table([TAR], hands=[[], []], board=[(0, REX, 0), (0, INVADER, 1)])
    give(t, REX, 1)
    assert power_by_seat(t.state, 0) == {1: 10}


def test_a_controlled_minion_leaving_play_goes_to_its_owners_hand() -> None:
    t = Table([TAR], hands=[["aliens.beam_up"], []], board=[(0, REX, 0), (0, INVADER, 1)])
    give(t, INVADER, 0)
    t.play("aliens.beam_up")
    t.choose(INVADER)
    assert t.hand(1) == [INVADER]
    assert t.hand(0) == []


def test_only_the_controller_may_use_a_controlled_minions_talent() -> None:
    t = Table([TAR], hands=[[], []], board=[(0, AUNT, 1), (0, REX, 0)])
    give(t, AUNT, 0)
    aunt = t.minion(AUNT).uid
    assert aunt in [m.card for m in t.moves(0) if isinstance(m, UseTalent)]
    with pytest.raises(RuleViolation):
        t.do(UseTalent(1, aunt))


def test_taking_control_is_recorded_and_replays() -> None:
    t = Table([TAR], hands=[[SPY], []], board=[(0, REX, 0)])
    give(t, REX, 1)
    t.play(SPY)
    assert any(isinstance(e, ev.ControlChanged) for e in t.events[-4:])
    assert t.replays_exactly()


# --- the cards ---------------------------------------------------------------------------


def test_aunt_of_drakes_gives_a_minion_away_to_draw_a_card_and_play_an_extra_action() -> None:
    t = Table([TAR], hands=[[], []], board=[(0, AUNT, 0), (0, REX, 0)])
    hand, actions = len(t.hand(0)), plays_of(t, 0, "action")
    t.do(UseTalent(0, t.minion(AUNT).uid))
    assert set(t.options()) == {AUNT, REX}
    t.choose(REX)  # the only other player is chosen without asking
    assert t.minion(REX).controller == 1
    assert len(t.hand(0)) == hand + 1
    assert plays_of(t, 0, "action") == actions + 1


def test_aunt_of_drakes_may_give_herself_away() -> None:
    t = Table([TAR], hands=[[], []], board=[(0, AUNT, 0)])
    t.do(UseTalent(0, t.minion(AUNT).uid))
    assert t.minion(AUNT).controller == 1


def test_foot_of_the_king_takes_back_a_minion_you_own_at_the_end_of_your_turn() -> None:
    t = Table([TAR, HOME], hands=[[], []], board=[(0, FOOT, 0), (1, REX, 0)])
    give(t, REX, 1)
    t.end_turn()
    assert t.pending.seat == 0
    assert t.options() == [REX, "skip"]
    t.choose(REX)
    assert t.minion(REX).controller == 0


def test_foot_of_the_king_does_nothing_at_the_end_of_another_players_turn() -> None:
    t = Table([TAR, HOME], hands=[[], []], board=[(0, FOOT, 0), (1, REX, 0)], first_seat=1)
    give(t, REX, 1)
    t.end_turn()
    assert t.minion(REX).controller == 1


def test_betrothed_may_be_given_away_when_played() -> None:
    t = Table([TAR], hands=[[BETROTHED], []])
    t.play(BETROTHED, 0)
    assert "skip" in [o.id for o in t.pending.options]
    t.choose("seat-1")
    assert t.minion(BETROTHED).controller == 1


def test_betrothed_stays_yours_if_you_skip() -> None:
    t = Table([TAR], hands=[[BETROTHED], []])
    t.play(BETROTHED, 0)
    t.choose("skip")
    assert t.minion(BETROTHED).controller == 0


def test_betrothed_gives_its_owner_a_vp_when_its_controller_wins_its_base() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[], []],
        board=[(0, BETROTHED, 0), (0, REX, 1), (0, RAPTOR, 1), (1, INVADER, 0)],
        base_deck=[HOME],
    )
    give(t, BETROTHED, 1)
    t.end_turn()
    t.pass_empty_me_first()
    assert t.vp() == [1, 2]  # seat 1 won the Oasis (2 VP) with the Betrothed: its owner +1


def test_betrothed_gives_nothing_when_its_owner_wins_with_it() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[], []],
        board=[(0, BETROTHED, 0), (0, REX, 0), (0, RAPTOR, 0), (1, INVADER, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    t.pass_empty_me_first()
    assert t.vp() == [2, 0]


def test_sneaky_squire_given_away_grants_an_extra_minion() -> None:
    t = Table([TAR], hands=[[SQUIRE, RAPTOR], []])
    t.play(SQUIRE, 0)
    t.choose("seat-1")
    assert t.minion(SQUIRE).controller == 1
    assert plays_of(t, 0, "minion") == 1
    t.play(RAPTOR, 0)
    assert t.minion(RAPTOR).controller == 0


def test_sneaky_squire_kept_grants_nothing() -> None:
    t = Table([TAR], hands=[[SQUIRE, RAPTOR], []])
    t.play(SQUIRE, 0)
    t.choose("skip")
    assert plays_of(t, 0, "minion") == 0


def test_activate_the_spy_takes_back_a_minion_you_own_and_grants_an_extra_action() -> None:
    t = Table([TAR, HOME], hands=[[SPY], []], board=[(1, REX, 0), (0, INVADER, 1)])
    give(t, REX, 1)
    give(t, INVADER, 0)  # controlled but not owned: not a target
    t.play(SPY)
    assert t.minion(REX).controller == 0
    assert plays_of(t, 0, "action") == 1


def test_banner_call_takes_back_any_number_of_minions_you_own() -> None:
    t = Table([TAR, HOME], hands=[[BANNER], []], board=[(0, REX, 0), (1, RAPTOR, 0)])
    give(t, REX, 1)
    give(t, RAPTOR, 1)
    t.play(BANNER)
    assert set(t.options()) == {REX, RAPTOR, "skip"}
    t.choose(REX)
    assert t.options() == [RAPTOR, "skip"]
    t.choose("skip")
    assert t.minion(REX).controller == 0
    assert t.minion(RAPTOR).controller == 1


def test_fate_of_the_favorites_makes_each_player_destroy_a_minion_they_own() -> None:
    t = Table(
        [HOME],
        hands=[[FATE], []],
        board=[(0, REX, 0), (0, RAPTOR, 0), (0, INVADER, 1), (0, SCOUT, 1)],
    )
    give(t, SCOUT, 0)  # owned by seat 1 whoever controls it
    t.play(FATE)
    assert (t.pending.seat, set(t.options())) == (0, {REX, RAPTOR})
    t.choose(RAPTOR)
    assert (t.pending.seat, set(t.options())) == (1, {INVADER, SCOUT})
    t.choose(SCOUT)
    assert t.minions_on(0) == [REX, INVADER]
    assert RAPTOR in t.discard(0)
    assert SCOUT in t.discard(1)


def test_hostage_exchange_takes_a_minion_no_stronger_than_the_one_given() -> None:
    t = Table(
        [TAR],
        hands=[[HOSTAGE], []],
        board=[(0, OVERLORD, 0), (0, REX, 1), (0, SCOUT, 1)],
    )
    t.play(HOSTAGE)
    # the Overlord (5), the one minion seat 0 controls, goes to seat 1, the one other player
    assert t.minion(OVERLORD).controller == 1
    # the King Rex (7) is too strong: the Scout (3), the one choice left, is taken at once
    assert t.minion(SCOUT).controller == 0
    assert t.minion(REX).controller == 1


def test_inevitable_betrayal_cannot_be_played_as_a_normal_action() -> None:
    t = Table([TAR], hands=[[BETRAYAL], []], board=[(0, REX, 0)])
    assert BETRAYAL not in [
        getattr(m, "card", None) for m in t.moves(0) if isinstance(m, PlayAction)
    ]
    with pytest.raises(RuleViolation):
        t.play(BETRAYAL)


def test_inevitable_betrayal_takes_back_a_minion_you_own_on_the_scoring_base() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[], [BETRAYAL]],
        board=[(0, REX, 1), (0, RAPTOR, 0), (0, INVADER, 0), (1, SCOUT, 1)],
        base_deck=[HOME],
    )
    give(t, REX, 0)  # seat 0 would win the Oasis with seat 1's King Rex
    t.end_turn()
    t.pass_empty_me_first()
    assert t.pending.seat == 1
    assert BETRAYAL in t.options()
    t.choose(BETRAYAL)
    t.pass_empty_me_first()
    assert t.vp() == [0, 2]
    assert BETRAYAL in t.discard(1)


def test_out_of_sight_returns_one_minion_each_player_owns_to_its_owners_hand() -> None:
    t = Table([TAR], hands=[[OUT_OF_SIGHT], []], board=[(0, REX, 0), (0, INVADER, 1)])
    give(t, INVADER, 0)
    t.play(OUT_OF_SIGHT)  # each player owns one minion in play: no choice to make
    assert t.hand(0) == [REX]
    assert t.hand(1) == [INVADER]
    assert t.minions_on(0) == []


def test_red_birthday_party_destroys_your_minion_and_every_weaker_one_on_its_base() -> None:
    t = Table(
        [TAR, HOME],
        hands=[[PARTY], []],
        board=[(0, OVERLORD, 0), (0, SCOUT, 1), (0, REX, 1), (0, RAPTOR, 0), (1, INVADER, 1)],
    )
    t.play(PARTY)
    t.choose(OVERLORD)  # power 5: the Scout (3) and the Raptor (2) go, the King Rex (7) stays
    assert t.minions_on(0) == [REX]
    assert t.minions_on(1) == [INVADER]


def test_repaying_debts_gives_a_minion_away_to_draw_two_and_play_an_extra_minion() -> None:
    t = Table([TAR], hands=[[DEBTS], []], board=[(0, REX, 0)])
    t.play(DEBTS)
    assert t.minion(REX).controller == 1
    assert len(t.hand(0)) == 2
    assert plays_of(t, 0, "minion") == 2


def test_repaying_debts_with_no_minion_to_give_rewards_nothing() -> None:
    t = Table([TAR], hands=[[DEBTS], []], board=[(0, REX, 1)])
    t.play(DEBTS)
    assert t.hand(0) == []
    assert plays_of(t, 0, "minion") == 1


def test_wintersquashed_lets_the_player_give_away_the_minion_just_played_there() -> None:
    t = Table([WINTER, TAR], hands=[[RAPTOR, INVADER], []])
    t.play(RAPTOR, 0)
    assert t.pending.seat == 0
    assert "skip" in [o.id for o in t.pending.options]
    t.choose("seat-1")
    assert t.minion(RAPTOR).controller == 1


def test_wintersquashed_does_not_offer_a_minion_played_on_another_base() -> None:
    t = Table([WINTER, TAR], hands=[[RAPTOR], []])
    t.play(RAPTOR, 1)
    assert t.pending is None
    assert t.minion(RAPTOR).controller == 0
