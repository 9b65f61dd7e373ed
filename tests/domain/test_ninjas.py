"""Ninjas: the faction's cards and bases (Ninja Dojo, Temple of Goju)."""

from __future__ import annotations

import random

import pytest

from domain import PlayAction, UseSpecial
from domain.catalogue import catalogue
from domain.engine import run
from domain.errors import IllegalTarget
from domain.model import Minion, Task
from domain.registry import IMPLEMENTED
from domain.rules import all_minions, power
from domain.view import view
from tests.domain.bases_common import COLLECTOR, HOME, INVADER, MOTHER, OASIS, REX, TAR
from tests.domain.ids import ids
from tests.domain.table import Table

DOJO, GOJU = "base.ninja_dojo", "base.temple_of_goju"


def test_ninja_dojo_lets_its_winner_destroy_any_minion_in_play() -> None:
    t = Table(
        [DOJO, OASIS],
        hands=[[], []],
        board=[(0, REX, 0), (0, REX, 0), (0, INVADER, 0), (0, COLLECTOR, 1), (1, REX, 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.vp() == [2, 3]  # second place pays more here
    assert t.pending.seat == 0
    assert "skip" in [o.id for o in t.pending.options]
    t.choose(t.minion(REX, base=1).uid)
    assert t.minions_on(1) == []
    assert t.discard(1).count(REX) == 1


def test_temple_of_goju_sends_each_players_strongest_minion_there_under_its_deck() -> None:
    t = Table(
        [GOJU],
        hands=[[], []],
        board=[
            (0, REX, 0),
            (0, INVADER, 0),
            (0, INVADER, 0),
            (0, "aliens.supreme_overlord", 1),
            (0, COLLECTOR, 1),
        ],
        decks=[["zombies.walker"] * 3, ["zombies.walker"] * 3],
        base_deck=[TAR],
    )
    t.end_turn()
    assert t.deck(0)[-1] == REX
    assert t.deck(1)[-1] == "aliens.supreme_overlord"
    assert sorted(t.discard(0)) == [INVADER, INVADER]
    assert t.discard(1) == [COLLECTOR]


# --- the faction's cards ---------------------------------------------------------------------

MASTER, TIGER, SHINOBI, ACOLYTE = ids("ninjas", "ninja_master tiger_assassin shinobi ninja_acolyte")
ASSASSINATION, DISGUISE, HIDDEN, INFILTRATE = ids(
    "ninjas", "assassination disguise hidden_ninja infiltrate"
)
POISON, STARS, SMOKE, DECEPTION = ids("ninjas", "poison seeing_stars smoke_bomb way_of_deception")
OVERLORD = "aliens.supreme_overlord"
BRAIN = "base.the_central_brain"
BUCCANEER = "pirates.buccaneer"
PRESERVE, UPGRADE = "dinosaurs.wildlife_preserve", "dinosaurs.upgrade"


def _mine(t: Table, card: str, seat: int) -> Minion:
    return next(m for _, m in all_minions(t.state) if m.card == card and m.controller == seat)


def test_every_ninja_card_is_implemented() -> None:
    cards = catalogue().faction("ninjas").card_ids
    assert len(cards) == 12
    assert set(cards) <= IMPLEMENTED


def test_ninja_master_may_destroy_any_minion_on_its_base_whatever_its_power() -> None:
    t = Table([OASIS, MOTHER], hands=[[MASTER], []], board=[(0, REX, 1), (1, REX, 1)])
    t.play(MASTER, 0)
    assert sorted(t.options()) == sorted([REX, MASTER, "skip"])  # not the Rex on base 1
    t.choose(REX)
    assert t.minions_on(0) == [MASTER]
    assert t.minions_on(1) == [REX]
    assert t.discard(1) == [REX]


def test_ninja_master_destroying_is_optional() -> None:
    t = Table([OASIS], hands=[[MASTER], []], board=[(0, REX, 1)])
    t.play(MASTER, 0)
    t.choose("skip")
    assert t.minions_on(0) == [REX, MASTER]


def test_tiger_assassin_may_destroy_a_minion_of_power_3_or_less_on_its_base() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[TIGER], []],
        board=[(0, INVADER, 1), (0, OVERLORD, 1), (1, COLLECTOR, 1)],
    )
    t.play(TIGER, 0)
    assert t.options() == [INVADER, "skip"]
    t.choose(INVADER)
    assert t.minions_on(0) == [OVERLORD, TIGER]
    assert t.discard(1) == [INVADER]


def test_shinobi_is_played_from_hand_onto_a_scoring_base_once_per_player() -> None:
    """The limit is per player per scoring base (the card's 'you'), read with fandom/AEG."""
    t = Table(
        [OASIS, MOTHER],
        hands=[[], [SHINOBI, SHINOBI]],
        board=[(0, REX, 0), (0, OVERLORD, 0)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending.kind == "special"
    assert t.pending.seat == 1
    assert t.options() == [SHINOBI, SHINOBI, "skip"]
    t.choose(SHINOBI)
    assert t.options() == ["skip"]  # asked again, but not offered a second Shinobi here
    t.choose("skip")
    assert t.pending is None
    assert t.hand(1) == [SHINOBI]
    assert [(p.seat, p.power) for p in t.state.last_scored] == [(0, 12), (1, 3)]
    assert t.discard(1) == [SHINOBI]
    assert [p.source for p in t.state.players[1].plays] == ["turn", "turn"]


def test_shinobi_may_be_used_again_on_another_base_scoring_the_same_turn() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[], [SHINOBI, SHINOBI]],
        board=[(0, REX, 0), (0, OVERLORD, 0), (1, REX, 0), (1, REX, 0), (1, REX, 0)],
        base_deck=[HOME, TAR],
    )
    t.end_turn()
    t.choose(0)  # seat 0 scores the Jungle Oasis first
    t.choose(SHINOBI)
    assert t.pass_empty_me_first() == 1  # no second Shinobi for the Oasis
    assert t.minions_on(1)[-1] == REX
    assert t.pending.kind == "special"  # now the Mothership scores
    assert t.options() == [SHINOBI, "skip"]
    t.choose(SHINOBI)
    assert t.hand(1) == []
    assert t.discard(1) == [SHINOBI, SHINOBI]


def test_ninja_acolyte_returns_to_hand_and_at_once_plays_a_minion_on_its_base() -> None:
    """Original printing (a Special): both halves happen together, so the replacement minion
    is mandatory (it may be the Acolyte itself). The engine counts every minion played this
    turn for "haven't played a minion", start-of-turn plays included."""
    t = Table([OASIS, MOTHER], hands=[[INVADER], []], board=[(0, ACOLYTE, 0)])
    uid = t.minion(ACOLYTE).uid
    t.do(UseSpecial(0, uid))
    assert t.hand(0) == [INVADER, ACOLYTE]
    assert t.pending.kind == "extra_play"
    assert sorted(t.options()) == sorted([INVADER, ACOLYTE])  # a must: no skip
    t.choose(INVADER)  # only the Acolyte's base is allowed: taken at once
    assert t.minions_on(0) == [INVADER]
    assert t.minions_on(1) == []
    assert t.vp() == [1, 0]  # Invader's on-play ability fired
    assert [p.kind for p in t.state.players[0].plays] == ["minion", "action"]


def test_choosing_the_base_of_a_minion_from_a_hand_does_not_name_it_to_the_table() -> None:
    """An extra minion to play at once from a hand: the base prompt every seat reads must not
    name the minion chosen from the hand (it may never be played)."""
    t = Table([OASIS, MOTHER], hands=[[INVADER, REX], []])
    play_now = {"seat": 0, "kind": "minion", "max_power": None, "base": None}
    play_now |= {"src": "aliens.abduction", "zone": "hand", "condition": None, "must": False}
    state, _ = run(t.state, [Task("extra_play_now", play_now)], random.Random(1))
    t.state = state
    t.choose(INVADER)
    prompt = view(t.state, 1)["awaiting"]["prompt"]
    assert t.pending.kind == "base"
    assert "Invader" not in prompt
    assert prompt == "Choose a base for the chosen minion"


def test_ninja_acolyte_is_not_usable_once_a_minion_was_played_this_turn() -> None:
    t = Table([OASIS, MOTHER], hands=[[INVADER], []], board=[(0, ACOLYTE, 0)])
    assert any(isinstance(m, UseSpecial) for m in t.moves())
    t.play(INVADER, 1)
    assert not any(isinstance(m, UseSpecial) for m in t.moves())


def test_assassination_destroys_its_minion_when_the_turn_ends() -> None:
    t = Table([OASIS, MOTHER], hands=[[ASSASSINATION], []], board=[(1, REX, 1)])
    t.play(ASSASSINATION, target=REX)
    assert t.minions_on(1) == [REX]
    assert t.state.bases[1].minions[0].attached[0].card == ASSASSINATION
    t.end_turn()
    assert t.minions_on(1) == []
    assert t.discard(1) == [REX]
    assert t.discard(0) == [ASSASSINATION]


def test_assassination_strikes_only_at_the_end_of_the_turn_it_was_played() -> None:
    t = Table([OASIS, MOTHER, HOME], hands=[[ASSASSINATION], []], board=[(1, BUCCANEER, 1)])
    t.play(ASSASSINATION, target=BUCCANEER)
    t.end_turn()
    t.choose(2)  # the Buccaneer sails away instead, the Assassination with it
    assert t.minions_on(2) == [BUCCANEER]
    assert [a.card for a in t.minion(BUCCANEER).attached] == [ASSASSINATION]
    t.end_turn()
    assert t.pending is None
    assert t.minions_on(2) == [BUCCANEER]


def test_disguise_swaps_two_minions_on_a_base_for_two_from_hand() -> None:
    """You cannot do only half: the extra minions are mandatory and played at once."""
    t = Table(
        [OASIS, MOTHER],
        hands=[[DISGUISE, INVADER, REX], []],
        board=[(1, ACOLYTE, 0), (1, SHINOBI, 0), (0, TIGER, 0)],
    )
    t.play(DISGUISE)
    assert sorted(t.options()) == sorted([ACOLYTE, SHINOBI, TIGER])
    t.choose(ACOLYTE)
    assert t.options() == [SHINOBI, "skip"]  # only a minion of mine on that base
    t.choose(SHINOBI)
    assert sorted(t.options()) == sorted([INVADER, REX])
    assert "skip" not in [o.id for o in t.pending.options]
    t.choose(INVADER)  # then Rex, the only one left, at once
    assert t.minions_on(1) == [INVADER, REX]
    assert sorted(t.hand(0)) == sorted([ACOLYTE, SHINOBI])
    assert t.discard(0) == [DISGUISE]
    assert t.vp() == [1, 0]
    assert [p.kind for p in t.state.players[0].plays] == ["minion"]


def test_disguise_may_swap_just_one_minion() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[DISGUISE, INVADER, REX], []],
        board=[(1, ACOLYTE, 0), (1, SHINOBI, 0)],
    )
    t.play(DISGUISE)
    t.choose(ACOLYTE)
    t.choose("skip")
    assert sorted(t.options()) == sorted([INVADER, REX])
    t.choose(REX)
    assert t.pending is None
    assert t.minions_on(1) == [SHINOBI, REX]
    assert sorted(t.hand(0)) == sorted([INVADER, ACOLYTE])


