"""The runner's settings: challenge rules, the TOML file, clear refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from smashup_client.bot import AcceptRules, ConfigError, RunnerConfig, load


def _challenge(**fields: Any) -> dict[str, Any]:
    return {"id": "c1", "from": "p_ann", "to": "p_bot", "clock": None, **fields}


def test_default_rules_accept_any_challenge_while_under_the_game_limit() -> None:
    rules = AcceptRules(max_games=2)
    assert rules.verdict(_challenge(), active_games=1) == "accept"
    assert rules.verdict(_challenge(), active_games=2) == "decline"


def test_rules_decline_challenges_from_accounts_not_listed() -> None:
    rules = AcceptRules(from_players=frozenset({"p_ann"}))
    assert rules.verdict(_challenge(), 0) == "accept"
    assert rules.verdict(_challenge(**{"from": "p_cid"}), 0) == "decline"


def test_clock_rules_keep_only_the_games_with_or_without_a_clock() -> None:
    timed = _challenge(clock={"seconds": 60, "on_expiry": "bot", "bot": "greedy"})
    assert AcceptRules(clock="none").verdict(timed, 0) == "decline"
    assert AcceptRules(clock="none").verdict(_challenge(), 0) == "accept"
    assert AcceptRules(clock="required").verdict(_challenge(), 0) == "decline"
    assert AcceptRules(clock="required").verdict(timed, 0) == "accept"


def test_disabled_rules_leave_challenges_alone() -> None:
    assert AcceptRules(enabled=False).verdict(_challenge(), 0) is None


def test_the_token_and_url_come_from_the_environment_when_the_file_sets_none() -> None:
    config = load(None, environ={"SMASHUP_URL": "http://127.0.0.1:9", "SMASHUP_TOKEN": "sua_x"})
    assert (config.url, config.token, config.state_file) == ("http://127.0.0.1:9", "sua_x", None)


def test_a_missing_token_is_refused_naming_the_variable() -> None:
    with pytest.raises(ConfigError, match="SMASHUP_TOKEN"):
        load(None, environ={}).check()


def test_unknown_settings_and_bad_values_are_refused_naming_them(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text('tokn = "sua_x"\n')
    with pytest.raises(ConfigError, match="tokn"):
        load(path, environ={})
    path.write_text('[challenges]\nfactions = ["robots"]\n')
    with pytest.raises(ConfigError, match="two factions"):
        load(path, environ={})
    path.write_text('[challenges]\nclok = "none"\n')
    with pytest.raises(ConfigError, match=r"\[challenges\] accepts only"):
        load(path, environ={})
    with pytest.raises(ConfigError, match="http"):
        RunnerConfig(url="ftp://x", token="sua_x").check()
    with pytest.raises(ConfigError, match="clock"):
        RunnerConfig(token="sua_x", accept=AcceptRules(clock="sometimes")).check()  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="cannot read"):
        load(tmp_path / "absent.toml", environ={})
