"""The rq job that updates the ratings after a rated game ended (service.ratings)."""

from __future__ import annotations

import logging

from rq import get_current_job

from bootstrap import build, build_for_job
from service.social import social_of
from workers.queue import DEFAULT_PREFIX, queue_for_job

log = logging.getLogger(__name__)


def rate_game(game_id: str, prefix: str = DEFAULT_PREFIX) -> bool:
    """rq job: update the ratings of ``game_id``; True if this run wrote the update (a second
    run, or a run after one that wrote it, changes nothing)."""
    job = get_current_job()
    if job is None:
        games = build(prefix=prefix)
    else:
        owner = queue_for_job(job.connection, job.origin, prefix)
        games = owner.games or build_for_job(job, prefix)
    social = social_of(games)
    if social is None:
        raise RuntimeError("the games service has no account services attached")
    done = social.ratings.apply(game_id)
    log.info("game %s: ratings %s", game_id, "updated" if done else "already updated or unrated")
    return done
