"""The board's fast paths (what is in play, asked about abilities, the triggers of a moment)
give exactly what the plain definitions give, on the states of seeded random games."""

from __future__ import annotations

from itertools import pairwise
from typing import TypeVar

import pytest

from domain import abilities, boards, rules
from domain.abilities import (
    Ability,
    GrantsAbilities,
    OngoingPower,
    PlaysFromDiscard,
    Protection,
    Restriction,
)
from domain.effects import Talent, Triggered
from domain.model import GameState, replace
from domain.moments import Moment
from domain.registry import Source
from tests.domain.seeded import game_states

A = TypeVar("A", bound=Ability)


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
        assert abilities.sources(before) == plain_sources(before)  # the last state, again
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
            board = boards.board(now)
            assert board.sources == plain_sources(now)
            assert board.changers == boards.find_changers(plain_sources(now))
        kept = [a is b for a, b in zip(before.bases, state.bases, strict=False)]
        shared += any(kept) and not all(kept)
    assert shared > 20  # boards shared some bases but not all, so parts were kept and made


def plain_in_play(state: GameState, kind: type[A], seat: int | None) -> list[tuple[Source, A]]:
    """Every (source in play, ability) of a kind, by the definition: each source's, as `of`
    answers it for `seat`, in board order."""
    return [(s, a) for s in plain_sources(state) for a in abilities.of(state, s, kind, seat)]


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_a_part_made_from_the_last_after_a_minion_came_holds_what_is_at_its_base(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    grown = 0
    for before, state in pairwise(states):
        boards.board(before)
        parts = boards.board(state).parts  # made after before's board, as in a game
        for i, (was, b) in enumerate(zip(before.bases, state.bases, strict=False)):
            mine = tuple(s for s in plain_sources(state) if s.base == i)
            assert parts[i].sources == mine
            assert parts[i].changers == boards.find_changers(mine)
            grown += len(b.minions) == len(was.minions) + 1 and b.minions[:-1] == was.minions
    assert grown > 20  # minions played onto an unchanged base, so parts were grown


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_the_abilities_in_play_gathered_from_each_base_are_those_of_what_is_in_play(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    kinds = (OngoingPower, Protection, Triggered, Talent, Restriction)
    seen = (None, *range(seats))
    plain = [{(k, seat): plain_in_play(s, k, seat) for k in kinds for seat in seen} for s in states]
    for n in range(1, len(states)):
        for k in (n, n - 1, n):  # this state, the last one again, then this one
            for kind in kinds:
                for seat in seen:
                    assert abilities.in_play(states[k], kind, seat) == plain[k][(kind, seat)]
    several = [pairs for p in plain for pairs in p.values() if len({s.base for s, _ in pairs}) > 1]
    assert len(several) > 20  # abilities on several bases, so each base's were joined in order


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_the_triggers_of_a_moment_made_from_each_base_are_those_in_play_for_it(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    found = 0
    for state in states:
        for seat in (None, *range(seats)):
            every = plain_in_play(state, Triggered, seat)
            for moment in Moment:
                plain = [(s, a) for s, a in every if a.moment == moment]
                assert abilities.triggered_at(state, Triggered, moment, seat) == plain
                found += len({s.base for s, _ in plain}) > 1
    assert found > 5  # moments cards on several bases reacted to, so their order was checked


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_no_kind_is_said_to_be_absent_from_play_unless_no_card_in_play_has_it(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    kinds = (OngoingPower, Protection, Restriction, Talent, PlaysFromDiscard, Triggered)
    plain = [
        {
            kind: not abilities.changes_in_play(state)
            and not any(abilities.printed(s.card, kind) for s in plain_sources(state))
            for kind in kinds
        }
        for state in states
    ]
    for n in range(1, len(states)):
        for k in (n, n - 1, n):  # this state, the last one again, then this one
            for kind in kinds:
                assert rules.none_in_play(states[k], kind) is plain[k][kind]
    assert sum(p[kind] for p in plain for kind in kinds) > 20  # kinds no card in play had
    assert sum(not p[kind] for p in plain for kind in kinds) > 20  # kinds some card had


@pytest.mark.parametrize(("seed", "seats"), [(5, 2), (8, 3)])
def test_the_cards_in_play_kept_with_a_board_are_those_of_what_is_in_play(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    plain = [
        None if abilities.changes_in_play(s) else frozenset(c.card for c in plain_sources(s))
        for s in states
    ]
    for n in range(1, len(states)):
        for k in (n, n - 1, n):  # this state, the last one again, then this one
            assert rules.cards_in_play(states[k]) == plain[k]


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
