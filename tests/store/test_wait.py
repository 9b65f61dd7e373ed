"""Long-polling for new events."""

from __future__ import annotations

import threading
import time

import pytest
import redis

from events.connection import RedisClient, redis_url_for
from events.store import EventStore

from .helpers import event

pytestmark = pytest.mark.redis


def test_waiting_wakes_up_when_another_thread_appends(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("game_created")])

    def append_later() -> None:
        time.sleep(0.3)
        store.append(game_id, 1, [event("card_drawn", card="c1"), event("card_drawn", card="c2")])

    appender = threading.Thread(target=append_later)
    started = time.monotonic()
    appender.start()
    woke_with = store.wait(game_id, after=1, timeout=10)
    elapsed = time.monotonic() - started
    appender.join()

    assert [e["version"] for e in woke_with] == [2, 3]
    assert [e["payload"]["card"] for e in woke_with] == ["c1", "c2"]
    assert 0.2 < elapsed < 5


def test_waiting_returns_at_once_when_events_are_already_there(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("a"), event("b"), event("c")])

    started = time.monotonic()
    found = store.wait(game_id, after=1, timeout=10)

    assert time.monotonic() - started < 1
    assert [e["version"] for e in found] == [2, 3]
    assert [e["version"] for e in store.wait(game_id, after=0, timeout=10)] == [1, 2, 3]


def test_waiting_reads_at_most_count_events(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("a"), event("b"), event("c"), event("d")])
    assert [e["version"] for e in store.wait(game_id, after=0, timeout=10, count=2)] == [1, 2]
    assert [e["version"] for e in store.wait(game_id, after=2, timeout=0, count=1)] == [3]


def test_waiting_with_nothing_new_returns_nothing_after_the_timeout(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")])

    started = time.monotonic()
    found = store.wait(game_id, after=1, timeout=0.3)
    elapsed = time.monotonic() - started

    assert found == []
    assert 0.25 < elapsed < 3


def test_waiting_on_a_game_not_yet_created_sees_its_creation(
    store: EventStore, game_id: str
) -> None:
    creator = threading.Timer(0.2, lambda: store.create(game_id, [event("game_created")]))
    creator.start()
    found = store.wait(game_id, after=0, timeout=10)
    creator.join()

    assert [e["type"] for e in found] == ["game_created"]


def test_a_zero_timeout_does_not_block(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("game_created")])

    started = time.monotonic()
    assert store.wait(game_id, after=1, timeout=0) == []
    assert [e["version"] for e in store.wait(game_id, after=0, timeout=0)] == [1]
    assert time.monotonic() - started < 1


def test_waiting_longer_than_the_client_socket_timeout_still_works(
    redis_client: RedisClient, prefix: str, game_id: str
) -> None:
    impatient = redis.Redis.from_url(redis_url_for(redis_client), socket_timeout=0.4)
    try:
        store = EventStore(impatient, prefix=prefix)
        store.create(game_id, [event("game_created")])
        started = time.monotonic()
        assert store.wait(game_id, after=1, timeout=1.0) == []
        assert time.monotonic() - started >= 0.95

        appender = threading.Timer(0.9, lambda: store.append(game_id, 1, [event("late")]))
        appender.start()
        found = store.wait(game_id, after=1, timeout=5)
        appender.join()
        assert [e["type"] for e in found] == ["late"]
    finally:
        impatient.close()
