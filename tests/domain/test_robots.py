"""Robots cards and bases (Factory 436-1337, The Central Brain)."""

from __future__ import annotations

import pytest

from domain import PlayMinion
from domain import events as ev
from domain.cards.robots import is_microbot
from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from tests.domain.bases_common import INVADER, OASIS, REX, TAR
from tests.domain.ids import ids
from tests.domain.table import Table

FACTORY, BRAIN = "base.factory_436_1337", "base.the_central_brain"


def test_factory_gives_its_winner_1_vp_per_5_power_there() -> None:
    board = [(0, REX, 0)] * 3 + [(0, INVADER, 0), (0, INVADER, 1)]
    t = Table([FACTORY], hands=[[], []], board=board, base_deck=[TAR])
    t.end_turn()
    # 24 power -> 2 + 4 bonus; runner-up 2
    assert t.vp() == [2 + 4, 2]


def test_the_central_brain_gives_plus_1_power_to_minions_on_it() -> None:
    t = Table([BRAIN, OASIS], hands=[[], []], board=[(0, REX, 0), (0, INVADER, 1), (1, REX, 1)])
    assert t.power(INVADER) == 4
    assert t.total(0) == 12
    assert t.total(1) == 7


# --- Robots cards ------------------------------------------------------------------------------

NUKEBOT, WARBOT, HOVERBOT, ZAPBOT = ids("robots", "nukebot warbot hoverbot zapbot")
ALPHA, ARCHIVE, FIXER, GUARD, RECLAIMER = ids(
    "robots", "microbot_alpha microbot_archive microbot_fixer microbot_guard microbot_reclaimer"
)
TECH_CENTER = "robots.tech_center"
MOTHERSHIP = "base.the_mothership"
SELECTION, BEAM_UP = "dinosaurs.natural_selection", "aliens.beam_up"
SUMMON, MYSTIC = "wizards.summon", "wizards.mystic_studies"
WALKER = "zombies.walker"


def _power_on(t: Table, card: str, base: int) -> int:
    from domain.rules import power

    return power(t.state, base, t.minion(card, base))


def test_a_destroyed_nukebot_destroys_every_opponents_minion_on_its_base() -> None:
    t = Table(
        [OASIS, MOTHERSHIP],
        hands=[[SELECTION], []],
        board=[
            (0, REX, 0),
            (0, INVADER, 0),
            (0, NUKEBOT, 1),
            (0, ZAPBOT, 1),
            (1, "aliens.collector", 0),
        ],
    )
    t.play(SELECTION)
    t.choose(REX)
    t.choose(NUKEBOT)
    assert t.minions_on(0) == [ZAPBOT]  # its controller's own minion survives
    assert t.minions_on(1) == ["aliens.collector"]  # other bases are untouched
    assert sorted(t.discard(0)) == sorted([REX, INVADER, SELECTION])
    assert t.discard(1) == [NUKEBOT]


def test_warbot_cannot_be_destroyed() -> None:
    t = Table([OASIS], hands=[[SELECTION], []], board=[(0, REX, 0), (0, WARBOT, 1)])
    t.play(SELECTION)  # King Rex hunts: Warbot is the only weaker minion
    assert t.minions_on(0) == [REX, WARBOT]
    assert t.discard(1) == []


def test_warbot_can_still_be_returned_to_hand() -> None:
    t = Table([OASIS], hands=[[BEAM_UP], []], board=[(0, WARBOT, 1)])
    t.play(BEAM_UP)
    assert t.minions_on(0) == []
    assert t.hand(1) == [WARBOT]


def test_hoverbot_reveals_the_top_card_to_all_and_may_play_a_minion_from_it() -> None:
    t = Table([OASIS, MOTHERSHIP], hands=[[HOVERBOT], []], decks=[[INVADER, WALKER], []])
    events = t.play(HOVERBOT, 0)
    shown = [(e.card, e.to_seat) for e in events if isinstance(e, ev.CardRevealed)]
    assert shown == [(INVADER, None)]
    assert t.pending.seat == 0
    assert t.options() == ["base-0", "base-1", "skip"]
    t.choose(1)
    assert t.minions_on(1) == [INVADER]
    assert t.vp() == [1, 0]  # the Invader's own ability fired: a real play
    assert t.deck(0) == [WALKER]
    assert [p.kind for p in t.state.players[0].plays] == ["action"]  # not the normal play


