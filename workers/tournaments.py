"""The rq job that moves a tournament on (service.tournaments), and the queue that runs it."""

from __future__ import annotations

import logging
import re
import threading
from datetime import UTC, datetime

from service.games import Games
from service.social import social_of
from service.tournaments import Tournaments
from workers.jobs import games_for_job
from workers.queue import DEFAULT_PREFIX, FAILURE_TTL, JOB_TIMEOUT, BotQueue
from workers.queue import _inline as _bots_inline

log = logging.getLogger(__name__)

TOURNAMENT_JOB = "workers.tournaments.advance_tournament"
_running = threading.local()


def tournaments_of(games: Games) -> Tournaments | None:
    """The tournaments service listening to ``games``, if any."""
    return next((t for t in games.listeners if isinstance(t, Tournaments)), None)


def advance_tournament(tournament_id: str, prefix: str = DEFAULT_PREFIX) -> str:
    """rq job: start, pair or finish tournament ``tournament_id`` as its state asks
    (:meth:`Tournaments.advance`; running it twice changes nothing more)."""
    tournaments = tournaments_of(games_for_job(prefix))
    if tournaments is None:
        raise RuntimeError("the games service has no tournaments attached")
    done = tournaments.advance(tournament_id)
    log.info("tournament %s: %s", tournament_id, done)
    return done


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


def attach_tournaments(games: Games, bots: BotQueue) -> Tournaments:
    """Build the tournaments service over ``games`` (its account services attached first),
    told of every append, with its jobs on ``bots``'s queue."""
    existing = tournaments_of(games)
    if existing is not None:
        return existing
    social = social_of(games)
    if social is None:
        raise RuntimeError("the games service has no account services attached")
    tournaments = Tournaments(social.accounts, social.feeds, TournamentQueue(bots))
    games.listeners.append(tournaments)
    return tournaments
