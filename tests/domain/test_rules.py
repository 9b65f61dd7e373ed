"""Core rules from the rulebooks, each checked on a scripted or seeded game."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from domain import (
    EndTurn,
    GameSetup,
    IllegalMove,
    NotYourTurn,
    PlayerSetup,
    PlayMinion,
    UnknownCard,
    abilities,
    decide,
    evolve,
    replay,
    rules,
    start_game,
)
from domain import events as ev
from domain.abilities import (
    GrantsAbilities,
    OngoingPower,
    Protection,
    RemovesAbilities,
    Restriction,
)
from domain.catalogue import catalogue
from domain.effects import Special
from domain.fx import Fx, Steps
from domain.model import GameState, Minion
from domain.registry import Cause, Source
from domain.selectors import its_host
from tests.domain.table import Table

TAR_PITS, HOMEWORLD, MOTHERSHIP = "base.tar_pits", "base.the_homeworld", "base.the_mothership"
OASIS = "base.jungle_oasis"
REX, INVADER, OVERLORD = "dinosaurs.king_rex", "aliens.invader", "aliens.supreme_overlord"


def random_game(players: int, seed: str = "s") -> GameState:
    factions = [
        ("aliens", "dinosaurs"),
        ("ninjas", "robots"),
        ("pirates", "zombies"),
        ("wizards", "tricksters"),
    ]
    setup = GameSetup("r", seed, tuple(PlayerSetup(f"p{i}", factions[i]) for i in range(players)))
    return replay(start_game(setup))


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_puts_players_plus_one_bases_in_play_and_deals_five_cards(players: int) -> None:
    state = random_game(players)
    assert len(state.bases) == players + 1
    for p in state.players:
        assert len(p.hand) + len(p.deck) + len(p.discard) == 40
        assert len(p.hand) == 5 or state.pending is not None


def test_setup_draws_bases_only_from_the_boxes_of_the_chosen_factions() -> None:
    state = random_game(2)
    core = set(catalogue().bases_for_sets(["core"]))
    assert {b.card for b in state.bases} | set(state.base_deck) == core


def test_setup_refuses_a_player_with_the_same_faction_twice() -> None:
    from domain import InvalidSetup

    setup = GameSetup(
        "x", "s", (PlayerSetup("a", ("aliens", "aliens")), PlayerSetup("b", ("ninjas", "robots")))
    )
    with pytest.raises(InvalidSetup, match="two different factions"):
        start_game(setup)


def _mulligan_games() -> Iterator[GameState]:
    """Random games paused at the opening-hand question of a seat whose hand has no minion
    (the seats before it keep theirs)."""
    from domain import Choose

    for n in range(400):
        state = random_game(2, f"m{n}")
        while state.pending is not None and state.pending.kind == "mulligan":
            if "mulligan" in [o.id for o in state.pending.options]:
                yield state
                break
            for e in decide(state, Choose(state.pending.seat, "keep")):
                state = evolve(state, e)


def test_every_seat_is_asked_about_its_opening_hand_so_nobody_learns_whose_has_no_minion() -> None:
    state = random_game(3, "asked")
    asked = []
    from domain import Choose

    while state.pending is not None and state.pending.kind == "mulligan":
        asked.append(state.pending.seat)
        assert state.pending.prompt.startswith("Your starting hand: keep it")
        for e in decide(state, Choose(state.pending.seat, "keep")):
            state = evolve(state, e)
    assert sorted(asked) == [0, 1, 2]


def test_a_starting_hand_without_minions_may_be_shown_discarded_and_redrawn_once() -> None:
    state = next(_mulligan_games())
    d = state.pending
    assert d is not None
    seat = d.seat
    old = {c.uid for c in state.players[seat].hand}
    from domain import Choose

    for e in decide(state, Choose(seat, "mulligan")):
        state = evolve(state, e)
    p = state.players[seat]
    assert {c.uid for c in p.discard} == old
    assert len(p.hand) == 5
    assert not old & {c.uid for c in p.hand}
    assert state.pending is None or state.pending.seat != seat


def test_a_starting_hand_without_minions_may_be_kept() -> None:
    state = next(_mulligan_games())
    assert state.pending is not None
    seat = state.pending.seat
    hand = state.players[seat].hand
    from domain import Choose

    for e in decide(state, Choose(seat, "keep")):
        state = evolve(state, e)
    assert state.players[seat].hand == hand


# --- playing cards -----------------------------------------------------------------------------


def test_a_turn_allows_one_minion_and_one_action() -> None:
    t = Table([TAR_PITS], hands=[[REX, REX, "dinosaurs.howl", "dinosaurs.howl"], []])
    t.play(REX, 0)
    assert not any(isinstance(m, PlayMinion) for m in t.moves())
    with pytest.raises(IllegalMove, match="no minion play left"):
        t.do(PlayMinion(0, t.hand_uid(REX), 0))
    t.play("dinosaurs.howl")
    assert [type(m) for m in t.moves()] == [EndTurn]


def test_a_card_id_where_a_uid_is_expected_is_refused_with_a_message_asking_for_the_uid() -> None:
    t = Table([TAR_PITS], hands=[[REX], [REX]])
    with pytest.raises(UnknownCard, match="is a card id; 'card' takes the uid of a card"):
        t.do(PlayMinion(0, REX, 0))
    with pytest.raises(UnknownCard, match="'nonsense' is not in seat 0's hand"):
        t.do(PlayMinion(0, "nonsense", 0))


def test_a_seat_that_is_not_awaited_cannot_act() -> None:
    t = Table([TAR_PITS], hands=[[REX], [REX]])
    with pytest.raises(NotYourTurn, match="seat 1 is not awaited"):
        t.do(PlayMinion(1, t.hand_uid(REX, 1), 0))


def test_a_base_scores_only_in_the_scoring_phase_after_the_play_phase() -> None:
    t = Table(
        [OASIS, TAR_PITS], hands=[[REX], []], board=[(0, OVERLORD, 0)], base_deck=[MOTHERSHIP]
    )
    t.play(REX, 0)
    assert t.total(0) == 12
    assert t.state.bases[0].card == OASIS
    assert t.vp() == [0, 0]
    t.end_turn()
    assert t.vp() == [2, 0]
    assert t.state.bases[0].card == MOTHERSHIP


def test_the_active_player_chooses_the_order_when_several_bases_score() -> None:
    t = Table(
        [OASIS, TAR_PITS],
        hands=[[], []],
        board=[(0, REX, 0), (0, OVERLORD, 1), (1, REX, 0), (1, REX, 1), (1, OVERLORD, 1)],
        base_deck=[MOTHERSHIP, HOMEWORLD],
    )
    t.end_turn()
    assert t.pending is not None
    assert t.pending.seat == 0
    assert sorted(o.base for o in t.pending.options) == [0, 1]
    t.choose(1)
    assert t.state.bases[1].card == MOTHERSHIP  # Tar Pits went first
    assert t.state.bases[0].card == HOMEWORLD  # then the Oasis, replaced by the next base
    assert t.vp() == [2 + 3, 4]


def test_cards_on_a_scored_base_go_to_their_owners_discard_piles() -> None:
    t = Table(
        [OASIS],
        hands=[[], []],
        board=[(0, REX, 0), (0, "dinosaurs.upgrade", 1, 0), (0, OVERLORD, 1)],
        base_deck=[MOTHERSHIP],
    )
    t.end_turn()
    assert t.discard(0) == [REX]
    assert sorted(t.discard(1)) == sorted(["dinosaurs.upgrade", OVERLORD])


def test_the_base_discard_is_reshuffled_into_the_base_deck_when_it_is_empty() -> None:
    t = Table([OASIS], hands=[[], []], board=[(0, REX, 0), (0, OVERLORD, 0)])
    t.state = replace(t.state, base_discard=(TAR_PITS,))
    t.end_turn()
    assert t.state.bases[0].card == TAR_PITS
    assert t.state.base_discard == (OASIS,)
    assert any(isinstance(e, ev.BaseDeckShuffled) and e.with_discard for e in t.events)


def test_a_scored_base_comes_back_when_no_other_base_is_left() -> None:
    t = Table([OASIS], hands=[[], []], board=[(0, REX, 0), (0, OVERLORD, 0)])
    t.end_turn()
    assert t.state.bases[0].card == OASIS
    assert t.state.bases[0].minions == ()
    assert t.state.base_discard == ()


def test_scoring_goes_on_even_if_power_drops_below_the_breakpoint() -> None:
    def leave(fx: Fx) -> Steps:
        card = next(c for c in fx.state.players[fx.me].hand if c.uid == fx.src)
        steps: Steps = (ev.CardDiscarded(card.uid, card.card, card.owner, "hand"),)
        for m in fx.minions(base=fx.base, controller=fx.me):
            steps += fx.move(m.uid, 1)
        return steps

    def when(state: GameState, seat: int, uid: str, base: int) -> bool:
        return True

    with abilities.extra("aliens.beam_up", Special("before_scoring", "hand", "flee", when, leave)):
        t = Table(
            [OASIS, TAR_PITS],
            hands=[[], ["aliens.beam_up"]],
            board=[(0, REX, 0), (0, REX, 1)],
            base_deck=[MOTHERSHIP],
        )
        t.end_turn()
        assert t.pending is not None
        assert t.pending.seat == 1
        t.choose("aliens.beam_up")
        assert t.vp() == [2, 0]  # the Oasis still scored with only seat 0 there
        assert t.minions_on(1) == [REX]


def test_me_first_asks_the_active_seat_first_then_clockwise_until_all_pass_in_a_row() -> None:
    t = Table(
        [OASIS, TAR_PITS],
        hands=[[], []],
        board=[(0, "aliens.scout", 0), (0, "aliens.scout", 0), (0, REX, 0), (0, "aliens.scout", 1)],
        base_deck=[MOTHERSHIP],
    )
    t.end_turn()
    asked = []
    while t.pending is not None and t.pending.kind == "special":
        asked.append(t.pending.seat)
        t.choose("skip" if len(asked) >= 2 else t.pending.options[0].id)
    assert asked == [0, 1, 0]
    assert t.hand(0).count("aliens.scout") == 1
    assert sorted(t.discard(0)) == sorted(["aliens.scout", REX])


def test_draw_two_then_discard_down_to_ten_only_in_the_draw_phase() -> None:
    hand = [REX] * 9 + ["dinosaurs.howl"] * 2
    t = Table([TAR_PITS], hands=[hand, []], decks=[[INVADER] * 5, [REX] * 5])
    assert len(t.hand(0)) == 11  # more than ten outside the draw phase is fine
    t.end_turn()
    assert t.pending is not None
    assert t.pending.kind == "discard"
    assert len(t.hand(0)) == 13
    for _ in range(3):
        t.choose(t.pending.options[0].id)
    assert len(t.hand(0)) == 10
    assert len(t.discard(0)) == 3
    assert t.state.active == 1


def test_an_empty_deck_is_replaced_by_the_shuffled_discard_when_drawing() -> None:
    t = Table([TAR_PITS], hands=[[], []], decks=[[REX], []], discards=[[INVADER, OVERLORD], []])
    t.end_turn()
    assert sorted(t.hand(0)) == sorted([REX, INVADER]) or sorted(t.hand(0)) == sorted(
        [REX, OVERLORD]
    )
    assert len(t.deck(0)) == 1
    assert t.discard(0) == []
    assert any(isinstance(e, ev.DeckReshuffled) for e in t.events)


def oasis_scored_for_seat_0(vp: list[int]) -> Table:
    """Seat 0 breaks Jungle Oasis alone (2 VP) at the end of its turn, from these VP."""
    t = Table(
        [OASIS],
        hands=[[], []],
        board=[(0, REX, 0), (0, OVERLORD, 0)],
        base_deck=[MOTHERSHIP],
        vp=vp,
    )
    t.end_turn()
    return t


def test_the_game_ends_at_the_end_of_a_turn_when_someone_has_15_vp() -> None:
    t = oasis_scored_for_seat_0([13, 10])
    assert t.state.status == "ended"
    assert t.state.winner == 0


def test_a_tie_at_15_or_more_plays_on_until_one_leads() -> None:
    t = oasis_scored_for_seat_0([13, 15])
    assert t.vp() == [15, 15]
    assert t.state.status == "active"
    assert t.state.active == 1


def test_power_and_breakpoint_never_drop_below_zero() -> None:
    t = Table([OASIS], hands=[[], []], board=[(0, INVADER, 0)])
    uid = t.minion(INVADER).uid
    t.state = evolve(t.state, ev.PowerModified(uid, -10, 99))
    t.state = evolve(t.state, ev.BreakpointModified(OASIS, -50, 99))
    assert t.power(INVADER) == 0
    assert t.breakpoint(0) == 0


def test_a_returned_minion_goes_to_its_owners_hand_not_the_returners() -> None:
    t = Table([TAR_PITS], hands=[["aliens.beam_up"], []], board=[(0, REX, 1)])
    t.play("aliens.beam_up")
    assert t.hand(1) == [REX]
    assert t.hand(0) == []


def test_a_cant_beats_a_can() -> None:
    def no_minions_here(state: GameState, src: Source, seat: int, card: str, base: int) -> bool:
        return base == src.base

    with abilities.extra(OASIS, Restriction(no_minions_here)):
        t = Table([OASIS, TAR_PITS], hands=[[REX], []])
        t.state = evolve(t.state, ev.PlayGranted(0, "minion", None, OASIS, "test"))
        assert {m.base for m in t.moves() if isinstance(m, PlayMinion)} == {1}
        with pytest.raises(IllegalMove):
            t.do(PlayMinion(0, t.hand_uid(REX), 0))


def test_every_scripted_game_replays_exactly_from_its_json_events() -> None:
    t = Table([HOMEWORLD, TAR_PITS], hands=[[REX, "aliens.collector"], [OVERLORD]])
    t.play("aliens.collector", 0)
    t.choose("skip")
    t.end_turn()
    assert t.replays_exactly()


def _shinobi_like(fx: Fx) -> Steps:
    return fx.play(fx.src, fx.base)


def _always(state: GameState, seat: int, uid: str, base: int) -> bool:
    return True


SHINOBI_LIKE = Special(
    "before_scoring", "hand", "test: play onto the scoring base", _always, _shinobi_like
)


def test_an_extra_play_granted_during_scoring_must_be_used_at_once_or_is_lost() -> None:
    with abilities.extra(REX, SHINOBI_LIKE):
        t = Table(
            [HOMEWORLD],
            hands=[[], [REX, "aliens.collector"]],
            board=[(0, REX, 0), (0, REX, 0), (0, REX, 0), (0, REX, 0)],
            base_deck=[TAR_PITS],
        )
        t.end_turn()
        t.choose(REX)  # seat 1 plays King Rex onto the Homeworld as it scores
        assert t.pending.kind == "extra_play"
        assert t.pending.seat == 1
        assert t.options() == ["aliens.collector", "skip"]
        t.choose("skip")
        assert t.pass_empty_me_first() == 1  # seat 1 (Ninjas) is asked again: nothing to play
        assert t.vp() == [4, 2]
        assert t.state.active == 1  # seat 1's own turn: only its normal plays, no kept extra
        assert [p.source for p in t.state.players[1].plays] == ["turn", "turn"]


def test_the_play_verb_enforces_a_cant_even_when_an_ability_offers_the_play() -> None:
    def no_minions_here(state: GameState, src: Source, seat: int, card: str, base: int) -> bool:
        return rules.card_type(card) == "minion" and base == src.base

    with (
        abilities.extra(REX, SHINOBI_LIKE),
        abilities.extra(HOMEWORLD, Restriction(no_minions_here)),
    ):
        t = Table(
            [HOMEWORLD],
            hands=[[], [REX]],
            board=[(0, REX, 0), (0, REX, 0), (0, REX, 0), (0, REX, 0)],
            base_deck=[TAR_PITS],
        )
        t.end_turn()
        t.choose(REX)  # offered (the test Special asks nothing), but the Homeworld forbids it
        assert REX in t.hand(1)
        assert not any(isinstance(e, ev.MinionPlayed) and e.seat == 1 for e in t.events)


def test_an_extra_minion_used_at_once_is_a_real_play_whose_ability_fires() -> None:
    with abilities.extra(REX, SHINOBI_LIKE):
        t = Table(
            [HOMEWORLD, TAR_PITS],
            hands=[[], [REX, "aliens.collector"]],
            board=[(0, REX, 0), (0, REX, 0), (0, REX, 0), (0, REX, 0), (1, INVADER, 0)],
            base_deck=[OASIS],
        )
        t.end_turn()
        t.choose(REX)
        t.choose("aliens.collector")
        t.choose(1)
        assert t.pending.source == "aliens.collector"  # its on-play ability fired
        t.choose(INVADER)
        assert t.minions_on(1) == ["aliens.collector"]
        assert INVADER in t.hand(0)


# --- effects at the same time ---------------------------------------------------------------

FLAME_TRAP = "tricksters.flame_trap"


def _rex_onto_a_trapped_homeworld() -> Table:
    t = Table([HOMEWORLD, OASIS], hands=[[REX], []], board=[(0, FLAME_TRAP, 1)])
    t.play(REX, 0)  # both the Homeworld and the Flame Trap react to it
    return t


def test_the_active_player_chooses_the_order_of_abilities_that_trigger_at_the_same_time() -> None:
    t = _rex_onto_a_trapped_homeworld()
    assert t.pending is not None
    assert (t.pending.seat, t.pending.kind) == (0, "order")
    labels = [o.label for o in t.pending.options]
    assert labels == ["The Homeworld", "Flame Trap (on The Homeworld)"]
    t.choose("effect-1")  # the trap first: King Rex is destroyed, then the Homeworld's gift
    assert t.minions_on(0) == []
    assert [p.source for p in t.state.players[0].plays] == ["turn", "base.the_homeworld"]


def test_the_other_order_lets_the_homeworld_act_before_the_trap() -> None:
    t = _rex_onto_a_trapped_homeworld()
    t.choose("effect-0")
    kinds = [type(e).__name__ for e in t.events[-4:]]
    assert kinds.index("PlayGranted") < kinds.index("MinionRemoved")
    assert t.minions_on(0) == []
    assert REX in t.discard(0)


def test_copies_of_one_card_reacting_together_need_no_ordering_decision() -> None:
    t = Table([OASIS, HOMEWORLD], hands=[[REX], []], board=[(0, FLAME_TRAP, 1), (0, FLAME_TRAP, 1)])
    t.play(REX, 0)
    assert t.pending is None  # two Flame Traps: board order, the first one springs
    assert t.minions_on(0) == []
    assert [a.card for a in t.state.bases[0].attached] == [FLAME_TRAP]


# --- abilities granted or removed ---------------------------------------------------------------

UPGRADE, STEGO = "dinosaurs.upgrade", "dinosaurs.armor_stego"


def _everything_blocked(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> str:
    return "block"


def test_a_card_in_play_can_make_the_minion_it_is_attached_to_lose_its_abilities() -> None:
    t = Table([OASIS], hands=[[], []], board=[(0, STEGO, 1), (0, UPGRADE, 0, 0)])
    assert t.power(STEGO) == 3 + 2 + 2  # printed, Upgrade, its own +2 on others' turns
    with abilities.extra(UPGRADE, RemovesAbilities(its_host)):
        t.state = replace(t.state)  # a fresh state: no answer kept from before
        assert t.power(STEGO) == 3 + 2  # Upgrade's own ability stays: it only reaches its host
        source = Source(STEGO, t.minion(STEGO).uid, 0, 1)
        assert abilities.of(t.state, source, OngoingPower) == ()


def test_a_card_in_play_can_grant_the_minion_it_is_attached_to_an_ability() -> None:
    with abilities.extra(UPGRADE, GrantsAbilities(its_host, (Protection(_everything_blocked),))):
        t = Table(
            [OASIS],
            hands=[["ninjas.seeing_stars"], []],
            board=[(0, "robots.microbot_alpha", 1), (0, UPGRADE, 1, 0)],
        )
        t.play("ninjas.seeing_stars")  # destroy a minion of power 3 or less: the only one
        assert t.minions_on(0) == ["robots.microbot_alpha"]
    t2 = Table(
        [OASIS],
        hands=[["ninjas.seeing_stars"], []],
        board=[(0, "robots.microbot_alpha", 1), (0, UPGRADE, 1, 0)],
    )
    t2.play("ninjas.seeing_stars")  # without the grant, it is destroyed
    assert t2.minions_on(0) == []
