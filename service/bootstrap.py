"""One way to build the games service, shared by the app, the CLI and the rq jobs."""

from __future__ import annotations

from typing import Any

from events.connection import connect
from events.store import EventStore
from service.games import Games
from service.waiters import DEFAULT_LIMIT, Waiters
from workers.queue import DEFAULT_PREFIX, QUEUE_NAME, BotQueue


def build(
    *,
    redis_url: str | None = None,
    data_dir: str | None = None,
    client: Any = None,
    prefix: str = DEFAULT_PREFIX,
    rq_async: bool = True,
    queue_name: str = QUEUE_NAME,
    max_waiters: int = DEFAULT_LIMIT,
) -> Games:
    """The games service on ``client`` (else ``redis_url``, else ``REDIS_URL``, else an embedded
    Redis in ``data_dir``), its events under ``prefix``, its bot jobs on rq queue ``queue_name``
    (run in the calling thread when ``rq_async`` is False), serving at most ``max_waiters``
    waiting requests at once."""
    connection = client if client is not None else connect(redis_url, data_dir)
    bots = BotQueue(connection, prefix=prefix, is_async=rq_async, name=queue_name)
    return Games(EventStore(connection, prefix=prefix), bots, waiters=Waiters(max_waiters))
