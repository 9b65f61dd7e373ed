"""Whether the server can serve: the store answers, and who plays the bots (``/v1/health``)."""

from __future__ import annotations

import logging
import time
from typing import Any, Protocol, runtime_checkable

import redis

from service.games import Games

log = logging.getLogger(__name__)


@runtime_checkable
class WorkerPool(Protocol):
    """A bot scheduler whose jobs run in worker processes."""

    def live_workers(self) -> int | None:
        """How many workers are alive to run the jobs (None: jobs run in the calling thread)."""
        ...

    def queue_name(self) -> str:
        """The name of the queue the workers serve."""
        ...


def health(games: Games) -> tuple[dict[str, Any], int]:
    """The health report and its HTTP status: 503 when the store does not answer, ``degraded``
    when bot jobs go to workers and none is alive (bot seats wait), else ``ok``."""
    started = time.perf_counter()
    try:
        games.store.ping()
    except (redis.RedisError, OSError):
        # no error text: it may name hosts (REDIS_URL); the server's log has it
        log.warning("health: Redis does not answer", exc_info=True)
        return {"status": "unavailable", "redis": {"ok": False}}, 503
    latency = round((time.perf_counter() - started) * 1000, 3)
    bots: dict[str, Any] = {"mode": "inline"}
    pool = games.bots
    if isinstance(pool, WorkerPool) and (workers := pool.live_workers()) is not None:
        bots = {"mode": "queue", "queue": pool.queue_name(), "workers": workers}
    # with no live worker (rq's heartbeat registry), bot seats wait: the server is degraded
    status = "degraded" if bots.get("workers") == 0 else "ok"
    return {"status": status, "redis": {"ok": True, "latency_ms": latency}, "bots": bots}, 200
