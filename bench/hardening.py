"""Hardening benchmark: the "Done when" figures of issue 26, against ``smashup serve`` with its
default limits, each compared with a baseline measured in the same run. Not a test: it asserts
nothing, it prints.

Run: ``python bench/hardening.py [--slow-sockets 700] [--waiters 300] [--samples 150] [--cycles 100]
[--rounds 3]``. Loaded and unloaded measurements alternate, ``--rounds`` times each, and the
medians are compared: the machine's load drifts, alternating keeps both under it.

Setup: ``smashup serve`` in a subprocess on a temporary data directory (embedded Redis, its
defaults: 1200 requests/60 s per identity, 3600/60 s per address, 10 accounts/hour per address,
20 active games, 64 connections per address), trusting 127.0.0.1 as its front proxy, and
Debian's nginx with deploy/nginx.conf in front of it. Clients use several loopback addresses:
the attacker 127.0.0.2, the measured client 127.0.0.3 (all of 127.0.0.0/8 is loopback).

1. Made-up tokens: ``--tokens`` requests over the public routes, each with a random token:
   how many got 401, and how many Redis keys they left.
2. One address rotating tokens: accounts it could create out of 30 tries, and games it could
   create with those accounts' tokens out of 60 tries.
3. kill -9 of the embedded Redis while a client plays: seconds until ``/v1/health`` is 200
   again, acknowledged events and how many of them are missing from the log afterwards.
4. Slow sockets: a client's p99 of fresh requests, unloaded, then with ``--slow-sockets``
   sockets from one other address each holding half a request (direct, then through nginx).
5. Waiters: a player's p50 (view, moves, command) unloaded, then with ``--waiters`` clients of
   one other address (a separate process) looping long-polls, half anonymous on the game's
   events, half ``/v1/me/turns`` of 150 seat tokens; refused ones wait ``Retry-After``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.proxy import free_port, nginx

PLAYER, ATTACKER = "127.0.0.3", "127.0.0.2"
ANN = {"name": "Ann", "factions": ["aliens", "dinosaurs"]}
BOB = {"name": "Bob", "factions": ["ninjas", "pirates"]}


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    source: str = PLAYER,
) -> tuple[int, Any, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, None if body is None else json.dumps(body), headers)
        answer = conn.getresponse()
        raw = answer.read()
        return answer.status, json.loads(raw) if raw else None, dict(answer.getheaders())
    finally:
        conn.close()


def start_serve(data_dir: Path, log: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    command = [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--no-worker"]
    command += ["--data-dir", str(data_dir), "--trusted-proxy", "127.0.0.1/32"]
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SMASHUP_DATA_DIR")}
    with log.open("ab") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=out)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if call(port, "GET", "/v1/health")[0] == 200:
                return process, port
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("smashup serve did not start: " + log.read_text()[-2000:])


def redis_of(data_dir: Path) -> Any:
    import redis

    settings = json.loads((data_dir / "redis.db.settings").read_text())
    return redis.Redis(unix_socket_path=settings["unixsocket"])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def made_up_tokens(port: int, data_dir: Path, count: int) -> None:
    routes = [
        ("GET", "/v1/cards", None),
        ("GET", "/v1/games", None),
        ("POST", "/v1/games", {"players": [ANN, BOB]}),
        ("POST", "/v1/players", {"name": "Mallory"}),
    ]
    call(port, "GET", "/v1/cards", source=ATTACKER)  # the address's own counter
    keys_before = redis_of(data_dir).dbsize()
    refused = sum(
        call(port, m, p, b, secrets.token_hex(32), ATTACKER)[0] == 401
        for m, p, b in (routes[i % len(routes)] for i in range(count))
    )
    left = redis_of(data_dir).dbsize() - keys_before
    print(f"1. made-up tokens: {refused}/{count} answered 401; Redis keys left: {left}")


def one_address(port: int) -> None:
    source = "127.0.0.9"
    made = [call(port, "POST", "/v1/players", {"name": f"P{i}"}, source=source) for i in range(30)]
    tokens = [body["token"] for status, body, _ in made if status == 201]
    games = sum(
        call(port, "POST", "/v1/games", {"players": [ANN, BOB]}, tokens[i % len(tokens)], source)[0]
        == 201
        for i in range(60)
    )
    print(f"2. one address: {len(tokens)}/30 accounts created; {games}/60 games created")


class Player:
    """Plays a two-seat human game through one client address, timing each cycle."""

    def __init__(self, port: int, source: str = PLAYER) -> None:
        self.port = port
        self.source = source
        self.acknowledged: list[tuple[str, int]] = []
        """(game, version) of every command answered 200."""
        self.new_game()

    def new_game(self) -> None:
        body_in = {"players": [ANN, BOB]}
        status, body, _ = call(self.port, "POST", "/v1/games", body_in, source=self.source)
        if status != 201:
            raise RuntimeError(f"could not create a game: {status} {body}")
        self.game = body["id"]
        self.tokens = {s["seat"]: s["token"] for s in body["seats"]}

    def cycle(self) -> bool:
        """View, moves, one command; True if the command was acknowledged."""
        status, view, _ = call(self.port, "GET", f"/v1/games/{self.game}", source=self.source)
        if status != 200:
            return False
        if view["status"] == "ended":
            self.new_game()
            return False
        token = self.tokens[view["awaiting"]["seat"]]
        path = f"/v1/games/{self.game}/moves"
        status, moves, _ = call(self.port, "GET", path, token=token, source=self.source)
        if status != 200 or not moves["moves"]:
            return False
        move = moves["moves"][len(self.acknowledged) % len(moves["moves"])]
        path = f"/v1/games/{self.game}/commands"
        status, answer, _ = call(self.port, "POST", path, move, token, self.source)
        if status == 200:
            self.acknowledged.append((self.game, answer["version"]))
        return status == 200

    def timed(self, samples: int) -> list[float]:
        times = []
        for _ in range(samples):
            started = time.perf_counter()
            self.cycle()
            times.append(time.perf_counter() - started)
        return times


def kill_redis(port: int, data_dir: Path, log: Path) -> None:
    player = Player(port, "127.0.0.6")
    stop = threading.Event()

    def play() -> None:
        while not stop.is_set():
            try:
                player.cycle()
            except (OSError, http.client.HTTPException, KeyError):
                time.sleep(0.02)

    thread = threading.Thread(target=play)
    thread.start()
    time.sleep(2)
    pid = int(redis_of(data_dir).info("server")["process_id"])
    killed = time.monotonic()
    os.kill(pid, signal.SIGKILL)
    while call(port, "GET", "/v1/health")[0] != 200:
        time.sleep(0.05)
    back = time.monotonic() - killed
    time.sleep(2)
    stop.set()
    thread.join(30)
    stored = redis_of(data_dir)
    lost = sum(
        version > stored.xlen(f"smashup:{{{game}}}:events") for game, version in player.acknowledged
    )
    print(
        f"3. kill -9 of the embedded Redis under load: back by itself in {back:.1f} s; "
        f"{len(player.acknowledged)} acknowledged events, {lost} lost"
    )


PACE = 0.025
"""Seconds between two measured requests (40/s: under every limit of the set-up)."""


def fresh_requests(port: int, samples: int, source: str) -> list[float]:
    """Times of ``samples`` requests on fresh connections; raises if one is not a 200 (a
    refusal is fast and would flatter the figure)."""
    times = []
    for _ in range(samples):
        started = time.perf_counter()
        status = call(port, "GET", "/v1/factions", source=source)[0]
        if status != 200:
            raise RuntimeError(f"the measured client got {status}")
        times.append(time.perf_counter() - started)
        time.sleep(max(0.0, PACE - times[-1]))
    return times


def hold_slow_sockets(held: ExitStack, port: int, count: int) -> int:
    """Open ``count`` sockets from the attacker's address, each sending half a request."""
    opened = 0
    for _ in range(count):
        try:
            sock = socket.create_connection(
                ("127.0.0.1", port), timeout=5, source_address=(ATTACKER, 0)
            )
        except OSError:
            continue
        held.callback(sock.close)
        try:
            sock.sendall(b"GET /v1/factions HTTP/1.1\r\nHost: x")
            opened += 1
        except OSError:
            pass
    return opened


