"""Talents with a typed cost (domain.costs): offered only when the cost can be paid, the
cost paid first, then the effect (which a cost may hand what was paid)."""

from __future__ import annotations

from domain import UseTalent, abilities
from domain import events as ev
from domain.costs import GiveAway, PayVp, Stash
from domain.effects import Talent
from domain.fx import Fx, Steps
from domain.steps import step
from tests.domain.table import Table

REX = "dinosaurs.king_rex"
HOMEWORLD = "base.the_homeworld"
FILLER = "dinosaurs.war_raptor"


def draw_one(fx: Fx) -> Steps:
    return fx.draw()


@step("test_costs_stashed")
def stashed(fx: Fx, *, moved: int, bonus: int) -> Steps:
    return fx.add_power(fx.src, moved * bonus) if moved else ()


@step("test_costs_given")
def given(fx: Fx, *, uid: str, to: int, power: int) -> Steps:
    return fx.gain_vp(fx.me, power)


def talent_moves(t: Table) -> list[str]:
    return [m.card for m in t.moves() if isinstance(m, UseTalent)]


def test_a_talent_costing_vp_is_offered_only_to_a_player_with_the_vp_to_lose() -> None:
    with abilities.extra(REX, Talent("Pay 2 VP: draw", draw_one, cost=PayVp(2))):
        poor = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)], vp=[1, 0])
        rich = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)], vp=[3, 0])
        assert talent_moves(poor) == []
        assert talent_moves(rich) == [rich.minion(REX).uid]


def test_a_talent_costing_vp_loses_them_before_its_effect() -> None:
    with abilities.extra(REX, Talent("Pay 2 VP: draw", draw_one, cost=PayVp(2))):
        t = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)], vp=[3, 0])
        events = t.do(UseTalent(0, t.minion(REX).uid))
        kinds = [type(e) for e in events if isinstance(e, ev.VpGained | ev.CardsDrawn)]
        assert kinds == [ev.VpGained, ev.CardsDrawn]
        assert t.vp() == [1, 0]
        assert len(t.hand(0)) == 1
        assert t.replays_exactly()


def test_a_talent_costing_cards_from_hand_needs_a_hand_and_its_effect_gets_how_many() -> None:
    cost = Stash(2, "Put up to 2 cards on your deck", {"bonus": 3})
    with abilities.extra(REX, Talent("Stash: +3 each", stashed, cost=cost)):
        empty = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)])
        assert talent_moves(empty) == []
        t = Table([HOMEWORLD], hands=[[FILLER, FILLER], []], board=[(0, REX, 0)])
        before = t.power(REX)
        t.do(UseTalent(0, t.minion(REX).uid))
        t.choose(FILLER)
        t.choose(FILLER)
        assert t.hand(0) == []
        assert t.deck(0)[:2] == [FILLER, FILLER]
        assert t.power(REX) == before + 6
        assert t.replays_exactly()


def test_a_talent_paid_by_giving_a_minion_away_rewards_only_a_gift_made() -> None:
    with abilities.extra(REX, Talent("Give: VP", given, cost=GiveAway("Give a minion away"))):
        t = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)])
        power = t.power(REX)
        t.do(UseTalent(0, t.minion(REX).uid))  # one minion, one other player: no question
        assert t.minion(REX).controller == 1
        assert t.vp() == [power, 0]
        assert t.replays_exactly()
