"""Bot-against-bot games played in-process, and their win-rate table with Wilson intervals.

Game ``g`` seats the bots in turn (seat ``i`` gets bot ``(g + i) mod B``), draws two factions
per seat from the chosen ones (all different when there are enough), and is seeded
``"<seed>:<g>"``, so a run is reproducible except for the seconds budgets of ``search``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import GameSetup, PlayerSetup, decide_and_evolve, replay, start_game
from domain.ai.search import Budget
from domain.bots import make_bot
from domain.decide import awaited_seat

SLOW = 1.0
"""Seconds past which a decision counts as slow (the search bot's default budget)."""
MAX_DECISIONS = 5000
"""Decisions after which a game is given up (no winner): real games take a few hundred."""
Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when n is 0."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))  # no rounding off


@dataclass(frozen=True)
class Config:
    """What to simulate."""

    bots: tuple[str, ...]
    games: int
    seats: tuple[int, ...] = (2,)
    factions: tuple[str, ...] = ()
    seed: str = "0"
    budget: Budget = field(default_factory=Budget)


@dataclass(frozen=True)
class GameResult:
    """One game: its seats' bots, factions and VP, the winner (None if given up)."""

    game: int
    seed: str
    bots: tuple[str, ...]
    factions: tuple[tuple[str, str], ...]
    vp: tuple[int, ...]
    winner: int | None
    turns: int
    decisions: int


@dataclass
class BotStats:
    """One bot's results over a run (counted per seat played)."""

    bot: str
    seats: int = 0
    wins: int = 0
    vp: int = 0
    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    slow: int = 0

    def row(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.seats)
        return {
            "bot": self.bot,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.wins / self.seats if self.seats else 0.0,
            "ci95_low": low,
            "ci95_high": high,
            "mean_vp": self.vp / self.seats if self.seats else 0.0,
            "decisions": self.decisions,
            "ms_per_decision": 1000 * self.seconds / self.decisions if self.decisions else 0.0,
            "max_ms_per_decision": 1000 * self.slowest,
            "decisions_over_1s": self.slow,
        }


def play_game(
    config: Config, g: int, stats: dict[str, BotStats], clock: Callable[[], float]
) -> GameResult:
    """Play game number `g` of a run, adding its figures to `stats`."""
    n = config.seats[g % len(config.seats)]
    seed = f"{config.seed}:{g}"
    rng = random.Random(seed)
    names = tuple(config.bots[(g + i) % len(config.bots)] for i in range(n))
    pool = list(config.factions)
    if len(pool) >= 2 * n:
        picks = rng.sample(pool, 2 * n)
    else:  # too few for all different: two different ones per seat
        picks = [f for _ in range(n) for f in rng.sample(pool, 2)]
    factions = tuple((picks[2 * i], picks[2 * i + 1]) for i in range(n))
    setup = GameSetup(
        f"sim-{g}", seed, tuple(PlayerSetup(f"{b}-{i}", factions[i]) for i, b in enumerate(names))
    )
    policies = [make_bot(b, budget=config.budget, clock=clock) for b in names]
    state = replay(start_game(setup))
    decisions = 0
    while state.status == "active" and decisions < MAX_DECISIONS:
        seat = awaited_seat(state)
        assert seat is not None
        started = clock()
        command = policies[seat](state, seat, random.Random(f"{seed}:{state.version}:bot"))
        took = clock() - started
        if command is None:
            break
        s = stats[names[seat]]
        s.decisions += 1
        s.seconds += took
        s.slowest = max(s.slowest, took)
        s.slow += took > SLOW
        state = decide_and_evolve(state, command)[1]
        decisions += 1
    winner = state.winner if state.status == "ended" else None
    for i, b in enumerate(names):
        s = stats[b]
        s.seats += 1
        s.wins += winner == i
        s.vp += state.players[i].vp
    return GameResult(
        g, seed, names, factions, tuple(p.vp for p in state.players), winner, state.turn, decisions
    )


def simulate(
    config: Config,
    progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[dict[str, Any]], list[GameResult]]:
    """Play the run's games; answer the win-rate table (one row per bot) and the games."""
    stats = {b: BotStats(b) for b in dict.fromkeys(config.bots)}
    results = []
    for g in range(config.games):
        results.append(play_game(config, g, stats, clock))
        if progress is not None:
            progress(g + 1, config.games)
    return [s.row() for s in stats.values()], results


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    """The win-rate table as aligned text."""
    head = (
        "bot",
        "seats",
        "wins",
        "win rate",
        "95% CI",
        "mean VP",
        "ms/decision",
        "max ms",
        "> 1 s",
    )
    lines = [head]
    for r in rows:
        lines.append(
            (
                r["bot"],
                str(r["seats"]),
                str(r["wins"]),
                f"{100 * r['win_rate']:.1f}%",
                f"{100 * r['ci95_low']:.1f}-{100 * r['ci95_high']:.1f}%",
                f"{r['mean_vp']:.1f}",
                f"{r['ms_per_decision']:.1f}",
                f"{r['max_ms_per_decision']:.0f}",
                str(r["decisions_over_1s"]),
            )
        )
    widths = [max(len(line[k]) for line in lines) for k in range(len(head))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if k == 0 else c.rjust(w)
            for k, (c, w) in enumerate(zip(line, widths, strict=True))
        )
        for line in lines
    )
