"""Aliens cards and bases (The Homeworld, The Mothership)."""

from __future__ import annotations

from domain import PlayMinion
from domain import events as ev
from domain.rules import card_type
from tests.domain.bases_common import HOME, MOTHER, OASIS, TAR
from tests.domain.table import Table

REX, RAPTOR = "dinosaurs.king_rex", "dinosaurs.war_raptor"


def test_supreme_overlord_may_return_any_minion_to_its_owners_hand() -> None:
    t = Table([TAR, OASIS], hands=[["aliens.supreme_overlord"], []], board=[(1, REX, 1)])
    t.play("aliens.supreme_overlord", 0)
    assert "skip" in [o.id for o in t.pending.options]
    assert set(t.options()) >= {REX, "aliens.supreme_overlord"}
    t.choose(REX)
    assert t.hand(1) == [REX]
    assert t.minions_on(1) == []


def test_supreme_overlord_return_is_optional() -> None:
    t = Table([TAR], hands=[["aliens.supreme_overlord"], []], board=[(0, REX, 1)])
    t.play("aliens.supreme_overlord", 0)
    t.choose("skip")
    assert t.minions_on(0) == [REX, "aliens.supreme_overlord"]


def test_invader_scores_one_vp_when_played() -> None:
    t = Table([TAR], hands=[["aliens.invader"], []])
    t.play("aliens.invader", 0)
    assert t.vp() == [1, 0]


def test_scout_may_go_back_to_hand_after_its_base_scores() -> None:
    t = Table(
        [OASIS],
        hands=[[], []],
        board=[(0, "aliens.scout", 0), (0, REX, 0), (0, "aliens.invader", 1)],
        base_deck=[TAR],
        decks=[[RAPTOR, RAPTOR], []],
    )
    t.end_turn()
    assert t.pending.kind == "special"
    assert t.options() == ["aliens.scout", "skip"]
    t.choose("aliens.scout")
    assert t.hand(0) == ["aliens.scout", RAPTOR, RAPTOR]
    assert t.discard(0) == [REX]
    assert t.discard(1) == ["aliens.invader"]


