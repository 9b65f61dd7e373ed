"""``smashup-bot``: run a strategy function for a player account until interrupted."""

from __future__ import annotations

import argparse
import importlib
import logging
import signal
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from types import FrameType

from smashup_client.bot import config as settings
from smashup_client.bot.runner import BotRunner, Matchmaker, Strategy, describe
from smashup_client.errors import ApiError, SmashupError

log = logging.getLogger("smashup_bot")


def load_strategy(spec: str) -> Strategy:
    """The function named ``module:function`` (e.g. ``mybot:choose``)."""
    module_name, _, name = spec.partition(":")
    if not module_name or not name:
        raise settings.ConfigError(f"--strategy must be module:function, not {spec!r}")
    function = getattr(importlib.import_module(module_name), name, None)
    if not callable(function):
        raise settings.ConfigError(f"{spec} is not a function")
    strategy: Strategy = function
    return strategy


def first_move(view: dict[str, object], moves: list[dict[str, object]]) -> dict[str, object]:
    """The default strategy: the first legal move (a smoke test, not a player)."""
    return moves[0]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="smashup-bot",
        description="Play every game of a Smash Up player account with one strategy function.",
    )
    parser.add_argument("--config", type=Path, help="a TOML file (see docs/sdk.md)")
    parser.add_argument("--url", help=f"server URL (config `url`, ${settings.URL_ENV})")
    parser.add_argument(
        "--strategy",
        default="smashup_client.bot.cli:first_move",
        help="module:function taking (view, moves) and returning a move",
    )
    parser.add_argument("--state-file", type=Path, help="where the feed cursor is kept")
    parser.add_argument("--concurrency", type=int, help="games played at once")
    parser.add_argument("-v", "--verbose", action="store_true", help="log every move")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The console script; the token comes from ``$SMASHUP_TOKEN`` or the config file."""
    args = _parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    logging.getLogger("smashup_bot").setLevel(logging.INFO)
    sys.path.insert(0, ".")  # a strategy module next to where the bot is started
    try:
        config = settings.load(args.config)
        config = replace(
            config,
            url=args.url or config.url,
            state_file=args.state_file or config.state_file,
            concurrency=args.concurrency or config.concurrency,
        )
        return run_forever(load_strategy(args.strategy), config)
    except settings.ConfigError as error:
        print(f"smashup-bot: {error}", file=sys.stderr)
        return 2


def run_forever(
    strategy: Strategy, config: settings.RunnerConfig, matchmaker: Matchmaker | None = None
) -> int:
    """Run until SIGINT or SIGTERM; 0 then, 1 if the server refuses the token, 2 for a bad
    setting."""
    try:
        runner = BotRunner(strategy, config, matchmaker=matchmaker)
    except settings.ConfigError as error:
        print(f"smashup-bot: {error}", file=sys.stderr)
        return 2

    def stop(signum: int, frame: FrameType | None) -> None:
        runner.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        runner.run()
    except ApiError as error:
        print(f"smashup-bot: the server refused: {describe(error)}", file=sys.stderr)
        return 1
    except SmashupError as error:
        print(f"smashup-bot: {error}", file=sys.stderr)
        return 1
    return 0
