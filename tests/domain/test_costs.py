"""Talents with a typed cost (domain.costs): offered only when the cost can be paid, the
cost paid first, then the effect (which a cost may hand what was paid). The effects taking
what was paid are card steps (every step name is persisted: tests register none)."""

from __future__ import annotations

from domain import UseTalent, abilities
from domain import events as ev
from domain.cards.ignobles import aunt_of_drakes_reward
from domain.cards.vikings import raider_bonus
from domain.costs import GiveAway, PayVp, Stash
from domain.effects import Talent
from domain.fx import Fx, Steps
from tests.domain.table import Table

REX = "dinosaurs.king_rex"
HOMEWORLD = "base.the_homeworld"
FILLER = "dinosaurs.war_raptor"


def draw_one(fx: Fx) -> Steps:
    return fx.draw()


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
    cost = Stash(2, "Put up to 2 cards on your deck")
    with abilities.extra(REX, Talent("Stash: +1 each", raider_bonus, cost=cost)):
        empty = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)])
        assert talent_moves(empty) == []
        t = Table([HOMEWORLD], hands=[[FILLER, FILLER], []], board=[(0, REX, 0)])
        before = t.power(REX)
        t.do(UseTalent(0, t.minion(REX).uid))
        t.choose(FILLER)
        t.choose(FILLER)
        assert t.hand(0) == []
        assert t.deck(0)[:2] == [FILLER, FILLER]
        assert t.power(REX) == before + 2
        assert t.replays_exactly()


def test_a_talent_paid_by_giving_a_minion_away_rewards_only_a_gift_made() -> None:
    gift = Talent("Give: draw", aunt_of_drakes_reward, cost=GiveAway("Give a minion away"))
    with abilities.extra(REX, gift):
        t = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)])
        t.do(UseTalent(0, t.minion(REX).uid))  # one minion, one other player: no question
        assert t.minion(REX).controller == 1
        assert len(t.hand(0)) == 1
        assert t.replays_exactly()
