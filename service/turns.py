"""Whose turn it is: a seat's awaited decision (long-polled until there is one), and the bot
turns to schedule again after a restart."""

from __future__ import annotations

import time
from typing import Any

from domain import awaited_seat
from domain.view import awaiting
from service.games import Games, bot_awaited


def seat_turns(games: Games, game_id: str, seat: int, wait: float) -> list[dict[str, Any]]:
    """The awaited decision of ``seat`` in its game, waiting up to ``wait`` s for one: woken by
    each write to the game's stream (a bot's whole fast turn is one write), whose events it
    folds without reading the game again."""
    deadline = time.monotonic() + wait
    state = games.load(game_id)
    if awaited_seat(state) != seat and state.status == "active" and wait > 0:
        with games.waiters.slot():
            while awaited_seat(state) != seat:
                remaining = deadline - time.monotonic()
                if state.status != "active" or remaining <= 0:
                    return []
                found = games.store.wait(game_id, state.version, remaining)
                state = games.follow(game_id, state, found)
    if awaited_seat(state) != seat:
        return []
    return [
        {"game": game_id, "seat": seat, "version": state.version, "awaiting": awaiting(state, seat)}
    ]


def resume_bots(games: Games) -> int:
    """Schedule bot turns for every active game waiting for a bot; return how many."""
    if games.bots is None:
        return 0
    count = 0
    for game_id in games.store.list_games():
        if games.store.meta(game_id).get("status") == "ended":
            continue
        state = games.load(game_id)
        if bot_awaited(state):
            games.bots.schedule(game_id, state.version)
            count += 1
    return count
