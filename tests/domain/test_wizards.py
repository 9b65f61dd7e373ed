"""Wizards cards and bases (School of Wizardry, The Great Library)."""

from __future__ import annotations

from domain import events as ev
from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from tests.domain.bases_common import HOME, INVADER, MOTHER, OASIS, REX, TAR
from tests.domain.ids import ids
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


# --- Wizards cards -----------------------------------------------------------------------------

ARCHMAGE, CHRONOMAGE, ENCHANTRESS, NEOPHYTE = ids(
    "wizards", "archmage chronomage enchantress neophyte"
)
MASS, MYSTIC, PORTAL, SACRIFICE = ids("wizards", "mass_enchantment mystic_studies portal sacrifice")
SCRY, SUMMON, TIME_LOOP, WINDS = ids("wizards", "scry summon time_loop winds_of_change")
WALKER, COLLECTOR, SCOUT = "zombies.walker", "aliens.collector", "aliens.scout"
UPGRADE, WARBOT = "dinosaurs.upgrade", "robots.warbot"


def _plays(t: Table, seat: int = 0) -> list[tuple[str, str]]:
    return [(p.kind, p.source) for p in t.state.players[seat].plays]


def _revealed(events: list[ev.Event]) -> list[tuple[str, int | None]]:
    return [(e.card, e.to_seat) for e in events if isinstance(e, ev.CardRevealed)]


def test_archmage_grants_an_extra_action_at_the_start_of_each_of_its_controllers_turns() -> None:
    t = Table([OASIS], hands=[[], []], board=[(0, ARCHMAGE, 0)])
    assert _plays(t) == [("minion", "turn"), ("action", "turn"), ("action", ARCHMAGE)]
    t.end_turn()
    assert _plays(t, 1) == [("minion", "turn"), ("action", "turn")]
    t.end_turn()
    assert _plays(t) == [("minion", "turn"), ("action", "turn"), ("action", ARCHMAGE)]


def test_archmage_grants_its_extra_action_on_the_turn_it_is_played() -> None:
    """Decision: 'on each of your turns while in play' includes the turn it enters play (it is
    in play during that turn's play phase), as the later Talent errata also allows."""
    t = Table([OASIS], hands=[[ARCHMAGE, MYSTIC, MYSTIC], []], decks=[[WALKER] * 6, []])
    t.play(ARCHMAGE, 0)
    assert ("action", ARCHMAGE) in _plays(t)
    t.play(MYSTIC)
    t.play(MYSTIC)
    assert t.discard(0) == [MYSTIC, MYSTIC]
    assert t.hand(0) == [WALKER] * 4


def test_archmage_leaving_and_reentering_play_grants_only_one_extra_action_per_turn() -> None:
    """Decision: the Archmage raises your action limit by one per turn while it is in play; being
    returned and played again the same turn does not raise it twice."""
    t = Table([OASIS], hands=[[ARCHMAGE, "aliens.abduction"], []])
    t.play(ARCHMAGE, 0)
    t.play("aliens.abduction")  # the only minion in play: returned at once
    assert t.hand(0) == [ARCHMAGE]
    t.play(ARCHMAGE, 0)
    assert [k for k, _ in _plays(t)] == ["action"]


def test_chronomage_grants_an_extra_action_this_turn() -> None:
    t = Table([OASIS], hands=[[CHRONOMAGE, MYSTIC, SUMMON], []])
    t.play(CHRONOMAGE, 0)
    assert _plays(t) == [("action", "turn"), ("action", CHRONOMAGE)]
    t.play(MYSTIC)
    t.play(SUMMON)
    assert t.discard(0) == [MYSTIC, SUMMON]


def test_enchantress_draws_a_card() -> None:
    t = Table([OASIS], hands=[[ENCHANTRESS], []], decks=[[SCRY, WALKER], []])
    t.play(ENCHANTRESS, 0)
    assert t.hand(0) == [SCRY]
    assert t.deck(0) == [WALKER]


def test_neophyte_may_play_a_revealed_action_at_once_as_an_extra_action() -> None:
    t = Table([OASIS], hands=[[NEOPHYTE], []], decks=[[MYSTIC, SCRY, SUMMON, WALKER], []])
    events = t.play(NEOPHYTE, 0)
    assert _revealed(events) == [(MYSTIC, None)]
    assert t.options() == ["hand", "play", "skip"]
    t.choose("play")
    assert t.hand(0) == [SCRY, SUMMON]  # Mystic Studies resolved for me
    assert t.discard(0) == [MYSTIC]
    assert _plays(t) == [("action", "turn")]  # my normal action play is still there


