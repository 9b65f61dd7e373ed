"""The legal-move listing's fast paths agree with the general paths they skip."""

from __future__ import annotations

from domain import abilities, moves, plays, rules, talents
from domain.abilities import Restriction
from domain.commands import Choose, ExpireClock, PickFaction
from domain.decide import _PLAY_MOVES
from domain.effects import Talent
from domain.model import GameState, Zone
from domain.moments import Window
from domain.specials import specials_for
from domain.table import TABLE_COMMANDS
from tests.domain.seeded import seeded_moves


def _states(seed: int) -> list[tuple[GameState, int]]:
    return [(m.before, m.seat) for m in seeded_moves(seed)]


def test_talents_are_skipped_only_when_no_seat_could_use_one() -> None:
    for seed in range(3):
        for state, seat in _states(seed):
            if rules.none_in_play(state, Talent):
                assert talents.usable(state, seat) == []


def test_the_restrictions_for_a_seat_are_those_in_play_for_it_even_when_none_are_listed() -> None:
    listed_none = 0
    for seed in range(3):
        for state, _ in _states(seed):
            for seat in range(len(state.players)):
                found = plays.restrictions(state, seat)
                assert list(found) == list(abilities.in_play(state, Restriction, seat))
                listed_none += not found
    assert listed_none  # the fast path was taken


def test_the_bases_listed_for_a_minion_are_those_allowance_finds_a_play_on() -> None:
    from_discard = 0
    for seed in range(6):
        for state, seat in _states(seed):
            p = state.players[seat]
            if state.phase != "play" or state.pending is not None or not p.plays:
                continue
            where = moves.HandPlays(state, seat)
            piles = [(Zone.HAND, p.hand)]
            if plays.from_discard_possible(state, p.plays):
                piles.append((Zone.DISCARD, p.discard))
            for zone, pile in piles:
                for card in {c.card for c in pile if rules.card_type(c.card) == "minion"}:
                    expected = [
                        b
                        for b in range(len(state.bases))
                        if plays.allowance(state, seat, card, b, zone, choose=False) is not None
                    ]
                    assert list(where.minion_bases(card, zone)) == expected, (card, zone)
                    from_discard += zone == Zone.DISCARD and bool(expected)
    assert from_discard  # minions were found playable from a discard pile


def _allowance_by_ranking_every_fitting_play(
    state: GameState, seat: int, card: str, base: int | None, zone: str, choose: bool
) -> int | None:
    """`plays.allowance` as it was written before its shortcuts: every play asked whether it
    fits, every fitting one ranked."""
    kind = rules.card_type(card)
    if kind == "action" and plays.special_only(card):
        return None
    power = rules.printed_power(card)
    fitting = [
        (plays._strictness(a), i)
        for i, a in enumerate(state.players[seat].plays)
        if a.kind == kind
        and (a.max_power is None or power <= a.max_power)
        and plays._fits_here(state, seat, card, base, zone, a)
    ]
    if not fitting or rules.play_forbidden(state, seat, card, -1 if base is None else base):
        return None
    if choose and len(fitting) > 1:
        fitting = [((plays._left_playable(state, seat, card, i), *k), i) for k, i in fitting]
    return max(fitting)[1]


def test_the_allowance_a_card_uses_is_the_best_ranked_of_the_plays_that_fit() -> None:
    ranked = 0
    for seed in range(4):
        for state, seat in _states(seed):
            p = state.players[seat]
            if state.phase != "play" or not p.plays:
                continue
            for zone, pile in ((Zone.HAND, p.hand), (Zone.DISCARD, p.discard)):
                for card in {c.card for c in pile}:
                    for base in (None, *range(len(state.bases))):
                        for choose in (False, True):
                            args = (state, seat, card, base, zone, choose)
                            found = plays.allowance(*args)
                            assert found == _allowance_by_ranking_every_fitting_play(*args)
                            ranked += found is not None and len(p.plays) > 1
    assert ranked  # cards were played with several plays left


def test_a_made_once_choose_equals_a_new_one() -> None:
    for seed in range(2):
        for state, seat in _states(seed):
            if state.pending is not None:
                for o in state.pending.options:
                    made = moves.choose(seat, o.id)
                    assert made == Choose(seat, o.id)
                    assert moves.choose(seat, o.id) is made


def test_specials_indexed_by_window_value_match_every_window() -> None:
    state, seat = _states(0)[-1]
    for window in Window:
        assert specials_for(state, seat, window, -1) == specials_for(state, seat, window, -1)


def test_no_clock_table_or_draft_command_is_of_a_class_decide_takes_for_a_play_move() -> None:
    others = (ExpireClock, PickFaction, *TABLE_COMMANDS)
    assert _PLAY_MOVES
    for cls in _PLAY_MOVES:
        assert not issubclass(cls, others), cls
        assert not any(issubclass(other, cls) for other in others), cls
