"""The rq job that updates the ratings after a rated game ended (service.ratings)."""

from __future__ import annotations

import logging

from service.social import social_of
from workers.jobs import games_for_job
from workers.queue import DEFAULT_PREFIX

log = logging.getLogger(__name__)


def rate_game(game_id: str, prefix: str = DEFAULT_PREFIX) -> bool:
    """rq job: update the ratings of ``game_id``; True if this run wrote the update (a second
    run, or a run after one that wrote it, changes nothing)."""
    social = social_of(games_for_job(prefix))
    if social is None:
        raise RuntimeError("the games service has no account services attached")
    done = social.ratings.apply(game_id)
    log.info("game %s: ratings %s", game_id, "updated" if done else "already updated or unrated")
    return done
