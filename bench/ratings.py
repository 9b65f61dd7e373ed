"""Ratings benchmark: plays N rated 2-seat games among the three built-in bots (`random`,
`greedy`, `search`) in-process, rates each as the server does (:func:`service.ratings.rate`,
places as the rules rank them) and prints each bot's rating with its uncertainty, and its gap to
`random` (the baseline of the same run) in units of their combined uncertainty. One expects
search > greedy > random; it asserts nothing.

Run: ``python bench/ratings.py [--games 200] [--playouts 40] [--seed 0] [--progress 20]``.
The pairings go round (random-greedy, greedy-search, search-random), each bot taking each seat
in turn."""

from __future__ import annotations

import argparse
import itertools
import math
import time

from domain.ai.search import Budget
from service.ratings import Rating, places, rate
from service.simulation import BotStats, Config, play_game

BOTS = ("random", "greedy", "search")
PAIRS = (("random", "greedy"), ("greedy", "search"), ("search", "random"))
CORE = ("aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies")


def run(games: int, playouts: int, seed: str, progress: int = 0) -> dict[str, Rating]:
    """Play and rate ``games`` games; the bots' final ratings (every ``progress`` games, when
    not 0, the ratings so far are printed)."""
    started = time.monotonic()
    ratings = {b: Rating() for b in BOTS}
    stats = {b: BotStats(b) for b in BOTS}
    budget = Budget(playouts=playouts)
    for g in range(games):
        pair = PAIRS[(g // 2) % len(PAIRS)]  # each pairing twice in a row: both seat orders
        config = Config(pair, games, factions=CORE, seed=seed, budget=budget)
        result = play_game(config, g, stats, time.monotonic)
        seated = list(result.bots)
        after = rate([ratings[b] for b in seated], places(result.vp, result.winner))
        for bot, new in zip(seated, after, strict=True):
            ratings[bot] = new
        if progress and (g + 1) % progress == 0:
            shown = ", ".join(f"{b} {ratings[b].mu:.2f}±{ratings[b].sigma:.2f}" for b in BOTS)
            print(f"after {g + 1} games ({time.monotonic() - started:.0f} s): {shown}", flush=True)
    return ratings


def main() -> None:
    """Parse the options, run, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=40, help="search playouts per decision")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--progress", type=int, default=0, help="print the ratings every N games")
    args = parser.parse_args()
    started = time.monotonic()
    ratings = run(args.games, args.playouts, args.seed, args.progress)
    seconds = time.monotonic() - started
    print(f"{args.games} rated 2-seat games in {seconds:.1f} s (search: {args.playouts} playouts)")
    base = ratings["random"]
    print(
        f"{'bot':8} {'rating':>8} {'mu':>8} {'sigma':>7} {'games':>6} {'wins':>5} {'vs random':>10}"
    )
    for bot in sorted(BOTS, key=lambda b: -ratings[b].rating):
        r = ratings[bot]
        gap = (r.mu - base.mu) / math.hypot(r.sigma, base.sigma)
        print(
            f"{bot:8} {r.rating:8.2f} {r.mu:8.2f} {r.sigma:7.2f} {r.games:6d} {r.wins:5d}"
            f" {gap:+9.2f} sd"
        )
    order = sorted(BOTS, key=lambda b: -ratings[b].rating)
    apart = all(
        ratings[a].mu - 2 * ratings[a].sigma > ratings[b].mu + 2 * ratings[b].sigma
        for a, b in itertools.pairwise(order)
    )
    print(f"order: {' > '.join(order)}; mu ± 2 sigma intervals apart: {apart}")


if __name__ == "__main__":
    main()
