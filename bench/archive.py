"""Archive benchmark: plays random 2-seat games, stores them on an embedded Redis, archives them
and prints, beside the same figure for the un-archived games of the same run:

- Redis memory per finished game (``MEMORY USAGE`` of its keys) before and after archival,
  with the file backend (the log leaves Redis) and with the default Redis backend (the
  compressed log stays in Redis);
- archive bytes per game against its JSON Lines log;
- archival games per second (read, compress, write, read back, check, replace);
- the latency of a cold ``GET /log`` and ``GET /state?at=`` (a new app: no cache) on an archived
  game against an un-archived one.

Run: ``python bench/archive.py [--games N]``. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api import create_app
from api.routes.common import EXTENSION
from bench.engine import random_game
from domain import event_to_dict
from events.archived import ArchivingStore
from events.connection import RedisClient, connect, shutdown_embedded
from service.archive import Archiver

PARTS = ("events", "snapshot", "meta", "archived", "archive")


def memory(client: RedisClient, store: ArchivingStore, game_id: str) -> int:
    """Bytes of Redis memory the keys of one game use."""
    total = 0
    for part in PARTS:
        used = client.memory_usage(store.key(game_id, part), samples=0)
        total += int(used or 0)
    return total


def store_games(app: Any, first_seed: int, count: int) -> list[str]:
    """Random games stored as finished games, each read once (so a snapshot is cached)."""
    store = app.extensions[EXTENSION].store
    client = app.test_client()
    ids = []
    for seed in range(first_seed, first_seed + count):
        events = random_game(seed)
        game_id = f"bench{seed}"
        meta = {"created_at": "2026-01-01T00:00:00.000Z", "seats": "[]", "status": "ended"}
        store.create(game_id, [event_to_dict(e) for e in events], meta)
        client.get(f"/v1/games/{game_id}")
        ids.append(game_id)
    return ids


def cold_latency(config: dict[str, Any], paths: list[str]) -> float:
    """Median seconds of a request made by a new app (nothing cached in the process)."""
    times = []
    for path in paths:
        client = create_app(config).test_client()
        start = time.perf_counter()
        response = client.get(path)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.get_data()
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per set (default 20)")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="smashup-bench-archive-"))
    client = connect("", data / "redis")
    try:
        run(client, data, args.games)
    finally:
        shutdown_embedded(data / "redis")


def run(client: RedisClient, data: Path, count: int) -> None:
    """Measure and print every figure."""
    base = {"TESTING": True, "REDIS_CLIENT": client, "RQ_ASYNC": False}
    file_config = {**base, "KEY_PREFIX": "file", "ARCHIVE_URL": (data / "archive").as_uri()}
    redis_config = {**base, "KEY_PREFIX": "redis", "ARCHIVE_URL": "redis:"}
    file_app, redis_app = create_app(file_config), create_app(redis_config)
    random_game(-1)  # the card catalogue loads once
    active = store_games(file_app, 0, count)
    archived = store_games(file_app, 10_000, count)
    in_redis = store_games(redis_app, 20_000, count)
    store: ArchivingStore = file_app.extensions[EXTENSION].store
    redis_store: ArchivingStore = redis_app.extensions[EXTENSION].store
    before = statistics.mean(memory(client, store, g) for g in archived)
    baseline = statistics.mean(memory(client, store, g) for g in active)
    archiver = Archiver(store)
    start = time.perf_counter()
    outcomes = [archiver.archive(g) for g in archived]
    rate = count / (time.perf_counter() - start)
    redis_outcomes = [Archiver(redis_store).archive(g) for g in in_redis]
    after = statistics.mean(memory(client, store, g) for g in archived)
    after_redis = statistics.mean(memory(client, redis_store, g) for g in in_redis)
    log_bytes = statistics.mean(o.log_bytes for o in outcomes + redis_outcomes)
    archive_bytes = statistics.mean(o.archive_bytes for o in outcomes + redis_outcomes)
    versions = {g: store.version(g) for g in active + archived}
    log_active = cold_latency(file_config, [f"/v1/games/{g}/log" for g in active])
    log_archived = cold_latency(file_config, [f"/v1/games/{g}/log" for g in archived])
    at = "/v1/games/{}/state?at={}"
    state_active = cold_latency(file_config, [at.format(g, versions[g] // 2) for g in active])
    state_archived = cold_latency(file_config, [at.format(g, versions[g] // 2) for g in archived])
    rows = [
        ("redis bytes per game, un-archived", baseline, baseline),
        ("redis bytes per game, archived (file backend)", after, baseline),
        ("redis bytes per game, archived (redis backend)", after_redis, baseline),
        ("JSON Lines log bytes per game", log_bytes, log_bytes),
        ("archive bytes per game (zstd)", archive_bytes, log_bytes),
        ("archival games/s (file backend)", rate, rate),
        ("cold GET /log ms, un-archived", 1000 * log_active, 1000 * log_active),
        ("cold GET /log ms, archived", 1000 * log_archived, 1000 * log_active),
        ("cold GET /state?at= ms, un-archived", 1000 * state_active, 1000 * state_active),
        ("cold GET /state?at= ms, archived", 1000 * state_archived, 1000 * state_active),
    ]
    print(f"{count} games per set; memory of each game before archival: {before:.0f} bytes")
    for name, value, against in rows:
        print(f"{name:50s} {value:12.1f}   ratio {value / against:8.4f}")
    print(json.dumps({name: round(value, 1) for name, value, _ in rows}))


if __name__ == "__main__":
    main()
