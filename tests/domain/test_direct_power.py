"""The engine notion "an action that directly increases the power of a minion" (Cease and
Desist): a mark on cards (abilities.IncreasesPower), the `power_raised` moment the verbs raise
for each minion such an action raises, and the extra action play limited to such actions."""

from __future__ import annotations

from domain import PlayAction, UseTalent, abilities
from domain.effects import Talent, Triggered
from domain.facts import PowerRaised
from domain.fx import Fx, Steps
from domain.plays import INCREASES_POWER
from tests.domain.table import Table

REX = "dinosaurs.king_rex"
HOMEWORLD = "base.the_homeworld"
TAR_PITS = "base.tar_pits"
AUGMENTATION = "dinosaurs.augmentation"
HOWL = "dinosaurs.howl"
UPGRADE = "dinosaurs.upgrade"
SWASHBUCKLING = "pirates.swashbuckling"
DISINTEGRATOR = "aliens.disintegrator"
SACRIFICE = "wizards.sacrifice"
WALKER = "zombies.walker"
WATCHER = "robots.warbot"


def note_raised(fx: Fx, raised: PowerRaised) -> Steps:
    """A test reaction: the raised minion's controller draws a card per raise."""
    return fx.draw(raised.controller, 1)


WATCH = Triggered("power_raised", note_raised)


def test_core_actions_giving_power_are_marked_and_the_others_are_not() -> None:
    for card in (AUGMENTATION, HOWL, UPGRADE, SWASHBUCKLING):
        assert abilities.increases_power(card), card
    for card in (DISINTEGRATOR, SACRIFICE, "ninjas.poison", "dinosaurs.natural_selection", REX):
        assert not abilities.increases_power(card), card


def test_an_action_giving_power_raises_the_moment_for_the_minion_it_raises() -> None:
    with abilities.extra(WATCHER, WATCH):
        t = Table(
            [HOMEWORLD],
            hands=[[AUGMENTATION], []],
            board=[(0, WATCHER, 1), (0, REX, 0)],
        )
        hand = len(t.hand(0))
        t.play(AUGMENTATION)
        t.choose(REX)
        assert t.power(REX) == 11
        assert len(t.hand(0)) == hand - 1 + 1  # the action left, the reaction drew one
        assert t.replays_exactly()


def test_an_action_raising_several_minions_raises_the_moment_once_for_each() -> None:
    with abilities.extra(WATCHER, WATCH):
        t = Table(
            [HOMEWORLD, TAR_PITS],
            hands=[[HOWL], []],
            board=[(0, WATCHER, 1), (0, REX, 0), (1, WALKER, 0)],
        )
        hand = len(t.hand(0))
        t.play(HOWL)
        while t.pending is not None:  # the order of the two simultaneous draws
            t.choose(t.pending.options[0].id)
        assert len(t.hand(0)) == hand - 1 + 2


def test_an_ongoing_action_raising_its_host_raises_the_moment_when_attached() -> None:
    with abilities.extra(WATCHER, WATCH):
        t = Table([HOMEWORLD], hands=[[UPGRADE], []], board=[(0, WATCHER, 1), (0, REX, 0)])
        hand = len(t.hand(0))
        t.play(UPGRADE, target=REX)
        assert t.power(REX) == 9
        assert len(t.hand(0)) == hand


def give_two(fx: Fx) -> Steps:
    return fx.add_power(fx.src, 2)


def test_a_minion_giving_power_is_not_an_action_so_the_moment_stays_silent() -> None:
    with abilities.extra(WATCHER, WATCH), abilities.extra(REX, Talent("Grow", give_two)):
        t = Table([HOMEWORLD], hands=[[], []], board=[(0, WATCHER, 1), (0, REX, 0)])
        hand = len(t.hand(0))
        t.do(UseTalent(0, t.minion(REX).uid))
        assert t.power(REX) == 9
        assert len(t.hand(0)) == hand


def test_an_unmarked_action_attached_to_a_minion_does_not_raise_the_moment() -> None:
    with abilities.extra(WATCHER, WATCH):
        board = [(0, WATCHER, 1), (0, REX, 0)]
        t = Table([HOMEWORLD], hands=[["ninjas.poison"], []], board=board)
        hand = len(t.hand(0))
        t.play("ninjas.poison", target=REX)
        while t.pending is not None:
            t.choose(t.pending.options[0].id)
        assert t.power(REX) == 3
        assert len(t.hand(0)) == hand - 1


def grant_boosting_action(fx: Fx) -> Steps:
    return fx.extra_play("action", condition=INCREASES_POWER)


def playable_actions(t: Table) -> set[str]:
    cards = {c.uid: c.card for c in t.state.players[t.seat].hand}
    return {cards[m.card] for m in t.moves() if isinstance(m, PlayAction)}


def test_an_extra_action_limited_to_power_increases_takes_only_such_actions() -> None:
    with abilities.extra(REX, Talent("Boost", grant_boosting_action)):
        t = Table(
            [HOMEWORLD],
            hands=[[AUGMENTATION, DISINTEGRATOR, HOWL, SACRIFICE], []],
            board=[(0, REX, 0), (0, WALKER, 1)],
        )
        t.do(UseTalent(0, t.minion(REX).uid))
        t.play(DISINTEGRATOR)  # only the normal action play fits it
        assert playable_actions(t) == {AUGMENTATION, HOWL}
