"""The queue of tournament jobs (:func:`workers.tournaments.advance_tournament`)."""

from __future__ import annotations

import re
import threading
from datetime import UTC, datetime

from workers.queue import FAILURE_TTL, JOB_TIMEOUT, BotQueue
from workers.queue import _inline as _bots_inline

TOURNAMENT_JOB = "workers.tournaments.advance_tournament"
_running = threading.local()


class TournamentQueue:
    """Schedules :func:`advance_tournament` jobs on the bot queue's rq queue. Inline (a
    synchronous queue), a job asked for while one runs in this thread runs after it."""

    def __init__(self, bots: BotQueue) -> None:
        self.bots = bots

    def schedule_tournament(self, tournament_id: str, at: float | None = None) -> None:
        """Have a worker run the tournament's job: soon, or at ``at`` (seconds since the
        epoch; an rq scheduled job, kept in Redis, run by a worker's scheduler)."""
        queue = self.bots.queue
        options = {
            "prefix": self.bots.prefix,
            "job_timeout": JOB_TIMEOUT,
            "result_ttl": 0,
            "failure_ttl": FAILURE_TTL,
            "description": f"tournament {tournament_id}",
        }
        if at is not None:
            when = datetime.fromtimestamp(at, UTC)
            name = re.sub(r"[^A-Za-z0-9_-]", "_", f"tournament-{self.bots.prefix}-{tournament_id}")
            queue.enqueue_at(when, TOURNAMENT_JOB, tournament_id, job_id=name, **options)
            return
        if self.bots.is_async:
            queue.enqueue(TOURNAMENT_JOB, tournament_id, **options)
            return
        pending: list[str] | None = getattr(_running, "pending", None)
        if pending is not None:
            pending.append(tournament_id)
            return
        _running.pending = pending = [tournament_id]
        owner = getattr(_bots_inline, "owner", None)
        try:
            while pending:
                _bots_inline.owner = self.bots  # the inline job finds this service
                queue.enqueue(TOURNAMENT_JOB, pending.pop(0), **options)
        finally:
            _running.pending = None
            _bots_inline.owner = owner
