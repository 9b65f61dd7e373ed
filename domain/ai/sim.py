"""Applying commands in a determinized state, where a rare continuation may not fit the cards
dealt (it was built for the real ones): such a move is treated as not available there."""

from __future__ import annotations

import random

from domain.commands import Command
from domain.decide import decide_and_evolve
from domain.model import GameState


def apply(state: GameState, command: Command, rng: random.Random) -> GameState | None:
    """The state after `command`, or None when it cannot be played in this determinization."""
    try:
        return decide_and_evolve(state, command, rng)[1]
    except Exception:  # a determinized state may not fit a continuation
        return None
