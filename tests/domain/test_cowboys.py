"""Cowboys: duels (the engine's rules of a duel), the faction's cards and its bases."""

from __future__ import annotations

import random

from domain import UseSpecial, abilities
from domain.ai.knowledge import determinize, hidden_uids
from domain.codec import to_json
from domain.effects import OnPlay, Triggered
from domain.engine import run
from domain.events import ControlChanged, PlayGranted
from domain.evolve import evolve
from domain.facts import MinionDestroyed
from domain.fx import Fx, Steps
from domain.model import Task
from domain.narrate import narrate
from domain.view import redact_payload, view
from tests.domain.bases_common import COLLECTOR, HOME, INVADER, OASIS, OVERLORD, REX, TAR
from tests.domain.ids import ids
from tests.domain.table import Table

DEPUTY, GUNFIGHTER, PINKERTON, SHERIFF = ids("cowboys", "deputy gunfighter pinkerton sheriff")
POSSE, QUICK_DRAW, GOLD_HILLS, STAGECOACH = ids(
    "cowboys", "form_a_posse quick_draw gold_in_them_thar_hills stagecoach"
)
RUN_EM_OFF, HIGH_NOON, DYNAMITE, GOLD_STRIKE = ids(
    "cowboys", "run_em_off high_noon dynamite_surprise gold_strike"
)
SALOON, CORRAL, PALACE = "base.saloon", "base.so_so_corral", "base.shoguns_palace"
BEAM_UP = "aliens.beam_up"


def kinds(t: Table) -> list[str]:
    return [e.type for e in t.events]


def gunfight(hands: list[list[str]], rival: str = COLLECTOR) -> Table:
    """Seat 0 plays a Gunfighter (3) on Jungle Oasis, where seat 1 has `rival`, and duels it."""
    t = Table([OASIS, TAR], hands=[[GUNFIGHTER, *hands[0]], hands[1]], board=[(0, rival, 1)])
    t.play(GUNFIGHTER, 0)
    t.choose(rival)
    return t


# --- the rules of a duel ------------------------------------------------------------------------


def test_the_stronger_minion_wins_a_duel_and_the_gunfighters_loser_is_destroyed() -> None:
    t = gunfight([[], []])
    assert t.minions_on(0) == [GUNFIGHTER]
    assert t.discard(1) == [COLLECTOR]
    assert "duel_ended" in kinds(t)
    assert t.state.duel is None


def test_a_duel_tie_applies_the_losers_effect_to_both_minions() -> None:
    t = gunfight([[], []], rival=INVADER)
    assert t.minions_on(0) == []
    assert t.discard(0) == [GUNFIGHTER]
    assert t.discard(1) == [INVADER]


def test_the_challenger_is_asked_for_a_duel_card_first_then_the_challenged() -> None:
    t = gunfight([[REX], [INVADER]])
    assert t.pending.seat == 0
    assert t.pending.kind == "duel_card"
    assert t.options() == [REX, "skip"]
    t.choose("skip")
    assert t.pending.seat == 1
    assert t.options() == [INVADER, "skip"]


def test_a_duel_card_is_in_no_zone_while_face_down() -> None:
    t = gunfight([[REX], [INVADER]])
    t.choose(REX)
    assert t.hand(0) == []
    assert t.discard(0) == []
    assert t.state.duel is not None
    assert [c.card for c in t.state.duel.face_down] == [REX]


def test_a_revealed_duel_card_that_is_not_an_action_goes_back_to_its_owners_hand() -> None:
    t = gunfight([[REX], [INVADER]])
    t.choose(REX)
    t.choose(INVADER)
    assert sorted(t.hand(0)) == [REX]
    assert t.hand(1) == [INVADER]
    assert t.discard(1) == [COLLECTOR]  # the bluffs changed nothing: 3 beats 2


def test_duel_cards_are_revealed_starting_with_the_challengers() -> None:
    t = gunfight([[REX], [INVADER]])
    t.choose(REX)
    t.choose(INVADER)
    revealed = [e.card for e in t.events if e.type == "duel_card_revealed"]
    assert revealed == [REX, INVADER]


