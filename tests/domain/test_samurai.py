"""Samurai cards and their base (Sakura Garden)."""

from __future__ import annotations

from domain import PlayAction
from domain import events as ev
from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from domain.rules import power_of
from tests.domain.bases_common import MOTHER, OASIS, REX
from tests.domain.table import Table

CHAN, RONIN, BUSHI, SHOGUN = (
    "samurai.samurai_chan",
    "samurai.ronin",
    "samurai.bushi",
    "samurai.shogun",
)
HAIKU, BUSHIDO, ANCESTORS, YOKAI, WAY, FALLEN = (
    "samurai.final_haiku",
    "samurai.code_of_bushido",
    "samurai.honor_the_ancestors",
    "samurai.yokai_attack",
    "samurai.way_of_the_warrior",
    "samurai.honor_the_fallen",
)
DUELS = ("samurai.heart_of_the_battle", "samurai.honorable_combat")
SAKURA = "base.sakura_garden"
STARS = "ninjas.seeing_stars"  # destroy a minion of power 3 or less
MASTER = "ninjas.ninja_master"  # 5, may destroy a minion on its base
WARBOT = "robots.warbot"  # 4, can't be destroyed
WALKER = "zombies.walker"  # the decks' filler


def uid(t: Table, card: str, seat: int | None = None) -> str:
    return next(
        m.uid
        for b in t.state.bases
        for m in b.minions
        if m.card == card and (seat is None or m.controller == seat)
    )


def settle_order(t: Table) -> None:
    """Answer "which ability resolves first" questions with the first one offered."""
    while t.pending is not None and t.pending.kind == "order":
        t.choose(t.pending.options[0].id)


def drawn(t: Table, seat: int, since: int) -> int:
    return sum(
        len(e.cards) for e in t.events[since:] if isinstance(e, ev.CardsDrawn) and e.seat == seat
    )


def test_every_samurai_card_but_the_two_duels_is_implemented() -> None:
    cards = catalogue().faction("samurai").card_ids
    assert len(cards) == 12
    assert set(cards) - set(DUELS) <= IMPLEMENTED
    assert SAKURA in IMPLEMENTED


# --- minions -------------------------------------------------------------------------------


def test_samurai_chan_destroyed_makes_its_controller_draw_a_card() -> None:
    t = Table([OASIS, MOTHER], hands=[[STARS], []], board=[(0, CHAN, 1)])
    n = len(t.events)
    t.play(STARS)
    assert t.discard(1) == [CHAN]
    assert drawn(t, 1, n) == 1
    assert t.hand(1) == [WALKER]


def test_samurai_chan_discarded_when_its_base_scores_draws_too() -> None:
    board = [(0, REX, 0), (0, REX, 0), (0, CHAN, 1)]
    t = Table([OASIS, MOTHER], hands=[[], []], board=board, base_deck=["base.tar_pits"])
    t.end_turn()
    t.pass_empty_me_first()
    assert CHAN in t.discard(1)
    assert t.hand(1) == [WALKER]


def test_samurai_chan_returned_to_hand_draws_nothing() -> None:
    t = Table([OASIS, MOTHER], hands=[["aliens.collector"], []], board=[(0, CHAN, 1)])
    t.play("aliens.collector", 0)
    t.choose(CHAN)  # Collector returns a minion of power 3 or less here to its owner's hand
    assert t.hand(1) == [CHAN]


def test_ronin_alone_among_your_minions_on_its_base_gets_a_counter() -> None:
    t = Table([OASIS, MOTHER], hands=[[RONIN], []], board=[(0, REX, 1), (1, REX, 0)])
    t.play(RONIN, 0)
    assert t.minion(RONIN).counters == 1
    assert t.power(RONIN) == 4


def test_ronin_next_to_another_of_your_minions_gets_nothing() -> None:
    t = Table([OASIS, MOTHER], hands=[[RONIN], []], board=[(0, REX, 0)])
    t.play(RONIN, 0)
    assert t.minion(RONIN).counters == 0
    assert t.power(RONIN) == 3


