"""`search`: the greedy bot's best few moves, each played out in the same determinizations.

Each round deals a fresh determinization of what the seat cannot see (domain.ai.knowledge) and
plays each candidate in it, then plays on with the playout policy (domain.ai.rollout: every
seat plays its best-valued move) to the start of the seat's next turn, so the other seats'
answers and the scorings they lead to are seen; the state reached is judged by
domain.ai.evaluate. Every candidate meets the same cards and the same future draws in a round
(common random numbers), so their differences are not drowned in the luck of the deal. The
candidate of best mean is played if it beats the greedy bot's own choice by
:data:`MARGIN` on average; otherwise the greedy choice is, so a small budget plays as `greedy`.

The budget is a number of playouts (one candidate played out in one determinization) and, when
a clock is given (the domain reads no clock itself), a number of seconds; a round is not started
when it would not fit, and the first round is always played.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from domain.ai.greedy import ranked
from domain.ai.knowledge import determinize
from domain.ai.rollout import playout
from domain.ai.sim import apply
from domain.commands import Command
from domain.decide import game_commands
from domain.draft import bot_pick, drafting
from domain.model import GameState

CANDIDATES = 4
"""How many of the greedy ranking's best moves are played out."""
MARGIN = 0.2
"""Mean value (in VP) by which a candidate must beat the greedy choice to be played instead."""


@dataclass(frozen=True)
class Budget:
    """Playouts per decision, and seconds when a clock is given."""

    playouts: int = 32
    seconds: float = 1.0


class SearchBot:
    """A bot policy `(state, seat, rng) -> Command | None` searching within a budget."""

    def __init__(
        self, budget: Budget | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        self.budget = budget or Budget()
        self.clock = clock
        self.last_playouts = 0
        self.last_rounds = 0
        self.last_candidates = 0

    def __call__(self, state: GameState, seat: int, rng: random.Random) -> Command | None:
        self.last_playouts = self.last_rounds = self.last_candidates = 0
        if drafting(state):  # a pick reveals nothing to search: the draft's pick rule
            return bot_pick(state, seat, "search")
        moves = game_commands(state, seat)
        if len(moves) <= 1:
            return moves[0] if moves else None
        start = self.clock() if self.clock else 0.0  # the greedy ranking counts in the budget
        prior = ranked(state, seat, rng)
        if not prior:
            return moves[0]
        candidates = [m for _, m in prior[:CANDIDATES]]
        if len(candidates) == 1:
            return candidates[0]
        self.last_candidates = len(candidates)
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = 0
        while self.last_playouts + len(candidates) <= self.budget.playouts or not rounds:
            if self.clock and rounds:
                # stop when one more round (of the mean length so far) would not fit
                spent = self.clock() - start
                if spent + spent / rounds >= self.budget.seconds:
                    break
            det = determinize(state, seat, rng)
            seed = rng.getrandbits(32)
            for k, move in enumerate(candidates):
                after = apply(det, move, random.Random(seed))
                if after is not None:  # a move the dealt cards do not allow counts no result
                    totals[k] += playout(after, seat, seed, state.turn)
                    counts[k] += 1
                self.last_playouts += 1
            rounds += 1
        self.last_rounds = rounds
        means = [t / c if c else float("-inf") for t, c in zip(totals, counts, strict=True)]
        best = max(range(len(candidates)), key=lambda k: (means[k], -k))
        return candidates[best] if means[best] > means[0] + MARGIN else candidates[0]