def test_a_revealed_duel_action_is_played_as_an_extra_action_and_can_turn_the_duel() -> None:
    t = gunfight([[], [QUICK_DRAW]])
    t.choose(QUICK_DRAW)
    assert t.minions_on(0) == [COLLECTOR]  # 2 + 4 beats 3
    assert t.discard(0) == [GUNFIGHTER]
    assert t.discard(1) == [QUICK_DRAW]
    played = [e for e in t.events if e.type == "action_played"]
    assert played[-1].allowance is None  # no action of the turn was used


def test_quick_draw_as_a_duel_card_keeps_its_four_power_after_the_duel() -> None:
    t = gunfight([[], [QUICK_DRAW]], rival=REX)
    t.choose(QUICK_DRAW)
    assert t.state.duel is None
    assert t.power(REX) == 11  # decided once, while the Rex was duelling


def test_only_answers_to_the_duel_are_legal_while_a_duel_waits() -> None:
    t = gunfight([[REX], [INVADER]])
    moves = t.moves()
    assert moves
    assert all(type(m).__name__ == "Choose" for m in moves)


def test_no_second_duel_starts_during_a_duel() -> None:
    t = gunfight([[HIGH_NOON], []])
    t.choose(HIGH_NOON)  # revealed and played during the duel: its own duel is ignored
    assert kinds(t).count("duel_started") == 1
    assert t.discard(0) == [HIGH_NOON]
    assert t.discard(1) == [COLLECTOR]


def test_a_duel_whose_minions_part_during_the_duel_cards_is_aborted() -> None:
    t = gunfight([[], [BEAM_UP]])
    t.choose(BEAM_UP)
    t.choose(GUNFIGHTER)  # Beam Up returns the Gunfighter to its owner's hand
    ended = [e for e in t.events if e.type == "duel_ended"]
    assert [e.outcome for e in ended] == ["aborted"]
    assert t.minions_on(0) == [COLLECTOR]
    assert t.hand(0) == [GUNFIGHTER]


def test_a_change_of_control_during_a_duel_does_not_stop_it() -> None:
    t = gunfight([[REX], [INVADER]])
    taken = ControlChanged(t.minion(COLLECTOR).uid, 0)  # as a control-changing card would
    t.state = evolve(t.state, taken)
    t.events.append(taken)
    t.choose("skip")
    assert t.pending.seat == 0  # the challenged minion's controller now: seat 0 places
    t.choose("skip")
    assert [e.outcome for e in t.events if e.type == "duel_ended"] == ["won"]
    assert t.discard(1) == [COLLECTOR]


def test_a_duel_destroys_its_loser_in_the_name_of_the_challengers_controller() -> None:
    seen: list[object] = []

    def witness(fx: Fx, destroyed: MinionDestroyed) -> Steps:
        seen.append(destroyed.by)
        return ()

    with abilities.extra(REX, Triggered("minion_destroyed", witness)):
        t = Table([CORRAL, TAR], hands=[[], [REX]], board=[(0, INVADER, 0)], decks=[[], []])
        t.end_turn()  # seat 1's turn: it plays the Rex on So-So Corral
        t.play(REX, 0)
        t.choose(INVADER)
    assert t.discard(0) == [INVADER]
    assert seen == [1]


def test_a_face_down_duel_card_is_hidden_from_other_seats_and_spectators() -> None:
    t = gunfight([[REX], [INVADER]])
    t.choose(REX)
    placed = next(e for e in t.events if e.type == "duel_card_placed")
    payload = to_json(placed)
    for viewer in (1, None):
        seen = redact_payload("duel_card_placed", payload, viewer)
        assert "uid" not in seen
        assert "card" not in seen
        assert REX not in str(view(t.state, viewer))
    assert redact_payload("duel_card_placed", payload, 0)["card"] == REX
    assert view(t.state, 0)["duel"]["face_down"][0]["card"] == REX


