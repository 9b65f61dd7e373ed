"""Samurai cards and their base (Sakura Garden)."""

from __future__ import annotations

from domain import GameSetup, PlayAction, PlayerSetup, abilities, start_game
from domain import events as ev
from domain.abilities import increases_power
from domain.catalogue import catalogue
from domain.effects import Triggered
from domain.facts import PowerRaised
from domain.fx import Fx, Steps
from domain.registry import IMPLEMENTED
from domain.rules import power_of
from tests.domain.bases_common import MOTHER, OASIS, REX
from tests.domain.ids import ids
from tests.domain.table import Table

CHAN, RONIN, BUSHI, SHOGUN = ids("samurai", "samurai_chan ronin bushi shogun")
HAIKU, BUSHIDO, ANCESTORS = ids("samurai", "final_haiku code_of_bushido honor_the_ancestors")
YOKAI, WAY, FALLEN = ids("samurai", "yokai_attack way_of_the_warrior honor_the_fallen")
HEART, COMBAT = "samurai.heart_of_the_battle", "samurai.honorable_combat"
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


def test_every_samurai_card_is_implemented() -> None:
    cards = catalogue().faction("samurai").card_ids
    assert len(cards) == 12
    assert set(cards) <= IMPLEMENTED
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


def test_code_of_bushido_puts_a_counter_on_up_to_three_different_minions_of_yours() -> None:
    board = [(0, CHAN, 0), (0, RONIN, 0), (1, BUSHI, 0), (1, SHOGUN, 0), (1, REX, 1)]
    t = Table([OASIS, MOTHER], hands=[[BUSHIDO], []], board=board)
    t.play(BUSHIDO)
    assert set(t.options()) == {CHAN, RONIN, BUSHI, SHOGUN, "skip"}  # yours only
    t.choose(CHAN)
    assert set(t.options()) == {RONIN, BUSHI, SHOGUN, "skip"}  # each one once
    t.choose(BUSHI)
    t.choose(SHOGUN)
    assert t.pending is None  # three at most
    counters = {m.card: m.counters for b in t.state.bases for m in b.minions}
    assert counters == {CHAN: 1, RONIN: 0, BUSHI: 1, SHOGUN: 1, REX: 0}
    assert t.power(SHOGUN) == 6


def test_code_of_bushido_may_stop_before_three() -> None:
    t = Table([OASIS, MOTHER], hands=[[BUSHIDO], []], board=[(0, CHAN, 0), (0, RONIN, 0)])
    t.play(BUSHIDO)
    t.choose(RONIN)
    t.choose("skip")
    assert t.pending is None
    assert (t.minion(CHAN).counters, t.minion(RONIN).counters) == (0, 1)


def test_the_counters_of_code_of_bushido_directly_increase_power() -> None:
    """They raise the power_raised moment once per minion (see abilities.IncreasesPower)."""
    marked = [c for c in (BUSHIDO, ANCESTORS, WAY, YOKAI, HAIKU) if increases_power(c)]
    assert marked == [BUSHIDO, ANCESTORS, WAY]
    raised: list[str] = []

    def note(fx: Fx, facts: PowerRaised) -> Steps:
        raised.append(facts.uid)
        return ()

    t = Table([OASIS, MOTHER], hands=[[BUSHIDO], []], board=[(0, CHAN, 0), (1, REX, 0)])
    with abilities.extra(REX, Triggered("power_raised", note)):
        t.play(BUSHIDO)
        t.choose(CHAN)
        t.choose(REX)
    assert raised == [uid(t, CHAN), uid(t, REX)]


def test_honor_the_ancestors_counters_one_of_yours_then_shuffles_back_one_minion_per_opponent() -> (
    None
):
    """Three players: up to two minion cards; actions in the discard pile are not offered."""
    discards = [[CHAN, BUSHI, RONIN, YOKAI], [], []]
    t = Table(
        [OASIS, MOTHER],
        hands=[[ANCESTORS], [], []],
        board=[(0, SHOGUN, 0), (0, REX, 1)],
        discards=discards,
        decks=[[WALKER] * 3, [], []],
    )
    t.play(ANCESTORS)  # the Shogun is its only minion: the counter goes there
    assert t.minion(SHOGUN).counters == 1
    assert sorted(t.options()) == sorted([CHAN, BUSHI, RONIN, "skip"])
    t.choose(BUSHI)
    t.choose(RONIN)
    assert t.pending is None
    assert t.discard(0) == [CHAN, YOKAI, ANCESTORS]
    assert sorted(t.deck(0)) == sorted([WALKER] * 3 + [BUSHI, RONIN])
    assert any(isinstance(e, ev.DeckShuffled) for e in t.events)


