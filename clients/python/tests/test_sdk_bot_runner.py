"""The bot runner against a real server: challenges by rules, games to the end, restarts."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sdk_helpers import account, versus_random, wait_until
from sdk_strategies import random_move
from smashup_client import Client
from smashup_client.bot import AcceptRules, BotRunner, RunnerConfig

HERE = Path(__file__).resolve().parent


@contextmanager
def running(runner: BotRunner) -> Iterator[BotRunner]:
    """Run ``runner`` in a thread until the block ends."""
    thread = threading.Thread(target=runner.run, name="bot-runner")
    thread.start()
    try:
        yield runner
    finally:
        runner.stop()
        thread.join(timeout=30)
        assert not thread.is_alive(), "the runner stops when asked"


def test_the_runner_accepts_challenges_by_its_rules_and_plays_them_to_the_end(
    server_url: str,
) -> None:
    ann, ann_id = account(server_url, "Ann")
    bob, bob_id = account(server_url, "Bob")
    cid, _ = account(server_url, "Cid")
    rules = AcceptRules(from_players=frozenset({ann_id}), factions=("zombies", "wizards"))
    bob_bot = BotRunner(
        random_move, RunnerConfig(url=server_url, token=str(bob.token), accept=rules)
    )
    # Ann's feed connection ends every second: her runner reconnects and re-reads her turns
    ann_config = RunnerConfig(url=server_url, token=str(ann.token), stream_timeout=1.0)
    ann_bot = BotRunner(random_move, ann_config)
    with ann, bob, cid, running(bob_bot), running(ann_bot):
        refused = cid.challenges.create(bob_id, ["aliens", "dinosaurs"])
        accepted = ann.challenges.create(bob_id, ["aliens", "dinosaurs"])
        done = wait_until(
            lambda: (c := ann.challenges.get(accepted["id"]))["status"] == "accepted" and c,
            30,
            "the runner to accept Ann's challenge",
        )
        assert cid.challenges.get(refused["id"])["status"] == "declined"
        ended = wait_until(
            lambda: (view := bob.games.get(done["game"]))["status"] == "ended" and view,
            120,
            "the challenge's game to end",
        )
    assert ended["players"][1 - done["seat"]]["factions"] == ["zombies", "wizards"]
    assert bob_bot.moves_played > 0
    assert ann_bot.moves_played > 0


class Overlap:
    """A strategy that records how many games it was deciding in at the same moment."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.deciding: set[str] = set()
        self.most = 0

    def __call__(self, view: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
        with self.lock:
            self.deciding.add(view["id"])
            self.most = max(self.most, len(self.deciding))
        time.sleep(0.02)  # a strategy that thinks a little
        with self.lock:
            self.deciding.discard(view["id"])
        return random_move(view, moves)


def test_the_runner_plays_several_games_at_once(server_url: str) -> None:
    ann, ann_id = account(server_url, "Ann")
    overlap = Overlap()
    runner = BotRunner(overlap, RunnerConfig(url=server_url, token=str(ann.token), concurrency=3))
    with ann, running(runner):
        for n in range(3):
            versus_random(ann, ann_id, f"overlap-{n}")
        wait_until(lambda: overlap.most > 1, 60, "the runner to decide in two games at once")
    assert 2 <= overlap.most <= 3, "several games at once, never more than its concurrency"


def _bot_process(server_url: str, token: str, state: Path, log: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, SMASHUP_TOKEN=token, PYTHONPATH=str(HERE))
    command = [sys.executable, "-m", "smashup_client.bot", "--url", server_url]
    command += ["--strategy", "sdk_strategies:random_move", "--state-file", str(state)]
    command += ["--concurrency", "4", "--verbose"]
    with log.open("ab") as out:
        return subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)


def _stop(process: subprocess.Popen[bytes], log: Path) -> None:
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0, log.read_text()[-3000:]


def play_games_with_a_kill(server_url: str, tmp_path: Path, games_per_bot: int) -> float:
    """Two ``smashup-bot`` processes each play ``games_per_bot`` games against the random
    bot; the first is killed (SIGKILL) mid-game and restarted. Returns the seconds it took."""
    started = time.monotonic()
    spectator = Client(server_url)
    (ann, ann_id), (bob, bob_id) = account(server_url, "Ann"), account(server_url, "Bob")
    logs = [tmp_path / "ann.log", tmp_path / "bob.log"]
    states = [tmp_path / "ann.json", tmp_path / "bob.json"]
    first = _bot_process(server_url, str(ann.token), states[0], logs[0])
    second = _bot_process(server_url, str(bob.token), states[1], logs[1])
    try:
        games = [
            versus_random(spectator, player, f"kill-{player}-{n}")
            for n in range(games_per_bot)
            for player in (ann_id, bob_id)
        ]
        # mid-game: Ann's bot has saved a feed cursor and played some moves
        wait_until(
            lambda: states[0].exists() and spectator.games.get(games[0])["version"] > 40,
            60,
            "Ann's bot to be well into its first game",
        )
        active = {g["game"] for g in ann.me.games(status="active")["games"]}
        first.kill()
        first.wait(timeout=10)
        assert active, "Ann's bot was killed with games in progress"
        time.sleep(1.0)  # her games wait for her meanwhile
        first = _bot_process(server_url, str(ann.token), states[0], logs[0])

        def all_ended() -> bool:
            return all(spectator.games.get(game)["status"] == "ended" for game in games)

        wait_until(all_ended, 90 + 20 * games_per_bot, "every game to end")
        for game in games:
            view = spectator.games.get(game)
            assert view["winner"] is not None or view["version"] >= 9900
    finally:
        for process, log in ((first, logs[0]), (second, logs[1])):
            if process.poll() is None:
                _stop(process, log)
        spectator.close()
        ann.close()
        bob.close()
    assert "resuming the feed after" in logs[0].read_text(), "the restart used the cursor"
    return time.monotonic() - started


def test_two_bot_processes_end_every_game_though_one_is_killed_and_restarted(
    server_url: str, tmp_path: Path
) -> None:
    play_games_with_a_kill(server_url, tmp_path, games_per_bot=3)


@pytest.mark.slow
def test_two_bot_processes_end_20_games_though_one_is_killed_and_restarted(
    server_url: str, tmp_path: Path
) -> None:
    play_games_with_a_kill(server_url, tmp_path, games_per_bot=10)


def _smashup_bot(*args: str, token: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SMASHUP_TOKEN"}
    if token is not None:
        env["SMASHUP_TOKEN"] = token
    script = Path(sys.executable).with_name("smashup-bot")
    return subprocess.run(
        [str(script), *args], env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_smashup_bot_refuses_to_start_without_a_token_and_names_the_setting() -> None:
    done = _smashup_bot("--url", "http://127.0.0.1:9", token=None)
    assert done.returncode == 2
    assert "SMASHUP_TOKEN" in done.stderr


def test_smashup_bot_exits_1_naming_the_code_when_the_server_refuses_the_token(
    server_url: str,
) -> None:
    done = _smashup_bot("--url", server_url, token="sua_not_a_token")
    assert done.returncode == 1
    assert re.search(r"refused: 401 (unauthenticated|invalid_token): ", done.stderr), done.stderr