def test_a_bot_does_not_see_another_seats_face_down_duel_card() -> None:
    t = gunfight([[REX, INVADER], [COLLECTOR]])
    t.choose(REX)
    rex = t.state.duel.face_down[0].uid
    assert rex in hidden_uids(t.state, 1)
    assert rex not in hidden_uids(t.state, 0)
    dealt = {determinize(t.state, 1, random.Random(k)).duel.face_down[0].card for k in range(12)}
    assert len(dealt) > 1
    assert determinize(t.state, 0, random.Random(0)).duel == t.state.duel


def test_the_narration_tells_the_duel_and_names_a_face_down_card_only_once_revealed() -> None:
    t = gunfight([[REX], []])
    t.choose(REX)
    lines = list(narrate(t.events))
    placed = next(line for line in lines if "face down" in line)
    assert "King Rex" not in placed
    assert any("challenges Collector to a duel" in line for line in lines)
    assert any("reveals their duel card: King Rex" in line for line in lines)
    assert any("Gunfighter wins the duel" in line for line in lines)
    assert t.replays_exactly()


# --- Deputy ---------------------------------------------------------------------------------------


def test_deputy_is_discarded_during_a_duel_after_the_reveals_to_give_a_minion_two_power() -> None:
    t = gunfight([[], [DEPUTY]])
    t.choose("skip")  # seat 1 keeps the Deputy in hand rather than placing it
    assert t.pending.kind == "special"
    assert t.pending.seat == 1
    t.choose(t.hand_uid(DEPUTY, 1) + ":1")
    t.choose(COLLECTOR)  # 2 + 2 beats the Gunfighter's 3
    assert t.discard(1) == [DEPUTY]
    assert t.minions_on(0) == [COLLECTOR]
    assert t.discard(0) == [GUNFIGHTER]


def test_deputy_can_be_discarded_in_its_owners_play_phase_without_using_a_play() -> None:
    t = Table([OASIS], hands=[[DEPUTY], []], board=[(0, COLLECTOR, 1)])
    t.do(UseSpecial(0, t.hand_uid(DEPUTY)))  # the only minion is chosen at once
    assert t.power(COLLECTOR) == 4
    assert t.discard(0) == [DEPUTY]
    assert [a.kind for a in t.state.players[0].plays] == ["minion", "action"]


# --- Quick Draw -----------------------------------------------------------------------------------


def test_quick_draw_gives_two_power_to_a_minion_not_in_a_duel() -> None:
    t = Table([OASIS], hands=[[QUICK_DRAW], []], board=[(0, COLLECTOR, 0), (0, REX, 0)])
    t.play(QUICK_DRAW)
    t.choose(COLLECTOR)
    assert t.power(COLLECTOR) == 4


# --- High Noon ------------------------------------------------------------------------------------


def test_high_noon_destroys_the_loser_and_gives_a_winner_an_extra_minion_on_its_base() -> None:
    t = Table([TAR, OASIS], hands=[[HIGH_NOON], []], board=[(1, REX, 0), (1, COLLECTOR, 1)])
    t.play(HIGH_NOON)
    assert t.discard(1) == [COLLECTOR]
    extra = t.state.players[0].plays[-1]
    assert (extra.kind, extra.base) == ("minion", OASIS)


def test_high_noon_gives_no_extra_minion_when_the_opponent_wins() -> None:
    t = Table([OASIS], hands=[[HIGH_NOON], []], board=[(0, COLLECTOR, 0), (0, REX, 1)])
    t.play(HIGH_NOON)
    assert t.discard(0) == [COLLECTOR, HIGH_NOON]
    assert [a.kind for a in t.state.players[0].plays] == ["minion"]


def test_high_noon_gives_nobody_an_extra_minion_on_a_tie() -> None:
    t = Table([OASIS], hands=[[HIGH_NOON], []], board=[(0, INVADER, 0), (0, INVADER, 1)])
    t.play(HIGH_NOON)
    assert t.minions_on(0) == []
    assert [a.kind for a in t.state.players[0].plays] == ["minion"]
    assert t.state.players[1].plays == ()


