"""``smashup simulate``: bot-against-bot games in-process, then a win-rate table.

``smashup simulate --bots random,greedy,search --games N --seats 2..4 [--factions a,b,...]
[--seed S] [--playouts P] [--seconds T] [--csv F | --json F]`` plays the games without any
server (service.simulation), shows a progress bar on stderr (on a terminal, or with
``--progress``) and prints the table: per bot, the seats it played, its wins with their rate and
95% Wilson interval, its mean VP and its time per decision. ``--csv``/``--json`` also write it
(JSON with every game). Exit status 2 for a usage error.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any, TextIO

from api.replay_cli import add_progress_flags

EXIT_USAGE = 2
BAR = 30
CORE = ("aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies")


def add_parser(commands: Any) -> None:
    """Add the ``simulate`` subcommand to the ``smashup`` parser's subparsers."""
    parser = commands.add_parser(
        "simulate", help="play bots against each other in-process and print their win rates"
    )
    parser.add_argument(
        "--bots", default="random,greedy", help="bots seated in turn (default random,greedy)"
    )
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument(
        "--seats", default="2", help="seats per game: N or a range such as 2..4 (default 2)"
    )
    parser.add_argument(
        "--factions",
        default=",".join(CORE),
        help="factions to draw from, or 'all': every implemented one (default: the core set)",
    )
    parser.add_argument("--seed", default="0", help="run seed (default 0)")
    parser.add_argument(
        "--playouts",
        type=int,
        default=None,
        help="search: playouts per decision (default: the bot's, 32)",
    )
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="search: seconds per decision (default 1)"
    )
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--csv", metavar="FILE", help="also write the table as CSV")
    out.add_argument("--json", metavar="FILE", help="also write the table and games as JSON")
    add_progress_flags(parser, "a progress bar")


def parse_seats(text: str) -> tuple[int, ...]:
    """``"3"`` -> (3,), ``"2..4"`` -> (2, 3, 4); ValueError outside 2-4."""
    low, _, high = text.partition("..")
    seats = tuple(range(int(low), int(high or low) + 1))
    if not seats or seats[0] < 2 or seats[-1] > 4:
        raise ValueError(f"--seats must be 2 to 4 players, got {text!r}")
    return seats


def progress_bar(err: TextIO, clock: Callable[[], float] = time.monotonic) -> Any:
    """A ``progress(done, total)`` callback drawing ``[####    ] 3/10 games 12s`` on one line."""
    started = clock()

    def report(done: int, total: int) -> None:
        filled = BAR * done // total
        elapsed = clock() - started
        end = "\n" if done >= total else ""
        err.write(
            f"\r[{'#' * filled}{' ' * (BAR - filled)}] {done}/{total} games {elapsed:.0f}s{end}"
        )
        err.flush()

    return report


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``smashup simulate``; return the exit status."""
    from domain.ai.search import Budget
    from domain.bots import BOT_NAMES
    from domain.catalogue import catalogue
    from domain.setup import implemented_faction
    from service.simulation import Config, format_table, simulate

    out = out or sys.stdout
    err = err or sys.stderr
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    factions = tuple(f.strip() for f in args.factions.split(",") if f.strip())
    if factions == ("all",):
        factions = tuple(f for f in catalogue().factions if implemented_faction(f))
    problem = None
    try:
        seats = parse_seats(args.seats)
    except ValueError as error:
        problem = str(error) if "--seats" in str(error) else f"--seats: bad number {args.seats!r}"
    unknown = [b for b in bots if b not in BOT_NAMES]
    bad = [f for f in factions if f not in catalogue().factions or not implemented_faction(f)]
    if unknown or not bots:
        problem = (
            f"--bots: unknown {', '.join(unknown) or 'none given'} (known: {', '.join(BOT_NAMES)})"
        )
    elif bad or len(factions) < 2:
        named = ", ".join(bad) or repr(args.factions)
        problem = f"--factions: need two or more implemented factions, not {named}"
    elif args.games < 1 or (args.playouts is not None and args.playouts < 1) or args.seconds <= 0:
        problem = "--games and --playouts must be positive, --seconds above 0"
    if problem:
        print(f"smashup simulate: {problem}", file=err)
        return EXIT_USAGE
    show = args.progress if args.progress is not None else err.isatty()
    budget = Budget(Budget().playouts if args.playouts is None else args.playouts, args.seconds)
    config = Config(bots, args.games, seats, factions, args.seed, budget)
    rows, games = simulate(config, progress_bar(err) if show else None)
    out.write(format_table(rows) + "\n")
    unfinished = sum(g.winner is None for g in games)
    out.write(
        f"{len(games)} games ({', '.join(map(str, seats))} seats), {unfinished} without a winner\n"
    )
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"table": rows, "games": [asdict(g) for g in games]}, handle, indent=2)
    return 0