def test_scout_on_another_base_is_not_offered_when_a_base_scores() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[], []],
        board=[(1, "aliens.scout", 0), (0, REX, 0), (0, "aliens.supreme_overlord", 0)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending is None
    assert t.minions_on(1) == ["aliens.scout"]


def test_collector_returns_a_minion_of_power_3_or_less_on_its_base() -> None:
    t = Table(
        [TAR, OASIS],
        hands=[["aliens.collector"], []],
        board=[(0, "aliens.invader", 1), (0, REX, 1), (1, "aliens.scout", 1)],
    )
    t.play("aliens.collector", 0)
    assert sorted(t.options()) == sorted(["aliens.invader", "aliens.collector", "skip"])
    t.choose("aliens.invader")
    assert t.hand(1) == ["aliens.invader"]


def test_abduction_returns_a_minion_and_grants_an_extra_minion_play() -> None:
    t = Table([TAR], hands=[["aliens.abduction", REX], []], board=[(0, "aliens.invader", 1)])
    t.play(REX, 0)
    assert not any(isinstance(m, PlayMinion) for m in t.moves())
    t.play("aliens.abduction")
    t.choose("aliens.invader")
    assert t.hand(1) == ["aliens.invader"]
    assert [p.kind for p in t.state.players[0].plays] == ["minion"]


def test_beam_up_returns_any_minion_to_its_owners_hand() -> None:
    t = Table([TAR, OASIS], hands=[["aliens.beam_up"], []], board=[(0, REX, 1), (1, RAPTOR, 0)])
    t.play("aliens.beam_up")
    t.choose(REX)
    assert t.hand(1) == [REX]
    assert t.minions_on(1) == [RAPTOR]


def test_crop_circles_returns_every_minion_on_the_chosen_base() -> None:
    t = Table(
        [TAR, OASIS],
        hands=[["aliens.crop_circles"], []],
        board=[(0, REX, 1), (0, RAPTOR, 0), (1, "aliens.scout", 1)],
    )
    t.play("aliens.crop_circles")
    t.choose(0)
    assert t.minions_on(0) == []
    assert t.minions_on(1) == ["aliens.scout"]
    assert t.hand(0) == [RAPTOR]
    assert t.hand(1) == [REX]


def test_disintegrator_puts_a_minion_of_power_3_or_less_under_its_owners_deck() -> None:
    t = Table(
        [TAR],
        hands=[["aliens.disintegrator"], []],
        board=[(0, REX, 1), (0, "aliens.invader", 1)],
        decks=[[], ["aliens.scout"]],
    )
    t.play("aliens.disintegrator")  # King Rex (7) is no target: Invader is taken at once
    assert t.deck(1) == ["aliens.scout", "aliens.invader"]
    assert t.minions_on(0) == [REX]


def test_invasion_moves_a_minion_to_another_base() -> None:
    t = Table([TAR, OASIS, HOME], hands=[["aliens.invasion"], []], board=[(0, REX, 1)])
    t.play("aliens.invasion")
    assert [o.base for o in t.pending.options] == [1, 2]
    t.choose(2)
    assert t.minions_on(2) == [REX]
    assert t.minions_on(0) == []


def test_jammed_signal_makes_everyone_ignore_the_base_ability() -> None:
    brain = "base.the_central_brain"
    t = Table([brain], hands=[["aliens.jammed_signal"], []], board=[(0, REX, 1)])
    assert t.power(REX) == 8
    t.play("aliens.jammed_signal", 0)
    assert t.power(REX) == 7
    assert t.state.bases[0].attached[0].card == "aliens.jammed_signal"


def test_probe_shows_a_hand_and_makes_its_owner_discard_the_chosen_minion() -> None:
    t = Table([TAR], hands=[["aliens.probe"], [REX, "aliens.scout", "dinosaurs.howl"]])
    t.play("aliens.probe")  # one opponent: chosen at once
    assert sorted(t.options()) == sorted([REX, "aliens.scout"])
    revealed = [e for e in t.events if isinstance(e, ev.HandRevealed)]
    assert revealed
    assert revealed[0].to_seat == 0
    assert len(revealed[0].cards) == 3
    t.choose(REX)
    assert t.discard(1) == [REX]
    assert sorted(t.hand(1)) == ["aliens.scout", "dinosaurs.howl"]


def test_terraforming_swaps_a_base_keeps_its_minions_and_allows_a_minion_there() -> None:
    t = Table(
        [TAR, OASIS],
        hands=[["aliens.terraforming", REX, "aliens.invader"], []],
        board=[(0, RAPTOR, 1)],
        base_deck=[HOME, MOTHER],
    )
    t.play(REX, 1)
    t.play("aliens.terraforming")
    t.choose(MOTHER)
    t.choose(0)
    assert t.state.bases[0].card == MOTHER
    assert t.minions_on(0) == [RAPTOR]
    assert sorted(t.state.base_deck) == sorted([HOME, TAR])
    plays = t.state.players[0].plays
    assert [(p.kind, p.base) for p in plays] == [("minion", MOTHER)]
    assert {m.base for m in t.moves() if isinstance(m, PlayMinion)} == {0}


def test_terraforming_discards_the_actions_attached_to_the_outgoing_base() -> None:
    t = Table(
        [TAR],
        hands=[["aliens.terraforming"], ["aliens.jammed_signal"]],
        base_deck=[HOME],
        first_seat=1,
    )
    t.play("aliens.jammed_signal", 0)
    t.end_turn()
    t.play("aliens.terraforming")
    assert t.state.bases[0].card == HOME
    assert t.discard(1) == ["aliens.jammed_signal"]


def test_the_homeworld_grants_a_power_2_or_less_extra_minion_after_a_minion_lands_there() -> None:
    t = Table([HOME, TAR], hands=[[REX, "aliens.collector", "aliens.invader"], []])
    t.play(REX, 0)
    plays = [(p.kind, p.max_power) for p in t.state.players[0].plays]
    assert ("minion", 2) in plays
    cards = {
        t.state.players[0].hand[[c.uid for c in t.state.players[0].hand].index(m.card)].card
        for m in t.moves()
        if isinstance(m, PlayMinion)
    }
    assert cards == {"aliens.collector"}
    t.play("aliens.collector", 1)
    assert t.minions_on(1) == ["aliens.collector"]


def test_the_mothership_lets_its_winner_return_a_small_minion_of_theirs() -> None:
    t = Table(
        [MOTHER],
        hands=[[], []],
        board=[(0, REX, 0), (0, REX, 0), (0, REX, 0), (0, "aliens.invader", 0)],
        base_deck=[TAR],
    )
    t.end_turn()
    assert t.options() == ["aliens.invader", "skip"]
    t.choose("aliens.invader")
    assert "aliens.invader" in t.hand(0)
    assert t.discard(0) == [REX, REX, REX]


def test_every_aliens_card_is_a_minion_or_action_with_an_implemented_ability() -> None:
    from domain.catalogue import catalogue
    from domain.registry import IMPLEMENTED

    cards = catalogue().factions["aliens"].card_ids
    assert all(c in IMPLEMENTED for c in cards)
    assert {card_type(c) for c in cards} == {"minion", "action"}
