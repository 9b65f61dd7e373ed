"""The bot job: plays the moves of bot seats until a human must act or the game ends."""

from __future__ import annotations

import dataclasses
import logging
import random
import time
from datetime import UTC, datetime
from typing import Any

from rq import get_current_job

from bootstrap import build, build_for_job
from domain import Event, GameState, awaited_seat, decide_and_evolve
from domain.ai.search import Budget
from domain.bots import make_bot
from events.errors import VersionConflict
from service.games import Games, bot_awaited
from service.metrics import BOT_JOB_SECONDS, BOT_JOB_WAIT_SECONDS, COMMAND_TIMES, Stopwatch
from workers.queue import DEFAULT_PREFIX, BotQueue, queue_for_job

log = logging.getLogger(__name__)

MAX_MOVES = 40
"""Moves one job plays before handing the game to a follow-up job (fairness between games)."""
MAX_CONFLICTS = 10
FLUSH_SECONDS = 0.05
"""Seconds of deciding after which the bot moves decided so far are appended (a fast bot's
whole turn is one write; a slow one's moves are still seen as they are made)."""


def play_bots(game_id: str, version: int, prefix: str = DEFAULT_PREFIX) -> int:
    """rq job: play the bots of ``game_id`` if it is still at ``version``; return moves made.

    Idempotent: a job for a version the game has left, or for a game waiting for a human, does
    nothing. After :data:`MAX_MOVES` moves it schedules a follow-up job instead of going on.
    """
    watch = Stopwatch()
    job = get_current_job()
    if job is not None and job.enqueued_at is not None:
        waited = datetime.now(UTC) - job.enqueued_at.replace(tzinfo=UTC)
        BOT_JOB_WAIT_SECONDS.observe(max(waited.total_seconds(), 0.0))
    if job is not None:
        owner = queue_for_job(job.connection, job.origin, prefix)
        # an inline job shares its caller's service (its listeners and their settings)
        games = owner.games or _service_for(job, prefix)
        games.bots = owner
    else:
        games = build(prefix=prefix)
    moves = run_bots(games, game_id, version)
    BOT_JOB_SECONDS.observe(watch.seconds())
    log.info("game %s: bots made %d moves from version %d", game_id, moves, version)
    return moves


_SERVICES: dict[tuple[int, str], tuple[Any, Games]] = {}


def _service_for(job: Any, prefix: str) -> Games:
    """The games service of the jobs on this connection and prefix: built by the first one and
    kept for the next ones of this process (a ``BotWorker`` runs every job in it), so a job
    loads no Redis scripts and finds the states the last one left in the service's cache
    (re-checked against the log on every load)."""
    key = (id(job.connection), prefix)
    found = _SERVICES.get(key)
    if found is None or found[0] is not job.connection:  # kept with it: its id is not reused
        found = _SERVICES[key] = (job.connection, build_for_job(job, prefix))
    return found[1]


def run_bots(games: Games, game_id: str, version: int, max_moves: int = MAX_MOVES) -> int:
    """Play up to ``max_moves`` bot moves from ``version``; schedule a follow-up if still due.

    Consecutive bot moves are decided on the state in memory and appended together, in one
    write (see :func:`decide_moves`): the log holds the same events as if each had been sent
    alone, and the listeners are told of each in turn."""
    state = games.load(game_id)
    if state.version != version or not bot_awaited(state):
        return 0
    moves = conflicts = 0
    budget = games.bots.search_budget if isinstance(games.bots, BotQueue) else Budget()
    while moves < max_moves and bot_awaited(state):
        played = decide_moves(state, budget, max_moves - moves)
        if not played:
            log.error("game %s: bot of seat %s has no legal move", game_id, awaited_seat(state))
            return moves
        try:
            games.commit(game_id, state, played, schedule_bots=False)
        except VersionConflict:
            conflicts += 1
            if conflicts > MAX_CONFLICTS:
                return moves
            state = games.load(game_id)
            continue
        state = played[-1][1]
        moves += len(played)
    if bot_awaited(state) and games.bots is not None:
        games.bots.schedule(game_id, state.version)
    return moves


def decide_moves(
    state: GameState, budget: Budget, limit: int, flush: float | None = None
) -> list[tuple[tuple[Event, ...], GameState]]:
    """The bot moves that follow ``state`` while bots are awaited: each move's events and the
    state after them; at most ``limit`` moves, and no more once ``flush`` seconds were spent
    deciding (None: :data:`FLUSH_SECONDS`), so a slow bot's moves are still seen one by one.
    Empty when the awaited bot has no move. A move the rules refuse raises, as its command
    would have."""
    seconds = FLUSH_SECONDS if flush is None else flush
    started = time.monotonic()
    played: list[tuple[tuple[Event, ...], GameState]] = []
    while len(played) < limit and bot_awaited(state):
        seat = awaited_seat(state)
        assert seat is not None
        policy = make_bot(state.players[seat].bot or "", budget=budget, clock=time.monotonic)
        command = policy(state, seat, random.Random(f"{state.seed}:{state.version}:bot"))
        if command is None:
            break
        if command.seat != seat:
            command = dataclasses.replace(command, seat=seat)
        watch = Stopwatch()
        events, state = decide_and_evolve(state, command)
        COMMAND_TIMES["accepted"].observe(watch.seconds())
        played.append((tuple(events), state))
        if time.monotonic() - started >= seconds:
            break
    return played