# --- Pinkerton ------------------------------------------------------------------------------------


def test_pinkerton_puts_a_counter_on_itself_when_it_duels_before_the_duel_cards() -> None:
    t = Table([OASIS], hands=[[HIGH_NOON, REX], []], board=[(0, PINKERTON, 0), (0, INVADER, 1)])
    t.play(HIGH_NOON)  # Pinkerton (4) is the only challenger, the Invader the only rival
    assert t.minion(PINKERTON).counters == 1
    assert t.pending.kind == "duel_card"  # the counter came first
    t.choose("skip")
    assert t.power(PINKERTON) == 5
    assert t.discard(1) == [INVADER]


def test_pinkerton_puts_a_counter_on_its_controllers_duelling_minion_on_its_base() -> None:
    t = gunfight([[], []], rival=INVADER)
    assert kinds(t).count("counters_changed") == 0
    t = Table([OASIS], hands=[[GUNFIGHTER], []], board=[(0, PINKERTON, 0), (0, INVADER, 1)])
    t.play(GUNFIGHTER, 0)
    t.choose(INVADER)
    assert t.minion(GUNFIGHTER).counters == 1  # 3 + 1 beats the Invader's 3
    assert t.minion(PINKERTON).counters == 0
    assert t.discard(1) == [INVADER]


def test_each_pinkerton_on_the_base_puts_its_own_counter() -> None:
    board = [(0, PINKERTON, 0), (0, PINKERTON, 0), (0, INVADER, 1)]
    t = Table([OASIS], hands=[[GUNFIGHTER], []], board=board)
    t.play(GUNFIGHTER, 0)
    t.choose(INVADER)
    assert t.minion(GUNFIGHTER).counters == 2
    assert t.discard(1) == [INVADER]


def test_pinkerton_gives_nothing_to_a_duelling_minion_on_another_base() -> None:
    t = Table([OASIS, TAR], hands=[[GUNFIGHTER], []], board=[(1, PINKERTON, 0), (0, INVADER, 1)])
    t.play(GUNFIGHTER, 0)
    t.choose(INVADER)
    assert "counters_changed" not in kinds(t)
    assert t.minions_on(0) == []  # a tie: both destroyed


# --- Sheriff --------------------------------------------------------------------------------------


def test_sheriff_duels_a_minion_on_its_base_before_it_scores_and_the_base_still_scores() -> None:
    board = [(0, SHERIFF, 0), (0, COLLECTOR, 0), (0, INVADER, 1), (0, COLLECTOR, 1)]
    t = Table([OASIS, TAR], hands=[[], []], board=board, base_deck=[HOME])
    t.end_turn()  # 12 power: Jungle Oasis scores
    assert t.pending.kind == "special"
    t.choose(t.minion(SHERIFF).uid + ":0")
    t.choose(INVADER)
    assert t.discard(1)[0] == INVADER  # 5 beats 3; 9 power is left, under the breakpoint
    assert t.state.bases[0].card == HOME  # yet the base scored
    assert t.vp() == [2, 0]


def test_sheriff_is_not_offered_when_its_base_is_not_scoring() -> None:
    board = [(0, REX, 0), (0, REX, 0), (1, SHERIFF, 0), (1, INVADER, 1)]
    t = Table([OASIS, TAR], hands=[[], []], board=board, base_deck=[HOME])
    t.end_turn()
    assert t.state.pending is None or t.pending.kind != "special"
    assert "duel_started" not in kinds(t)


# --- Run 'Em Off ----------------------------------------------------------------------------------


def test_run_em_off_gives_the_winner_three_power_and_its_controller_moves_the_loser() -> None:
    t = Table([OASIS, TAR], hands=[[RUN_EM_OFF], []], board=[(0, REX, 0), (0, COLLECTOR, 1)])
    t.play(RUN_EM_OFF)
    assert t.power(REX) == 10
    assert t.minions_on(0) == [REX]
    assert t.minions_on(1) == [COLLECTOR]  # the only other base: moved at once


