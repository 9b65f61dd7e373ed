"""The games service: snapshots, the state cache, and loading only what is new."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from domain import PlayerSetup, event_from_dict, replay, state_to_json
from events.store import EventStore
from service.games import SNAPSHOT_EVERY, Games
from service.outcomes import GameNotFound
from workers.queue import BotQueue

BOTS = [
    PlayerSetup("A", ("aliens", "dinosaurs"), "random"),
    PlayerSetup("B", ("ninjas", "pirates"), "random"),
]


class CountingStore(EventStore):
    """An event store that records the ``after`` of every read of events."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reads: list[int] = []

    def read(self, game_id: str, after: int = 0, until: int | None = None) -> list[Any]:
        """Record the read, then read."""
        self.reads.append(after)
        return super().read(game_id, after, until)

    def load(self, game_id: str, cached_version: int = 0, token_hash: str | None = None) -> Any:
        """Load; record the version the events read follow, unless none were read."""
        loaded = super().load(game_id, cached_version, token_hash)
        if loaded.entries or loaded.snapshot is not None:
            self.reads.append(loaded.after)
        return loaded


@pytest.fixture
def played(store: EventStore) -> str:
    """A finished all-bot game, played inline."""
    games = Games(store, BotQueue(store.redis, prefix=store.prefix, is_async=False))
    return games.create(BOTS, seed="service").game_id


def test_a_snapshot_is_kept_and_loading_reads_only_the_events_after_it(
    store: EventStore, played: str
) -> None:
    snapshot = store.load_snapshot(played)
    assert snapshot is not None
    assert snapshot[0] >= SNAPSHOT_EVERY
    assert store.version(played) - snapshot[0] < 2 * SNAPSHOT_EVERY
    counting = CountingStore(store.redis, prefix=store.prefix)
    state = Games(counting).load(played)
    assert counting.reads == [snapshot[0]]
    assert state == replay(event_from_dict(e) for e in store.read(played))


def test_a_cached_state_is_served_without_reading_events(store: EventStore, played: str) -> None:
    counting = CountingStore(store.redis, prefix=store.prefix)
    games = Games(counting)
    first = games.load(played)
    second = games.load(played)
    assert second is first
    assert len(counting.reads) == 1


def test_an_unreadable_snapshot_is_dropped_and_the_log_replayed(
    store: EventStore, played: str
) -> None:
    store.delete_snapshots(played)
    store.save_snapshot(played, 10, "{not json")
    state = Games(store).load(played)
    assert state == replay(event_from_dict(e) for e in store.read(played))
    snapshot = store.load_snapshot(played)
    assert snapshot is None or snapshot[0] == state.version


def test_a_snapshot_of_another_rules_version_is_ignored_and_the_log_replayed(
    store: EventStore, played: str
) -> None:
    truth = replay(event_from_dict(e) for e in store.read(played))
    forged = json.loads(state_to_json(replace(truth, winner=None, turn=999)))
    store.delete_snapshots(played)
    store.save_snapshot(played, truth.version, json.dumps({**forged, "rules": "0"}))
    assert Games(store).load(played) == truth
    store.delete_snapshots(played)
    store.save_snapshot(played, truth.version, json.dumps(forged))  # this code's stamp: used
    assert Games(store).load(played).turn == 999


def test_loading_an_unknown_game_raises_not_found(store: EventStore) -> None:
    with pytest.raises(GameNotFound):
        Games(store).load("missing")
