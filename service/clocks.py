"""Turn clocks: each decision of a client's seat in a clocked game has a deadline, the time of
the game's last event plus the clock's seconds (so it survives any restart: it is in the log).

After every append the service asks its :class:`ClockScheduler` (the rq queue: a scheduled job,
kept in Redis) to check the game at that deadline; :func:`expire` is what the check does. It
does nothing if the game has moved on; otherwise the rules record the expiry (clock_expired)
and the seat forfeits or, with ``on_expiry: "bot"``, the clock's bot plays that decision.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol

from domain import GameState, awaited_seat
from domain.ai.search import Budget
from domain.bots import make_bot
from domain.commands import ExpireClock
from service.games import Games
from service.outcomes import StaleVersion


class ClockScheduler(Protocol):
    """Runs :func:`expire` for a game version at a moment (seconds since the epoch)."""

    def schedule_expiry(self, game_id: str, version: int, at: float) -> None: ...


def client_awaited(state: GameState) -> int | None:
    """The seat a clocked game waits for when a client plays it (None otherwise)."""
    seat = awaited_seat(state)
    if state.clock is None or seat is None or state.players[seat].bot is not None:
        return None
    return seat


def deadline(games: Games, game_id: str, state: GameState) -> float | None:
    """When the awaited client's decision is due (seconds since the epoch), or None."""
    if client_awaited(state) is None or state.clock is None:
        return None
    last = games.event_time(game_id, state.version)  # known after this process's appends
    if last is None:
        return None
    at = datetime.fromisoformat(last.replace("Z", "+00:00"))
    return at.astimezone(UTC).timestamp() + state.clock.seconds


def deadline_text(moment: float) -> str:
    """A deadline as an ISO-8601 UTC timestamp with milliseconds."""
    text = datetime.fromtimestamp(moment, UTC).isoformat(timespec="milliseconds")
    return text.replace("+00:00", "Z")


def attach_clocks(games: Games, scheduler: ClockScheduler) -> None:
    """Schedule a clock check after every append that leaves a clocked game waiting for a
    client."""

    def listener(game_id: str, old_version: int, state: GameState) -> None:
        due = deadline(games, game_id, state)
        if due is not None:
            scheduler.schedule_expiry(game_id, state.version, due)

    games.listeners.append(listener)


def resume_clocks(games: Games, scheduler: ClockScheduler) -> int:
    """Schedule the clock check of every active clocked game waiting for a client (after a
    restart: checks already scheduled are kept in Redis; a duplicate does nothing)."""
    count = 0
    for game_id in games.store.list_games():
        if games.store.meta(game_id).get("status") == "ended":
            continue
        state = games.load(game_id)
        due = deadline(games, game_id, state)
        if due is not None:
            scheduler.schedule_expiry(game_id, state.version, due)
            count += 1
    return count


def expire(
    games: Games,
    game_id: str,
    version: int,
    *,
    budget: Budget | None = None,
    now: Callable[[], float] = time.time,
    scheduler: ClockScheduler | None = None,
) -> str:
    """Check a game's clock at ``version``; answer what happened: ``stale`` (the game moved
    on), ``early`` (re-scheduled at the deadline), ``forfeit`` or ``played``."""
    state = games.load(game_id)
    seat = client_awaited(state)
    due = deadline(games, game_id, state)
    if state.version != version or seat is None or due is None or state.clock is None:
        return "stale"
    if now() < due:
        if scheduler is not None:  # at least a second on: a new job, not this one again
            scheduler.schedule_expiry(game_id, version, max(due, now()) + 1.0)
        return "early"
    try:
        result = games.execute(game_id, seat, ExpireClock(seat), expected_version=version)
    except StaleVersion:
        return "stale"
    after = result.state
    if state.clock.on_expiry == "forfeit" or after is None or awaited_seat(after) != seat:
        return "forfeit" if state.clock.on_expiry == "forfeit" else "played"
    policy = make_bot(state.clock.bot, budget=budget, clock=time.monotonic)
    command = policy(after, seat, random.Random(f"{after.seed}:{after.version}:clock"))
    if command is None:
        return "played"
    try:
        games.execute(game_id, seat, command, expected_version=after.version)
    except StaleVersion:
        return "stale"  # the client answered in the meantime
    return "played"