def test_disguise_offers_no_second_swap_with_one_minion_in_hand() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[DISGUISE, REX], []],
        board=[(1, ACOLYTE, 0), (1, SHINOBI, 0)],
    )
    t.play(DISGUISE)
    t.choose(SHINOBI)
    assert t.pending is None
    assert t.minions_on(1) == [ACOLYTE, REX]
    assert t.hand(0) == [SHINOBI]


def test_hidden_ninja_is_played_as_a_scoring_base_is_about_to_score_with_a_minion_there() -> None:
    """Played through its Special it is no normal action: seat 1's own turn is untouched."""
    t = Table(
        [OASIS, MOTHER],
        hands=[[], [HIDDEN, REX]],
        board=[(0, REX, 0), (0, OVERLORD, 0)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending.seat == 1
    assert t.options() == [HIDDEN, "skip"]
    t.choose(HIDDEN)
    assert t.pending.kind == "extra_play"
    assert t.options() == [REX, "skip"]
    t.choose(REX)  # onto the scoring base only: chosen at once
    assert [(p.seat, p.power) for p in t.state.last_scored] == [(0, 12), (1, 7)]
    assert sorted(t.discard(1)) == sorted([HIDDEN, REX])
    assert [p.source for p in t.state.players[1].plays] == ["turn", "turn"]


def test_hidden_ninja_may_be_played_without_a_minion_in_hand_for_no_effect() -> None:
    """You may play a card even if its effect cannot be resolved (core rulebook)."""
    t = Table(
        [OASIS, MOTHER],
        hands=[[], [HIDDEN]],
        board=[(0, REX, 0), (0, OVERLORD, 0)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.options() == [HIDDEN, "skip"]
    t.choose(HIDDEN)
    assert t.pending is None  # nothing to play with it
    assert t.hand(1) == []
    assert t.discard(1) == [HIDDEN]
    assert [(p.seat, p.power) for p in t.state.last_scored] == [(0, 12)]


def test_infiltrate_destroys_an_action_already_attached_to_its_base() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[INFILTRATE], []],
        board=[(0, PRESERVE, 1), (0, REX, 1), (0, UPGRADE, 1, 1), (1, PRESERVE, 1)],
    )
    t.play(INFILTRATE, 0)  # one action on that base: destroyed at once (not optional)
    assert t.options() == ["ignore", "follow"]
    t.choose("ignore")
    assert t.pending is None
    assert [a.card for a in t.state.bases[0].attached] == [INFILTRATE]
    assert t.discard(1) == [PRESERVE]
    assert [a.card for a in t.minion(REX).attached] == [UPGRADE]
    assert [a.card for a in t.state.bases[1].attached] == [PRESERVE]


def test_infiltrate_lets_only_its_controller_ignore_the_base_until_their_next_turn() -> None:
    """Infiltrate leaves play when its controller's next turn begins (the Bigger Geekier Box
    reading): the original card is silent on what becomes of it once the window closes."""
    t = Table([BRAIN, OASIS], hands=[[INFILTRATE], []], board=[(0, INVADER, 0), (0, INVADER, 1)])
    mine, theirs = _mine(t, INVADER, 0), _mine(t, INVADER, 1)
    assert (power(t.state, 0, mine), power(t.state, 0, theirs)) == (4, 4)
    t.play(INFILTRATE, 0)
    t.choose("ignore")
    assert (power(t.state, 0, mine), power(t.state, 0, theirs)) == (3, 4)
    t.end_turn()
    assert t.state.active == 1
    assert (power(t.state, 0, mine), power(t.state, 0, theirs)) == (3, 4)
    t.end_turn()
    assert t.state.active == 0
    assert t.state.bases[0].attached == ()
    assert INFILTRATE in t.discard(0)
    assert (power(t.state, 0, mine), power(t.state, 0, theirs)) == (4, 4)


def test_infiltrate_shields_its_controller_from_the_temple_of_goju() -> None:
    t = Table(
        [GOJU],
        hands=[[INFILTRATE], []],
        board=[(0, REX, 0), (0, INVADER, 0), (0, REX, 1), (0, INVADER, 1)],
        decks=[["zombies.walker"] * 3, ["zombies.walker"] * 3],
        base_deck=[OASIS],
    )
    t.play(INFILTRATE, 0)
    t.choose("ignore")
    t.end_turn()
    assert t.deck(1)[-1] == REX  # seat 1 still follows the base
    assert sorted(t.discard(0)) == sorted([INFILTRATE, INVADER, REX])
    assert REX not in t.deck(0)


def test_infiltrate_makes_its_controller_ignore_the_base_triggers_too() -> None:
    """Chosen, the whole ability is ignored for its controller (its gifts too), never for
    anyone else."""
    t = Table([HOME, OASIS], hands=[[INFILTRATE, COLLECTOR], [COLLECTOR]])
    t.play(INFILTRATE, 0)
    t.choose("ignore")
    t.play(COLLECTOR, 0)
    t.choose("skip")  # Collector's own ability
    assert t.state.players[0].plays == ()  # no extra minion from The Homeworld
    t.end_turn()
    t.play(COLLECTOR, 0)
    t.choose("skip")
    assert [p.source for p in t.state.players[1].plays] == ["turn", "base.the_homeworld"]


def test_infiltrate_may_leave_its_controller_following_the_base() -> None:
    """Infiltrate says *may*: ignoring the base is its controller's choice."""
    t = Table([BRAIN, HOME], hands=[[INFILTRATE, COLLECTOR], []], board=[(0, INVADER, 0)])
    t.play(INFILTRATE, 0)
    t.choose("follow")
    assert t.pending is None
    assert t.power(INVADER) == 4  # the Central Brain still counts for them
    assert [a.note for a in t.state.bases[0].attached] == [None]
    t.play(COLLECTOR, 1)
    t.choose("skip")  # Collector's own ability
    assert [p.source for p in t.state.players[0].plays] == ["base.the_homeworld"]


def test_poison_may_destroy_actions_on_its_minion_and_takes_4_power() -> None:
    t = Table(
        [MOTHER],
        hands=[[POISON], []],
        board=[(0, REX, 1), (0, UPGRADE, 1, 0), (0, COLLECTOR, 1)],
    )
    assert t.power(REX) == 9
    t.play(POISON, target=REX)
    assert t.options() == [UPGRADE, "skip"]
    t.choose(UPGRADE)
    assert t.pending is None  # nothing else to destroy
    assert t.discard(1) == [UPGRADE]
    assert [a.card for a in t.minion(REX).attached] == [POISON]
    assert t.power(REX) == 3


def test_poison_never_takes_a_minion_below_zero_power_and_may_destroy_nothing() -> None:
    t = Table([MOTHER], hands=[[POISON], []], board=[(0, COLLECTOR, 1), (0, UPGRADE, 1, 0)])
    t.play(POISON, target=COLLECTOR)
    t.choose("skip")
    assert [a.card for a in t.minion(COLLECTOR).attached] == [UPGRADE, POISON]
    assert t.power(COLLECTOR) == 0


def test_seeing_stars_destroys_a_minion_of_power_3_or_less() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[STARS], []],
        board=[(0, OVERLORD, 1), (1, INVADER, 1), (1, COLLECTOR, 0)],
    )
    t.play(STARS)
    assert sorted(t.options()) == sorted([INVADER, COLLECTOR])  # mandatory: no skip
    t.choose(INVADER)
    assert t.discard(1) == [INVADER]
    assert t.minions_on(0) == [OVERLORD]


