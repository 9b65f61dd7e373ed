"""The bot runner's settings: server, token, state file, and which challenges to accept."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

ClockRule = Literal["any", "none", "required"]

URL_ENV = "SMASHUP_URL"
TOKEN_ENV = "SMASHUP_TOKEN"
DEFAULT_URL = "http://127.0.0.1:8000"


class ConfigError(ValueError):
    """A setting is missing or invalid (the message names it)."""


@dataclass(frozen=True)
class AcceptRules:
    """Which incoming challenges the runner accepts; the others it declines.

    ``enabled`` false leaves every challenge alone (neither accepted nor declined).
    ``from_players``: the account ids whose challenges are accepted (empty: anyone's).
    ``clock``: ``any`` game, only games with no turn clock (``none``) or only with one
    (``required``). ``factions`` are the two the bot plays in an accepted game. A challenge
    arriving while ``max_games`` games are active is declined.
    """

    enabled: bool = True
    from_players: frozenset[str] = frozenset()
    clock: ClockRule = "any"
    factions: tuple[str, str] = ("robots", "wizards")
    max_games: int = 8

    def verdict(self, challenge: Mapping[str, Any], active_games: int) -> str | None:
        """``"accept"``, ``"decline"`` or None (leave it) for a pending ``challenge``."""
        if not self.enabled:
            return None
        if self.from_players and challenge.get("from") not in self.from_players:
            return "decline"
        has_clock = challenge.get("clock") is not None
        if (self.clock == "none" and has_clock) or (self.clock == "required" and not has_clock):
            return "decline"
        if active_games >= self.max_games:
            return "decline"
        return "accept"


@dataclass(frozen=True)
class RunnerConfig:
    """Everything the runner needs besides the strategy.

    ``state_file`` keeps the account feed's cursor across restarts (None: start from now and
    rely on ``/v1/me/turns`` alone). ``concurrency`` is how many games are played at once.
    """

    url: str = DEFAULT_URL
    token: str = ""
    state_file: Path | None = None
    concurrency: int = 4
    accept: AcceptRules = field(default_factory=AcceptRules)
    stream_timeout: float | None = None

    def check(self) -> RunnerConfig:
        """This config, or a :class:`ConfigError` naming what is wrong."""
        if not self.token:
            raise ConfigError(f"no account token: set {TOKEN_ENV} or `token` in the config")
        if not self.url.startswith(("http://", "https://")):
            raise ConfigError(f"url must start with http:// or https://, not {self.url!r}")
        if self.concurrency < 1:
            raise ConfigError("concurrency must be 1 or more")
        if self.accept.clock not in ("any", "none", "required"):
            raise ConfigError("challenges.clock must be any, none or required")
        if len(self.accept.factions) != 2:
            raise ConfigError("challenges.factions must name two factions")
        return self


def load(path: Path | None, environ: Mapping[str, str] = os.environ) -> RunnerConfig:
    """The config of TOML file ``path`` (or defaults), with ``SMASHUP_URL`` and
    ``SMASHUP_TOKEN`` from the environment where the file sets none."""
    data: dict[str, Any] = {}
    if path is not None:
        try:
            data = tomllib.loads(path.read_text())
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise ConfigError(f"cannot read {path}: {error}") from error
    top = {"url", "token", "token_env", "state_file", "concurrency", "stream_timeout"}
    unknown = set(data) - top - {"challenges"}
    if unknown:
        raise ConfigError(f"unknown settings: {', '.join(sorted(unknown))}")
    challenges = data.get("challenges", {})
    known = {f.name for f in fields(AcceptRules)} - {"from_players"} | {"from"}
    if not isinstance(challenges, dict) or set(challenges) - known:
        raise ConfigError(f"[challenges] accepts only: {', '.join(sorted(known))}")
    rules = AcceptRules(
        enabled=bool(challenges.get("enabled", True)),
        from_players=frozenset(challenges.get("from", ())),
        clock=challenges.get("clock", "any"),
        factions=_pair(challenges.get("factions", AcceptRules.factions)),
        max_games=int(challenges.get("max_games", AcceptRules.max_games)),
    )
    token_env = str(data.get("token_env", TOKEN_ENV))
    state = data.get("state_file")
    timeout = data.get("stream_timeout")
    return RunnerConfig(
        url=str(data.get("url") or environ.get(URL_ENV) or DEFAULT_URL),
        token=str(data.get("token") or environ.get(token_env, "")),
        state_file=None if state is None else Path(state),
        concurrency=int(data.get("concurrency", 4)),
        accept=rules,
        stream_timeout=None if timeout is None else float(timeout),
    )


def _pair(value: Any) -> tuple[str, str]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ConfigError("challenges.factions must name two factions")
    return str(value[0]), str(value[1])
