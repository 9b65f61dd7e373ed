"""Tricksters cards and bases (Cave of Shinies, Mushroom Kingdom)."""

from __future__ import annotations

import pytest

from domain import IllegalMove, PlayAction, PlayMinion
from domain import events as ev
from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from tests.domain.bases_common import COLLECTOR, INVADER, MOTHER, OASIS, OVERLORD, REX
from tests.domain.ids import ids
from tests.domain.table import Table

CAVE, MUSHROOM = "base.cave_of_shinies", "base.mushroom_kingdom"


def test_cave_of_shinies_gives_1_vp_to_the_owner_of_each_minion_destroyed_there() -> None:
    t = Table([CAVE], hands=[["dinosaurs.laseratops"], []], board=[(0, COLLECTOR, 1)])
    t.play("dinosaurs.laseratops", 0)
    assert t.discard(1) == [COLLECTOR]
    assert t.vp() == [0, 1]


def test_mushroom_kingdom_lets_the_player_starting_a_turn_pull_an_opponents_minion_there() -> None:
    t = Table([MUSHROOM, OASIS], hands=[[], []], board=[(1, REX, 0), (1, INVADER, 1)])
    assert t.pending.seat == 0
    assert t.options() == [INVADER, "skip"]
    t.choose("skip")
    t.end_turn()
    assert t.pending.seat == 1
    assert t.options() == [REX, "skip"]
    t.choose(REX)
    assert t.minions_on(0) == [REX]
    assert t.minions_on(1) == [INVADER]
    assert t.state.phase == "play"
    assert t.state.active == 1


def test_mushroom_kingdom_offers_nothing_when_no_opponent_minion_is_elsewhere() -> None:
    t = Table([MUSHROOM, OASIS], hands=[[], []], board=[(0, REX, 0), (1, COLLECTOR, 1)])
    t.choose("skip")
    t.end_turn()
    assert t.pending is None
    assert t.state.active == 1


# --- faction cards -------------------------------------------------------------------------

LEPRECHAUN, BROWNIE, GNOME, GREMLIN = ids("tricksters", "leprechaun brownie gnome gremlin")
BLOCK, DISENCHANT, MIST, FLAME = ids(
    "tricksters", "block_the_path disenchant enshrouding_mist flame_trap"
)
HIDEOUT, MARK, PIPER, SHINIES = ids(
    "tricksters", "hideout mark_of_sleep pay_the_piper take_the_shinies"
)
SCOUT, FIRST_MATE, HOWL = "aliens.scout", "pirates.first_mate", "dinosaurs.howl"
LIBRARY = "base.the_great_library"


def minion_bases(t: Table, card: str) -> set[int]:
    """Bases the awaited seat may play this minion onto (from hand or discard)."""
    p = t.state.players[t.seat]
    uids = {c.uid for c in (*p.hand, *p.discard) if c.card == card}
    return {m.base for m in t.moves() if isinstance(m, PlayMinion) and m.card in uids}


def test_every_tricksters_card_is_implemented() -> None:
    cards = catalogue().faction("tricksters").card_ids
    assert len(cards) == 12
    assert set(cards) <= IMPLEMENTED


def test_leprechaun_destroys_a_weaker_opponent_minion_played_here_after_its_ability() -> None:
    t = Table([MOTHER, OASIS], hands=[[INVADER], []], board=[(0, LEPRECHAUN, 1)])
    t.play(INVADER, 0)
    assert t.vp() == [1, 0]  # Invader's own ability resolved first
    assert t.minions_on(0) == [LEPRECHAUN]
    assert t.discard(0) == [INVADER]


def test_leprechaun_spares_an_equal_minion_its_controllers_own_and_other_bases() -> None:
    t = Table([MOTHER, OASIS], hands=[[OVERLORD], [INVADER]], board=[(0, LEPRECHAUN, 1)])
    t.play(OVERLORD, 0)
    t.choose("skip")
    assert t.minions_on(0) == [LEPRECHAUN, OVERLORD]  # power 5 is not lower than 5
    t.end_turn()
    t.play(INVADER, 0)
    assert t.minions_on(0) == [LEPRECHAUN, OVERLORD, INVADER]
    t2 = Table([MOTHER, OASIS], hands=[[INVADER], []], board=[(0, LEPRECHAUN, 1)])
    t2.play(INVADER, 1)
    assert t2.minions_on(1) == [INVADER]


