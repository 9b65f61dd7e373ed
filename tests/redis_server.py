"""Start a private ``redis-server`` (the system's, /usr/bin/redis-server) on a free 127.0.0.1
port, for tests that must stop, stall or cluster a real server."""

from __future__ import annotations

import os
import random
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


@dataclass
class RedisCluster:
    """The redis-server processes of a test's Redis Cluster (masters only, no replicas)."""

    servers: list[RedisServer]

    @property
    def url(self) -> str:
        """The URL the application is given: ``redis+cluster://`` and one node to start from."""
        return f"redis+cluster://127.0.0.1:{self.servers[0].port}"

    def stop(self) -> None:
        """End every node."""
        for server in self.servers:
            server.stop()


def free_cluster_port() -> int:
    """A free port a cluster node can use: at most 55535, its bus port (10000 higher) free too."""
    for _ in range(200):
        port = random.randint(20000, 45000)
        with socket.socket() as first, socket.socket() as bus:
            try:
                first.bind(("127.0.0.1", port))
                bus.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        return port
    raise RuntimeError("no free port pair for a cluster node")


def start_cluster(directory: Path, masters: int = 3) -> RedisCluster:
    """Start ``masters`` cluster-enabled redis-servers in ``directory`` on free ports, join them
    with ``redis-cli --cluster create`` and wait until every slot is served."""
    servers: list[RedisServer] = []
    try:
        for number in range(masters):
            node_dir = directory / f"node{number}"
            servers.append(
                start_redis(
                    node_dir,
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    str(node_dir / "nodes.conf"),
                    "--cluster-node-timeout",
                    "5000",
                    port=free_cluster_port(),
                )
            )
        cli = shutil.which("redis-cli") or "/usr/bin/redis-cli"
        nodes = [f"127.0.0.1:{s.port}" for s in servers]
        subprocess.run(
            [cli, "--cluster", "create", *nodes, "--cluster-replicas", "0", "--cluster-yes"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
            timeout=30,
        )
        _wait_for_cluster(servers)
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return RedisCluster(servers)


def _wait_for_cluster(servers: list[RedisServer]) -> None:
    """Wait until every node says the cluster is ok (all 16384 slots assigned and agreed)."""
    deadline = time.monotonic() + 20
    for server in servers:
        probe = redis.Redis(host="127.0.0.1", port=server.port, socket_timeout=1)
        try:
            while b"cluster_state:ok" not in probe.execute_command("CLUSTER", "INFO"):
                if time.monotonic() > deadline:
                    raise RuntimeError("the Redis Cluster did not come up")
                time.sleep(0.05)
        finally:
            probe.close()
