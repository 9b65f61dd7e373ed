"""Fixtures of the replay tests: the API tests' Redis, key prefix and spec-checking client."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from api import create_app
from events.connection import RedisClient
from tests.api.conftest import (  # noqa: F401  (fixtures shared with the API tests)
    app,
    client,
    contract,
    make_app,
    store,
)
from tests.replays.helpers import bot_game, export


@pytest.fixture(scope="module")
def finished_log(redis_client: RedisClient) -> Iterator[str]:
    """The exported log of an all-bot game played to its end (once per module)."""
    chosen = f"replaylog-{uuid.uuid4().hex}"
    config = {"TESTING": True, "REDIS_CLIENT": redis_client, "KEY_PREFIX": chosen}
    plain = create_app({**config, "RQ_ASYNC": False}).test_client()
    yield export(plain, bot_game(plain, seed="finished"))
    keys = list(redis_client.scan_iter(match=f"{chosen}:*", count=1000))
    if keys:
        redis_client.delete(*keys)
