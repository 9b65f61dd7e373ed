"""The services built on the test cluster, as the cluster tests use them."""

from __future__ import annotations

import uuid
from typing import Any

from bootstrap import build
from events.connection import RedisClient, connect
from service.games import Games
from service.social import Social, social_of
from tests.redis_server import RedisServer


def social_on_cluster(
    client: RedisClient, rq_redis: RedisServer, **options: Any
) -> tuple[Games, Social]:
    """The games service on the cluster ``client`` under a prefix of its own, rq's queues on
    ``rq_redis``, built with ``options`` (as :func:`bootstrap.build`); and its account services."""
    games = build(
        client=client, rq_client=connect(rq_redis.url), prefix=f"t-{uuid.uuid4().hex}", **options
    )
    social = social_of(games)
    assert social is not None
    return games, social
