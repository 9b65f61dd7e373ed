"""The games service on the in-memory store: no Redis, the same answers."""

from __future__ import annotations

import random
import threading

import pytest

from bootstrap import in_memory
from domain import Choose, GameState, PlayerSetup, event_from_dict, replay, state_from_json
from domain.bots import random_bot
from domain.decide import awaited_seat
from events.memory import MemoryStore
from service.accounts import Accounts
from service.games import Games
from service.outcomes import StaleVersion

PLAYERS = [
    PlayerSetup("A", ("aliens", "dinosaurs")),
    PlayerSetup("B", ("ninjas", "pirates")),
]


def _play(games: Games, game_id: str, moves: int, seed: int = 7) -> GameState:
    """Up to ``moves`` random commands of whichever seat is awaited; the state after them."""
    rng = random.Random(seed)
    state = games.load(game_id)
    for _ in range(moves):
        seat = awaited_seat(state)
        if state.status != "active" or seat is None:
            break
        command = random_bot(state, seat, rng)
        assert command is not None
        result = games.execute(game_id, seat, command, state.version)
        assert result.state is not None
        state = result.state
    return state


def test_a_game_played_on_the_memory_store_replays_from_its_stored_log() -> None:
    games = in_memory(snapshot_every=20)
    created = games.create(PLAYERS, seed="memory")
    state = _play(games, created.game_id, 120)
    assert state.version > 40
    stored = games.store.read(created.game_id)
    assert [e["version"] for e in stored] == list(range(1, state.version + 1))
    assert replay(event_from_dict(e) for e in stored) == state
    snapshot = games.store.load_snapshot(created.game_id)
    assert snapshot is not None
    assert snapshot[0] >= 20
    assert Games(games.store).load(created.game_id) == state  # from the snapshot, no cache


def test_a_command_retried_with_its_key_answers_the_first_answer_and_appends_nothing() -> None:
    games = in_memory()
    created = games.create(PLAYERS, seed="retry")
    state = games.load(created.game_id)
    seat = awaited_seat(state)
    assert seat is not None
    first = games.execute(created.game_id, seat, Choose(seat, "keep"), idempotency_key="k1")
    again = games.execute(created.game_id, seat, Choose(seat, "keep"), idempotency_key="k1")
    assert not first.replayed
    assert again.replayed
    assert again.answer == first.answer
    assert games.store.version(created.game_id) == first.answer["version"]


def test_a_command_at_a_stale_version_is_refused_and_changes_nothing() -> None:
    games = in_memory()
    created = games.create(PLAYERS, seed="stale")
    state = _play(games, created.game_id, 3)
    seat = awaited_seat(state)
    assert seat is not None
    command = random_bot(state, seat, random.Random(1))
    assert command is not None
    with pytest.raises(StaleVersion):
        games.execute(created.game_id, seat, command, expected_version=state.version - 1)
    assert games.store.version(created.game_id) == state.version


def test_waiting_for_events_wakes_up_when_another_thread_plays() -> None:
    games = in_memory()
    created = games.create(PLAYERS, seed="wait")
    version = games.load(created.game_id).version
    player = threading.Timer(0.2, _play, (games, created.game_id, 1))
    player.start()
    try:
        seen = games.events(created.game_id, None, after=version, wait=5, limit=10)
    finally:
        player.join()
    assert seen
    assert seen[0]["version"] == version + 1


def test_accounts_need_the_redis_store_and_say_so() -> None:
    games = Games(MemoryStore())
    with pytest.raises(
        TypeError, match="accounts, challenges and webhooks keep their data in Redis"
    ):
        Accounts(games)


def test_snapshots_taken_mid_turn_hold_no_takeback_checkpoints_and_load_the_same_state() -> None:
    games = in_memory(snapshot_every=1)  # every command crosses a snapshot mark
    created = games.create(PLAYERS, seed="checkpoints")
    state = games.load(created.game_id)
    rng, mid_turn = random.Random(3), 0
    for _ in range(80):
        seat = awaited_seat(state)
        if state.status != "active" or seat is None:
            break
        command = random_bot(state, seat, rng)
        assert command is not None
        result = games.execute(created.game_id, seat, command, state.version)
        assert result.state is not None
        state = result.state
        snapshot = games.store.load_snapshot(created.game_id)
        assert snapshot is not None
        kept = state_from_json(snapshot[1])
        assert kept.table is None or kept.table.undo is None, snapshot[0]
        mid_turn += snapshot[0] < state.version  # kept at the turn's oldest checkpoint
        assert Games(games.store).load(created.game_id) == state  # no cache: snapshot + log
    assert mid_turn > 0
