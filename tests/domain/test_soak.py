"""Soak: 300 seeded random-bot games mixing the factions of the three boxes, 2 to 4 seats, and
40 drafted ones (one box or two), all end with a winner at 15 VP or more and every log verifies
by the rules; 60 more where the seats also resign, abort, offer draws and take moves back at
random, and every log verifies."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

from domain import GameSetup, PlayerSetup, replay, start_game, table
from domain.bots import random_bot
from domain.catalogue import catalogue
from domain.commands import Command
from domain.decide import legal_commands
from domain.events import Event, GameEnded
from domain.model import GameState
from domain.rules import WIN_VP
from domain.serialize import event_from_dict, event_to_dict
from domain.setup import implemented_faction
from domain.verify import verify
from tests.domain.seeded import play_to_the_end, seeded_start

GAMES = 300
DRAFTED = 40
OOPS = ("ancient_egyptians", "cowboys", "samurai", "vikings")


def every_faction() -> list[str]:
    """Every faction of the catalogue (all of them are implemented: a test checks it)."""
    return list(catalogue().factions)


def soak_game(seed: int, seats: int, pool: list[str]) -> tuple[GameState, list[Event]]:
    rng, events = seeded_start(seed, seats, pool)
    state, events, _ = play_to_the_end(events, rng)
    return state, events


def assert_ended_and_verified(seed: int, state: GameState, events: list[Event]) -> None:
    """The game of ``seed`` ended, and its log verifies by the rules to the same state."""
    assert state.status == "ended", f"seed {seed} did not end"
    checked, error = verify(events)
    assert error is None, f"seed {seed}: {error}"
    assert checked == state


Play = Callable[[int, int, list[str]], tuple[GameState, list[Event]]]
"""A seeded game (seed, seats, factions to deal from) played to its end: its state and log."""


def verified_games(seeds: range, play: Play) -> Iterator[tuple[int, GameState, list[Event]]]:
    """The game of each seed, of 2 to 4 seats dealt from every faction, played by ``play``:
    each checked to have ended and to verify."""
    pool = every_faction()
    for seed in seeds:
        state, events = play(seed, 2 + seed % 3, pool)
        assert_ended_and_verified(seed, state, events)
        yield seed, state, events


def test_every_faction_of_the_three_boxes_is_implemented() -> None:
    factions = every_faction()
    assert len(factions) == 16
    assert [f for f in factions if not implemented_faction(f)] == []


def test_three_hundred_random_games_of_all_sixteen_factions_end_with_a_winner_and_verify() -> None:
    used: Counter[str] = Counter()
    for seed, state, _ in verified_games(range(5000, 5000 + GAMES), soak_game):
        assert state.winner is not None, f"seed {seed}"
        assert state.players[state.winner].vp >= WIN_VP, f"seed {seed}"
        used.update(f for p in state.players for f in p.factions)
    assert set(used) == set(every_faction())  # every faction took part, the expansions' included
    assert all(used[f] >= 20 for f in OOPS)


TABLE_GAMES = 60


def table_soak_game(seed: int, seats: int, pool: list[str]) -> tuple[GameState, list[Event]]:
    """A random-bot game whose seats also resign, abort, offer and answer draws and ask and
    answer takebacks at random (a table command now and then, a takeback often when one is
    possible, answers at random)."""
    rng, events = seeded_start(seed, seats, pool)
    state, events, _ = play_to_the_end(events, rng, table_or_random)
    return state, events


def table_or_random(state: GameState, seat: int, rng: random.Random) -> Command | None:
    """A table command at random now and then (:func:`table_move`), else a random move."""
    return table_move(state, seat, rng) or random_bot(state, seat, rng)


def table_move(state: GameState, seat: int, rng: random.Random) -> Command | None:
    """A table command at random: answers to an open proposal, a takeback often, and now and
    then a resignation, an abort or a draw offer by any seat."""
    mine = [c for c in legal_commands(state, seat) if isinstance(c, table.TABLE_COMMANDS)]
    answers = [c for c in mine if c.type.startswith(("accept_", "decline_"))]
    if answers:
        return rng.choice(answers)
    if rng.random() < 0.3 and any(c.type == "takeback" for c in mine):
        return table.Takeback(seat)
    if rng.random() < 0.004:
        anyone = rng.randrange(len(state.players))
        moves = [c for c in legal_commands(state, anyone) if isinstance(c, table.LEAVING)]
        return rng.choice(moves) if moves else None
    return None


def test_random_games_with_resigns_aborts_draws_and_takebacks_all_verify() -> None:
    used: Counter[str] = Counter()
    for _, state, events in verified_games(range(8000, 8000 + TABLE_GAMES), table_soak_game):
        assert replay(event_from_dict(event_to_dict(e)) for e in events) == state
        used.update(e.type for e in events)
        used.update(e.reason for e in events if isinstance(e, GameEnded))
    for kind in ("resigned", "aborted", "agreed_draw", "taken_back", "takeback_declined"):
        assert used[kind] > 0, f"no {kind} in {TABLE_GAMES} games: {used}"


def test_forty_drafted_games_of_two_to_four_seats_and_one_or_two_boxes_end_and_verify() -> None:
    doubled = 0
    for seed in range(7000, 7000 + DRAFTED):
        seats, boxes = 2 + seed % 3, 1 + seed // 3 % 2
        players = tuple(PlayerSetup(f"p{i}", ()) for i in range(seats))
        setup = GameSetup(f"draft{seed}", str(seed), players, draft=True, boxes=boxes)
        events = list(start_game(setup))
        state, events, _ = play_to_the_end(events, random.Random(seed))
        assert_ended_and_verified(seed, state, events)
        assert state.winner is not None, f"seed {seed}"
        picked = Counter(f for p in state.players for f in p.factions)
        assert max(picked.values()) <= boxes, f"seed {seed}"
        assert all(len(set(p.factions)) == 2 for p in state.players), f"seed {seed}"
        doubled += max(picked.values()) == 2
    assert doubled > 0  # two boxes did let two seats play one faction