def test_honor_the_ancestors_shuffles_nothing_when_you_pick_nothing() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[ANCESTORS], []],
        board=[(0, CHAN, 0), (0, RONIN, 0)],
        discards=[[BUSHI], []],
    )
    t.play(ANCESTORS)
    t.choose(RONIN)
    assert t.minion(RONIN).counters == 1
    t.choose("skip")
    assert t.discard(0) == [BUSHI, ANCESTORS]
    assert not any(isinstance(e, ev.DeckShuffled) for e in t.events)


def test_honor_the_ancestors_with_two_players_takes_one_minion_at_most() -> None:
    t = Table(
        [OASIS, MOTHER],
        hands=[[ANCESTORS], []],
        board=[(0, CHAN, 0)],
        discards=[[BUSHI, RONIN], []],
    )
    t.play(ANCESTORS)
    t.choose(BUSHI)
    assert t.pending is None
    assert t.discard(0) == [RONIN, ANCESTORS]
    assert BUSHI in t.deck(0)


def test_yokai_attack_destroys_one_of_yours_for_an_extra_minion_and_an_extra_action() -> None:
    board = [(0, CHAN, 0), (0, REX, 1)]
    t = Table([OASIS, MOTHER], hands=[[YOKAI, RONIN, BUSHIDO], []], board=board)
    t.play(YOKAI)  # only one minion of yours: it is the one destroyed
    assert CHAN in t.discard(0)
    assert t.minions_on(0) == [REX]
    assert sorted(p.kind for p in t.state.players[0].plays) == ["action", "minion", "minion"]
    t.play(RONIN, 1)
    t.play(BUSHIDO)
    assert t.state.players[0].plays[0].kind == "minion"


def test_yokai_attack_grants_nothing_when_the_minion_is_not_destroyed() -> None:
    t = Table([OASIS, MOTHER], hands=[[YOKAI], []], board=[(0, WARBOT, 0)])
    t.play(YOKAI)
    assert t.minions_on(0) == [WARBOT]  # a Warbot cannot be destroyed
    assert [p.kind for p in t.state.players[0].plays] == ["minion"]


def test_yokai_attack_without_a_minion_of_yours_does_nothing() -> None:
    t = Table([OASIS, MOTHER], hands=[[YOKAI], []], board=[(0, REX, 1)])
    t.play(YOKAI)
    assert t.minions_on(0) == [REX]
    assert [p.kind for p in t.state.players[0].plays] == ["minion"]


def test_way_of_the_warrior_gives_3_power_this_turn_and_a_card_if_it_is_discarded() -> None:
    t = Table([OASIS, MOTHER], hands=[[WAY, MASTER], []], board=[(0, CHAN, 0), (1, REX, 0)])
    t.play(WAY)
    t.choose(CHAN)
    assert t.power(CHAN) == 5
    n = len(t.events)
    t.play(MASTER, 0)
    t.choose(CHAN)
    settle_order(t)
    assert drawn(t, 0, n) == 1 + 1  # Samurai-Chan's own card, and the Way's


def test_way_of_the_warrior_draws_only_for_the_minion_it_targeted() -> None:
    t = Table([OASIS, MOTHER], hands=[[WAY, MASTER], []], board=[(0, CHAN, 0), (1, REX, 0)])
    t.play(WAY)
    t.choose(REX)
    assert t.power(REX) == 10
    n = len(t.events)
    t.play(MASTER, 0)
    t.choose(CHAN)
    assert drawn(t, 0, n) == 1  # Samurai-Chan's own card only


def test_way_of_the_warrior_ends_with_the_turn() -> None:
    board = [(0, CHAN, 0), (1, REX, 0)]
    t = Table([OASIS, MOTHER], hands=[[WAY], [MASTER]], board=board)
    t.play(WAY)
    t.choose(CHAN)
    t.end_turn()
    assert t.power(CHAN) == 2
    n = len(t.events)
    t.play(MASTER, 0)
    t.choose(CHAN)
    assert drawn(t, 0, n) == 1  # Samurai-Chan's own card only


