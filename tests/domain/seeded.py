"""Seeded random-bot games, for tests that check a rule (or a fast path against its general
path) on every state a game passes through, or play whole games out."""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain import GameSetup, PlayerSetup, replay, start_game
from domain.bots import Move, Policy, playout, random_bot
from domain.events import Event
from domain.model import GameState

CORE = ("aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies")


def seeded_start(
    seed: int, seats: int = 2, factions: Sequence[str] = CORE
) -> tuple[random.Random, list[Event]]:
    """The random source of a seeded game of `seats` seats, each with two factions it drew
    from `factions`, and the game's setup events."""
    rng = random.Random(seed)
    picks = rng.sample(list(factions), 2 * seats)
    players = tuple(PlayerSetup(f"p{i}", (picks[2 * i], picks[2 * i + 1])) for i in range(seats))
    return rng, list(start_game(GameSetup(f"seeded{seed}", str(seed), players)))


def seeded_moves(seed: int, seats: int = 2, max_moves: int = 400) -> list[Move]:
    """The first `max_moves` commands random bots send in :func:`seeded_start`'s game."""
    rng, setup = seeded_start(seed, seats)
    return list(playout(replay(setup), rng, max_moves=max_moves))


def game_states(seed: int, seats: int = 2) -> tuple[list[GameState], list[Event]]:
    """Each state :func:`seeded_moves` passes through (the first after setup) and the log;
    each command's state is checked to be the fold of its events (decide computes it itself)."""
    rng, events = seeded_start(seed, seats)
    states = [replay(events)]
    for m in playout(states[0], rng, max_moves=400):
        assert m.after == replay(m.events, m.before), f"decide's state differs after {m.command}"
        states.append(m.after)
        events += m.events
    return states, events


def play_to_the_end(
    events: list[Event], rng: random.Random, policy: Policy = random_bot
) -> tuple[GameState, list[Event], list[GameState]]:
    """`policy` plays the game these events started until it ends (6000 commands at most):
    the final state, every event (appended to `events`), and the state after each command."""
    states = [replay(events)]
    for m in playout(states[0], rng, policy, max_moves=6000):
        events += m.events
        states.append(m.after)
    return states[-1], events, states