def test_brownie_makes_the_opponent_whose_card_touches_it_discard_two_random_cards() -> None:
    t = Table(
        [MOTHER],
        hands=[["aliens.beam_up", REX, INVADER, HOWL], []],
        board=[(0, BROWNIE, 1)],
    )
    t.play("aliens.beam_up")  # the only minion: Brownie goes back to its owner's hand
    assert t.hand(1) == [BROWNIE]
    assert len(t.hand(0)) == 1
    assert len(t.discard(0)) == 3
    assert "aliens.beam_up" in t.discard(0)
    assert sorted(t.hand(0) + t.discard(0)) == sorted(["aliens.beam_up", REX, INVADER, HOWL])


def test_brownie_ignores_abilities_of_cards_already_in_play() -> None:
    """Clarification: only a card being played that touches the Brownie triggers it; here the
    opponent's Leprechaun (already in play) destroys it and nobody discards."""
    t = Table([MOTHER], hands=[[REX, INVADER], [BROWNIE]], board=[(0, LEPRECHAUN, 0)], first_seat=1)
    t.play(BROWNIE, 0)
    assert t.discard(1) == [BROWNIE]
    assert t.hand(0) == [REX, INVADER]


def test_gnome_may_destroy_a_minion_here_weaker_than_the_number_of_your_minions_here() -> None:
    t = Table(
        [MOTHER],
        hands=[[GNOME], []],
        board=[(0, SCOUT, 0), (0, SCOUT, 0), (0, FIRST_MATE, 1), (0, INVADER, 1)],
    )
    t.play(GNOME, 0)  # three minions of mine here: power 2 or less qualifies
    assert t.options() == [FIRST_MATE, "skip"]
    t.choose(FIRST_MATE)
    assert t.discard(1) == [FIRST_MATE]
    assert t.minions_on(0) == [SCOUT, SCOUT, INVADER, GNOME]


def test_gnome_alone_finds_no_target() -> None:
    t = Table([MOTHER], hands=[[GNOME], []], board=[(0, FIRST_MATE, 1)])
    t.play(GNOME, 0)
    assert t.pending is None
    assert t.minions_on(0) == [FIRST_MATE, GNOME]


def test_gremlin_destroyed_draws_its_controller_a_card_and_each_opponent_discards_one() -> None:
    t = Table(
        [MOTHER],
        hands=[["dinosaurs.laseratops", HOWL], []],
        board=[(0, GREMLIN, 1)],
        decks=[[REX] * 3, [SCOUT, SCOUT]],
    )
    t.play("dinosaurs.laseratops", 0)  # destroys the Gremlin, the only target
    assert t.discard(1) == [GREMLIN]
    assert t.hand(1) == [SCOUT]
    assert t.hand(0) == []
    assert t.discard(0) == [HOWL]


def test_block_the_path_names_a_faction_whose_minions_cant_be_played_there() -> None:
    t = Table([MOTHER, OASIS], hands=[[BLOCK, REX, INVADER], []])
    t.play(BLOCK, 0)
    assert t.pending.kind == "faction"
    assert t.options() == ["aliens", "dinosaurs", "ninjas", "robots"]
    t.choose("dinosaurs")
    assert t.state.bases[0].attached[0].note == "dinosaurs"
    assert minion_bases(t, REX) == {1}
    assert minion_bases(t, INVADER) == {0, 1}
    with pytest.raises(IllegalMove):
        t.do(PlayMinion(0, t.hand_uid(REX), 0))


def test_disenchant_destroys_an_action_attached_to_a_minion_or_a_base() -> None:
    t = Table(
        [MOTHER],
        hands=[[DISENCHANT], []],
        board=[(0, REX, 1), (0, "dinosaurs.upgrade", 1, 0), (0, MIST, 1)],
    )
    assert t.power(REX) == 9
    t.play(DISENCHANT)
    assert sorted(t.options()) == sorted(["dinosaurs.upgrade", MIST])
    t.choose("dinosaurs.upgrade")
    assert t.power(REX) == 7
    assert t.discard(1) == ["dinosaurs.upgrade"]
    assert [a.card for a in t.state.bases[0].attached] == [MIST]
    assert t.discard(0) == [DISENCHANT]


def test_enshrouding_mist_gives_an_extra_minion_there_now_and_on_each_of_your_turns() -> None:
    """Reading: 'on each of your turns' includes the turn it is played, as it is then in play
    during your turn; on later turns the extra play is granted as the turn starts."""
    t = Table([MOTHER, OASIS], hands=[[MIST, REX, SCOUT], [INVADER]])
    t.play(REX, 1)
    assert minion_bases(t, SCOUT) == set()
    t.play(MIST, 0)
    assert minion_bases(t, SCOUT) == {0}
    t.play(SCOUT, 0)
    assert minion_bases(t, SCOUT) == set()
    t.end_turn()
    assert [(p.kind, p.base) for p in t.state.players[1].plays] == [
        ("minion", None),
        ("action", None),
    ]
    t.end_turn()
    plays = [(p.kind, p.base) for p in t.state.players[0].plays]
    assert ("minion", MOTHER) in plays
    assert len(plays) == 3