def test_neophyte_may_put_a_revealed_action_into_the_hand() -> None:
    t = Table([OASIS], hands=[[NEOPHYTE], []], decks=[[MYSTIC, WALKER], []])
    t.play(NEOPHYTE, 0)
    t.choose("hand")
    assert t.hand(0) == [MYSTIC]
    assert t.deck(0) == [WALKER]


def test_neophyte_leaves_a_declined_action_on_top() -> None:
    t = Table([OASIS], hands=[[NEOPHYTE], []], decks=[[MYSTIC, WALKER], []])
    t.play(NEOPHYTE, 0)
    t.choose("skip")
    assert t.hand(0) == []
    assert t.deck(0) == [MYSTIC, WALKER]


def test_neophyte_puts_back_a_revealed_minion_without_asking() -> None:
    t = Table([OASIS], hands=[[NEOPHYTE], []], decks=[[REX, WALKER], []])
    events = t.play(NEOPHYTE, 0)
    assert _revealed(events) == [(REX, None)]
    assert t.pending is None
    assert t.deck(0) == [REX, WALKER]


def test_mass_enchantment_plays_an_opponents_revealed_action_which_returns_to_its_owner() -> None:
    t = Table(
        [OASIS],
        hands=[[MASS], [], []],
        decks=[[SCRY, SUMMON, WALKER], [MYSTIC, WALKER], [REX, WALKER]],
    )
    events = t.play(MASS)
    assert _revealed(events) == [(MYSTIC, None), (REX, None)]
    assert t.options() == [MYSTIC, "skip"]
    t.choose(MYSTIC)
    assert t.hand(0) == [SCRY, SUMMON]  # I resolved it: I drew
    assert t.discard(1) == [MYSTIC]  # then it went to its owner's discard pile
    assert t.discard(0) == [MASS]
    assert t.deck(1) == [WALKER]
    assert t.deck(2) == [REX, WALKER]  # the unused card stays on top


def test_mass_enchantment_plays_a_revealed_ongoing_action_under_my_control() -> None:
    t = Table(
        [OASIS],
        hands=[[MASS], [], []],
        board=[(0, REX, 0)],
        decks=[[], [UPGRADE], [MYSTIC]],
    )
    t.play(MASS)
    assert t.options() == [UPGRADE, MYSTIC, "skip"]
    t.choose(UPGRADE)  # one minion in play: attached to it at once
    assert t.power(REX) == 9
    (upgrade,) = t.minion(REX).attached
    assert (upgrade.card, upgrade.owner, upgrade.controller) == (UPGRADE, 1, 0)
    assert t.deck(2) == [MYSTIC]


def test_mass_enchantment_may_be_declined() -> None:
    """Decision: the card says 'play', but an extra card play is always optional (rulebook,
    'Supplémentaire': les cartes supplémentaires sont optionnelles)."""
    t = Table([OASIS], hands=[[MASS], []], decks=[[], [MYSTIC, WALKER]])
    t.play(MASS)
    t.choose("skip")
    assert t.deck(1) == [MYSTIC, WALKER]
    assert t.discard(1) == []


def test_mystic_studies_draws_two_cards() -> None:
    t = Table([OASIS], hands=[[MYSTIC], []], decks=[[SCRY, SUMMON, WALKER], []])
    t.play(MYSTIC)
    assert t.hand(0) == [SCRY, SUMMON]


def test_portal_takes_any_revealed_minions_and_puts_the_rest_back_in_a_chosen_order() -> None:
    deck = [REX, MYSTIC, INVADER, SUMMON, SCRY, WALKER]
    t = Table([OASIS], hands=[[PORTAL], []], decks=[deck, []])
    events = t.play(PORTAL)
    assert _revealed(events) == [(c, None) for c in deck[:5]]
    assert t.options() == [REX, INVADER, "skip"]
    t.choose(REX)
    assert t.options() == [INVADER, "skip"]
    t.choose("skip")  # the Invader stays among the cards to put back
    assert sorted(t.options()) == sorted([MYSTIC, INVADER, SUMMON, SCRY])
    t.choose(SCRY)
    assert sorted(t.options()) == sorted([MYSTIC, INVADER, SUMMON])
    t.choose(INVADER)
    t.choose(SUMMON)
    assert t.pending is None
    assert t.hand(0) == [REX]
    assert t.deck(0) == [SCRY, INVADER, SUMMON, MYSTIC, WALKER]
    assert t.discard(0) == [PORTAL]


