"""Bots: pure policies from (state, seat, rng) to a legal command.

`random` plays legal moves at random; `greedy` and `search` (domain.ai) play well and decide only
from what their seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from domain.ai.greedy import greedy_bot
from domain.ai.search import Budget, SearchBot
from domain.commands import Command, EndTurn
from domain.decide import legal_moves
from domain.model import GameState

Policy = Callable[[GameState, int, random.Random], Command | None]


def random_bot(state: GameState, seat: int, rng: random.Random) -> Command | None:
    """A legal command chosen at random, preferring to play cards before ending the turn."""
    moves = legal_moves(state, seat)
    if not moves:
        return None
    # legal moves list EndTurn last, once, if at all: the plays are the moves before it
    plays = moves[:-1] if isinstance(moves[-1], EndTurn) else moves
    if plays and (len(plays) == len(moves) or rng.random() < 0.9):
        return rng.choice(plays)
    return rng.choice(moves)


BOT_NAMES = ("random", "greedy", "search")


def make_bot(
    name: str, *, budget: Budget | None = None, clock: Callable[[], float] | None = None
) -> Policy:
    """The policy of a bot by name; `search` takes a budget and, for a seconds budget, a clock."""
    if name == "random":
        return random_bot
    if name == "greedy":
        return greedy_bot
    if name == "search":
        return SearchBot(budget, clock)
    raise KeyError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")


BOTS: dict[str, Policy] = {name: make_bot(name) for name in BOT_NAMES}
"""Each bot's policy with its default budget (`search`: playouts only, no clock)."""