def test_hoverbot_leaves_a_declined_minion_on_top_of_the_deck() -> None:
    t = Table([OASIS], hands=[[HOVERBOT], []], decks=[[INVADER, WALKER], []])
    t.play(HOVERBOT, 0)
    t.choose("skip")
    assert t.deck(0) == [INVADER, WALKER]
    assert t.minions_on(0) == [HOVERBOT]


def test_hoverbot_leaves_a_revealed_action_on_top_without_asking() -> None:
    t = Table([OASIS], hands=[[HOVERBOT], []], decks=[[SUMMON, WALKER], []])
    events = t.play(HOVERBOT, 0)
    assert [e.card for e in events if isinstance(e, ev.CardRevealed)] == [SUMMON]
    assert t.pending is None
    assert t.deck(0) == [SUMMON, WALKER]


def test_zapbot_grants_an_extra_minion_of_power_2_or_less() -> None:
    t = Table([OASIS], hands=[[ZAPBOT, "aliens.collector", INVADER], []])
    t.play(ZAPBOT, 0)
    hand = {c.uid: c.card for c in t.state.players[0].hand}
    playable = {hand[m.card] for m in t.moves() if isinstance(m, PlayMinion)}
    assert playable == {"aliens.collector"}
    assert [(p.kind, p.max_power) for p in t.state.players[0].plays] == [
        ("action", None),
        ("minion", 2),
    ]


def test_microbot_alpha_gains_1_power_per_other_microbot_its_controller_has() -> None:
    t = Table(
        [OASIS, MOTHERSHIP],
        hands=[[], []],
        board=[(0, ALPHA, 1), (1, GUARD, 1), (1, GUARD, 0), (0, ARCHIVE, 1)],
    )
    assert t.power(ALPHA) == 1 + 2  # Guard and Archive of seat 1, not seat 0's Guard


def test_microbot_alpha_makes_all_its_controllers_minions_microbots() -> None:
    t = Table(
        [OASIS, MOTHERSHIP],
        hands=[[], []],
        board=[(0, ALPHA, 1), (1, REX, 1), (0, INVADER, 0)],
    )
    rex, invader = t.minion(REX), t.minion(INVADER)
    assert is_microbot(t.state, rex)
    assert not is_microbot(t.state, invader)
    assert t.power(ALPHA) == 2
    t2 = Table([OASIS], hands=[[], []], board=[(0, REX, 1)])
    assert not is_microbot(t2.state, t2.minion(REX))


def test_microbot_fixer_gives_each_of_its_controllers_microbots_plus_1() -> None:
    t = Table(
        [OASIS, MOTHERSHIP],
        hands=[[], []],
        board=[(0, FIXER, 1), (0, FIXER, 1), (0, GUARD, 1), (0, REX, 1), (1, GUARD, 0)],
    )
    assert t.power(FIXER) == 1 + 2  # both Fixers count, itself included
    assert _power_on(t, GUARD, 0) == 3
    assert t.power(REX) == 7  # not a Microbot
    assert _power_on(t, GUARD, 1) == 1  # another player's Microbot


def test_with_microbot_alpha_microbot_fixer_boosts_every_minion_of_its_controller() -> None:
    t = Table([OASIS], hands=[[], []], board=[(0, ALPHA, 1), (0, FIXER, 1), (0, REX, 1)])
    assert t.power(REX) == 8
    assert t.power(ALPHA) == 1 + 2 + 1


def test_microbot_fixer_played_first_grants_an_extra_minion() -> None:
    t = Table([OASIS], hands=[[FIXER, REX], []])
    t.play(FIXER, 0)
    assert [p.source for p in t.state.players[0].plays if p.kind == "minion"] == [FIXER]
    t.play(REX, 0)
    assert t.minions_on(0) == [FIXER, REX]


