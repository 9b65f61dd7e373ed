"""The board's fast paths (what is in play, asked about abilities, the triggers of a moment)
give exactly what the plain definitions give, on the states of seeded random games."""

from __future__ import annotations

from itertools import pairwise

import pytest

from domain import abilities, rules
from domain.abilities import GrantsAbilities, OngoingPower, Protection
from domain.effects import Triggered
from domain.model import GameState, replace
from domain.moments import Moment
from domain.registry import Source
from tests.domain.seeded import game_states


def plain_sources(state: GameState) -> tuple[Source, ...]:
    """What is in play, by the definition: each base (unless blanked), its actions, then each
    minion and its actions; then the lingering effects in force."""
    here: list[Source] = []
    for i, b in enumerate(state.bases):
        if abilities.base_active(state, i):
            here.append(Source(b.card, b.card, i, -1))
        here += [Source(a.card, a.uid, i, a.controller) for a in b.attached]
        for m in b.minions:
            here.append(Source(m.card, m.uid, i, m.controller))
            here += [Source(a.card, a.uid, i, a.controller, host=m.uid) for a in m.attached]
    here += [
        Source(x.card, f"lingering:{x.card}", -1, x.seat)
        for x in state.lingering
        if x.from_turn <= state.turn <= x.until_turn
    ]
    return tuple(here)


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_the_sources_kept_per_base_and_per_minion_are_what_is_in_play(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    moved = 0
    for before, state in pairwise(states):
        assert abilities.sources(state) == plain_sources(state)
        moved += before.bases != state.bases
    assert moved > 20  # boards changed, so the kept sources were asked about new ones


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_a_board_made_after_another_keeps_only_the_parts_of_the_bases_it_shares(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    shared = 0
    for before, state in pairwise(states):
        swapped = replace(state, bases=state.bases[::-1])  # the same bases at other places
        for now in (state, swapped):  # each made from the last board
            board = abilities._board(now)
            assert board.sources == plain_sources(now)
            assert board.changers == abilities._find_changers(plain_sources(now))
        kept = [a is b for a, b in zip(before.bases, state.bases, strict=False)]
        shared += any(kept) and not all(kept)
    assert shared > 20  # boards shared some bases but not all, so parts were kept and made


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_the_triggers_of_a_moment_made_from_each_base_are_those_in_play_for_it(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    found = 0
    for state in states:
        for seat in (None, *range(seats)):
            every = abilities.in_play(state, Triggered, seat)
            for moment in Moment:
                plain = [(s, a) for s, a in every if a.moment == moment]
                assert abilities.triggered_at(state, Triggered, moment, seat) == plain
                found += len(plain) > 1
    assert found > 5  # moments several cards reacted to, so their order was checked


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_the_cards_in_play_kept_with_a_board_are_those_of_what_is_in_play(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    for state in states:
        plain = frozenset(s.card for s in plain_sources(state))
        changing = abilities.changes_in_play(state)
        assert rules.cards_in_play(state) == (None if changing else plain)
        for kind in (Triggered, OngoingPower, Protection):
            if rules.none_in_play(state, kind):
                assert not any(abilities.in_play(state, kind, seat) for seat in range(seats))


def _reaches_none(state: GameState, giver: Source, src: Source) -> bool:
    return False


def test_no_cards_in_play_are_kept_while_something_in_play_grants_abilities() -> None:
    states, _ = game_states(5)
    state = next(s for s in states if any(b.minions for b in s.bases))
    minion = next(m for b in state.bases for m in b.minions)
    assert rules.cards_in_play(state) is not None
    with abilities.extra(minion.card, GrantsAbilities(_reaches_none, ())):
        assert rules.cards_in_play(state) is None  # a card may have others than its script's
    assert rules.cards_in_play(state) is not None
