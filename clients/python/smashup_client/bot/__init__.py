"""The bot runner: write ``choose(view, moves) -> move``, and ``run(choose)`` plays every game
of the account whose token is in ``$SMASHUP_TOKEN`` on the server at ``$SMASHUP_URL``."""

from __future__ import annotations

from pathlib import Path

from smashup_client.bot.config import AcceptRules, ConfigError, RunnerConfig, load
from smashup_client.bot.runner import BotRunner, Matchmaker, Strategy


def run(
    strategy: Strategy, *, config: Path | str | None = None, matchmaker: Matchmaker | None = None
) -> int:
    """Play with ``strategy`` until SIGINT/SIGTERM (settings: ``config``, a TOML file, and the
    environment); returns the exit status."""
    import logging

    from smashup_client.bot.cli import run_forever

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    return run_forever(strategy, load(None if config is None else Path(config)), matchmaker)


__all__ = [
    "AcceptRules",
    "BotRunner",
    "ConfigError",
    "Matchmaker",
    "RunnerConfig",
    "Strategy",
    "load",
    "run",
]
