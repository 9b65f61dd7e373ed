"""What only the in-memory store shows: its clock for expiring records, and its limits."""

from __future__ import annotations

import pytest

from events.errors import DuplicateCommand
from events.memory import MemoryStore
from events.protocol import GameStore, RedisStore, on_redis
from events.store import EventStore

from .helpers import event


def test_an_idempotency_record_expires_after_its_ttl_on_the_stores_clock() -> None:
    now = [100.0]
    store = MemoryStore(idempotency_ttl=60, clock=lambda: now[0])
    store.create("g", [event("created")])
    store.append("g", 1, [event("a")], idempotency_key="k", response={"n": 1})
    now[0] += 59
    with pytest.raises(DuplicateCommand):
        store.append("g", 2, [event("b")], idempotency_key="k", response={"n": 2})
    now[0] += 2
    assert store.idempotent_response("g", "k") is None
    store.append("g", 2, [event("b")], idempotency_key="k", response={"n": 2})
    assert store.idempotent_response("g", "k") == {"n": 2}


def test_metadata_alone_does_not_make_a_game_that_cannot_be_created() -> None:
    store = MemoryStore()
    store.set_meta("g", {"status": "active"})
    assert not store.exists("g")
    store.create("g", [event("created")], {"created_at": "2026-01-01T00:00:00.000Z"})
    assert store.version("g") == 1
    assert store.meta("g") == {"status": "active", "created_at": "2026-01-01T00:00:00.000Z"}


def test_what_needs_redis_refuses_the_memory_store_by_name() -> None:
    with pytest.raises(TypeError, match="the sweeper keep their data in Redis"):
        on_redis(MemoryStore(), "the sweeper")


def test_the_redis_store_is_both_a_game_store_and_a_redis_store(redis_store: EventStore) -> None:
    found: GameStore = on_redis(redis_store, "accounts")
    assert isinstance(found, RedisStore)
    assert found is redis_store
