"""The rq queue of bot turns, and the scheduler the games service uses to fill it.

An asynchronous :class:`BotQueue` enqueues ``play_bots`` jobs for ``smashup worker`` processes. A
synchronous one (``is_async=False``, for tests and single-process tools) runs them right away in
the calling thread; jobs scheduled while one is running there (its follow-ups) are queued and run
after it returns, so a long all-bot game is a loop of jobs, never a recursion.
"""

from __future__ import annotations

import logging
import math
import os
import re
import threading
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from rq import Queue
from rq.worker_registration import get_keys

from domain.ai.search import Budget

if TYPE_CHECKING:
    from service.games import Games

log = logging.getLogger(__name__)

QUEUE_NAME = "smashup"
DEFAULT_PREFIX = "smashup"
JOB = "workers.bots.play_bots"
CLOCK_JOB = "workers.clocks.expire_clock"
RATING_JOB = "workers.ratings.rate_game"
JOB_TIMEOUT = 120
"""Seconds one job may run (a job plays a bounded number of moves)."""
FAILURE_TTL = 24 * 3600

_inline = threading.local()


def search_budget_from_env() -> Budget:
    """The `search` bot's budget per decision: ``SMASHUP_SEARCH_PLAYOUTS`` (default 32) and
    ``SMASHUP_SEARCH_SECONDS`` (default 1), whichever runs out first."""
    default = Budget()
    playouts = os.environ.get("SMASHUP_SEARCH_PLAYOUTS") or default.playouts
    seconds = os.environ.get("SMASHUP_SEARCH_SECONDS") or default.seconds
    return Budget(max(1, int(playouts)), max(0.01, float(seconds)))


class BotQueue:
    """Schedules ``play_bots(game_id, version)`` jobs on an rq queue."""

    def __init__(
        self,
        connection: Any,
        *,
        prefix: str = DEFAULT_PREFIX,
        is_async: bool = True,
        name: str = QUEUE_NAME,
        search_budget: Budget | None = None,
    ) -> None:
        self.prefix = prefix
        self.search_budget = search_budget or search_budget_from_env()
        """The `search` bot's budget per decision in the jobs of this queue."""
        self.queue = Queue(name, connection=connection, is_async=is_async)
        self.games: Games | None = None
        """The service that schedules on this queue (inline jobs use it)."""

    @property
    def is_async(self) -> bool:
        """True when jobs go to workers, False when they run in the calling thread."""
        return self.queue.is_async

    def live_workers(self) -> int | None:
        """How many rq workers serve this queue with a live heartbeat (None: jobs run inline).
        Read without making rq Worker objects, which would change the client's socket timeout."""
        if not self.is_async:
            return None
        keys = get_keys(queue=self.queue)
        if not keys:
            return 0
        pipe = self.queue.connection.pipeline(transaction=False)  # rq's Redis (RQ_REDIS_URL)
        for key in keys:
            pipe.exists(key)
        return int(sum(pipe.execute()))

    def queue_name(self) -> str:
        """The name of the rq queue."""
        return str(self.queue.name)

    def schedule(self, game_id: str, version: int) -> None:
        """Have the bots of a game play from ``version`` (now if synchronous, else later)."""
        if self.is_async:
            self._enqueue(game_id, version)
            return
        pending: list[tuple[BotQueue, str, int]] | None = getattr(_inline, "pending", None)
        if pending is not None:
            pending.append((self, game_id, version))
            return
        _inline.pending = pending = [(self, game_id, version)]
        try:
            while pending:
                owner, game, at = pending.pop(0)
                _inline.owner = owner
                owner._enqueue(game, at)
        finally:
            _inline.pending = None
            _inline.owner = None

    def schedule_expiry(self, game_id: str, version: int, at: float) -> None:
        """Have a worker check the clock of ``game_id`` at ``version`` at time ``at`` (seconds
        since the epoch): an rq scheduled job, kept in Redis, run by a worker's scheduler (also
        for a synchronous queue: a clock never runs in a request). rq's scheduler keeps whole
        seconds, so the check is set for the next whole second (never before ``at``); checks of
        the same game, version and second are one job (a duplicate does nothing), a later one
        (a check that ran early re-schedules itself) another."""
        second = math.ceil(at)
        self.queue.enqueue_at(
            datetime.fromtimestamp(second, UTC),
            CLOCK_JOB,
            game_id,
            version,
            prefix=self.prefix,
            job_id=re.sub(
                r"[^A-Za-z0-9_-]", "_", f"clock-{self.prefix}-{game_id}-{version}-{second}"
            ),
            job_timeout=JOB_TIMEOUT,
            result_ttl=0,
            failure_ttl=FAILURE_TTL,
            description=f"clock of game {game_id} at version {version}",
        )

    def schedule_rating(self, game_id: str) -> None:
        """Have a worker update the ratings of a rated game that ended (one job per game while
        it waits; the update itself is written once however often it runs)."""
        inline = not self.is_async and getattr(_inline, "owner", None) is None
        if inline:
            _inline.owner = self
        try:
            self.queue.enqueue(
                RATING_JOB,
                game_id,
                prefix=self.prefix,
                job_id=re.sub(r"[^A-Za-z0-9_-]", "_", f"rating-{self.prefix}-{game_id}"),
                job_timeout=JOB_TIMEOUT,
                result_ttl=0,
                failure_ttl=FAILURE_TTL,
                description=f"ratings after game {game_id}",
            )
        finally:
            if inline:
                _inline.owner = None

    def _enqueue(self, game_id: str, version: int) -> None:
        job = self.queue.enqueue(
            JOB,
            game_id,
            version,
            prefix=self.prefix,
            job_timeout=JOB_TIMEOUT,
            result_ttl=0,
            failure_ttl=FAILURE_TTL,
            description=f"bots of game {game_id} from version {version}",
        )
        if not self.is_async and job.get_status(refresh=False) == "failed":
            log.error("bot job for game %s at version %s failed", game_id, version)


def queue_for_job(connection: Any, origin: str, prefix: str) -> BotQueue:
    """The queue a running job schedules its follow-up on: the inline one if it runs inline."""
    owner: BotQueue | None = getattr(_inline, "owner", None)
    if owner is not None:
        return owner
    return BotQueue(connection, prefix=prefix, name=origin)
