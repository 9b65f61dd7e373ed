"""Seeded random playouts: games end with a winner and the log rebuilds the exact state."""

from __future__ import annotations

import json

import pytest

from domain import replay
from domain.events import Event
from domain.model import GameState
from domain.rules import WIN_VP
from domain.serialize import (
    EVENT_SCHEMA,
    STATE_FORMAT,
    SnapshotMismatch,
    event_from_dict,
    event_to_dict,
    state_from_json,
    state_to_json,
)
from domain.setup import RULES_VERSION
from tests.domain.seeded import play_to_the_end, seeded_start


def playout(seed: int, seats: int) -> tuple[GameState, list[Event], list[GameState]]:
    rng, events = seeded_start(seed, seats)
    return play_to_the_end(events, rng)


@pytest.mark.parametrize("seed", range(24))
def test_a_seeded_random_game_ends_with_a_winner_and_replays_exactly(seed: int) -> None:
    state, events, states = playout(seed, 2 + seed % 3)
    assert state.status == "ended"
    assert state.winner is not None
    assert state.players[state.winner].vp >= WIN_VP
    assert sorted(p.vp for p in state.players)[-2] < state.players[state.winner].vp
    stored = [event_from_dict(event_to_dict(e)) for e in events]
    assert replay(stored) == state
    assert state.version == len(events)
    for s in states[:: max(1, len(states) // 10)]:
        assert replay(stored[: s.version]) == s
        assert state_from_json(state_to_json(s)) == s


def test_the_same_seed_and_moves_give_the_same_game() -> None:
    a, events_a, _ = playout(7, 3)
    b, events_b, _ = playout(7, 3)
    assert a == b
    assert events_a == events_b


def test_a_snapshot_is_stamped_and_one_from_another_schema_or_rules_version_is_not_decoded() -> (
    None
):
    state, _, _ = playout(3, 2)
    text = state_to_json(state)
    stamped = json.loads(text)
    assert (stamped["schema"], stamped["rules"]) == (EVENT_SCHEMA, RULES_VERSION)
    assert stamped["format"] == STATE_FORMAT
    assert state_from_json(text) == state
    others = ({"schema": EVENT_SCHEMA - 1}, {"rules": "0"}, {"format": STATE_FORMAT - 1})
    for other in (*others, {"schema": None, "rules": None}):
        with pytest.raises(SnapshotMismatch):
            state_from_json(json.dumps({**stamped, **other}))
    with pytest.raises(SnapshotMismatch):
        state_from_json(json.dumps(stamped["state"]))  # unstamped, as before stamps existed
