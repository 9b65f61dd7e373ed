"""``smashup serve``'s bot worker, kept alive: restarted (with back-off) whenever it dies.

The supervisor runs the worker as a child process (in a process group of its own) and watches it
from a thread. When the child exits (killed, crashed, out of memory) it is reaped, what it left
in its group is killed (rq's scheduler process, a job's fork), its rq registration is removed at
once, with rq's scheduler lock if its scheduler held it (so ``/v1/health`` says ``degraded``
until a worker is back, instead of counting a dead one, and the next scheduler starts at once),
and a new one is started after a back-off: :attr:`Supervisor.delay` seconds, doubling on each
death in a row up to :data:`MAX_DELAY`, back to the start once a worker has lived
:data:`STABLE_AFTER` seconds. A new worker re-schedules the bots of every game left waiting for
a bot, so games resume.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable

import psutil

log = logging.getLogger(__name__)

FIRST_DELAY = 1.0
"""Seconds before the first restart."""
MAX_DELAY = 30.0
"""Longest wait between two restarts."""
STABLE_AFTER = 60.0
"""Seconds a worker must live for the back-off to start over."""
STOP_TIMEOUT = 15.0
"""Seconds a stopping worker may take to finish its job before it is killed."""

Spawn = Callable[[str], "subprocess.Popen[bytes]"]
"""Starts a worker with the given rq worker name."""


class Supervisor:
    """Keeps one worker process alive until :meth:`stop`."""

    def __init__(
        self,
        spawn: Spawn,
        on_death: Callable[[str, set[int]], None],
        *,
        name: str,
        delay: float = FIRST_DELAY,
    ) -> None:
        self.spawn = spawn
        self.on_death = on_death
        self.name = name
        self.delay = delay
        self.restarts = 0
        self.child: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._watch, name="worker-supervisor", daemon=True)

    def start(self) -> None:
        """Start the worker and its watch."""
        self._start_child()
        self._thread.start()

    def _worker_name(self) -> str:
        return f"{self.name}-{self.restarts}"

    def _start_child(self) -> None:
        with self._lock:
            if self._stopping.is_set():
                return
            self.child = self.spawn(self._worker_name())
            self.started = time.monotonic()
            log.info("bot worker started (pid %d)", self.child.pid)

    def _watch(self) -> None:
        delay = self.delay
        while not self._stopping.wait(0.2):
            child = self.child
            if child is None or child.poll() is None:  # poll reaps a dead child
                continue
            with self._lock:
                if self._stopping.is_set():
                    return
                lived = time.monotonic() - self.started
                name = self._worker_name()
            log.warning("bot worker (pid %d) exited with %s", child.pid, child.returncode)
            left = _group(child.pid)
            _kill_group(child.pid)
            try:
                self.on_death(name, left | {child.pid})
            except Exception:
                log.exception("could not unregister the dead worker %s", name)
            if lived >= STABLE_AFTER:
                delay = self.delay
            log.info("restarting the bot worker in %.1f s", delay)
            if self._stopping.wait(delay):
                return
            delay = min(delay * 2, MAX_DELAY)
            self.restarts += 1
            self._start_child()

    def stop(self) -> None:
        """Stop watching; ask the worker to finish its job and exit; kill it if it does not."""
        with self._lock:
            self._stopping.set()
            child = self.child
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        if child is None:
            return
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        _kill_group(child.pid)
        log.info("bot worker stopped")


def _group(leader: int) -> set[int]:
    """The processes left in a process group."""
    found = set()
    for process in psutil.process_iter():
        with contextlib.suppress(psutil.Error, OSError):
            if os.getpgid(process.pid) == leader:
                found.add(process.pid)
    return found


def _kill_group(leader: int) -> None:
    """Kill what a dead worker left behind in its process group (rq's scheduler, a job's fork)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(leader, signal.SIGKILL)
