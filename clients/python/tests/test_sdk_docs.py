"""docs/sdk.md as written: its bot runs, its config loads, its SDK example plays."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sdk_helpers import account, repository_root, versus_random, wait_until
from smashup_client import Client
from smashup_client.bot import load

DOC = repository_root() / "docs" / "sdk.md"


def _block(marker: str, language: str) -> str:
    """The fenced ``language`` block that follows the ``<!-- marker... -->`` comment."""
    text = DOC.read_text()
    found = re.search(rf"<!-- {marker}\b[^>]*-->\n```{language}\n(.*?)\n```", text, re.S)
    assert found, f"docs/sdk.md has no {language} block after <!-- {marker} -->"
    return found.group(1) + "\n"


def _fenced(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)\n```", DOC.read_text(), re.S)


def test_the_documented_bot_is_complete_in_under_15_lines() -> None:
    lines = _block("sdk-bot", "python").splitlines()
    assert len(lines) < 15
    assert any("run(" in line for line in lines)


def test_the_documented_bot_plays_a_game_to_its_end(server_url: str, tmp_path: Path) -> None:
    script = tmp_path / "mybot.py"
    script.write_text(_block("sdk-bot", "python"))
    bot, bot_id = account(server_url, "DocBot")
    env = dict(os.environ, SMASHUP_URL=server_url, SMASHUP_TOKEN=str(bot.token))
    log = tmp_path / "mybot.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, str(script)], env=env, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        with bot, Client(server_url) as anyone:
            game = versus_random(anyone, bot_id, "docs-bot")
            wait_until(
                lambda: anyone.games.get(game)["status"] == "ended", 120, "the doc's bot's game"
            )
    finally:
        process.send_signal(signal.SIGTERM)
        returncode = process.wait(timeout=60)
    assert returncode == 0, log.read_text()[-3000:]


def test_the_documented_config_loads_as_written(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(_block("sdk-config", "toml"))
    config = load(path, environ={"SMASHUP_TOKEN": "sua_example"})
    assert config.token == "sua_example"
    assert config.state_file == Path("mybot-state.json")
    assert config.accept.factions == ("robots", "wizards")
    assert config.check() is config


def test_the_documented_sdk_example_plays_a_move(server_url: str) -> None:
    (example,) = [block for block in _fenced("python") if "from smashup_client import" in block]
    code = example.replace("http://127.0.0.1:8000", server_url)
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/sdk.md", "exec"), namespace)
    game, moves = namespace["game"], namespace["moves"]
    assert isinstance(game, dict)
    assert isinstance(moves, list)
    with Client(server_url) as anyone:
        view = anyone.games.get(game["id"])
    assert view["version"] > moves[0]["expected_version"], "the example's move was played"


@pytest.mark.parametrize("option", ["--url", "--strategy", "--config", "--state-file"])
def test_each_documented_smashup_bot_option_exists(option: str) -> None:
    assert option in DOC.read_text()
    script = Path(sys.executable).with_name("smashup-bot")
    helped = subprocess.run(
        [str(script), "--help"], capture_output=True, text=True, timeout=60, check=True
    )
    assert option in helped.stdout
