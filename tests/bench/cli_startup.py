"""Benchmark: CPU time of ``smashup --help`` against loading the whole app, in the same run.

Until the CLI imported per sub-command, ``smashup --help`` loaded the Flask app, its routes,
the rules engine and Redis (what ``import api.app`` loads): that is the baseline. Prints the
median CPU seconds (user + system) of each over ``RUNS`` fresh interpreters, and their ratio.

    python tests/bench/cli_startup.py
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys

RUNS = 7
COMMANDS = {
    "baseline: import api.app": [sys.executable, "-c", "import api.app"],
    "smashup --help": [sys.executable, "-m", "api.cli", "--help"],
}


def cpu_seconds(command: list[str]) -> float:
    """CPU time (user + system) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Measure and print."""
    medians = {}
    for name, command in COMMANDS.items():
        cpu_seconds(command)  # warm the file cache
        medians[name] = statistics.median(cpu_seconds(command) for _ in range(RUNS))
        print(f"{name:28} {medians[name] * 1000:7.1f} ms CPU (median of {RUNS})")
    baseline, cli = medians.values()
    print(f"smashup --help takes {cli / baseline:.2f}x the CPU of loading the app")


if __name__ == "__main__":
    main()
