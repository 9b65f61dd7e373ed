"""The engine's fast paths give exactly what the plain definitions give, on seeded random games:
the direct legality check, the state decide computes, the cheap event normalisation, the
per-class decoders and the fold's copy."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping
from enum import Enum
from itertools import islice

import pytest

from domain import table
from domain.abilities import sources
from domain.codec import decode, normalize, to_json
from domain.commands import Choose, Command, EndTurn, PlayAction, PlayMinion, UseSpecial
from domain.decide import (
    _check,
    awaited_seat,
    decide_and_evolve,
    is_legal,
    legal_commands,
    legal_moves,
)
from domain.errors import RuleViolation
from domain.model import GameState, Zone, replace
from domain.table import Resign
from tests.domain.seeded import game_states


def candidates(state: GameState) -> list[Command]:
    """Legal and near-miss commands for every seat: every card uid anywhere with every base
    (and one off the board), every minion as a target, bogus options, every Special."""
    uids = [c.uid for p in state.players for z in (p.hand, p.deck, p.discard) for c in z]
    minions = [m.uid for b in state.bases for m in b.minions]
    bases = [*range(len(state.bases) + 1), -1]
    out: list[Command] = []
    for seat in range(len(state.players)):
        out += [EndTurn(seat), Choose(seat, "nope"), Choose(seat, "skip")]
        if state.pending is not None:
            out += [Choose(seat, o.id) for o in state.pending.options]
        for uid in uids + minions:
            out += [PlayMinion(seat, uid, b) for b in bases]
            out += [PlayAction(seat, uid), UseSpecial(seat, uid)]
            out += [PlayAction(seat, uid, base=b) for b in bases]
            out += [PlayAction(seat, uid, target=t) for t in minions[:4]]
            out += [PlayAction(seat, uid, base=0, target=t) for t in minions[:1]]
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_a_command_is_legal_exactly_when_legal_commands_lists_it(seed: int) -> None:
    states, _ = game_states(seed)
    checked = 0
    for state in states[::7]:
        for command in candidates(state):
            fresh = replace(state)  # no cached move list: the direct check runs
            listed = command in legal_commands(state, command.seat)
            assert is_legal(fresh, command) == listed, command
            checked += listed
    assert checked > 50  # legal moves of every kind were among the candidates


@pytest.mark.parametrize("seed", [5, 8])
def test_normalising_an_event_equals_its_json_round_trip(seed: int) -> None:
    _, events = game_states(seed)
    kinds = set()
    for e in events:
        plain = decode(type(e), to_json(e))
        assert normalize(e) == plain
        assert type(normalize(e)) is type(e)
        kinds.add(e.type)
    assert {"decision_requested", "minion_played", "cards_drawn"} <= kinds


def plain_to_json(obj: object) -> object:
    """The plain definition of ``to_json``: one generic recursion, nothing chosen per class."""
    if type(obj) in (str, int, bool, float, type(None)):
        return obj
    if isinstance(obj, Enum):
        return obj.value
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: plain_to_json(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, tuple | list):
        return [plain_to_json(x) for x in obj]
    if isinstance(obj, Mapping):
        return {str(k): plain_to_json(v) for k, v in obj.items()}
    return obj


@pytest.mark.parametrize("seed", [5, 9])
def test_the_per_class_encoders_give_what_the_plain_recursion_gives(seed: int) -> None:
    states, events = game_states(seed)
    for e in events:
        encoded = to_json(e)
        assert encoded == plain_to_json(e)
        assert json.dumps(encoded) == json.dumps(plain_to_json(e))  # the same key order too
    for state in states[::25]:
        assert json.dumps(to_json(state)) == json.dumps(plain_to_json(state))
    assert to_json({1: (Zone.HAND, [2.5, None])}) == {"1": ["hand", [2.5, None]]}


def test_normalising_turns_lists_in_typed_fields_into_tuples_and_untyped_ones_into_json() -> None:
    from domain.events import CardsDrawn, DecisionRequested, GameEnded
    from domain.model import CardRef, Decision, Option, Task

    drawn = CardsDrawn(0, [CardRef("u1", "aliens.invader", 0)])  # type: ignore[arg-type]
    assert normalize(drawn).cards == (CardRef("u1", "aliens.invader", 0),)
    assert normalize(GameEnded(0, [15, 3], "victory")).vp == (15, 3)  # type: ignore[arg-type]
    ask = DecisionRequested(
        Decision(0, "card", "Pick", (Option("a", "A", (1, 2)),), Task("k", {"picked": (1,)}))
    )
    out = normalize(ask).decision
    assert out.options[0].value == [1, 2]
    assert out.then.ctx == {"picked": [1]}


def test_the_folds_copy_equals_dataclasses_replace() -> None:
    states, _ = game_states(2)
    state = states[-1]
    copy = replace(state, turn=state.turn + 1)
    assert copy == dataclasses.replace(state, turn=state.turn + 1)
    assert list(islice(sources(copy), 3)) == list(islice(sources(state), 3))


def test_rule_queries_write_nothing_into_the_states_they_answer_about() -> None:
    states, _ = game_states(3)
    fields = {f.name for f in dataclasses.fields(GameState)}
    for state in states[::20]:
        for seat in range(len(state.players)):
            legal_commands(state, seat)
        sources(state)
        assert set(state.__dict__) == fields
        for b in state.bases:
            assert set(b.__dict__) == {f.name for f in dataclasses.fields(b)}


def test_the_lazily_seeded_random_source_draws_exactly_what_random_random_draws() -> None:
    from domain.randomness import SeededRandom

    plain, lazy = random.Random("g1:42"), SeededRandom("g1:42")
    deck_a, deck_b = list(range(40)), list(range(40))
    plain.shuffle(deck_a)
    lazy.shuffle(deck_b)
    assert deck_a == deck_b
    assert plain.sample(range(100), 7) == lazy.sample(range(100), 7)
    assert [plain.random(), plain.getrandbits(32)] == [lazy.random(), lazy.getrandbits(32)]
    assert plain.getstate() == lazy.getstate()


@pytest.mark.parametrize("seed", [5])
def test_a_command_checked_right_after_its_seat_listed_moves_is_legal_as_checked_directly(
    seed: int,
) -> None:
    states, _ = game_states(seed)
    found_listed = 0
    for state in states[::5]:
        for seat in range(len(state.players)):
            listed = legal_moves(state, seat)
            copies = [dataclasses.replace(c) for c in listed]  # equal, not the listed objects
            others = [*table.table_commands(state, seat, awaited_seat(state)), Resign(seat)]
            for command in [*listed, *copies, *others, *candidates(state)]:  # either seat's
                assert legal_moves(state, seat) is listed  # the check below uses the listing
                direct = is_legal(replace(state), command)  # no listing kept for that copy
                assert is_legal(state, command) == direct, command
                found_listed += direct
    assert found_listed > 50


@pytest.mark.parametrize("seed", [7])
def test_every_listed_move_passes_the_check_decide_skips_for_a_listed_pick(seed: int) -> None:
    states, _ = game_states(seed)
    checked = 0
    for state in states[::3]:
        seat = awaited_seat(state)
        assert seat is not None
        for command in legal_moves(state, seat):
            fresh = replace(state)  # no listing kept for it: decide checks the command
            _check(fresh, command)  # raises if the listed move were not legal
            assert decide_and_evolve(state, command) == decide_and_evolve(fresh, command)
            checked += 1
        assert legal_moves(state, seat)  # listed, yet a move not among them is still refused
        with pytest.raises(RuleViolation):
            decide_and_evolve(state, Choose(seat, "nope"))
    assert checked > 100
