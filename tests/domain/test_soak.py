"""Soak: 300 seeded random-bot games mixing the factions of the three boxes, 2 to 4 seats, and
40 drafted ones (one box or two), all end with a winner at 15 VP or more and every log verifies
by the rules."""

from __future__ import annotations

import random
from collections import Counter

from domain import GameSetup, PlayerSetup, start_game
from domain.catalogue import catalogue
from domain.events import Event
from domain.model import GameState
from domain.rules import WIN_VP
from domain.setup import implemented_faction
from domain.verify import verify
from tests.domain.test_playouts import play_to_the_end

GAMES = 300
DRAFTED = 40
OOPS = ("ancient_egyptians", "cowboys", "samurai", "vikings")


def every_faction() -> list[str]:
    """Every faction of the catalogue (all of them are implemented: a test checks it)."""
    return list(catalogue().factions)


def soak_game(seed: int, seats: int, pool: list[str]) -> tuple[GameState, list[Event]]:
    rng = random.Random(seed)
    picks = rng.sample(pool, 2 * seats)
    players = tuple(PlayerSetup(f"p{i}", (picks[2 * i], picks[2 * i + 1])) for i in range(seats))
    events = list(start_game(GameSetup(f"soak{seed}", str(seed), players)))
    state, events, _ = play_to_the_end(events, rng)
    return state, events


def test_every_faction_of_the_three_boxes_is_implemented() -> None:
    factions = every_faction()
    assert len(factions) == 16
    assert [f for f in factions if not implemented_faction(f)] == []


def test_three_hundred_random_games_of_all_sixteen_factions_end_with_a_winner_and_verify() -> None:
    pool = every_faction()
    used: Counter[str] = Counter()
    for seed in range(5000, 5000 + GAMES):
        state, events = soak_game(seed, 2 + seed % 3, pool)
        assert state.status == "ended", f"seed {seed} did not end"
        assert state.winner is not None, f"seed {seed}"
        assert state.players[state.winner].vp >= WIN_VP, f"seed {seed}"
        checked, error = verify(events)
        assert error is None, f"seed {seed}: {error}"
        assert checked == state
        used.update(f for p in state.players for f in p.factions)
    assert set(used) == set(pool)  # every faction took part, the expansions' included
    assert all(used[f] >= 20 for f in OOPS)


def test_forty_drafted_games_of_two_to_four_seats_and_one_or_two_boxes_end_and_verify() -> None:
    doubled = 0
    for seed in range(7000, 7000 + DRAFTED):
        seats, boxes = 2 + seed % 3, 1 + seed // 3 % 2
        players = tuple(PlayerSetup(f"p{i}", ()) for i in range(seats))
        setup = GameSetup(f"draft{seed}", str(seed), players, draft=True, boxes=boxes)
        events = list(start_game(setup))
        state, events, _ = play_to_the_end(events, random.Random(seed))
        assert state.status == "ended", f"seed {seed}"
        assert state.winner is not None, f"seed {seed}"
        picked = Counter(f for p in state.players for f in p.factions)
        assert max(picked.values()) <= boxes, f"seed {seed}"
        assert all(len(set(p.factions)) == 2 for p in state.players), f"seed {seed}"
        doubled += max(picked.values()) == 2
        checked, error = verify(events)
        assert error is None, f"seed {seed}: {error}"
        assert checked == state
    assert doubled > 0  # two boxes did let two seats play one faction
