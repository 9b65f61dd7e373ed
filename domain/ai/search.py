"""`search`: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration deals a fresh determinization of what the seat cannot see (domain.ai.knowledge),
walks the tree of moves from the current decision choosing among the moves available in that
determinization by UCB1 (counting how often each move was available), adds one node, plays on
with a fast policy to a horizon (the end of the next round of turns, or the game's end) and
backs up each seat's reward (domain.ai.evaluate). The root's moves start with a bias towards
the greedy bot's ranking that fades as they are visited. The move visited most is played.

The budget is a number of playouts and, when a clock is given (the domain reads no clock
itself), a number of seconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from domain.ai.evaluate import rewards
from domain.ai.greedy import ranked
from domain.ai.knowledge import determinize
from domain.ai.sim import apply
from domain.commands import Command, EndTurn
from domain.decide import awaited_seat, game_commands
from domain.draft import bot_pick, drafting
from domain.model import GameState

EXPLORE = 0.7
BIAS = 2.0
"""Weight of the greedy ranking in the root's selection, divided by visits + 1."""
ROLLOUT_PLAY = 0.85
"""Chance that the rollout policy plays a card rather than ending the turn when both are legal."""
MAX_ROLLOUT = 80
HORIZON_TURNS = 0
"""Rounds of turns a playout looks ahead before its state is judged (0: to the end of this turn)."""


@dataclass
class Node:
    """The moves made from one decision point, shared by every determinization."""

    seat: int | None = None  # who moved into this node
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    bias: float = 0.0
    children: dict[Command, Node] = field(default_factory=dict)

    def ucb(self) -> float:
        if not self.visits:
            return 1e9 + self.bias
        mean = self.reward / self.visits
        explore = EXPLORE * math.sqrt(math.log(max(self.available, 1)) / self.visits)
        return mean + explore + self.bias / (self.visits + 1)


@dataclass(frozen=True)
class Budget:
    """Playouts per decision, and seconds when a clock is given."""

    playouts: int = 300
    seconds: float = 1.0


class SearchBot:
    """A bot policy `(state, seat, rng) -> Command | None` searching within a budget."""

    def __init__(
        self, budget: Budget | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        self.budget = budget or Budget()
        self.clock = clock
        self.last_playouts = 0

    def __call__(self, state: GameState, seat: int, rng: random.Random) -> Command | None:
        if drafting(state):  # a pick reveals nothing to search: the draft's pick rule
            self.last_playouts = 0
            return bot_pick(state, seat, "search")
        moves = game_commands(state, seat)
        if len(moves) <= 1:
            self.last_playouts = 0
            return moves[0] if moves else None
        start = self.clock() if self.clock else 0.0  # the greedy ranking counts in the budget
        root = Node()
        prior = ranked(state, seat, rng)
        if prior:
            top = prior[0][0]
            for v, move in prior:
                root.children[move] = Node(seat=seat, bias=BIAS * max(0.0, 1.0 - (top - v) / 2))
        done = 0
        looped = start
        while done < self.budget.playouts:
            if self.clock and done:
                # stop when one more playout (of the mean length so far) would not fit
                now = self.clock()
                if now - start + 2 * (now - looped) / done >= self.budget.seconds:
                    break
            elif self.clock:
                looped = self.clock()
            self._iterate(root, state, seat, rng)
            done += 1
        self.last_playouts = done
        tried = [(c.visits, -k, m) for k, (m, c) in enumerate(root.children.items())]
        if not tried:
            return moves[0]
        return max(tried, key=lambda t: (t[0], t[1]))[2]

    def _iterate(self, root: Node, real: GameState, seat: int, rng: random.Random) -> None:
        state = determinize(real, seat, rng)
        horizon = state.turn + max(1, HORIZON_TURNS * len(state.players))
        node = root
        path = [root]
        while state.status == "active":
            mover = awaited_seat(state)
            assert mover is not None
            moves = game_commands(state, mover)
            fresh = [m for m in moves if m not in node.children]
            if fresh:
                move = fresh[0] if node is not root else rng.choice(fresh)
                after = apply(state, move, rng)
                if after is None:
                    return
                child = node.children[move] = Node(seat=mover, available=1)
                for m in moves:
                    if m in node.children:
                        node.children[m].available += 1
                state, node = after, child
                path.append(node)
                break
            for m in moves:
                node.children[m].available += 1
            move = max(moves, key=lambda m: node.children[m].ucb())
            after = apply(state, move, rng)
            if after is None:
                return
            state, node = after, node.children[move]
            path.append(node)
        state = _rollout(state, horizon, rng)
        result = rewards(state)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += result[n.seat]


def _rollout(state: GameState, horizon: int, rng: random.Random) -> GameState:
    """Play on with a fast random policy until the horizon turn or the game's end."""
    for _ in range(MAX_ROLLOUT):
        if state.status != "active" or state.turn >= horizon:
            break
        mover = awaited_seat(state)
        assert mover is not None
        moves = game_commands(state, mover)
        plays = [m for m in moves if not isinstance(m, EndTurn)]
        if plays and (len(plays) == len(moves) or rng.random() < ROLLOUT_PLAY):
            pick = rng.choice(plays)
        else:
            pick = moves[-1]
        after = apply(state, pick, rng)
        if after is None:
            break
        state = after
    return state
