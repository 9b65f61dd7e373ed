"""Bot handover benchmark: how long a human waits for a bot's turn, against a human-only
command round trip measured in the same run, on the same server.

Starts ``smashup serve`` (API, its supervised bot worker and an embedded Redis, as a user runs
it) on a free 127.0.0.1 port with a temporary data directory, then, in alternating rounds:

- handover: a human seat plays against a ``random`` bot (it ends its turns and takes the first
  option of its decisions). Timed from the answer to the human's command that hands the game to
  the bot until ``GET /v1/me/turns?wait=`` (the human's token) says the human is awaited again:
  the job's queueing, the bot's whole turn (every command it sends) and the long-poll's wake-up.
- round trip: a game of two human seats (``bench/commands.py``'s player); one ``POST
  .../commands`` answered, timed, the same way as a human's command above.

Prints p50/p95 (ms) of each, the ratios handover / round trip, the events appended and the
Redis commands run per handover (``INFO commandstats`` of the server's Redis over the
handovers, commands inside scripts included: the bot's turn, its job's rq bookkeeping, the
human's command and long-polls), and the load average. Not a test: it asserts nothing.
Run: ``python bench/handover.py [--handovers N] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from commands import Player, call, free_port, percentile

from events.connection import RedisClient, connect

ROOT = Path(__file__).resolve().parents[1]
VERSUS = [
    {"name": "Human", "factions": ["aliens", "dinosaurs"]},
    {"name": "Bot", "factions": ["ninjas", "pirates"], "bot": "random"},
]
WAIT = 10
"""Seconds one long-poll of /me/turns may wait."""


def start_serve(port: int, data_dir: str) -> subprocess.Popen[bytes]:
    """``smashup serve`` on 127.0.0.1:port, no rate limit; returns once its worker is up."""
    command = [sys.executable, "-m", "api.cli", "serve", "--port", str(port)]
    command += ["--data-dir", data_dir, "--rate-limit", "0", "--game-quota", "0"]
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "RQ_REDIS_URL")}
    env["PYTHONPATH"] = str(ROOT)
    process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if call(port, "GET", "/v1/health")["bots"]["workers"] >= 1:
                return process
        except (OSError, RuntimeError, KeyError):
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("smashup serve did not start with its worker")


class Versus(Player):
    """A human seat against a bot, played through the public API as a client would (a
    ``bench/commands.py`` player whose games seat a bot)."""

    def new_game(self) -> None:
        """A new game against the bot (again when the last one ended)."""
        created = call(self.port, "POST", "/v1/games", {"players": VERSUS})
        self.game, self.token = created["id"], created["seats"][0]["token"]

    def my_turn(self) -> dict[str, Any] | None:
        """Wait until the human is awaited: that turn, or None when the game is over."""
        turns = call(self.port, "GET", f"/v1/me/turns?wait={WAIT}", token=self.token)["turns"]
        return turns[0] if turns else None

    def handover(self) -> tuple[float, int] | None:
        """Play one human command that hands the game to the bot; the seconds until the human
        is awaited again and the events appended in between (None: no handover this time)."""
        turn = self.my_turn()
        if turn is None:
            self.new_game()
            return None
        awaiting = turn["awaiting"]
        if awaiting["kind"] == "play":
            body = {"type": "end_turn"}
        else:
            body = {"type": "choose", "option": awaiting["options"][0]["id"]}
        path = f"/v1/games/{self.game}/commands"
        answer = call(
            self.port, "POST", path, {**body, "expected_version": turn["version"]}, self.token
        )
        handed = time.perf_counter()
        if answer["awaiting"] is None or answer["awaiting"]["seat"] == turn["seat"]:
            return None  # still the human's (or the game ended): no handover
        back = self.my_turn()
        waited = time.perf_counter() - handed
        if back is None:
            self.new_game()
            return None
        return waited, back["version"] - answer["version"]


def redis_calls(client: RedisClient) -> int:
    """Commands the server's Redis ran since its statistics were reset (these reads aside)."""
    stats = client.info("commandstats")
    return sum(
        int(v["calls"]) for k, v in stats.items() if k not in ("cmdstat_info", "cmdstat_config")
    )


def measure(port: int, handovers: int, client: RedisClient) -> dict[str, float]:
    """`handovers` bot handovers, then as many human-only round trips (at least 100)."""
    versus = Versus(port)
    waits: list[float] = []
    events: list[int] = []
    client.config_resetstat()
    while len(waits) < handovers:
        found = versus.handover()
        if found is not None:
            waits.append(found[0])
            events.append(found[1])
    calls = redis_calls(client)
    player = Player(port)
    trips = [player.play_one() for _ in range(max(100, handovers))]
    return {
        "handover_p50": percentile(waits, 0.5),
        "handover_p95": percentile(waits, 0.95),
        "trip_p50": percentile(trips, 0.5),
        "trip_p95": percentile(trips, 0.95),
        "events": statistics.fmean(events),
        "commands": calls / handovers,
    }


def main() -> None:
    """Start the stack, measure in rounds, print the medians over the rounds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--handovers", type=int, default=60, help="per round (60)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        port = free_port()
        data_dir = str(Path(directory) / "data")
        server = start_serve(port, data_dir)
        try:
            client = connect(None, data_dir)  # joins the server's embedded Redis
            measure(port, 5, client)  # warm-up: first games, first jobs
            loads = [os.getloadavg()[0]]
            rounds = [measure(port, args.handovers, client) for _ in range(args.rounds)]
            loads.append(os.getloadavg()[0])
        finally:
            server.terminate()
            server.wait(30)
    m = {k: statistics.median(r[k] for r in rounds) for k in rounds[0]}
    print(
        f"smashup serve (embedded Redis, supervised worker), medians of {args.rounds} rounds of "
        f"{args.handovers} handovers; {m['events']:.1f} events per handover (the bot's turn); "
        f"{m['commands']:.0f} Redis commands per handover; load average {loads[0]:.1f} "
        f"to {loads[1]:.1f}"
    )
    print(f"{'':34}{'p50 ms':>9}{'p95 ms':>9}")
    print(f"{'bot handover':34}{m['handover_p50']:9.1f}{m['handover_p95']:9.1f}")
    print(f"{'human-only command round trip':34}{m['trip_p50']:9.1f}{m['trip_p95']:9.1f}")
    ratios = (m["handover_p50"] / m["trip_p50"], m["handover_p95"] / m["trip_p95"])
    print(f"{'ratio handover / round trip':34}{ratios[0]:9.2f}{ratios[1]:9.2f}")
    met = "met" if m["handover_p95"] <= 30 else "NOT met"
    print(f"target: handover p95 <= 30 ms: {met}")


if __name__ == "__main__":
    main()