def test_smoke_bomb_goes_only_on_your_own_minion() -> None:
    t = Table([MOTHER], hands=[[SMOKE], []], board=[(0, INVADER, 0), (0, INVADER, 1)])
    targets = [m.target for m in t.moves() if isinstance(m, PlayAction)]
    assert targets == [_mine(t, INVADER, 0).uid]
    with pytest.raises(IllegalTarget):
        t.do(PlayAction(0, t.hand_uid(SMOKE), target=_mine(t, INVADER, 1).uid))


def test_smoke_bomb_shields_its_minion_from_opponents_actions_until_your_next_turn() -> None:
    t = Table(
        [MOTHER],
        hands=[[SMOKE], [STARS, STARS]],
        board=[(0, INVADER, 0)],
    )
    t.play(SMOKE, target=INVADER)
    t.end_turn()
    t.play(STARS)  # seat 1: the only target is protected, so nothing happens
    assert t.minions_on(0) == [INVADER]
    assert t.discard(1) == [STARS]
    t.end_turn()
    assert t.state.active == 0
    assert t.minion(INVADER).attached == ()
    assert SMOKE in t.discard(0)


def test_smoke_bomb_does_not_stop_minion_abilities() -> None:
    t = Table([MOTHER], hands=[[SMOKE], [TIGER]], board=[(0, INVADER, 0)])
    t.play(SMOKE, target=INVADER)
    t.end_turn()
    t.play(TIGER, 0)
    t.choose(INVADER)
    assert t.minions_on(0) == [TIGER]
    assert sorted(t.discard(0)) == sorted([INVADER, SMOKE])


def test_way_of_deception_moves_one_of_your_minions_to_another_base() -> None:
    t = Table(
        [OASIS, MOTHER, HOME],
        hands=[[DECEPTION], []],
        board=[(0, INVADER, 0), (0, REX, 1)],
    )
    t.play(DECEPTION)  # the only minion of mine is taken at once
    assert [o.base for o in t.pending.options] == [1, 2]
    t.choose(2)
    assert t.minions_on(0) == [REX]
    assert t.minions_on(2) == [INVADER]
