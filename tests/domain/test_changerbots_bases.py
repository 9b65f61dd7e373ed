"""Bases of the Changerbots (Changing Room, Unicrave) and of their box (USS Undertaking, Spikey
Chair Room), and a random-bot game with the Changerbots."""

from __future__ import annotations

import random
from dataclasses import replace

from domain import UseTalent
from domain.bots import random_bot
from domain.catalogue import catalogue
from domain.verify import verify
from tests.domain.bases_common import COLLECTOR, HOME, INVADER, MOTHER, OASIS, OVERLORD, REX, TAR
from tests.domain.table import Table
from tests.domain.test_changerbots import (
    ARMOR,
    FLIGHTERIZER,
    HUFFIE,
    SOLARSHOUT,
    talent,
)

# --- bases -------------------------------------------------------------------------------------

CHANGING_ROOM, UNICRAVE = "base.changing_room", "base.unicrave"
USS, SPIKEY = "base.uss_undertaking", "base.spikey_chair_room"


def test_changing_room_gives_plus_1_to_a_minion_using_a_talent_there() -> None:
    t = Table([CHANGING_ROOM, HOME], board=[(0, SOLARSHOUT, 0)])
    talent(t, SOLARSHOUT)
    assert t.power(SOLARSHOUT) == 4 - 2 + 1
    t.end_turn()
    assert t.power(SOLARSHOUT) == 4


def test_changing_room_counts_a_talent_granted_by_an_attached_action() -> None:
    t = Table([CHANGING_ROOM, HOME], board=[(0, REX, 0), (0, FLIGHTERIZER, 0, 0)])
    talent(t, FLIGHTERIZER)  # moves Rex to the Homeworld, the only other base
    assert t.minions_on(1) == [REX]
    assert t.power(REX) == 7 - 1 + 1


def test_changing_room_ignores_a_talent_that_moves_a_minion_onto_it() -> None:
    """FR rulebook clarification: the minion was not there when it used its Talent."""
    t = Table([HOME, CHANGING_ROOM], board=[(0, HUFFIE, 0)])
    talent(t, HUFFIE)
    assert t.minions_on(1) == [HUFFIE]
    assert t.power(HUFFIE) == 2


def test_changing_room_ignores_talents_used_on_other_bases() -> None:
    t = Table([HOME, CHANGING_ROOM], board=[(0, SOLARSHOUT, 0), (1, INVADER, 0)])
    talent(t, SOLARSHOUT)
    assert t.power(SOLARSHOUT) == 2
    assert t.power(INVADER) == 3


def test_unicrave_is_replaced_before_scoring_and_the_new_base_scores_with_its_cards() -> None:
    """FR rulebook example: Unicrave reaches 20 power and USS Undertaking (breakpoint 22)
    takes its place; the scoring goes on all the same."""
    t = Table(
        [UNICRAVE, HOME],
        board=[(0, REX, 0), (0, REX, 0), (0, OVERLORD, 1), (0, ARMOR, 1, 2), (1, INVADER, 1)],
        base_deck=[USS, TAR],
    )
    assert t.total(0) == 20
    t.end_turn()
    t.pass_empty_me_first()
    assert [(p.seat, p.place, p.vp) for p in t.state.last_scored] == [(0, 0, 4), (1, 1, 2)]
    assert t.vp() == [4, 2]
    assert UNICRAVE in t.state.base_discard
    assert USS in t.state.base_discard  # the base that scored leaves play as usual
    assert [b.card for b in t.state.bases] == [TAR, HOME]
    assert ARMOR in t.discard(1)  # the cards on it came along and went with it


def test_the_base_taking_unicraves_place_has_its_after_scoring_ability() -> None:
    t = Table(
        [UNICRAVE, HOME],
        board=[(0, REX, 0), (0, REX, 0), (0, OVERLORD, 1)],
        base_deck=["base.ninja_dojo", TAR],
    )
    t.end_turn()
    t.pass_empty_me_first()
    assert t.pending.prompt.startswith("Ninja Dojo")
    assert t.pending.seat == 0  # its winner may destroy a minion


def test_unicrave_takes_a_base_from_the_shuffled_base_discard_when_the_deck_is_empty() -> None:
    t = Table([UNICRAVE, HOME], board=[(0, REX, 0), (0, REX, 0), (0, OVERLORD, 1)])
    t.state = replace(t.state, base_discard=(TAR,))
    t.end_turn()
    t.pass_empty_me_first()
    assert [(p.seat, p.vp) for p in t.state.last_scored] == [(0, 4), (1, 3)]  # Tar Pits' VP