def test_run_em_off_on_a_tie_moves_each_minion_by_the_other_ones_controller() -> None:
    board = [(0, INVADER, 0), (0, INVADER, 1)]
    t = Table([OASIS, TAR, HOME], hands=[[RUN_EM_OFF], []], board=board)
    t.play(RUN_EM_OFF)
    assert t.pending.seat == 1  # seat 1's Invader is the other one of seat 0's: seat 1 moves it
    t.choose(1)
    assert t.pending.seat == 0
    t.choose(2)
    mine, theirs = (next(m for m in t.state.bases[b].minions) for b in (1, 2))
    assert (mine.controller, theirs.controller) == (0, 1)
    assert t.power(INVADER) == 6


def _grant_an_action(t: Table, kind: str = "action") -> None:
    """The awaited seat gets one more play this turn (as an extra play card would)."""
    granted = PlayGranted(t.seat, kind)
    t.state = evolve(t.state, granted)
    t.events.append(granted)


def _grant_minion(t: Table) -> None:
    _grant_an_action(t, "minion")


# --- Form a Posse ---------------------------------------------------------------------------------


def test_form_a_posse_gives_my_minions_one_power_and_immunity_for_the_turn() -> None:
    t = Table([OASIS], hands=[[POSSE, BEAM_UP], []], board=[(0, COLLECTOR, 0), (0, INVADER, 1)])
    t.play(POSSE)
    assert t.power(COLLECTOR) == 3
    assert t.power(INVADER) == 3
    _grant_an_action(t)
    t.play(BEAM_UP)
    t.choose(COLLECTOR)
    assert t.minions_on(0) == [COLLECTOR, INVADER]  # immune: not returned
    assert t.hand(0) == []


def test_form_a_posse_does_not_cover_other_players_minions() -> None:
    t = Table([OASIS], hands=[[POSSE, BEAM_UP], []], board=[(0, COLLECTOR, 0), (0, INVADER, 1)])
    t.play(POSSE)
    _grant_an_action(t)
    t.play(BEAM_UP)
    t.choose(INVADER)
    assert t.hand(1) == [INVADER]


def test_form_a_posse_ends_with_the_turn() -> None:
    t = Table([OASIS], hands=[[POSSE], [BEAM_UP]], board=[(0, COLLECTOR, 0), (0, INVADER, 1)])
    t.play(POSSE)
    t.end_turn()
    t.play(BEAM_UP)
    t.choose(COLLECTOR)
    assert t.hand(0)[-1] == COLLECTOR


# --- Gold Strike ----------------------------------------------------------------------------------


def test_gold_strike_draws_its_controller_a_card_for_each_minion_they_play_on_its_base() -> None:
    decks = [[INVADER] * 3, [INVADER] * 3]
    t = Table([OASIS, TAR], hands=[[GOLD_STRIKE, REX], [REX]], decks=decks)
    t.play(GOLD_STRIKE, 0)
    t.play(REX, 0)
    assert t.hand(0) == [INVADER]
    t.end_turn()
    t.play(REX, 0)  # another player's minion: nobody draws for it
    assert len(t.hand(0)) == 3  # the one drawn, then two at the end of the turn
    assert t.hand(1) == []  # it draws at the end of its own turn, not now


# --- bases --------------------------------------------------------------------------------------


def test_saloon_lets_each_player_with_a_minion_there_draw_after_a_minion_there_is_destroyed() -> (
    None
):
    decks = [[INVADER] * 3, [INVADER] * 3]
    board = [(0, COLLECTOR, 1), (0, REX, 1), (0, REX, 0)]
    t = Table([SALOON, TAR], hands=[[GUNFIGHTER], []], board=board, decks=decks)
    t.play(GUNFIGHTER, 0)
    t.choose(COLLECTOR)  # 3 beats 2: the Collector is destroyed here
    assert t.pending.seat == 0
    assert t.options() == ["draw", "skip"]
    t.choose("draw")
    assert t.pending.seat == 1
    t.choose("skip")
    assert t.hand(0) == [INVADER]
    assert t.hand(1) == []


