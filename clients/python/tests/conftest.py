"""A real ``smashup serve`` on a free port of 127.0.0.1, shared by the SDK's tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
from sdk_helpers import free_port
from smashup_client import Client


def _healthy(base: str) -> bool:
    try:
        health = httpx.get(f"{base}/v1/health", timeout=2).json()
    except (httpx.HTTPError, ValueError):
        return False
    return bool(health.get("status") == "ok")


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of ``smashup serve`` (embedded Redis, one bot worker, no rate limit)."""
    port = free_port()
    data = tmp_path_factory.mktemp("serve-data")
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "RQ_REDIS_URL")}
    env["WEBHOOK_ALLOWED_NETWORKS"] = "127.0.0.0/8"  # the tests' hooks point at 127.0.0.1
    command = [sys.executable, "-m", "api.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(data), "--rate-limit", "0", "--game-quota", "0"]
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


@pytest.fixture
def client(server_url: str) -> Iterator[Client]:
    """A spectator client of the server."""
    with Client(server_url) as found:
        yield found
