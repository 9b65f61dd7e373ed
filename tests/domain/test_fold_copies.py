"""The fold copies only what an event changes: the bases, minions and tuples it leaves alone
stay the very objects they were (the answers kept per board, by identity, hold across it),
and the cards it moves land where the plain definition puts them."""

from __future__ import annotations

from domain import events as ev
from domain.evolve import evolve
from domain.model import (
    Attached,
    Base,
    CardRef,
    GameState,
    Lingering,
    Minion,
    Player,
    TempPower,
)

ONGOING = Attached("a1", "aliens.ongoing", 0, 0)


def table() -> GameState:
    """Two seats, two bases: a minion of seat 0 with an action attached, one of seat 1."""
    bases = (
        Base("base.one", minions=(Minion("m1", "aliens.invader", 0, 0, (ONGOING,)),)),
        Base("base.two", minions=(Minion("m2", "zombies.walker", 1, 1),)),
    )
    players = (
        Player(0, "a", ("aliens",), hand=(CardRef("h1", "aliens.invader", 0),)),
        Player(1, "b", ("zombies",), discard=(CardRef("d1", "zombies.walker", 1),)),
    )
    return GameState(
        "g",
        "s",
        players,
        bases,
        turn=3,
        phase="play",
        temp_power=(TempPower("m2", 2, 5),),
        lingering=(Lingering("aliens.ongoing", 0, 3, 6),),
        version=7,
    )


def test_an_action_detached_copies_only_its_base_and_minion() -> None:
    s = table()
    after = evolve(s, ev.AttachedRemoved("a1", "aliens.ongoing", 0, "destroyed"))
    assert after.bases[0].minions[0].attached == ()
    assert after.bases[1] is s.bases[1]
    assert after.players[0].discard == (CardRef("a1", "aliens.ongoing", 0),)
    assert after.players[1] is s.players[1]
    assert after.version == 8
    assert s.bases[0].minions[0].attached == (ONGOING,)  # the state given is left alone


def test_effects_that_do_not_expire_keep_their_tuples() -> None:
    s = table()
    after = evolve(s, ev.EffectsExpired(3))
    assert after.temp_power is s.temp_power
    assert after.lingering is s.lingering
    later = evolve(s, ev.EffectsExpired(5))
    assert later.temp_power == ()
    assert later.lingering is s.lingering


def test_a_minion_destroyed_goes_after_its_attached_cards_and_keeps_the_other_base() -> None:
    s = table()
    after = evolve(s, ev.MinionRemoved("m1", "aliens.invader", 0, 0, "discard", "destroyed"))
    assert after.bases[0].minions == ()
    assert after.bases[1] is s.bases[1]
    assert after.temp_power is s.temp_power  # m1 had no power change
    assert after.players[0].discard == (
        CardRef("a1", "aliens.ongoing", 0),
        CardRef("m1", "aliens.invader", 0),
    )


def test_a_minion_returned_to_hand_drops_its_power_changes() -> None:
    s = table()
    after = evolve(s, ev.MinionRemoved("m2", "zombies.walker", 1, 1, "hand", "returned"))
    assert after.temp_power == ()
    assert after.players[1].hand == (CardRef("m2", "zombies.walker", 1),)
    assert after.players[1].discard == s.players[1].discard
    assert after.bases[0] is s.bases[0]


def test_a_note_or_a_new_controller_copies_only_the_base_holding_the_card() -> None:
    s = table()
    noted = evolve(s, ev.NoteSet("a1", "zombies"))
    assert noted.bases[0].minions[0].attached[0].note == "zombies"
    assert noted.bases[1] is s.bases[1]
    taken = evolve(s, ev.ControlChanged("m2", 0))
    assert taken.bases[1].minions[0].controller == 0
    assert taken.bases[0] is s.bases[0]


def test_a_card_discarded_from_hand_moves_in_one_copy_of_its_seat() -> None:
    s = table()
    after = evolve(s, ev.CardDiscarded("h1", "aliens.invader", 0, "hand"))
    assert after.players[0].hand == ()
    assert after.players[0].discard == (CardRef("h1", "aliens.invader", 0),)
    assert after.players[1] is s.players[1]
    assert after.bases is s.bases