def test_saloon_asks_nobody_without_a_minion_there() -> None:
    t = Table([SALOON, TAR], hands=[[GUNFIGHTER], []], board=[(0, COLLECTOR, 1)])
    t.play(GUNFIGHTER, 0)
    t.choose(COLLECTOR)
    assert t.pending.seat == 0  # seat 1 has no minion left there
    t.choose("draw")
    assert t.pending is None


def test_so_so_corral_lets_a_minion_played_there_duel_and_destroys_the_loser() -> None:
    t = Table([CORRAL, TAR], hands=[[REX], []], board=[(0, INVADER, 1)])
    t.play(REX, 0)
    assert t.pending.seat == 0
    t.choose(INVADER)
    assert t.discard(1) == [INVADER]
    destroyed = next(e for e in t.events if e.type == "minion_removed")
    assert destroyed.uid == next(e.challenged for e in t.events if e.type == "duel_started")


def test_so_so_corral_duel_may_be_declined() -> None:
    t = Table([CORRAL, TAR], hands=[[REX], []], board=[(0, INVADER, 1)])
    t.play(REX, 0)
    t.choose("skip")
    assert "duel_started" not in kinds(t)
    assert t.minions_on(0) == [INVADER, REX]


def test_so_so_corral_duels_of_minions_played_one_by_the_other_resolve_in_reverse_order() -> None:
    def zap(fx: Fx) -> Steps:
        return fx.extra_play("minion", now=True)

    with abilities.extra(REX, OnPlay(zap)):
        t = Table([CORRAL, TAR], hands=[[REX, GUNFIGHTER], []], board=[(0, COLLECTOR, 1)])
        t.play(REX, 0)
        t.choose(GUNFIGHTER)  # played at once, during the Rex's own ability
        t.choose(0)
        t.choose("skip")  # the Gunfighter's own ability (no duel from it)
        assert "Corral" in t.pending.prompt
        t.choose(COLLECTOR)  # the Gunfighter, played last, duels first
    started = [e for e in t.events if e.type == "duel_started"]
    assert started[0].challenger == t.minion(GUNFIGHTER).uid


def test_shoguns_palace_duel_draws_the_winners_controller_two_cards_once_per_turn() -> None:
    decks = [[INVADER] * 4, [INVADER] * 4]
    t = Table([PALACE, TAR], hands=[[REX, RUN_EM_OFF], []], board=[(0, COLLECTOR, 1)], decks=decks)
    t.play(REX, 0)
    t.choose(COLLECTOR)
    t.choose("skip")  # no duel card
    assert t.hand(0) == [RUN_EM_OFF, INVADER, INVADER]
    assert t.minions_on(0) == [COLLECTOR, REX]  # nobody is destroyed by this duel
    _grant_minion(t)
    t.play(INVADER, 0)
    assert t.pending is None  # once per turn


def test_shoguns_palace_on_a_tie_both_controllers_draw_two() -> None:
    decks = [[COLLECTOR] * 4, [COLLECTOR] * 4]
    t = Table([PALACE, TAR], hands=[[INVADER], []], board=[(0, INVADER, 1)], decks=decks)
    t.play(INVADER, 0)
    t.choose(INVADER)
    assert t.hand(0) == [COLLECTOR, COLLECTOR]
    assert t.hand(1) == [COLLECTOR, COLLECTOR]


# --- Stagecoach -----------------------------------------------------------------------------------


def _bury_from_hand(t: Table, card: str, base: int, seat: int) -> str:
    """Bury a card of `seat`'s hand at `base` with the engine's verb; its public handle."""
    task = Task("bury", {"uid": t.hand_uid(card, seat), "to": base, "seat": seat, "by": seat})
    t.state, events = run(t.state, [task], random.Random(0))
    t.events += events
    return t.state.bases[base].buried[-1].id


