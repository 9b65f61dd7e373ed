"""The moment a minion goes from play to its owner's discard pile, however it goes (destroyed,
discarded when its base scores): its own ability (`discarded_from_play`) and every card's
(`minion_discarded_from_play`), with the minion's power as it left."""

from __future__ import annotations

from contextlib import AbstractContextManager

from domain import abilities, board
from domain import events as ev
from domain.effects import OnPlay, Triggered
from domain.facts import MinionDiscarded
from domain.fx import Fx, Steps
from domain.model import GameState
from domain.moments import Moment
from domain.narrate import narrate
from domain.registry import Source
from tests.domain.bases_common import HOME, OASIS, REX, TAR
from tests.domain.table import Table

WATCHER = "robots.warbot"  # 4


def vp_worth_its_power(fx: Fx, gone: MinionDiscarded) -> Steps:
    """A test reaction: the leaving minion's controller scores its power (and the reason)."""
    return fx.gain_vp(gone.controller, gone.power, gone.reason)


ON_ITS_WAY = Triggered(Moment.DISCARDED_FROM_PLAY, vp_worth_its_power)


def counter_and_draw(fx: Fx) -> Steps:
    """A test reaction of another card: a counter on itself, and its controller draws."""
    return (*fx.place_counters(fx.src, 1), *fx.draw(fx.me, 1))


def another_one(state: GameState, src: Source, gone: MinionDiscarded) -> bool:
    return gone.uid != src.uid


WATCHING = Triggered(Moment.MINION_DISCARDED_FROM_PLAY, counter_and_draw, when=another_one)


def rex_then(*effects: OnPlay) -> AbstractContextManager[None]:
    return abilities.extra(REX, ON_ITS_WAY, *effects)


def the_other_rex(t: Table) -> str:
    return next(m.uid for b in t.state.bases for m in b.minions if m.card == REX and m.owner == 1)


def test_a_destroyed_minion_reacts_with_its_power_as_it_left_counters_and_bonuses_included() -> (
    None
):
    t = Table([OASIS, TAR], hands=[[REX], []], board=[(0, REX, 1)])
    target = the_other_rex(t)

    def boost_then_destroy(fx: Fx) -> Steps:
        return (*fx.place_counters(target, 1), *fx.add_power(target, 2), *fx.destroy(target))

    with rex_then(OnPlay(boost_then_destroy)):
        t.play(REX, 0)
    assert t.vp() == [0, 7 + 1 + 2]
    assert [e.reason for e in t.events if isinstance(e, ev.VpGained)] == ["destroyed"]
    assert t.discard(1) == [REX]


def test_minions_discarded_when_their_base_scores_react_too() -> None:
    t = Table([OASIS, TAR], hands=[[], []], board=[(0, REX, 0), (0, REX, 1)], base_deck=[HOME])
    with abilities.extra(REX, ON_ITS_WAY):
        t.end_turn()
        t.pass_empty_me_first()
    scored = next(e for e in t.events if isinstance(e, ev.BaseScored))
    gained = [(e.seat, e.amount, e.reason) for e in t.events if isinstance(e, ev.VpGained)]
    assert sorted(gained) == [(0, 7, "scored"), (1, 7, "scored")]
    assert t.vp() == [p.vp + 7 for p in scored.placements]


def test_a_minion_returned_to_hand_or_sent_elsewhere_by_its_base_does_not_react() -> None:
    t = Table([TAR, OASIS], hands=[[REX], []], board=[(0, REX, 1), (1, REX, 1)])
    on_tar_pits, on_oasis = [m.uid for b in t.state.bases for m in b.minions]

    def destroy_one_return_other(fx: Fx) -> Steps:
        return (*fx.destroy(on_tar_pits), *fx.return_to_hand(on_oasis))

    with rex_then(OnPlay(destroy_one_return_other)):
        t.play(REX, 1)
    assert t.deck(1)[-1] == REX  # the Tar Pits put it under its owner's deck
    assert t.hand(1) == [REX]
    assert t.vp() == [0, 0]


def test_other_cards_react_and_one_leaving_at_the_same_time_gets_no_counter() -> None:
    board = [(0, REX, 0), (0, WATCHER, 0), (0, REX, 1), (1, WATCHER, 1)]
    t = Table([OASIS, TAR], hands=[[], []], board=board, base_deck=[HOME])
    before = [len(t.hand(0)), len(t.hand(1))]
    with abilities.extra(WATCHER, WATCHING):
        t.end_turn()
        t.pass_empty_me_first()
        while t.pending is not None and t.pending.kind == "order":
            t.choose(t.pending.options[0].id)
    # seat 1's watcher, on another base, saw the three minions go: three counters
    assert t.minion(WATCHER).counters == 3
    assert t.power(WATCHER) == 4 + 3
    # seat 0's watcher left with its base: it still saw the two King Rex go (two draws), but
    # got no counter
    counted = [e.uid for e in t.events if isinstance(e, ev.CountersChanged)]
    assert counted == [t.minion(WATCHER).uid] * 3
    drawn = [0, 0]
    for e in t.events[-40:]:
        if isinstance(e, ev.CardsDrawn):
            drawn[e.seat] += len(e.cards)
    assert drawn == [2 + 2, 3]  # seat 0 also draws 2 in its draw phase
    assert len(t.hand(1)) == before[1] + 3


def test_a_minion_discarded_from_play_without_being_destroyed_reacts_too() -> None:
    t = Table([OASIS, TAR], hands=[[REX], []], board=[(0, REX, 1)])
    target = the_other_rex(t)

    def discard_it(fx: Fx) -> Steps:
        return board.discard_minion(fx, target)

    with rex_then(OnPlay(discard_it)):
        t.play(REX, 0)
    assert t.discard(1) == [REX]
    assert [(e.seat, e.amount, e.reason) for e in t.events if isinstance(e, ev.VpGained)] == [
        (1, 7, "discarded")
    ]
    assert "  King Rex (p1) is discarded" in list(narrate(t.events))