def test_honor_the_fallen_draws_when_a_minion_of_yours_leaves_its_base_for_the_discard() -> None:
    board = [(0, CHAN, 0), (0, RONIN, 1), (1, BUSHI, 0)]
    t = Table([OASIS, MOTHER], hands=[[FALLEN, MASTER], []], board=board)
    t.play(FALLEN, 0)
    n = len(t.events)
    t.play(MASTER, 0)
    t.choose(RONIN)  # not yours: no card
    assert drawn(t, 0, n) == 0
    assert drawn(t, 1, n) == 0


def test_honor_the_fallen_draws_for_yours_destroyed_on_its_base() -> None:
    board = [(0, RONIN, 0), (1, RONIN, 0)]
    t = Table([OASIS, MOTHER], hands=[[FALLEN, MASTER], []], board=board)
    t.play(FALLEN, 0)
    n = len(t.events)
    t.play(MASTER, 0)
    t.choose(t.minion(RONIN, base=0).uid)
    assert drawn(t, 0, n) == 1


def test_honor_the_fallen_ignores_yours_destroyed_on_another_base() -> None:
    board = [(0, RONIN, 0), (1, RONIN, 0)]
    t = Table([OASIS, MOTHER], hands=[[FALLEN, MASTER], []], board=board)
    t.play(FALLEN, 0)
    n = len(t.events)
    t.play(MASTER, 1)
    t.choose(t.minion(RONIN, base=1).uid)
    assert RONIN in t.discard(0)
    assert drawn(t, 0, n) == 0


def test_honor_the_fallen_counts_your_minions_discarded_when_its_base_scores() -> None:
    board = [(0, REX, 0), (0, RONIN, 0), (0, REX, 1)]
    t = Table([OASIS, MOTHER], hands=[[FALLEN], []], board=board, base_deck=["base.tar_pits"])
    t.play(FALLEN, 0)
    n = len(t.events)
    t.end_turn()
    t.pass_empty_me_first()
    settle_order(t)
    assert FALLEN in t.discard(0)
    assert drawn(t, 0, n) == 2 + 2  # one per minion of yours there, then the draw phase
    assert drawn(t, 1, n) == 0


# --- Sakura Garden ---------------------------------------------------------------------------


def test_sakura_garden_draws_each_player_a_card_the_first_time_a_minion_of_theirs_goes() -> None:
    board = [(0, CHAN, 0), (0, RONIN, 0), (0, RONIN, 1), (1, REX, 0)]
    t = Table([SAKURA, OASIS], hands=[[YOKAI, MASTER], []], board=board)
    n = len(t.events)
    t.play(MASTER, 0)
    t.choose(t.minion(RONIN, base=0).uid)  # seat 0's own Ronin
    assert drawn(t, 0, n) == 1
    t.play(YOKAI)
    t.choose(CHAN)
    settle_order(t)
    assert drawn(t, 0, n) == 1 + 1  # Samurai-Chan's card only: the garden gave one this turn
    assert drawn(t, 1, n) == 0


def test_sakura_garden_when_it_scores_draws_each_player_one_card_only() -> None:
    board = [(0, REX, 0), (0, REX, 0), (0, RONIN, 1), (0, RONIN, 1)]
    t = Table([SAKURA, OASIS], hands=[[], []], board=board, base_deck=["base.tar_pits"])
    n = len(t.events)
    t.end_turn()
    t.pass_empty_me_first()
    assert t.state.bases[0].card == "base.tar_pits"
    assert drawn(t, 1, n) == 1
    assert drawn(t, 0, n) == 1 + 2  # and the draw phase


def test_sakura_garden_counts_again_on_the_next_turn() -> None:
    board = [(0, RONIN, 0), (0, RONIN, 1)]
    t = Table([SAKURA, OASIS], hands=[[STARS], [STARS]], board=board)
    n = len(t.events)
    t.play(STARS)
    t.choose(uid(t, RONIN, 1))
    assert drawn(t, 1, n) == 1
    t.end_turn()
    n = len(t.events)
    t.play(STARS)  # seat 1's turn: seat 0's Ronin is the only target
    assert RONIN in t.discard(0)
    assert drawn(t, 0, n) == 1


# --- duels -----------------------------------------------------------------------------------