def slow_sockets(port: int, count: int, samples: int, rounds: int, where: str, source: str) -> None:
    unloaded, loaded = [], []
    for _ in range(rounds):  # alternating, so both see the same machine
        unloaded.append(percentile(fresh_requests(port, samples, source), 0.99))
        with ExitStack() as held:
            opened = hold_slow_sockets(held, port, count)
            loaded.append(percentile(fresh_requests(port, samples, source), 0.99))
        time.sleep(0.5)
    before, after = statistics.median(unloaded), statistics.median(loaded)
    print(
        f"4. {count} slow sockets from one address ({where}; {opened} sent half a request): "
        f"another client's p99 {after:.1f} ms vs {before:.1f} ms unloaded: "
        f"{after / before:.2f}x (medians of {rounds} rounds)"
    )


def waiter_loop(port: int, path: str, token: str | None, stop: Any) -> None:
    while not stop.is_set():
        try:
            status, _, headers = call(port, "GET", path, token=token, source=ATTACKER)
        except (OSError, http.client.HTTPException):
            time.sleep(0.5)
            continue
        if status != 200:
            stop.wait(float(headers.get("Retry-After", "1")))


def waiters_process(port: int, game: str, tokens: list[str], count: int, stop: Any) -> None:
    threads = []
    for i in range(count):
        if i % 2:
            path, token = "/v1/me/turns?wait=30", tokens[(i // 2) % len(tokens)]
        else:
            path, token = f"/v1/games/{game}/events?after=100000&wait=30", None
        threads.append(threading.Thread(target=waiter_loop, args=(port, path, token, stop)))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def waiters(port: int, count: int, samples: int, rounds: int) -> None:
    player = Player(port, "127.0.0.5")
    seats: list[str] = []
    for i in range(75):  # 150 seat tokens, from an address of their own (the game quota)
        status, body, _ = call(
            port, "POST", "/v1/games", {"players": [ANN, BOB]}, source=f"127.0.1.{i + 1}"
        )
        if status == 201:
            seats += [s["token"] for s in body["seats"]]
    unloaded, loaded = [], []
    for _ in range(rounds):  # alternating, so both see the same machine
        unloaded.append(statistics.median(player.timed(samples)) * 1000)
        stop = multiprocessing.Event()
        attackers = multiprocessing.Process(
            target=waiters_process, args=(port, player.game, seats, count, stop)
        )
        attackers.start()
        time.sleep(3)
        loaded.append(statistics.median(player.timed(samples)) * 1000)
        stop.set()
        attackers.join(60)
    before, after = statistics.median(unloaded), statistics.median(loaded)
    print(
        f"5. {count} waiters from one address: a player's p50 cycle {after:.1f} ms vs "
        f"{before:.1f} ms unloaded: {after / before:.2f}x (medians of {rounds} rounds)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tokens", type=int, default=300)
    parser.add_argument("--slow-sockets", type=int, default=700)
    parser.add_argument("--waiters", type=int, default=300)
    parser.add_argument("--samples", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cycles", type=int, default=100, help="player cycles per measure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="smashup-hardening-") as tmp:
        data_dir, log = Path(tmp) / "data", Path(tmp) / "serve.log"
        process, port = start_serve(data_dir, log)
        try:
            made_up_tokens(port, data_dir, args.tokens)
            one_address(port)
            kill_redis(port, data_dir, log)
            slow_sockets(port, args.slow_sockets, args.samples, args.rounds, "server alone", PLAYER)
            with nginx(port, Path(tmp) / "nginx") as proxy_port:
                slow_sockets(
                    proxy_port,
                    args.slow_sockets,
                    args.samples,
                    args.rounds,
                    "behind nginx",
                    "127.0.0.4",
                )
            waiters(port, args.waiters, args.cycles, args.rounds)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(60)


if __name__ == "__main__":
    main()
