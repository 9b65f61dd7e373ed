"""The ``smashup`` command line: ``serve`` runs API, worker and embedded Redis together."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import psutil
import pytest
from prometheus_client.parser import text_string_to_metric_families

from api.cli import _parser


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _call(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


def _text(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        text: str = response.read().decode()
        return text


def _metric_values(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _wait_for(check: Any, seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        try:
            result = check()
            if result:
                return result
        except OSError:
            pass
        if time.monotonic() > deadline:
            pytest.fail("timed out")
        time.sleep(0.2)


def test_the_parser_knows_serve_and_worker_with_their_defaults() -> None:
    serve = _parser().parse_args(["serve"])
    assert (serve.host, serve.port, serve.no_worker) == ("127.0.0.1", 8000, False)
    worker = _parser().parse_args(["worker", "--burst", "--redis-url", "redis://x:1/0"])
    assert (worker.burst, worker.redis_url) == (True, "redis://x:1/0")


def test_serve_without_redis_url_plays_an_all_bot_game_and_stops_gracefully(
    tmp_path: Path,
) -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "api.cli",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            str(tmp_path / "data"),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        health = _wait_for(lambda: _call(f"{base}/health"), 20)
        assert health["status"] in ("ok", "degraded")  # degraded until the worker is up
        _wait_for(lambda: _call(f"{base}/health")["bots"]["workers"] == 1, 20)
        assert _call(f"{base}/health")["status"] == "ok"
        players = [
            {"name": "A", "factions": ["aliens", "dinosaurs"], "bot": "random"},
            {"name": "B", "factions": ["ninjas", "pirates"], "bot": "random"},
        ]
        game = _call(f"{base}/games", {"players": players, "seed": "cli"})
        ended = _wait_for(
            lambda: (view := _call(f"{base}/games/{game['id']}"))["status"] == "ended" and view,
            60,
        )
        assert ended["players"][ended["winner"]]["vp"] >= 15
        site = f"http://127.0.0.1:{port}"
        docs = _text(f"{site}/docs")
        assert "swagger-ui-bundle.js" in docs
        assert _call(f"{site}/openapi.json")["openapi"].startswith("3.1")
        metrics = _metric_values(_text(f"{site}/metrics"))
        assert metrics["smashup_bot_job_duration_seconds_count", ()] >= 1  # the worker's
        assert metrics["smashup_games", (("status", "ended"),)] == 1
        route = (("method", "POST"), ("route", "/v1/games"), ("status", "201"))
        assert metrics["smashup_http_requests_total", route] == 1
        # SIGTERM lets a request in progress finish: a long-poll of 2 s answers
        polled: list[Any] = []
        wait = f"{base}/games/{game['id']}/events?after={ended['version']}&wait=2"
        poll = threading.Thread(target=lambda: polled.append(_call(wait)))
        poll.start()
        time.sleep(0.5)
    finally:
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=30)
    poll.join(timeout=10)
    assert [answer["events"] for answer in polled] == [[]]
    assert process.returncode == 0, stderr.decode()[-2000:]
    assert b"Traceback" not in stderr
    assert any((tmp_path / "data").rglob("*.aof")), "the embedded Redis persists to disk"


def test_serve_restarts_its_killed_worker_and_the_waiting_bot_game_moves_on(
    tmp_path: Path,
) -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    command = [sys.executable, "-m", "api.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(tmp_path / "data"), "--worker-restart-delay", "3"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = process.stderr
    assert err is not None
    logged: list[bytes] = []  # the server's log, read as it comes
    reader = threading.Thread(target=lambda: logged.extend(iter(err.readline, b"")))
    reader.start()
    base = f"http://127.0.0.1:{port}/v1"

    def locks_taken() -> int:
        return sum(b"Acquired scheduler lock for smashup" in line for line in list(logged))

    try:
        _wait_for(lambda: _call(f"{base}/health")["status"] == "ok", 30)
        _wait_for(lambda: locks_taken() == 1, 30)
        (first,) = psutil.Process(process.pid).children()
        first.kill()
        degraded = _wait_for(
            lambda: (health := _call(f"{base}/health"))["status"] == "degraded" and health, 3
        )
        assert degraded["bots"]["workers"] == 0
        # no worker: a game whose bot must answer first waits
        players = [
            {"name": "Ann", "factions": ["aliens", "dinosaurs"]},
            {"name": "Robo", "factions": ["ninjas", "pirates"], "bot": "random"},
        ]
        game = _call(f"{base}/games", {"players": players, "seed": "restart"})
        view = _call(f"{base}/games/{game['id']}")
        assert (view["version"], view["awaiting"]["seat"]) == (game["version"], 1)
        _wait_for(lambda: _call(f"{base}/health")["status"] == "ok", 30)
        (second,) = psutil.Process(process.pid).children()
        assert second.pid != first.pid
        moved = _wait_for(
            lambda: (view := _call(f"{base}/games/{game['id']}"))["awaiting"]["seat"] == 0 and view,
            30,
        )
        assert moved["version"] > game["version"], moved
        # the new worker's scheduler (webhook retries, clocks) takes the dead one's lock: freed,
        # not left to expire (rq's lock lives for minutes)
        _wait_for(lambda: locks_taken() == 2, 30)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        reader.join(timeout=10)
        err.close()
    stderr = b"".join(logged)
    assert process.returncode == 0, stderr.decode()[-2000:]
    assert b"restarting the bot worker in 3.0 s" in stderr