@pytest.mark.parametrize("card", [FIXER, RECLAIMER])
def test_a_fixer_or_reclaimer_after_another_minion_this_turn_grants_nothing(card: str) -> None:
    t = Table([OASIS], hands=[[SUMMON, REX, card], []])
    t.play(SUMMON)
    t.play(REX, 0)
    t.play(card, 0)
    assert t.pending is None
    assert [p.kind for p in t.state.players[0].plays] == []


def _guard_table(*extra: tuple[int, str, int]) -> Table:
    board = [(0, ARCHIVE, 0), (0, ZAPBOT, 0), (0, "aliens.collector", 1), *extra]
    return Table([OASIS], hands=[[GUARD], []], board=board)


def test_microbot_guard_must_destroy_a_minion_weaker_than_its_controllers_count_there() -> None:
    t = Table(
        [OASIS, MOTHERSHIP],
        hands=[[GUARD], []],
        board=[
            (0, ZAPBOT, 0),
            (0, HOVERBOT, 0),
            (1, ZAPBOT, 0),
            (0, REX, 1),
            (0, INVADER, 1),
            (0, "aliens.collector", 1),
        ],
    )
    t.play(GUARD, 0)  # 3 minions of mine here: destroy one of power 0-2 here
    assert sorted(t.options()) == sorted([ZAPBOT, "aliens.collector", GUARD])
    t.choose("aliens.collector")
    assert t.discard(1) == ["aliens.collector"]
    assert t.minions_on(1) == [ZAPBOT]


@pytest.mark.parametrize(
    ("victim", "draws"),
    [(ARCHIVE, 1), (GUARD, 1), (ZAPBOT, 0), ("aliens.collector", 0)],
)
def test_microbot_archive_draws_when_a_microbot_of_its_controller_is_destroyed(
    victim: str, draws: int
) -> None:
    """Archive itself counts (its own 'destroyed' trigger); a non-Microbot or another player's
    minion does not."""
    t = _guard_table()
    t.play(GUARD, 0)
    t.choose(victim)
    assert victim not in t.minions_on(0)
    assert t.hand(0) == [WALKER] * draws


def test_microbot_archive_draws_for_any_minion_while_microbot_alpha_makes_it_a_microbot() -> None:
    t = _guard_table((0, ALPHA, 0))
    t.play(GUARD, 0)
    t.choose(ZAPBOT)
    assert t.hand(0) == [WALKER]


def test_microbot_reclaimer_grants_a_minion_and_shuffles_chosen_microbots_into_the_deck() -> None:
    t = Table(
        [OASIS],
        hands=[[RECLAIMER], []],
        board=[(0, ALPHA, 0)],
        decks=[[WALKER], []],
        discards=[[GUARD, REX, ARCHIVE], []],
    )
    events = t.play(RECLAIMER, 0)
    assert [p.source for p in t.state.players[0].plays if p.kind == "minion"] == [RECLAIMER]
    assert t.options() == [GUARD, ARCHIVE, "skip"]  # in the discard, only named Microbots
    t.choose(GUARD)
    assert t.options() == [ARCHIVE, "skip"]
    events = t.choose("skip")
    assert any(isinstance(e, ev.DeckShuffled) for e in events)
    assert sorted(t.deck(0)) == sorted([WALKER, GUARD])
    assert t.discard(0) == [REX, ARCHIVE]


def test_tech_center_draws_a_card_per_minion_you_have_on_the_chosen_base() -> None:
    t = Table(
        [OASIS, MOTHERSHIP],
        hands=[[TECH_CENTER], []],
        board=[(0, REX, 0), (0, INVADER, 0), (0, REX, 1), (1, INVADER, 0)],
        decks=[[SUMMON, MYSTIC, WALKER], []],
    )
    t.play(TECH_CENTER)
    assert t.options() == ["base-0", "base-1"]
    t.choose(0)
    assert t.hand(0) == [SUMMON, MYSTIC]


def test_every_robots_card_is_implemented() -> None:
    cards = catalogue().factions["robots"].card_ids
    assert len(cards) == 10
    assert all(c in IMPLEMENTED for c in cards)
