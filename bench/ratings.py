"""Ratings benchmark: plays N rated 2-seat games among the three built-in bots (`random`,
`greedy`, `search`) in-process, rates each as the server does (:func:`service.ratings.rate`,
places as the rules rank them) and prints each bot's rating with its uncertainty, and its gap to
`random` (the baseline of the same run) in units of their combined uncertainty. One expects
search > greedy > random; it asserts nothing.

Run: ``python bench/ratings.py [--games 200] [--playouts 32] [--seed 0] [--progress 20]
[--jobs 2]``. The pairings go round (random-greedy, greedy-search, search-random), each bot
taking each seat in turn. ``--jobs N`` plays the games in N processes and rates them in game
order, so the figures are those of one process. The search bot's seconds budget is counted in
CPU seconds of its process (``time.process_time``), so that the load of other programs on the
machine does not cut its playouts short."""

from __future__ import annotations

import argparse
import itertools
import math
import time
from collections.abc import Iterator
from multiprocessing import Pool

from domain.ai.search import Budget
from service.ratings import Rating, places, rate
from service.simulation import BotStats, Config, GameResult, play_game

BOTS = ("random", "greedy", "search")
PAIRS = (("random", "greedy"), ("greedy", "search"), ("search", "random"))
CORE = ("aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies")


def _play(job: tuple[int, int, int, str]) -> tuple[GameResult, dict[str, BotStats]]:
    """Game ``g`` of a run of ``games`` (search with ``playouts``, run seed ``seed``)."""
    g, games, playouts, seed = job
    pair = PAIRS[(g // 2) % len(PAIRS)]  # each pairing twice in a row: both seat orders
    config = Config(pair, games, factions=CORE, seed=seed, budget=Budget(playouts=playouts))
    stats = {b: BotStats(b) for b in BOTS}
    return play_game(config, g, stats, time.process_time), stats


def _played(
    games: int, playouts: int, seed: str, jobs: int
) -> Iterator[tuple[GameResult, dict[str, BotStats]]]:
    """The run's games in game order, played in ``jobs`` processes (1: in this one)."""
    todo = [(g, games, playouts, seed) for g in range(games)]
    if jobs <= 1:
        yield from map(_play, todo)
        return
    with Pool(jobs) as pool:
        yield from pool.imap(_play, todo)


def run(
    games: int, playouts: int, seed: str, progress: int = 0, jobs: int = 1
) -> tuple[dict[str, Rating], dict[str, BotStats]]:
    """Play and rate ``games`` games; the bots' final ratings and their figures (every
    ``progress`` games, when not 0, the ratings so far are printed)."""
    started = time.monotonic()
    ratings = {b: Rating() for b in BOTS}
    stats = {b: BotStats(b) for b in BOTS}
    for g, (result, figures) in enumerate(_played(games, playouts, seed, jobs)):
        for bot, f in figures.items():
            s = stats[bot]
            s.decisions += f.decisions
            s.seconds += f.seconds
            s.slowest = max(s.slowest, f.slowest)
            s.slow += f.slow
        seated = list(result.bots)
        after = rate([ratings[b] for b in seated], places(result.vp, result.winner))
        for bot, new in zip(seated, after, strict=True):
            ratings[bot] = new
        if progress and (g + 1) % progress == 0:
            shown = ", ".join(f"{b} {ratings[b].mu:.2f}±{ratings[b].sigma:.2f}" for b in BOTS)
            print(f"after {g + 1} games ({time.monotonic() - started:.0f} s): {shown}", flush=True)
    return ratings, stats


def main() -> None:
    """Parse the options, run, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--playouts", type=int, default=Budget().playouts, help="search playouts per decision"
    )
    parser.add_argument("--seed", default="0")
    parser.add_argument("--progress", type=int, default=0, help="print the ratings every N games")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    args = parser.parse_args()
    started = time.monotonic()
    ratings, stats = run(args.games, args.playouts, args.seed, args.progress, args.jobs)
    seconds = time.monotonic() - started
    print(f"{args.games} rated 2-seat games in {seconds:.1f} s (search: {args.playouts} playouts)")
    base = ratings["random"]
    print(
        f"{'bot':8} {'rating':>8} {'mu':>8} {'sigma':>7} {'games':>6} {'wins':>5} {'vs random':>10}"
        f" {'cpu ms/decision':>16} {'max':>6}"
    )
    for bot in sorted(BOTS, key=lambda b: -ratings[b].rating):
        r, row = ratings[bot], stats[bot].row()
        gap = (r.mu - base.mu) / math.hypot(r.sigma, base.sigma)
        print(
            f"{bot:8} {r.rating:8.2f} {r.mu:8.2f} {r.sigma:7.2f} {r.games:6d} {r.wins:5d}"
            f" {gap:+9.2f} sd {row['ms_per_decision']:16.1f} {row['max_ms_per_decision']:6.0f}"
        )
    order = sorted(BOTS, key=lambda b: -ratings[b].rating)
    apart = all(
        ratings[a].mu - 2 * ratings[a].sigma > ratings[b].mu + 2 * ratings[b].sigma
        for a, b in itertools.pairwise(order)
    )
    print(f"order: {' > '.join(order)}; mu ± 2 sigma intervals apart: {apart}")


if __name__ == "__main__":
    main()