def test_stagecoach_relocates_my_action_on_a_base_and_my_buried_card_to_another_base() -> None:
    t = Table([OASIS, TAR], hands=[[GOLD_STRIKE, STAGECOACH, REX], []], board=[(0, COLLECTOR, 0)])
    t.play(GOLD_STRIKE, 0)
    handle = _bury_from_hand(t, REX, 0, 0)
    _grant_an_action(t)
    t.play(STAGECOACH)
    strike = t.state.bases[0].attached[0].uid
    assert sorted(t.options()) == sorted([COLLECTOR, GOLD_STRIKE, REX, "skip"])
    t.choose(strike)
    t.choose(handle)
    assert [a.card for a in t.state.bases[1].attached] == [GOLD_STRIKE]  # the only other base
    assert [c.id for c in t.state.bases[1].buried] == [handle]
    assert t.state.bases[0].attached == ()
    assert t.state.bases[0].buried == ()
    assert t.minions_on(0) == [COLLECTOR]


def test_stagecoach_moves_up_to_two_of_my_minions_from_one_base() -> None:
    board = [(0, COLLECTOR, 0), (0, INVADER, 0), (0, REX, 0), (1, REX, 1)]
    t = Table([OASIS, TAR, HOME], hands=[[STAGECOACH], []], board=board)
    t.play(STAGECOACH)
    assert REX in t.options()
    t.choose(t.minion(COLLECTOR).uid)
    assert REX in t.options()
    assert COLLECTOR not in t.options()
    t.choose(t.minion(INVADER).uid)
    t.choose(2)
    assert t.minions_on(2) == [COLLECTOR, INVADER]
    assert t.minions_on(0) == [REX]


def test_stagecoach_may_take_a_single_card() -> None:
    t = Table([OASIS, TAR], hands=[[STAGECOACH], []], board=[(0, COLLECTOR, 0), (0, INVADER, 0)])
    t.play(STAGECOACH)
    t.choose(t.minion(COLLECTOR).uid)
    t.choose("skip")
    assert t.minions_on(1) == [COLLECTOR]
    assert t.minions_on(0) == [INVADER]


# --- Gold in Them Thar Hills ----------------------------------------------------------------------


def test_gold_in_them_thar_hills_takes_one_of_the_top_three_and_orders_the_others() -> None:
    deck = [COLLECTOR, INVADER, REX, OVERLORD]
    t = Table([OASIS], hands=[[GOLD_HILLS], []], decks=[deck, [REX] * 3])
    t.play(GOLD_HILLS)
    assert t.options() == [COLLECTOR, INVADER, REX]  # not the fourth card
    t.choose(INVADER)
    revealed = [e.card for e in t.events if e.type == "card_revealed"]
    assert revealed == [INVADER]
    assert t.options() == [COLLECTOR, REX]
    t.choose(REX)
    assert t.deck(0) == [REX, COLLECTOR, OVERLORD]
    assert t.pending.kind == "yes_no"
    t.choose("skip")
    assert t.hand(0) == [INVADER]


def test_gold_in_them_thar_hills_may_play_the_card_taken_as_an_extra_minion() -> None:
    deck = [REX, COLLECTOR, COLLECTOR]
    t = Table([OASIS, TAR], hands=[[GOLD_HILLS], []], decks=[deck, [REX] * 3])
    t.play(GOLD_HILLS)
    t.choose(REX)
    t.choose("play")
    t.choose(1)
    assert t.minions_on(1) == [REX]
    assert [a.kind for a in t.state.players[0].plays] == ["minion"]  # its own play is kept


# --- Dynamite Surprise ----------------------------------------------------------------------------

PROBE = "aliens.probe"


