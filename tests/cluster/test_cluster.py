"""Scale-out on a Redis Cluster, end to end, with real processes.

A 3-master Redis Cluster and one plain Redis (rq's) run on free 127.0.0.1 ports (see
``conftest.py``); two API processes and two rq workers run on them
(``REDIS_URL=redis+cluster://...``, rq's Redis by ``RQ_REDIS_URL`` or ``--rq-redis-url``): a
``smashup serve`` with the worker it supervises, a ``smashup serve --no-worker`` and a
``smashup worker``. Games
are played through both API processes alternately, request after request: games with a human
seat and a bot seat (each bot turn is a worker's job) and all-bot games (played by the workers
alone). Every ended game's log must then replay and check by the rules, as a stored game, on
the other API process. No skip: without redis-server (and redis-cli) this fails, loudly.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis
from rq import Worker

from tests.redis_server import RedisCluster, RedisServer, free_port

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 150.0
"""Seconds the whole scenario may take (each wait below is bounded by it)."""
HUMAN_GAMES = 2
BOT_GAMES = 2
ARCHIVE_AFTER = 1
"""Seconds after its end before a game is archived (by either API process)."""


@dataclass
class Deployment:
    """The cluster, rq's Redis, the API processes' base URLs and the workers."""

    cluster: RedisCluster
    rq_redis: RedisServer
    apis: list[str]
    processes: list[subprocess.Popen[bytes]]
    deadline: float

    def left(self) -> float:
        """Seconds left before the scenario's deadline (fails once it has passed)."""
        remaining = self.deadline - time.monotonic()
        assert remaining > 0, "the cluster scenario ran out of time"
        return remaining


def _request(base: str, method: str, path: str, token: str | None = None, body: Any = None,
             raw: bytes | None = None) -> tuple[int, Any, dict[str, str]]:  # fmt: skip
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    req = urllib.request.Request(base + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            text = response.read()
            kind = response.headers.get("Content-Type", "")
            parsed = json.loads(text) if text and "json" in kind and "jsonl" not in kind else text
            return response.status, parsed, dict(response.headers)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read() or b"null"), dict(error.headers)


def _spawn(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "api.cli", *args],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def _wait_healthy(deployment: Deployment, workers: int) -> None:
    """Until every API process answers its health with ``workers`` live rq workers."""
    for base in deployment.apis:
        while True:
            try:
                status, body, _ = _request(base, "GET", "/v1/health")
                if status == 200 and body["bots"].get("workers") == workers:
                    break
            except OSError:
                pass
            for process in deployment.processes:
                assert process.poll() is None, f"a process exited early: {process.args!r}"
            deployment.left()
            time.sleep(0.1)


@pytest.fixture(scope="module")
def deployment(
    tmp_path_factory: pytest.TempPathFactory, cluster: RedisCluster, rq_redis: RedisServer
) -> Iterator[Deployment]:
    """The whole deployment, its processes ended afterwards."""
    deadline = time.monotonic() + DEADLINE
    base = tmp_path_factory.mktemp("deployment")
    processes: list[subprocess.Popen[bytes]] = []
    try:
        env = {
            **os.environ,
            "REDIS_URL": cluster.url,
            "RQ_REDIS_URL": rq_redis.url,
            "SMASHUP_SEARCH_PLAYOUTS": "20",
            "SMASHUP_SEARCH_SECONDS": "0.05",
        }
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        apis = []
        # the first API process supervises a worker of its own and is given rq's Redis by
        # its flag; the second has none, and the second worker runs on its own
        for number, options in enumerate([["--rq-redis-url", rq_redis.url], ["--no-worker"]]):
            port = free_port()
            serve = ["serve", *options, "--port", str(port), "--threads", "8"]
            serve += ["--rate-limit", "0", "--game-quota", "0", "--game-ttl", "0"]
            serve += ["--archive-after", str(ARCHIVE_AFTER)]  # both processes archive
            own = env if number else {k: v for k, v in env.items() if k != "RQ_REDIS_URL"}
            processes.append(_spawn(serve, own, base / f"api{number}.log"))
            apis.append(f"http://127.0.0.1:{port}")
        worker = ["worker", "--name", f"cluster-test-{os.getpid()}"]
        processes.append(_spawn(worker, env, base / "worker.log"))
        deployment = Deployment(cluster, rq_redis, apis, processes, deadline)
        _wait_healthy(deployment, workers=2)
        yield deployment
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


