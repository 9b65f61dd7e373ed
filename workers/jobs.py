"""The games service an rq job runs on (shared by the clock and rating jobs)."""

from __future__ import annotations

from rq import get_current_job

from bootstrap import build, build_for_job
from service.games import Games
from workers.queue import queue_for_job


def games_for_job(prefix: str) -> Games:
    """The service of the running job: its inline caller's (same listeners and settings), else
    one built on the job's Redis (outside rq: from the environment); follow-up bot jobs go on
    the job's own queue."""
    job = get_current_job()
    if job is None:
        return build(prefix=prefix)
    owner = queue_for_job(job.connection, job.origin, prefix)
    games = owner.games or build_for_job(job, prefix)
    games.bots = owner
    return games