def test_bushi_leaving_for_the_discard_pile_with_5_power_or_more_scores_1_vp() -> None:
    """Its power as it leaves counts, temporary bonuses included: here when its base scores."""
    board = [(0, BUSHI, 0), (0, REX, 0)]
    t = Table([OASIS, MOTHER], hands=[[WAY], []], board=board, base_deck=["base.tar_pits"])
    t.play(WAY)
    t.choose(BUSHI)
    assert t.power(BUSHI) == 7
    t.end_turn()
    t.pass_empty_me_first()
    assert [o.card for o in t.pending.options] == [BUSHI, WAY]  # Way of the Warrior draws
    settle_order(t)
    assert BUSHI in t.discard(0)
    assert t.vp() == [2 + 1, 0]


def test_bushi_leaving_with_less_than_5_power_scores_nothing() -> None:
    board = [(0, BUSHI, 0), (0, REX, 0), (0, REX, 0), (1, BUSHI, 0)]
    t = Table([OASIS, MOTHER], hands=[[YOKAI], []], board=board, base_deck=["base.tar_pits"])
    t.play(YOKAI)
    t.choose(t.minion(BUSHI, base=1).uid)
    assert t.vp() == [0, 0]
    t.end_turn()
    t.pass_empty_me_first()
    assert t.discard(0).count(BUSHI) == 2
    assert t.vp() == [2, 0]  # the base's VP only


def test_shogun_gets_a_counter_when_another_of_your_minions_goes_to_the_discard_pile() -> None:
    board = [(0, SHOGUN, 0), (1, CHAN, 0), (1, CHAN, 1)]
    t = Table([OASIS, MOTHER], hands=[[STARS, MASTER], []], board=board)
    t.play(STARS)
    t.choose(uid(t, CHAN, 1))  # an opponent's minion: nothing
    assert t.minion(SHOGUN).counters == 0
    t.play(MASTER, 1)
    t.choose(uid(t, CHAN, 0))
    settle_order(t)
    assert t.minion(SHOGUN).counters == 1
    assert t.power(SHOGUN) == 6


def test_shogun_leaving_with_the_others_when_its_base_scores_gets_no_counter() -> None:
    board = [(0, SHOGUN, 0), (0, REX, 0), (1, REX, 0)]
    t = Table([OASIS, MOTHER], hands=[[], []], board=board, base_deck=["base.tar_pits"])
    t.end_turn()
    t.pass_empty_me_first()
    assert SHOGUN in t.discard(0)
    assert not [e for e in t.events if isinstance(e, ev.CountersChanged)]


# --- actions ---------------------------------------------------------------------------------


def test_final_haiku_goes_only_on_a_minion_you_control() -> None:
    t = Table([OASIS, MOTHER], hands=[[HAIKU], []], board=[(0, CHAN, 0), (0, REX, 1)])
    targets = {m.target for m in t.moves() if isinstance(m, PlayAction)}
    assert targets == {uid(t, CHAN)}


def test_final_haiku_gives_your_minions_2_power_for_the_turn_when_its_minion_is_discarded() -> None:
    board = [(0, CHAN, 0), (1, REX, 0), (1, REX, 1)]
    t = Table([OASIS, MOTHER], hands=[[HAIKU, MASTER], []], board=board)
    t.play(HAIKU, target=CHAN)
    t.play(MASTER, 0)
    t.choose(CHAN)
    settle_order(t)
    assert set(t.discard(0)) == {HAIKU, CHAN}
    mine, theirs = uid(t, REX, 0), uid(t, REX, 1)
    assert (power_of(t.state, mine), power_of(t.state, theirs)) == (7 + 2, 7)
    assert t.power(MASTER) == 5 + 2
    t.end_turn()
    assert power_of(t.state, mine) == 7


def test_final_haiku_does_nothing_when_another_minion_goes() -> None:
    board = [(0, CHAN, 0), (0, REX, 0)]
    t = Table([OASIS, MOTHER], hands=[[HAIKU, MASTER], []], board=board)
    t.play(HAIKU, target=REX)
    t.play(MASTER, 0)
    t.choose(CHAN)
    assert t.power(REX) == 7
