"""`greedy`: each legal move judged by its immediate effect (its own follow-up choices
included) on a determinization of what the seat cannot see."""

from __future__ import annotations

import random

from domain.ai.evaluate import value
from domain.ai.knowledge import determinize
from domain.ai.sim import apply
from domain.commands import Command, EndTurn
from domain.decide import awaited_seat, game_commands
from domain.draft import bot_pick, drafting
from domain.model import GameState

FOLLOW_DEPTH = 2
"""How many of its own follow-up choices a move is judged with (e.g. which minion to destroy)."""
FOLLOW_WIDTH = 12


def follow(state: GameState, seat: int, rng_seed: int, depth: int) -> float:
    """`seat`'s value after `state`, its own pending choices made as well as it can."""
    if depth > 0 and state.pending is not None and awaited_seat(state) == seat:
        best: float | None = None
        for move in game_commands(state, seat)[:FOLLOW_WIDTH]:
            after = apply(state, move, random.Random(rng_seed))
            if after is not None:
                v = follow(after, seat, rng_seed, depth - 1)
                best = v if best is None or v > best else best
        if best is not None:
            return best
    return value(state, seat)


def ranked(state: GameState, seat: int, rng: random.Random) -> list[tuple[float, Command]]:
    """Each legal move of `seat` with its greedy value (end of turn: the value of not playing),
    best first, ties in the order of legal_commands; moves that fail in the determinization are
    left out."""
    moves = game_commands(state, seat)
    det = determinize(state, seat, rng)
    seed = rng.getrandbits(64)
    out: list[tuple[float, int, Command]] = []
    for k, move in enumerate(moves):
        if isinstance(move, EndTurn):
            # Scoring comes at the end of the turn whenever it ends: ending now is worth the
            # table as it is, so a play is made when it improves on that.
            out.append((value(det, seat), k, move))
            continue
        after = apply(det, move, random.Random(seed))
        if after is not None:
            out.append((follow(after, seat, seed, FOLLOW_DEPTH), k, move))
    out.sort(key=lambda x: (-x[0], x[1]))
    return [(v, m) for v, _, m in out]


def greedy_bot(state: GameState, seat: int, rng: random.Random) -> Command | None:
    """The legal move with the best immediate effect for `seat` (None when it has none); in a
    faction draft, the pick of domain.draft.bot_pick."""
    if drafting(state):
        return bot_pick(state, seat, "greedy")
    moves = game_commands(state, seat)
    if len(moves) <= 1:
        return moves[0] if moves else None
    best = ranked(state, seat, rng)
    return best[0][1] if best else moves[0]