def test_uss_undertaking_lets_the_player_starting_a_turn_move_a_minion_onto_it() -> None:
    t = Table([USS, HOME, TAR], board=[(1, INVADER, 1), (2, COLLECTOR, 1), (1, REX, 0)])
    assert t.options() == [REX, "skip"]  # seat 0's first turn started too
    t.choose("skip")
    t.end_turn()
    assert t.pending.seat == 1
    assert t.options() == [INVADER, COLLECTOR, "skip"]
    t.choose(COLLECTOR)
    assert t.minions_on(0) == [COLLECTOR]


def test_uss_undertaking_lets_a_minion_of_yours_leave_it_for_another_base() -> None:
    t = Table([USS, HOME, TAR], board=[(0, INVADER, 1), (1, REX, 0)])
    t.choose("skip")
    t.end_turn()
    t.choose(INVADER)
    assert t.options() == ["base-1", "base-2"]
    t.choose(2)
    assert t.minions_on(2) == [INVADER]


def test_uss_undertaking_move_may_be_declined() -> None:
    t = Table([USS, HOME], board=[(1, INVADER, 1)])
    t.end_turn()
    t.choose("skip")
    assert t.minions_on(1) == [INVADER]
    assert t.pending is None


def test_spikey_chair_room_lets_who_played_a_minion_there_destroy_one_to_draw() -> None:
    t = Table([SPIKEY, HOME], hands=[[INVADER], []], board=[(1, REX, 0), (1, OVERLORD, 1)])
    t.play(INVADER, 0)
    hand = len(t.hand(0))
    t.end_turn()
    assert t.options() == [INVADER, REX, "skip"]  # minions it owns, on any base
    t.choose(REX)
    assert REX in t.discard(0)
    assert len(t.hand(0)) == hand + 1 + 2  # +1 from the chair, then the usual 2


def test_spikey_chair_room_asks_nothing_of_who_played_no_minion_there() -> None:
    t = Table([SPIKEY, HOME], hands=[[INVADER], []], board=[(0, REX, 0)])
    t.play(INVADER, 1)
    t.end_turn()
    assert t.pending is None or t.pending.kind != "minion"
    assert t.minions_on(0) == [REX]


def test_spikey_chair_room_still_offers_after_the_base_scored_this_turn() -> None:
    """FR rulebook clarification: the right to destroy and draw survives the base leaving."""
    t = Table(
        [SPIKEY, HOME],
        hands=[[REX], []],
        board=[(0, REX, 0), (0, OVERLORD, 1), (0, COLLECTOR, 1), (1, INVADER, 0)],
        base_deck=[TAR],
    )
    t.play(REX, 0)  # 7 + 7 + 5 + 2 = 21 of 20: it scores
    t.end_turn()
    t.pass_empty_me_first()
    assert [b.card for b in t.state.bases] == [TAR, HOME]
    assert t.options() == [INVADER, "skip"]
    t.choose(INVADER)
    assert t.minions_on(1) == []


def test_the_random_bot_uses_changerbots_talents_and_the_game_replays_exactly() -> None:
    deck = list(catalogue().deck_for(["changerbots"]))
    t = Table(
        [CHANGING_ROOM, USS, SPIKEY],
        hands=[deck[:5], deck[5:10]],
        decks=[deck[10:], deck[10:]],
        base_deck=[UNICRAVE, HOME, TAR, MOTHER, OASIS],
    )
    rng = random.Random(7)
    used = 0
    for _ in range(400):
        if t.state.status != "active":
            break
        command = random_bot(t.state, t.seat, rng)
        assert command is not None
        used += isinstance(command, UseTalent)
        t.do(command)
    assert used > 0
    assert t.replays_exactly()
    state, error = verify(t.events)  # every command decided again gives the same events
    assert error is None
    assert state == t.state


def test_spikey_chair_room_still_offers_when_the_minion_played_there_moved_away() -> None:
    """FR rulebook clarification: the minion played there may have left it since."""
    t = Table([SPIKEY, HOME], hands=[[HUFFIE], []], board=[(1, INVADER, 0), (1, REX, 1)])
    t.play(HUFFIE, 0)
    talent(t, HUFFIE)  # to the Homeworld, the only other base
    assert t.minions_on(0) == []
    t.end_turn()
    assert t.options() == [INVADER, HUFFIE, "skip"]
