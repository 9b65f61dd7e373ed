"""One way to build the games service, shared by the app, the CLI and the rq jobs."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from domain.ai.search import Budget
from events.connection import connect
from events.store import EventStore
from service.clocks import attach_clocks
from service.games import Games
from service.social import attach
from service.waiters import DEFAULT_LIMIT, Waiters
from service.webhooks import BACKOFF, networks
from workers.queue import DEFAULT_PREFIX, QUEUE_NAME, BotQueue
from workers.webhooks import WebhookQueue, send


def build(
    *,
    redis_url: str | None = None,
    data_dir: str | None = None,
    client: Any = None,
    prefix: str = DEFAULT_PREFIX,
    rq_async: bool = True,
    queue_name: str = QUEUE_NAME,
    max_waiters: int = DEFAULT_LIMIT,
    webhook_networks: Sequence[str] | None = None,
    webhook_backoff: float | None = None,
    search_budget: Budget | None = None,
) -> Games:
    """The games service on ``client`` (else ``redis_url``, else ``REDIS_URL``, else an embedded
    Redis in ``data_dir``), its events under ``prefix``, its bot jobs on rq queue ``queue_name``
    (run in the calling thread when ``rq_async`` is False), serving at most ``max_waiters``
    waiting requests at once. Webhooks may target the private ``webhook_networks`` (CIDRs; None:
    the comma-separated ``WEBHOOK_ALLOWED_NETWORKS`` variable) and retry after
    ``webhook_backoff`` seconds, doubling (None: :data:`service.webhooks.BACKOFF`). The
    `search` bot thinks within ``search_budget`` per decision (None: the environment's,
    :func:`workers.queue.search_budget_from_env`)."""
    connection = client if client is not None else connect(redis_url, data_dir)
    bots = BotQueue(
        connection, prefix=prefix, is_async=rq_async, name=queue_name, search_budget=search_budget
    )
    games = Games(EventStore(connection, prefix=prefix), bots, waiters=Waiters(max_waiters))
    bots.games = games
    attach_clocks(games, bots)
    if webhook_networks is None:
        webhook_networks = os.environ.get("WEBHOOK_ALLOWED_NETWORKS", "").split(",")
    hooks = WebhookQueue(
        connection,
        prefix=prefix,
        is_async=rq_async,
        name=queue_name,
        allowed=[n for n in webhook_networks if n.strip()],
        backoff=webhook_backoff,
    )
    # accounts, feeds, challenges and webhooks: told of every append
    social = attach(
        games,
        hooks,
        networks(webhook_networks),
        BACKOFF if webhook_backoff is None else webhook_backoff,
    )
    hooks.inline_attempt = lambda delivery: social.webhooks.attempt(delivery, send)
    return games
