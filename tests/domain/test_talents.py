"""Talents (Cease and Desist, Oops You Did It Again): an ability of a card in play (or of a
base) used once during each of its controller's turns, in the play phase, with use_talent.
No core card has one, so these tests give core cards Talents for the block."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import pytest

from domain import UseTalent, abilities, decide
from domain import events as ev
from domain.abilities import GrantsAbilities
from domain.effects import Talent
from domain.errors import IllegalMove, IllegalTarget, NotYourTurn, UnknownCard
from domain.fx import Fx, Steps
from domain.model import GameState
from domain.selectors import its_host
from domain.verify import verify
from tests.domain.table import Table

REX = "dinosaurs.king_rex"
SCOUT = "aliens.scout"
HOMEWORLD = "base.the_homeworld"
TAR_PITS = "base.tar_pits"
UPGRADE = "dinosaurs.upgrade"


def draw_one(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


DRAW = Talent("Draw a card", draw_one)


@contextmanager
def talents(*pairs: tuple[str, Talent | GrantsAbilities]) -> Iterator[None]:
    with ExitStack() as stack:
        for card, ability in pairs:
            stack.enter_context(abilities.extra(card, ability))
        yield


def talent_moves(t: Table, seat: int | None = None) -> list[str]:
    return [m.card for m in t.moves(seat) if isinstance(m, UseTalent)]


def test_a_minions_talent_is_a_move_of_its_controller_and_using_it_runs_its_effect() -> None:
    with talents((REX, DRAW)):
        t = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)])
        rex = t.minion(REX).uid
        assert talent_moves(t) == [rex]
        hand = len(t.hand(0))
        events = t.do(UseTalent(0, rex))
        assert isinstance(events[0], ev.TalentUsed)
        assert (events[0].seat, events[0].uid, events[0].card) == (0, rex, REX)
        assert len(t.hand(0)) == hand + 1
        assert t.replays_exactly()


def test_a_talent_is_used_once_per_turn_and_again_on_its_controllers_next_turn() -> None:
    with talents((REX, DRAW)):
        t = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)])
        rex = t.minion(REX).uid
        t.do(UseTalent(0, rex))
        assert talent_moves(t) == []
        with pytest.raises(IllegalMove, match="used this turn already"):
            decide(t.state, UseTalent(0, rex))
        t.end_turn()
        t.end_turn()  # seat 1's turn passes
        assert t.seat == 0
        assert talent_moves(t) == [rex]


def test_only_the_controller_may_use_a_minions_talent_and_only_in_its_own_play_phase() -> None:
    with talents((REX, DRAW)):
        t = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 1)])
        rex = t.minion(REX).uid
        assert talent_moves(t) == []
        with pytest.raises(IllegalTarget, match="controlled by seat 1"):
            decide(t.state, UseTalent(0, rex))
        with pytest.raises(NotYourTurn):
            decide(t.state, UseTalent(1, rex))
        t.end_turn()
        assert talent_moves(t, 1) == [rex]


def test_a_talent_is_not_offered_while_a_decision_is_pending() -> None:
    with talents((REX, DRAW)):
        t = Table(
            [HOMEWORLD],
            hands=[["aliens.beam_up"], []],
            board=[(0, REX, 0), (0, SCOUT, 1), (0, SCOUT, 1)],
        )
        t.play("aliens.beam_up")
        assert t.pending is not None
        assert talent_moves(t) == []


def test_a_talents_condition_decides_when_it_may_be_used() -> None:
    def with_an_empty_hand(state: GameState, seat: int, uid: str, base: int) -> bool:
        return not state.players[seat].hand

    with talents((REX, Talent("Draw when empty-handed", draw_one, with_an_empty_hand))):
        t = Table([HOMEWORLD], hands=[[SCOUT], []], board=[(0, REX, 0)])
        rex = t.minion(REX).uid
        assert talent_moves(t) == []
        with pytest.raises(IllegalMove, match="cannot be used now"):
            decide(t.state, UseTalent(0, rex))
        t.play(SCOUT, 0)
        assert talent_moves(t) == [rex]


def test_a_bases_talent_serves_the_seat_whose_turn_it_is_once_per_turn() -> None:
    with talents((TAR_PITS, DRAW)):
        t = Table([TAR_PITS], hands=[[], []])
        assert talent_moves(t) == [TAR_PITS]
        t.do(UseTalent(0, TAR_PITS))
        assert talent_moves(t) == []
        t.end_turn()
        assert talent_moves(t, 1) == [TAR_PITS]


def test_a_talent_granted_by_an_attached_action_is_used_by_naming_that_action() -> None:
    with talents((UPGRADE, GrantsAbilities(its_host, (DRAW,)))):
        t = Table([HOMEWORLD], hands=[[UPGRADE], []], board=[(0, REX, 0)])
        assert talent_moves(t) == []
        upgrade = t.hand_uid(UPGRADE)
        t.play(UPGRADE, target=REX)
        assert talent_moves(t) == [upgrade]
        hand = len(t.hand(0))
        events = t.do(UseTalent(0, upgrade))
        assert isinstance(events[0], ev.TalentUsed)
        assert events[0].card == UPGRADE
        assert len(t.hand(0)) == hand + 1
        assert talent_moves(t) == []
        assert t.replays_exactly()


def test_a_granted_talent_and_the_minions_own_talent_are_each_used_once_per_turn() -> None:
    granted = Talent("Draw a card, thanks to the upgrade", draw_one)
    with talents((UPGRADE, GrantsAbilities(its_host, (granted,))), (REX, DRAW)):
        t = Table([HOMEWORLD], hands=[[UPGRADE], []], board=[(0, REX, 0)])
        upgrade, rex = t.hand_uid(UPGRADE), t.minion(REX).uid
        t.play(UPGRADE, target=REX)
        assert talent_moves(t) == [rex, upgrade]
        t.do(UseTalent(0, rex))
        assert talent_moves(t) == [upgrade]
        with pytest.raises(IllegalMove, match="used this turn already"):
            decide(t.state, UseTalent(0, rex))
        t.do(UseTalent(0, upgrade))
        assert talent_moves(t) == []


def test_a_talent_granted_to_an_opponents_minion_is_used_by_that_minions_controller() -> None:
    with talents((UPGRADE, GrantsAbilities(its_host, (DRAW,)))):
        t = Table([HOMEWORLD], hands=[[UPGRADE], []], board=[(0, REX, 1)])
        upgrade = t.hand_uid(UPGRADE)
        t.play(UPGRADE, target=REX)
        assert talent_moves(t) == []
        with pytest.raises(IllegalTarget, match="controlled by seat 1"):
            decide(t.state, UseTalent(0, upgrade))
        t.end_turn()
        assert talent_moves(t, 1) == [upgrade]


def test_a_card_without_a_talent_or_out_of_play_is_refused_with_a_precise_error() -> None:
    t = Table([HOMEWORLD], hands=[[SCOUT], []], board=[(0, REX, 0)])
    with pytest.raises(IllegalMove, match="has no Talent"):
        decide(t.state, UseTalent(0, t.minion(REX).uid))
    with pytest.raises(UnknownCard, match="is a card id"):
        decide(t.state, UseTalent(0, REX))
    with pytest.raises(UnknownCard, match="is not in play"):
        decide(t.state, UseTalent(0, t.hand_uid(SCOUT)))


def test_a_log_with_a_talent_used_verifies_command_by_command() -> None:
    with talents((REX, DRAW)):
        t = Table([HOMEWORLD], hands=[[], []], board=[(0, REX, 0)])
        t.do(UseTalent(0, t.minion(REX).uid))
        t.end_turn()
        state, error = verify(t.events)
        assert error is None
        assert state == t.state
        tampered = [*t.events]
        used = next(k for k, e in enumerate(tampered) if isinstance(e, ev.TalentUsed))
        tampered[used] = ev.TalentUsed(0, "not-a-card", REX)
        assert verify(tampered)[1] is not None