def test_flame_trap_destroys_an_opponents_minion_played_here_and_itself() -> None:
    t = Table([MOTHER, OASIS], hands=[[INVADER], []], board=[(0, FLAME, 1)])
    t.play(INVADER, 0)
    assert t.vp() == [1, 0]  # its ability resolved first
    assert t.minions_on(0) == []
    assert t.discard(0) == [INVADER]
    assert t.discard(1) == [FLAME]
    assert t.state.bases[0].attached == ()


def test_flame_trap_ignores_other_bases_and_its_controllers_minions() -> None:
    t = Table([MOTHER, OASIS], hands=[[INVADER], [SCOUT]], board=[(0, FLAME, 1)])
    t.play(INVADER, 1)
    t.end_turn()
    t.play(SCOUT, 0)
    assert t.minions_on(0) == [SCOUT]
    assert t.minions_on(1) == [INVADER]
    assert [a.card for a in t.state.bases[0].attached] == [FLAME]


def test_hideout_is_destroyed_instead_and_the_action_leaves_all_your_minions_there() -> None:
    t = Table(
        [MOTHER],
        hands=[["aliens.crop_circles"], []],
        board=[(0, REX, 1), (0, SCOUT, 1), (0, INVADER, 0), (0, HIDEOUT, 1)],
    )
    t.play("aliens.crop_circles")  # one base: every minion there is returned
    assert t.minions_on(0) == [REX, SCOUT]
    assert t.hand(0) == [INVADER]  # the player's own minion is not protected
    assert t.discard(1) == [HIDEOUT]
    t.end_turn()
    assert t.state.lingering == ()  # the protection ends with the turn


def test_hideout_does_not_stop_a_minion_ability() -> None:
    t = Table(
        [MOTHER],
        hands=[["dinosaurs.laseratops"], []],
        board=[(0, FIRST_MATE, 1), (0, HIDEOUT, 1)],
    )
    t.play("dinosaurs.laseratops", 0)
    assert t.discard(1) == [FIRST_MATE]
    assert [a.card for a in t.state.bases[0].attached] == [HIDEOUT]


def test_mark_of_sleep_stops_the_chosen_player_playing_actions_on_their_next_turn() -> None:
    t = Table([MOTHER], hands=[[MARK, HOWL], [HOWL, "dinosaurs.augmentation", SCOUT]])
    t.play(MARK)
    assert [o.seat for o in t.pending.options] == [1, 0]
    t.choose("seat-1")
    t.end_turn()
    assert not any(isinstance(m, PlayAction) for m in t.moves())
    assert minion_bases(t, SCOUT) == {0}
    t.end_turn()
    assert any(isinstance(m, PlayAction) for m in t.moves())  # not the player's own turn
    t.end_turn()
    assert any(isinstance(m, PlayAction) for m in t.moves())  # only that one turn


def test_pay_the_piper_makes_an_opponent_playing_a_minion_here_discard_a_card() -> None:
    t = Table([MOTHER, OASIS], hands=[[SCOUT, REX, HOWL], [INVADER]], board=[(0, PIPER, 1)])
    t.play(SCOUT, 0)
    assert t.pending.seat == 0
    assert sorted(t.options()) == sorted([REX, HOWL])
    t.choose(HOWL)
    assert t.discard(0) == [HOWL]
    assert t.hand(0) == [REX]
    t.end_turn()
    t.play(INVADER, 0)  # its controller's own minion: nothing
    assert t.pending is None
    assert t.discard(1) == []


def test_take_the_shinies_makes_every_opponent_discard_two_random_cards() -> None:
    t = Table([MOTHER], hands=[[SHINIES, REX], [REX, SCOUT, INVADER], [HOWL]])
    t.play(SHINIES)
    assert len(t.hand(1)) == 1
    assert len(t.discard(1)) == 2
    assert sorted(t.hand(1) + t.discard(1)) == sorted([REX, SCOUT, INVADER])
    assert t.discard(2) == [HOWL]
    assert t.hand(0) == [REX]
    discarded = [e for e in t.events if isinstance(e, ev.CardDiscarded) and e.from_zone == "hand"]
    assert len(discarded) == 3
