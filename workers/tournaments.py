"""The rq job that moves a tournament on (service.tournaments; its queue:
:mod:`workers.tournament_queue`)."""

from __future__ import annotations

import logging

from service.tournaments import tournaments_of
from workers.jobs import games_for_job
from workers.queue import DEFAULT_PREFIX

log = logging.getLogger(__name__)


def advance_tournament(tournament_id: str, prefix: str = DEFAULT_PREFIX) -> str:
    """rq job: start, pair or finish tournament ``tournament_id`` as its state asks
    (:meth:`Tournaments.advance`; running it twice changes nothing more)."""
    tournaments = tournaments_of(games_for_job(prefix))
    if tournaments is None:
        raise RuntimeError("the games service has no tournaments attached")
    done = tournaments.advance(tournament_id)
    log.info("tournament %s: %s", tournament_id, done)
    return done
