"""Archival survives kill -9 at any moment: 50 finished games are archived by a worker process
killed -9 again and again while it works; then every game is archived exactly once, every log
is byte-identical to what it was and the readers answer as before."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from events.connection import RedisClient, redis_url_for
from tests.archive.conftest import archiver_of, store_of
from tests.archive.helpers import readers, store_finished_games

GAMES = 50
KILLS = 8
"""Kill cycles at most (each waits for the worker to archive a game, then kills it)."""
DEADLINE = 50.0
"""Seconds the kill cycles may take in all."""


def _worker(url: str, prefix: str, archive: str, errors: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "workers.archive", "--redis-url", url, "--prefix", prefix]
    command += ["--archive-url", archive, "--after", "0", "--lease", "0.3", "--once"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=errors)


def _archived(redis: RedisClient, prefix: str) -> int:
    return sum(1 for _ in redis.scan_iter(match=f"{prefix}:{{*}}:archived", count=1000))


def test_fifty_games_archived_under_repeated_kill_9_keep_every_log_and_reader(
    make_app: Callable[..., Flask],
    redis_client: RedisClient,
    prefix: str,
    tmp_path: Path,
) -> None:
    directory = tmp_path / "archive"
    archive = directory.as_uri()
    app: Flask = make_app(ARCHIVE_URL=archive, STREAM_KEEPALIVE=0.1)
    store = store_of(app)
    ids = [g for seed in range(10) for g in store_finished_games(store, seed, GAMES // 10)]
    client = app.test_client()
    logs = {g: client.get(f"/v1/games/{g}/log").get_data() for g in ids}
    sample = ids[:: GAMES // 3]
    before = {g: readers(client, g, store.version(g)) for g in sample}
    archiver = archiver_of(app)
    assert archiver.backfill() == GAMES

    rng = random.Random(21)
    url = redis_url_for(redis_client)
    kills_while_working = 0
    deadline = time.monotonic() + DEADLINE
    for _ in range(KILLS):
        if archiver.pending() == 0 or time.monotonic() > deadline:
            break
        start = _archived(redis_client, prefix)
        worker = _worker(url, prefix, archive, subprocess.DEVNULL)
        while worker.poll() is None and _archived(redis_client, prefix) == start:
            time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.08))
        if worker.poll() is None:
            worker.send_signal(signal.SIGKILL)
            kills_while_working += archiver.pending() > 0
        worker.wait(timeout=30)
    last = _worker(url, prefix, archive, subprocess.PIPE)
    _, errors = last.communicate(timeout=120)
    assert last.returncode == 0, errors.decode()
    assert kills_while_working >= 3

    assert archiver.pending() == 0
    assert _archived(redis_client, prefix) == GAMES
    blobs = sorted(p.name for p in directory.rglob("*") if p.is_file())
    assert blobs == sorted(f"{g}.jsonl.zst" for g in ids)  # one each, no half-written file
    fresh = make_app(ARCHIVE_URL=archive, STREAM_KEEPALIVE=0.1)
    reader = fresh.test_client()
    for game_id in ids:
        assert not redis_client.exists(store.key(game_id, "events"))
        assert reader.get(f"/v1/games/{game_id}/log").get_data() == logs[game_id]
    for game_id in sample:
        assert readers(reader, game_id, store.version(game_id)) == before[game_id]
