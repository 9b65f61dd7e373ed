"""Bots: pure policies from (state, seat, rng) to a legal command."""

from __future__ import annotations

import random

from domain.commands import Command, EndTurn
from domain.decide import legal_commands
from domain.model import GameState


def random_bot(state: GameState, seat: int, rng: random.Random) -> Command | None:
    """A legal command chosen at random, preferring to play cards before ending the turn."""
    moves = legal_commands(state, seat)
    if not moves:
        return None
    plays = [m for m in moves if not isinstance(m, EndTurn)]
    if plays and (len(plays) == len(moves) or rng.random() < 0.9):
        return rng.choice(plays)
    return rng.choice(moves)


BOTS = {"random": random_bot}