def test_portal_reveals_past_a_short_deck_by_shuffling_the_discard_pile_under_it() -> None:
    t = Table(
        [OASIS],
        hands=[[PORTAL], []],
        decks=[[MYSTIC], []],
        discards=[[REX, SUMMON], []],
    )
    events = t.play(PORTAL)
    assert sorted(c for c, _ in _revealed(events)) == sorted([MYSTIC, REX, SUMMON])
    t.choose(REX)  # no other minion revealed: straight to the order of the rest
    t.choose(SUMMON)
    assert t.pending is None
    assert t.hand(0) == [REX]
    assert t.discard(0) == [PORTAL]
    assert t.deck(0) == [SUMMON, MYSTIC]


def test_sacrifice_draws_cards_equal_to_the_minions_power_then_destroys_it() -> None:
    t = Table(
        [OASIS],
        hands=[[SACRIFICE], []],
        board=[(0, REX, 0), (0, INVADER, 0), (0, COLLECTOR, 1)],
        decks=[[SCRY, SUMMON, MYSTIC, WALKER], []],
    )
    t.play(SACRIFICE)
    assert t.options() == [REX, INVADER]  # only my own minions
    t.choose(INVADER)
    assert t.hand(0) == [SCRY, SUMMON, MYSTIC]
    assert t.minions_on(0) == [REX, COLLECTOR]
    assert t.discard(0) == [INVADER, SACRIFICE]


def test_sacrifice_still_draws_when_the_minion_cannot_be_destroyed() -> None:
    t = Table([OASIS], hands=[[SACRIFICE], []], board=[(0, WARBOT, 0)], decks=[[WALKER] * 5, []])
    t.play(SACRIFICE)
    assert t.hand(0) == [WALKER] * 4
    assert t.minions_on(0) == [WARBOT]


def test_scry_reveals_a_chosen_action_from_the_deck_takes_it_and_shuffles() -> None:
    t = Table([OASIS], hands=[[SCRY], []], decks=[[REX, MYSTIC, WALKER, SUMMON, INVADER], []])
    t.play(SCRY)
    assert t.pending.seat == 0
    assert t.options() == [MYSTIC, SUMMON]  # a search: no skip
    events = t.choose(SUMMON)
    assert _revealed(events) == [(SUMMON, None)]
    assert any(isinstance(e, ev.DeckShuffled) for e in events)
    assert t.hand(0) == [SUMMON]
    assert sorted(t.deck(0)) == sorted([REX, MYSTIC, WALKER, INVADER])


def test_scry_without_an_action_in_the_deck_only_shuffles() -> None:
    t = Table([OASIS], hands=[[SCRY], []], decks=[[REX, WALKER], []])
    events = t.play(SCRY)
    assert t.pending is None
    assert any(isinstance(e, ev.DeckShuffled) for e in events)
    assert t.hand(0) == []
    assert sorted(t.deck(0)) == sorted([REX, WALKER])


def test_summon_grants_an_extra_minion() -> None:
    t = Table([OASIS], hands=[[SUMMON, REX, INVADER], []])
    t.play(SUMMON)
    t.play(REX, 0)
    t.play(INVADER, 0)
    assert t.minions_on(0) == [REX, INVADER]


def test_time_loop_grants_two_extra_actions() -> None:
    t = Table([OASIS], hands=[[TIME_LOOP], []])
    t.play(TIME_LOOP)
    assert _plays(t) == [("minion", "turn"), ("action", TIME_LOOP), ("action", TIME_LOOP)]


def test_winds_of_change_shuffles_the_hand_into_the_deck_draws_5_and_grants_an_action() -> None:
    t = Table([OASIS], hands=[[WINDS, REX, INVADER], []], decks=[[WALKER] * 5, []])
    events = t.play(WINDS)
    assert any(isinstance(e, ev.DeckShuffled) for e in events)
    assert len(t.hand(0)) == 5
    assert sorted(t.hand(0) + t.deck(0)) == sorted([REX, INVADER] + [WALKER] * 5)
    assert _plays(t) == [("minion", "turn"), ("action", WINDS)]


def test_every_wizards_card_is_implemented() -> None:
    cards = catalogue().factions["wizards"].card_ids
    assert len(cards) == 12
    assert all(c in IMPLEMENTED for c in cards)
