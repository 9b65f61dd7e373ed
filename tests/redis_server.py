"""Start a private ``redis-server`` (the system's, /usr/bin/redis-server) on a free 127.0.0.1
port, for tests that must stop, stall or cluster a real server."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import redis

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class RedisServer:
    """A redis-server process of a test."""

    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        """Its URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def stall(self) -> None:
        """Freeze it (SIGSTOP): connections stay open, nothing is answered."""
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        """Let it run again (SIGCONT)."""
        os.kill(self.process.pid, signal.SIGCONT)

    def stop(self) -> None:
        """Resume it if frozen, then end it and reap it."""
        if self.process.poll() is None:
            self.resume()
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def start_redis(directory: Path, *extra: str, port: int | None = None) -> RedisServer:
    """Start redis-server in ``directory`` (no persistence unless ``extra`` asks for it) and
    wait until it answers PING."""
    chosen = port or free_port()
    directory.mkdir(parents=True, exist_ok=True)
    args = [REDIS_SERVER, "--bind", "127.0.0.1", "--port", str(chosen), "--dir", str(directory)]
    args += ["--save", "", "--appendonly", "no", "--protected-mode", "no", *extra]
    args += ["--logfile", str(directory / "redis.log")]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = RedisServer(process, chosen)
    deadline = time.monotonic() + 10
    probe = redis.Redis(host="127.0.0.1", port=chosen, socket_timeout=1)
    try:
        while True:
            try:
                probe.ping()
                return server
            except redis.ConnectionError:
                if process.poll() is not None or time.monotonic() > deadline:
                    server.stop()
                    raise RuntimeError(f"redis-server did not start: {args}") from None
                time.sleep(0.02)
    finally:
        probe.close()
