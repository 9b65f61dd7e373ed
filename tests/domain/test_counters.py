"""+1 power counters: an engine mechanism (place, remove, transfer), whatever card uses it."""

from __future__ import annotations

from domain import abilities, board
from domain import events as ev
from domain.effects import OnPlay
from domain.evolve import evolve
from domain.fx import Fx, Steps
from domain.narrate import narrate
from domain.view import view
from tests.domain.bases_common import HOME, OASIS, REX, TAR
from tests.domain.table import Table

WARBOT = "robots.warbot"  # 4, ongoing: can't be destroyed


def counters(t: Table, card: str) -> int:
    return t.minion(card).counters


def place_two_on_itself(fx: Fx) -> Steps:
    return fx.place_counters(fx.src, 2)


def test_counters_placed_on_a_minion_add_to_its_power_and_show_in_the_view() -> None:
    t = Table([OASIS, TAR], hands=[[REX], []])
    with abilities.extra(REX, OnPlay(place_two_on_itself)):
        t.play(REX, 0)
    assert counters(t, REX) == 2
    assert t.power(REX) == 7 + 2
    assert t.total(0) == 9
    seen = view(t.state, 1)["bases"][0]["minions"][0]
    assert (seen["counters"], seen["power"], seen["printed_power"]) == (2, 9, 7)
    assert [e for e in t.events if isinstance(e, ev.CountersChanged)] == [
        ev.CountersChanged(t.minion(REX).uid, 2)
    ]
    assert t.replays_exactly()


def test_removing_counters_takes_off_no_more_than_the_minion_has() -> None:
    t = Table([OASIS, TAR], hands=[[REX], []])

    def remove_three(fx: Fx) -> Steps:
        return fx.place_counters(fx.src, -3)

    with abilities.extra(REX, OnPlay(place_two_on_itself), OnPlay(remove_three)):
        t.play(REX, 0)
    assert counters(t, REX) == 0
    assert t.power(REX) == 7
    changes = [e.amount for e in t.events if isinstance(e, ev.CountersChanged)]
    assert changes == [2, -2]


def test_removing_counters_from_a_minion_without_any_changes_nothing() -> None:
    t = Table([OASIS, TAR], hands=[[REX], []])

    def remove_one(fx: Fx) -> Steps:
        return fx.place_counters(fx.src, -1)

    with abilities.extra(REX, OnPlay(remove_one)):
        t.play(REX, 0)
    assert not [e for e in t.events if isinstance(e, ev.CountersChanged)]


def transfer_to_a_warbot(first_base: str, amount: int) -> Table:
    """King Rex, played on ``first_base`` (base 0), places 2 counters on itself, then moves
    ``amount`` of its counters to seat 0's Warbot on the Tar Pits (base 1)."""
    t = Table([first_base, TAR], hands=[[REX], []], board=[(1, WARBOT, 0)])
    warbot = t.minion(WARBOT).uid

    def transfer(fx: Fx) -> Steps:
        return board.transfer_counters(fx, fx.src, warbot, amount)

    with abilities.extra(REX, OnPlay(place_two_on_itself), OnPlay(transfer)):
        t.play(REX, 0)
    return t


def test_a_transfer_moves_counters_from_one_minion_to_another_up_to_what_it_has() -> None:
    t = transfer_to_a_warbot(OASIS, 3)
    warbot = t.minion(WARBOT).uid
    assert (counters(t, REX), counters(t, WARBOT)) == (0, 2)
    assert (t.power(REX), t.power(WARBOT)) == (7, 4 + 2)
    assert t.events[-1] == ev.CountersChanged(warbot, 2, t.minion(REX).uid)
    assert t.replays_exactly()


def test_a_minion_keeps_its_counters_when_it_moves_to_another_base() -> None:
    t = Table([OASIS, TAR], hands=[[REX], []])

    def then_move(fx: Fx) -> Steps:
        return fx.move(fx.src, 1)

    with abilities.extra(REX, OnPlay(place_two_on_itself), OnPlay(then_move)):
        t.play(REX, 0)
    assert t.minions_on(1) == [REX]
    assert counters(t, REX) == 2
    assert t.total(1) == 9


def test_counters_leave_play_with_their_minion_and_do_not_come_back_with_it() -> None:
    t = Table([OASIS, TAR], hands=[[REX], []])
    with abilities.extra(REX, OnPlay(place_two_on_itself)):
        t.play(REX, 0)
    uid = t.minion(REX).uid
    t.state = evolve(t.state, ev.MinionRemoved(uid, REX, 0, 0, "hand", "returned"))
    assert t.hand(0) == [REX]
    t.state = evolve(t.state, ev.MinionPlayed(0, uid, REX, 1, None))
    assert counters(t, REX) == 0
    assert t.power(REX) == 7


def test_a_counters_fact_about_a_minion_no_longer_in_play_changes_nothing() -> None:
    t = Table([OASIS], hands=[[], []])
    before = t.state
    after = evolve(before, ev.CountersChanged("nobody", 3, "nobody-else"))
    assert after.bases == before.bases


def test_the_account_of_a_game_tells_counters_placed_and_moved() -> None:
    t = transfer_to_a_warbot(HOME, 1)
    lines = list(narrate(t.events))
    assert "  King Rex gets 2 +1 power counters" in lines
    assert "  1 +1 power counter moves from King Rex to Warbot" in lines


def test_the_counter_steps_take_the_minion_chosen_for_the_one_not_named() -> None:
    t = Table([OASIS, TAR], hands=[[REX], []], board=[(1, WARBOT, 0), (1, WARBOT, 1)])
    mine, theirs = (m.uid for m in t.state.bases[1].minions)

    def give_one_to_a_chosen_minion(fx: Fx) -> Steps:
        targets = [m for m in fx.minions() if m.uid != fx.src]
        prompt = "Move a counter to which minion?"
        return fx.choose(
            "minion", targets, prompt, then="transfer_counters", from_uid=fx.src, amount=1
        )

    with abilities.extra(REX, OnPlay(place_two_on_itself), OnPlay(give_one_to_a_chosen_minion)):
        t.play(REX, 0)
        t.choose(theirs)
    counters = {m.uid: m.counters for b in t.state.bases for m in b.minions}
    assert counters == {t.minion(REX).uid: 1, mine: 0, theirs: 1}
