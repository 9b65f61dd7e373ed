"""Soak: 200 seeded random-bot games mixing the eight core factions all end with a winner."""

from __future__ import annotations

from collections import Counter

from domain.rules import WIN_VP
from tests.domain.test_playouts import playout

GAMES = 200


def test_two_hundred_random_core_games_end_with_a_winner_at_15_vp_or_more() -> None:
    factions: Counter[str] = Counter()
    for seed in range(1000, 1000 + GAMES):
        state, events, _ = playout(seed, 2 + seed % 3)
        assert state.status == "ended", f"seed {seed} did not end"
        assert state.winner is not None
        assert state.players[state.winner].vp >= WIN_VP, f"seed {seed}"
        assert state.version == len(events)
        factions.update(f for p in state.players for f in p.factions)
    assert len(factions) == 8  # every core faction took part
