"""Run the repository's production proxy set-up (deploy/nginx.conf) on 127.0.0.1, in front of a
server on a given port: for the proxy tests and ``bench/hardening.py``.

The file is used as it is, with only what must change for an unprivileged throw-away run
rewritten: the listening port, the upstream's port, and the pid, log and temp paths (moved into
a temporary directory). Each rewrite must match exactly once, so the file cannot drift away
from what is tested.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CONFIG = Path(__file__).resolve().parent.parent / "deploy" / "nginx.conf"


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def configured(upstream_port: int, port: int, directory: Path) -> str:
    """deploy/nginx.conf for a run listening on ``port`` in front of ``upstream_port``."""
    text = CONFIG.read_text()
    rewrites = {
        "listen 127.0.0.1:8080;": f"listen 127.0.0.1:{port};",
        "server 127.0.0.1:8000;": f"server 127.0.0.1:{upstream_port};",
        "/run/nginx-smashup.pid": str(directory / "nginx.pid"),
        "/var/log/nginx/": f"{directory}/",
    }
    for old, new in rewrites.items():
        assert text.count(old) == 1, f"deploy/nginx.conf: expected {old!r} once"
        text = text.replace(old, new)
    assert text.count("/var/lib/nginx/") == 5
    return text.replace("/var/lib/nginx/", f"{directory}/")


@contextmanager
def nginx(upstream_port: int, directory: Path) -> Iterator[int]:
    """Run nginx with deploy/nginx.conf in front of ``upstream_port``; yield its port."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        raise RuntimeError("nginx is not installed (apt-get install nginx; .ci/run does it)")
    port = free_port()
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "nginx.conf"
    config.write_text(configured(upstream_port, port, directory))
    command = [binary, "-p", str(directory), "-c", str(config), "-g", "daemon off;"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while True:
            assert process.poll() is None, process.stderr.read() if process.stderr else b""
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr:
            process.stderr.close()
