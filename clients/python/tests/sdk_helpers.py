"""Helpers of the SDK's tests: ports, accounts, games against the server's bots."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from smashup_client import Client


def free_port() -> int:
    """A port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _healthy(base: str) -> bool:
    try:
        health = httpx.get(f"{base}/v1/health", timeout=2).json()
    except (httpx.HTTPError, ValueError):
        return False
    return bool(health.get("status") == "ok")


@contextmanager
def serve(data: Path, *options: str) -> Iterator[str]:
    """Run ``smashup serve`` on a free port of 127.0.0.1 with ``options`` (no game quota, no
    per-address limits)
    until the block ends; yield its base URL once it is healthy (its worker up)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "RQ_REDIS_URL")}
    env["WEBHOOK_ALLOWED_NETWORKS"] = "127.0.0.0/8"  # the tests' hooks point at 127.0.0.1
    command = [sys.executable, "-m", "api.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(data), "--game-quota", "0", "--graceful-timeout", "2"]
    # every test client calls from 127.0.0.1: no per-address caps on accounts, requests, waiters
    command += ["--account-limit", "0", "--address-rate-limit", "0"]
    command += ["--waiters-per-address", "1000", *options]
    log = (data / "serve.log").open("wb")
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not _healthy(base):
            assert process.poll() is None, (data / "serve.log").read_text()[-2000:]
            assert time.monotonic() < deadline, "smashup serve did not become healthy in 60 s"
            time.sleep(0.2)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()


def account(server_url: str, name: str) -> tuple[Client, str]:
    """A client acting for a new player account, and the account's id (the caller closes it)."""
    with Client(server_url) as anonymous:
        created = anonymous.accounts.create(name)
    return Client(server_url, created["token"]), created["id"]


def versus_random(client: Client, player: str, seed: str) -> str:
    """A new two-seat game: account ``player`` (seat 0) against the ``random`` bot; its id."""
    players = [
        {"player": player, "factions": ["aliens", "dinosaurs"]},
        {"name": "Robo", "factions": ["ninjas", "pirates"], "bot": "random"},
    ]
    game: str = client.games.create(players, seed=seed)["id"]
    return game


def wait_until(check: Callable[[], Any], seconds: float, what: str) -> Any:
    """``check()``'s first true result, polled every 0.2 s for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not (result := check()):
        assert time.monotonic() < deadline, f"timed out after {seconds} s waiting for {what}"
        time.sleep(0.2)
    return result


def repository_root() -> Path:
    """The server repository's root (this package is in clients/python/)."""
    return Path(__file__).resolve().parents[3]
