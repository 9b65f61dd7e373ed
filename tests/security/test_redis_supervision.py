"""kill -9 of ``smashup serve``'s embedded Redis under load: the server restarts it by itself,
says ``degraded`` (503) meanwhile, and no acknowledged event is lost."""

from __future__ import annotations

import http.client
import os
import random
import signal
import threading
import time
from pathlib import Path

import psutil

from tests.api.helpers import ANN, BOB
from tests.security.test_durability import (  # the durability tests' server and player
    Player,
    Server,
    _call,
    _check_log,
    _redis,
    data_dir,  # noqa: F401  (a fixture)
)


def _keep_playing(player: Player, refused: list[int]) -> None:
    """Play until told to stop, counting the requests refused while Redis is away."""
    rng = random.Random(7)
    while not player.stop.is_set():
        try:
            player.move(rng)
        except (AssertionError, KeyError, OSError, http.client.HTTPException):
            refused.append(1)
            time.sleep(0.02)


def _wait_for(count: int, player: Player, deadline: float, log: Path) -> None:
    while len(player.acknowledged) < count:
        assert time.monotonic() < deadline, log.read_text()[-3000:]
        time.sleep(0.01)


def test_kill_9_of_the_embedded_redis_under_load_is_repaired_and_loses_nothing(
    data_dir: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    server = Server(data_dir, tmp_path / "serve.log")
    server.start()
    try:
        status, created = _call(server.base, "POST", "/games", {"players": [ANN, BOB]})
        assert status == 201
        player = Player(
            server.base, created["id"], {s["seat"]: s["token"] for s in created["seats"]}
        )
        refused: list[int] = []
        load = threading.Thread(target=_keep_playing, args=(player, refused))
        load.start()
        _wait_for(15, player, time.monotonic() + 20, server.log)
        old_pid = int(_redis(data_dir).info("server")["process_id"])
        os.kill(old_pid, signal.SIGKILL)  # while the player is sending commands
        seen: list[tuple[int, str]] = []
        deadline = time.monotonic() + 30
        while not seen or seen[-1][0] != 200:
            assert time.monotonic() < deadline, (seen[-5:], server.log.read_text()[-3000:])
            status, health = _call(server.base, "GET", "/health")
            seen.append((status, health["status"]))
            time.sleep(0.05)
        assert (503, "degraded") in seen, seen[:5]
        before = len(player.acknowledged)
        _wait_for(before + 15, player, time.monotonic() + 20, server.log)
        player.stop.set()
        load.join(15)
        new_pid = int(_redis(data_dir).info("server")["process_id"])
        assert new_pid != old_pid
        assert not psutil.pid_exists(old_pid) or psutil.Process(old_pid).status() == "zombie"
        stored = _check_log(_redis(data_dir), player)  # every acknowledged event, as answered
        assert stored >= player.acknowledged[-1][1]["version"]
        assert "restarting" in server.log.read_text()
    finally:
        assert server.stop() == 0
    assert not (data_dir / "redis.db.settings").exists(), "the restarted Redis was stopped too"
