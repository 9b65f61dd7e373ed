"""The playout policy of `search`: every seat, in a determinization (where it may see all),
plays the move whose result it values most (its own follow-up choice included), ending its
turn when no play improves on the table as it is. Playouts run to the start of the deciding
seat's next turn, so each seat's answer to a move, and the scoring it leads to, are played
out rather than guessed."""

from __future__ import annotations

import random

from domain.ai.evaluate import value
from domain.ai.greedy import follow
from domain.ai.sim import apply
from domain.commands import EndTurn
from domain.decide import awaited_seat, game_commands
from domain.model import GameState

FOLLOW = 0
"""Follow-up choices of its own a playout move is judged with."""
MAX_STEPS = 40
"""Moves after which a playout stops and its state is judged as it is."""


def step(state: GameState, seed: int) -> GameState | None:
    """The state after the awaited seat's best move by the playout policy (None: no move)."""
    mover = awaited_seat(state)
    if mover is None:
        return None
    moves = game_commands(state, mover)
    best: tuple[float, GameState] | None = None
    for move in moves:
        after = apply(state, move, random.Random(seed))
        if after is None:
            continue
        if len(moves) == 1:
            return after
        # ending the turn is worth the table as it is (scoring comes whenever the turn ends)
        v = value(state, mover) if isinstance(move, EndTurn) else follow(after, mover, seed, FOLLOW)
        if best is None or v > best[0]:
            best = (v, after)
    return None if best is None else best[1]


def playout(state: GameState, seat: int, seed: int, since: int) -> float:
    """`seat`'s value once the policy has played on from `state` to the start of `seat`'s
    first turn after turn `since` (or the game's end, or :data:`MAX_STEPS` moves)."""
    for k in range(MAX_STEPS):
        if state.status != "active" or (state.turn > since and state.active == seat):
            break
        after = step(state, seed + k)
        if after is None:
            break
        state = after
    return value(state, seat)
