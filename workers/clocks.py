"""The rq job that checks a turn clock when it is due (service.clocks.expire)."""

from __future__ import annotations

import logging

from service.clocks import expire
from workers.jobs import games_for_job
from workers.queue import DEFAULT_PREFIX, BotQueue

log = logging.getLogger(__name__)


def expire_clock(game_id: str, version: int, prefix: str = DEFAULT_PREFIX) -> str:
    """rq job: expire the awaited client's clock in ``game_id`` if it is still at ``version``."""
    games = games_for_job(prefix)
    queue = games.bots if isinstance(games.bots, BotQueue) else None
    budget = queue.search_budget if queue is not None else None
    outcome = expire(games, game_id, version, budget=budget, scheduler=queue)
    log.info("game %s: clock at version %d: %s", game_id, version, outcome)
    return outcome
