"""Strategies the runner's tests load by name (``sdk_strategies:random_move``)."""

from __future__ import annotations

import random
from typing import Any


def random_move(view: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A random legal move, ending the turn only when nothing else is left."""
    plays = [move for move in moves if move["type"] != "end_turn"]
    return random.choice(plays or moves)
