"""api/supervisor.py: a worker that keeps dying is restarted with a growing back-off."""

from __future__ import annotations

import itertools
import subprocess
import sys
import time

from api.supervisor import Supervisor


def test_a_worker_that_keeps_dying_is_reaped_unregistered_and_restarted_ever_later() -> None:
    spawned: list[tuple[str, float]] = []
    dead: list[str] = []
    left: list[set[int]] = []
    children: list[subprocess.Popen[bytes]] = []

    def spawn(name: str) -> subprocess.Popen[bytes]:
        spawned.append((name, time.monotonic()))
        child = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
        children.append(child)
        return child

    supervisor = Supervisor(
        spawn, lambda name, pids: (dead.append(name), left.append(pids)), name="w", delay=0.2
    )
    supervisor.start()
    deadline = time.monotonic() + 20
    while len(spawned) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    supervisor.stop()
    names = [name for name, _ in spawned]
    assert names[:4] == ["w-0", "w-1", "w-2", "w-3"]
    assert dead[:3] == ["w-0", "w-1", "w-2"]
    gaps = [later - earlier for (_, earlier), (_, later) in itertools.pairwise(spawned)]
    delays = [0.2 * 2**n for n in range(len(gaps))]  # each death in a row doubles the wait
    assert all(delay <= gap < delay + 2.0 for gap, delay in zip(gaps, delays, strict=True)), gaps
    assert all(child.returncode == 3 for child in children[:-1]), "every dead child was reaped"
    assert children[-1].returncode is not None, "the last one is stopped with the supervisor"
    assert left[0] == {children[0].pid}, "the dead worker's pid is handed over"