def _play(deployment: Deployment, body: dict[str, Any], seed: int) -> str:
    """Create a game and play its human seats (random legal moves) to the end, each request
    on the next API process; bot seats are played by the workers meanwhile."""
    apis = itertools.cycle(deployment.apis)
    status, created, _ = _request(next(apis), "POST", "/v1/games", body=body)
    assert status == 201, created
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"] if s["token"] is not None]
    chooser = random.Random(seed)
    version = created["version"]
    while True:
        deployment.left()
        moved = False
        for token in tokens:
            status, found, _ = _request(next(apis), "GET", f"/v1/games/{game_id}/moves", token)
            assert status == 200, found
            if found["moves"]:
                move = chooser.choice(found["moves"])
                status, answer, _ = _request(
                    next(apis), "POST", f"/v1/games/{game_id}/commands", token, move
                )
                assert status == 200, answer
                version, moved = answer["version"], True
        if moved:
            continue
        status, game, _ = _request(next(apis), "GET", f"/v1/games/{game_id}")
        assert status == 200, game
        if game["status"] == "ended":
            return str(game_id)
        wait = min(5.0, deployment.left())
        path = f"/v1/games/{game_id}/events?after={version}&wait={wait:.1f}"
        status, page, _ = _request(next(apis), "GET", path)  # long-poll: a bot's move
        assert status == 200, page
        version = page["next_after"]


def _players(names: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    factions = [["aliens", "dinosaurs"], ["ninjas", "pirates"], ["robots", "wizards"]]
    return [
        {"name": name, "factions": factions[i], "bot": bot} for i, (name, bot) in enumerate(names)
    ]


def _node_keys(cluster: RedisCluster) -> list[list[bytes]]:
    found = []
    for server in cluster.servers:
        node = redis.Redis(host="127.0.0.1", port=server.port)
        try:
            found.append(list(node.scan_iter(count=1000)))
        finally:
            node.close()
    return found


def test_games_played_through_two_api_processes_and_two_workers_on_a_cluster_all_verify(
    deployment: Deployment,
) -> None:
    games = [
        _play(deployment, {"players": _players([("Ann", None), ("Robo", "random")])}, seed)
        for seed in range(HUMAN_GAMES)
    ]
    games += [
        _play(deployment, {"players": _players([("R1", "random"), ("R2", "random")])}, seed)
        for seed in range(BOT_GAMES)
    ]
    apis = itertools.cycle(deployment.apis)
    logs = {}
    for game_id in games:
        status, log, _ = _request(next(apis), "GET", f"/v1/games/{game_id}/log")
        assert status == 200
        logs[game_id] = log
        status, final, headers = _request(next(apis), "POST", "/v1/replays", raw=log)
        assert status == 200, final
        assert headers["Smashup-Log-Check"] == "rules"
        status, served, _ = _request(next(apis), "GET", f"/v1/games/{game_id}")
        assert final["status"] == served["status"] == "ended"
        assert final["winner"] == served["winner"]
        assert [p["vp"] for p in final["players"]] == [p["vp"] for p in served["players"]]
    # both API processes list every game (the sharded index, read across the nodes)
    for base in deployment.apis:
        status, page, _ = _request(base, "GET", "/v1/games?limit=100")
        assert status == 200
        assert {g["id"] for g in page["games"]} >= set(games)
    # the events live on the cluster, spread over its nodes; rq's keys on its own Redis
    per_node = _node_keys(deployment.cluster)
    assert sum(1 for keys in per_node if keys) >= 2, "the games' keys spread over the nodes"
    assert not any(key.startswith(b"rq:") for keys in per_node for key in keys)
    _check_archived(deployment, logs)
    plain = redis.Redis.from_url(deployment.rq_redis.url)
    try:
        assert not list(plain.scan_iter(match="smashup:*"))
        # both workers ran bot jobs
        done = [w.successful_job_count for w in Worker.all(connection=plain)]
        assert len(done) == 2
        assert min(done) > 0, done
    finally:
        plain.close()


def _check_archived(deployment: Deployment, logs: dict[str, bytes]) -> None:
    """Every game gets archived on the cluster by the API processes' archive jobs; then its
    stream is gone and both processes serve the same log bytes as before."""
    wanted = {f"smashup:{{{game_id}}}:archived".encode() for game_id in logs}
    while True:
        found = {key for keys in _node_keys(deployment.cluster) for key in keys}
        if wanted <= found:
            break
        deployment.left()
        time.sleep(0.2)
    assert not {f"smashup:{{{game_id}}}:events".encode() for game_id in logs} & found
    for base in deployment.apis:
        for game_id, log in logs.items():
            status, served, _ = _request(base, "GET", f"/v1/games/{game_id}/log")
            assert (status, served) == (200, log)
            status, state, _ = _request(base, "GET", f"/v1/games/{game_id}/state?at=5")
            assert status == 200
            assert state["version"] == 5


@pytest.mark.parametrize("command", ["serve", "worker"])
def test_serve_and_worker_refuse_a_cluster_without_a_plain_redis_for_rq(
    cluster: RedisCluster, command: str
) -> None:
    env = {**os.environ, "REDIS_URL": cluster.url}
    env.pop("RQ_REDIS_URL", None)
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    args = ["--no-worker", "--port", str(free_port())] if command == "serve" else ["--burst"]
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", command, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert b"set RQ_REDIS_URL to a plain Redis for rq" in done.stderr