def test_heart_of_the_battle_is_played_only_as_a_special_before_a_base_scores() -> None:
    board = [(0, REX, 0), (0, RONIN, 1)]
    t = Table([OASIS, MOTHER], hands=[[HEART, YOKAI], []], board=board)
    cards = {getattr(m, "card", None) for m in t.moves()}
    assert t.hand_uid(HEART) not in cards
    assert t.hand_uid(YOKAI) in cards


def test_heart_of_the_battle_duel_destroys_the_losing_minion_before_the_base_scores() -> None:
    board = [(0, CHAN, 0), (0, REX, 0), (0, RONIN, 1)]  # 12: Jungle Oasis scores
    t = Table([OASIS, MOTHER], hands=[[HEART], []], board=board, base_deck=["base.tar_pits"])
    t.end_turn()
    assert t.pending.kind == "special"
    t.choose(HEART)
    assert set(t.options()) == {CHAN, REX}  # yours on the scoring base
    t.choose(REX)  # its only rival: Ronin
    t.pass_empty_me_first()
    destroyed = [e.card for e in t.events if isinstance(e, ev.MinionRemoved)]
    assert destroyed[0] == RONIN
    assert HEART in t.discard(0)
    scored = next(e for e in t.events if isinstance(e, ev.BaseScored))
    assert [(p.seat, p.power) for p in scored.placements] == [(0, 9)]


def test_heart_of_the_battle_loser_can_be_your_own_minion() -> None:
    board = [(0, CHAN, 0), (0, REX, 0), (0, RONIN, 1)]
    t = Table([OASIS, MOTHER], hands=[[HEART], []], board=board, base_deck=["base.tar_pits"])
    t.end_turn()
    t.choose(HEART)
    t.choose(CHAN)  # 2 against Ronin's 3
    t.pass_empty_me_first()
    destroyed = [e.card for e in t.events if isinstance(e, ev.MinionRemoved)]
    assert destroyed[0] == CHAN
    scored = next(e for e in t.events if isinstance(e, ev.BaseScored))
    assert [(p.seat, p.power) for p in scored.placements] == [(0, 7), (1, 3)]


def test_heart_of_the_battle_is_not_offered_without_a_rival_on_the_scoring_base() -> None:
    board = [(0, CHAN, 0), (0, REX, 0), (0, REX, 0), (1, RONIN, 1)]
    t = Table([OASIS, MOTHER], hands=[[HEART], []], board=board, base_deck=["base.tar_pits"])
    t.end_turn()
    assert t.pending is None or HEART not in t.options()


def test_honorable_combat_winner_scores_1_vp_and_nothing_is_destroyed() -> None:
    board = [(0, CHAN, 0), (0, REX, 1), (1, REX, 0), (1, RONIN, 1)]
    t = Table([OASIS, MOTHER], hands=[[COMBAT], []], board=board)
    t.play(COMBAT)  # only Jungle Oasis has a player stronger than you: Samurai-Chan duels Rex
    assert "duel_ended" in [e.type for e in t.events]
    assert t.vp() == [0, 1]
    assert t.minions_on(0) == [CHAN, REX]


def test_honorable_combat_tie_scores_1_vp_for_both() -> None:
    board = [(0, RONIN, 0), (0, RONIN, 1), (0, CHAN, 1)]
    t = Table([OASIS, MOTHER], hands=[[COMBAT], []], board=board)
    t.play(COMBAT)
    assert set(t.options()) == {RONIN, CHAN}  # the other player's minions there
    t.choose(uid(t, RONIN, 1))
    assert t.vp() == [1, 1]


def test_honorable_combat_needs_a_base_where_another_player_has_more_power_than_you() -> None:
    board = [(0, REX, 0), (0, RONIN, 1), (1, RONIN, 1)]  # no minion of yours on Mothership
    t = Table([OASIS, MOTHER], hands=[[COMBAT], []], board=board)
    t.play(COMBAT)
    assert t.pending is None
    assert "duel_started" not in [e.type for e in t.events]
    assert t.discard(0) == [COMBAT]


def test_a_random_game_with_the_samurai_deals_only_bases_that_are_implemented() -> None:
    players = (PlayerSetup("a", ("samurai", "ninjas")), PlayerSetup("b", ("robots", "zombies")))
    created = start_game(GameSetup("g", "7", players))[0]
    assert isinstance(created, ev.GameCreated)
    bases = [*created.bases, *created.base_deck]
    assert set(bases) <= IMPLEMENTED
    assert SAKURA in bases
    assert len(created.bases) == 3