def test_dynamite_surprise_before_scoring_destroys_a_small_minion_there_when_not_winning() -> None:
    board = [(0, REX, 0), (0, REX, 0), (0, INVADER, 0), (0, COLLECTOR, 1)]
    t = Table([OASIS, TAR], hands=[[], [DYNAMITE]], board=board, base_deck=[HOME])
    t.end_turn()
    assert t.pending.seat == 1
    t.choose(t.hand_uid(DYNAMITE, 1) + ":0")
    assert sorted(t.options()) == [COLLECTOR, INVADER]  # power 4 or less, on that base
    t.choose(INVADER)
    played = next(e for e in t.events if e.type == "action_played")
    assert (played.card, played.allowance) == (DYNAMITE, None)
    assert INVADER in t.discard(0)
    assert DYNAMITE in t.discard(1)


def test_dynamite_surprise_is_not_offered_to_the_player_with_the_most_power() -> None:
    board = [(0, REX, 1), (0, REX, 1), (0, INVADER, 0)]
    t = Table([OASIS, TAR], hands=[[], [DYNAMITE]], board=board, base_deck=[HOME])
    t.end_turn()
    assert "action_played" not in kinds(t)
    assert DYNAMITE in t.hand(1)


def test_dynamite_surprise_answers_a_look_at_its_hand_destroying_a_minion_of_the_looker() -> None:
    board = [(1, INVADER, 0), (0, REX, 0)]
    t = Table([OASIS, TAR], hands=[[PROBE], [DYNAMITE, COLLECTOR]], board=board)
    t.play(PROBE)
    assert t.pending.seat == 1
    assert "King Rex" not in t.pending.prompt
    t.choose(t.hand_uid(DYNAMITE, 1) + ":1")  # Invader, the only small minion of seat 0
    assert t.minions_on(1) == []
    assert DYNAMITE in t.discard(1)
    assert COLLECTOR in t.discard(1)  # then the Probe goes on


def test_a_probe_answered_by_dynamite_surprise_chooses_among_the_cards_left_in_that_hand() -> None:
    """The Brownie destroyed by the Dynamite makes its destroyer discard two cards at random:
    the Probe then finds no minion in that hand (it offered them before: a 10,000-game run)."""
    board = [(1, "tricksters.brownie", 0), (0, REX, 0)]
    t = Table([OASIS, TAR], hands=[[PROBE], [DYNAMITE, COLLECTOR, PINKERTON]], board=board)
    t.play(PROBE)
    t.choose(t.hand_uid(DYNAMITE, 1) + ":1")
    assert sorted(t.discard(1)) == sorted([DYNAMITE, COLLECTOR, PINKERTON])
    assert t.pending is None  # no minion left to choose: the Probe ends
    assert PROBE in t.discard(0)


def test_dynamite_surprise_revealed_from_its_owners_deck_by_another_players_card() -> None:
    def peek(fx: Fx) -> Steps:
        return fx.reveal(fx.deck(1)[0], "deck")

    with abilities.extra(REX, OnPlay(peek)):
        t = Table([OASIS], hands=[[REX], []], board=[(0, INVADER, 0)], decks=[[], [DYNAMITE]])
        t.play(REX, 0)
        assert t.pending.seat == 1
        t.choose(t.state.players[1].deck[0].uid + ":2")
    assert t.discard(0) == [INVADER]
    assert t.discard(1) == [DYNAMITE]
    assert t.deck(1) == []


def test_dynamite_surprise_merely_looked_at_in_its_owners_deck_does_nothing() -> None:
    def look(fx: Fx) -> Steps:
        return fx.reveal(fx.deck(1)[0], "deck", to=fx.me)

    with abilities.extra(REX, OnPlay(look)):
        t = Table([OASIS], hands=[[REX], []], board=[(0, INVADER, 0)], decks=[[], [DYNAMITE]])
        t.play(REX, 0)
    assert t.pending is None
    assert t.deck(1) == [DYNAMITE]


def test_a_look_at_a_hand_without_dynamite_surprise_asks_nothing_of_a_seat_without_cowboys() -> (
    None
):
    t = Table([OASIS, TAR], hands=[[PROBE], [COLLECTOR]], board=[(1, INVADER, 0)])
    t.play(PROBE)
    asked = [e.decision.seat for e in t.events if e.type == "decision_requested"]
    assert 1 not in asked
    assert t.discard(1) == [COLLECTOR]
