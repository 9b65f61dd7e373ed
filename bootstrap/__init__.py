"""The composition root: the one way to build the games service, shared by the app, the CLI and
the rq jobs.

It sits above every layer, as a top-level package of its own, because wiring needs them all:
the store (``events``), the service (``service``) and the queues that carry its jobs
(``workers``). Inside ``service`` it made ``service`` import ``workers`` (and ``workers``, whose
jobs build the service, import ``service`` back); here ``service`` depends on neither. It imports
no Flask, so an rq worker that runs a job builds the service without loading the web app."""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from typing import Any

import redis

from domain.ai.search import Budget
from events.archive import open_backend
from events.archived import ArchivingStore
from events.connection import Timeouts, connect, rq_connection
from events.memory import MemoryStore
from events.store import IDEMPOTENCY_TTL, SETTLE_TIMEOUT
from service.archive import Archiver
from service.clocks import attach_clocks
from service.games import SNAPSHOT_EVERY, Games
from service.outcomes import BotScheduler
from service.social import attach
from service.tournaments import attach_tournaments
from service.waiters import DEFAULT_LIMIT, Waiters
from service.webhooks import BACKOFF, networks
from workers.queue import DEFAULT_PREFIX, QUEUE_NAME, BotQueue
from workers.tournament_queue import TournamentQueue
from workers.webhooks import WebhookQueue, send

log = logging.getLogger(__name__)


def build(
    *,
    redis_url: str | None = None,
    data_dir: str | None = None,
    client: Any = None,
    rq_client: Any = None,
    prefix: str = DEFAULT_PREFIX,
    rq_async: bool = True,
    queue_name: str = QUEUE_NAME,
    max_waiters: int = DEFAULT_LIMIT,
    webhook_networks: Sequence[str] | None = None,
    webhook_backoff: float | None = None,
    timeouts: Timeouts | None = None,
    settle_timeout: float | None = None,
    idempotency_ttl: int | None = None,
    search_budget: Budget | None = None,
    archive_url: str | None = None,
) -> Games:
    """The games service on ``client`` (else ``redis_url``, else ``REDIS_URL``, else an embedded
    Redis in ``data_dir``), its events under ``prefix``, its bot jobs on rq queue ``queue_name``
    (run in the calling thread when ``rq_async`` is False) kept in ``rq_client`` (else the Redis of
    ``RQ_REDIS_URL``, else the events' own; required when the events live on a cluster), serving at
    most ``max_waiters`` waiting requests at once. Webhooks may target the private
    ``webhook_networks`` (CIDRs; None: the comma-separated ``WEBHOOK_ALLOWED_NETWORKS`` variable)
    and retry after ``webhook_backoff`` seconds, doubling (None: :data:`service.webhooks.BACKOFF`).
    Redis requests wait at most ``timeouts`` (None:
    ``REDIS_SOCKET_TIMEOUT``/``REDIS_CONNECT_TIMEOUT`` or the defaults); an append whose answer was
    lost is settled for at most ``settle_timeout`` seconds (None: ``APPEND_SETTLE_TIMEOUT`` or
    :data:`events.store.SETTLE_TIMEOUT`), and idempotency records expire after ``idempotency_ttl``
    seconds (None: ``IDEMPOTENCY_TTL`` or :data:`events.store.IDEMPOTENCY_TTL`). The `search` bot
    thinks within ``search_budget`` per decision (None: the environment's,
    :func:`workers.queue.search_budget_from_env`). Finished games are archived to the backend of
    ``archive_url`` (None: ``ARCHIVE_URL``, else the events' Redis; see :mod:`events.archive`)."""
    connection = client if client is not None else connect(redis_url, data_dir, timeouts)
    queues = rq_client if rq_client is not None else rq_connection(connection, timeouts)
    bots = BotQueue(
        queues, prefix=prefix, is_async=rq_async, name=queue_name, search_budget=search_budget
    )
    if settle_timeout is None:
        settle_timeout = float(os.environ.get("APPEND_SETTLE_TIMEOUT") or SETTLE_TIMEOUT)
    if idempotency_ttl is None:
        idempotency_ttl = int(os.environ.get("IDEMPOTENCY_TTL") or IDEMPOTENCY_TTL)
    if idempotency_ttl < 1:
        raise ValueError(f"IDEMPOTENCY_TTL must be at least 1 second, not {idempotency_ttl}")
    store = ArchivingStore(
        connection,
        prefix=prefix,
        settle_timeout=settle_timeout,
        idempotency_ttl=idempotency_ttl,
        backend=open_backend(archive_url or os.environ.get("ARCHIVE_URL"), connection, prefix),
    )
    try:
        store.load_scripts()
    except redis.RedisError:
        log.warning("could not load the scripts into Redis yet; they load on first use")
    games = Games(store, bots, waiters=Waiters(max_waiters))
    Archiver(store).attach(games)
    bots.games = games
    attach_clocks(games, bots)
    if webhook_networks is None:
        webhook_networks = os.environ.get("WEBHOOK_ALLOWED_NETWORKS", "").split(",")
    hooks = WebhookQueue(
        queues,
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
        rating_jobs=bots,
    )
    hooks.inline_attempt = lambda delivery: social.webhooks.attempt(delivery, send)
    attach_tournaments(
        games, TournamentQueue(bots)
    )  # after the accounts: a game's end is rated first
    return games


def build_for_job(job: Any, prefix: str, **options: Any) -> Games:
    """The games service of an rq job running in a worker: on the events' Redis, with rq's
    queues on the job's own connection. With ``RQ_REDIS_URL`` set (the worker was started with
    it) the events are elsewhere, at ``REDIS_URL``; else they share the job's Redis."""
    if os.environ.get("RQ_REDIS_URL"):
        return build(rq_client=job.connection, prefix=prefix, **options)
    return build(client=job.connection, prefix=prefix, **options)


def in_memory(bots: BotScheduler | None = None, *, snapshot_every: int = SNAPSHOT_EVERY) -> Games:
    """The games service on a :class:`events.memory.MemoryStore`, with no Redis: for tests and
    in-process tools. Accounts, webhooks and quotas keep their data in Redis, so none are
    attached; bot turns go to ``bots`` (None: nobody plays them)."""
    return Games(MemoryStore(), bots, snapshot_every=snapshot_every)
