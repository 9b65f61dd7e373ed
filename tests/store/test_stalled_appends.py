"""Exactly-once appends when Redis stalls: a lost answer is settled from the stream.

Each test runs its own redis-server on a free 127.0.0.1 port and freezes it with SIGSTOP while
an append is on its way, as a stalled or overloaded Redis would.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from events.connection import Timeouts, connect
from events.errors import VersionConflict
from events.store import EventStore
from tests.redis_server import RedisServer, start_redis

from .helpers import event

STALL = 0.8
"""Seconds Redis stays frozen: several socket timeouts (and the reads' retries) long."""
TIMEOUTS = Timeouts(socket=0.2, connect=0.5)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RedisServer]:
    """A private redis-server."""
    started = start_redis(tmp_path / "redis")
    yield started
    started.stop()


@pytest.fixture
def store(server: RedisServer) -> Iterator[EventStore]:
    """An event store on it with short timeouts."""
    client = connect(server.url, timeouts=TIMEOUTS)
    yield EventStore(client, prefix="stall", settle_timeout=10)
    client.close()


def stall_during_sends(store: EventStore, server: RedisServer, which: set[int]) -> list[Any]:
    """Freeze Redis for :data:`STALL` seconds just before the appends numbered ``which`` (from
    1) are sent; return the list the answers Redis gave are collected in."""
    original = store.appends.send_once
    sent = [0]
    answers: list[Any] = []

    def send(keys: list[str], args: list[str | int]) -> Any:
        sent[0] += 1
        if sent[0] in which:
            server.stall()
            threading.Timer(STALL, server.resume).start()
        answer = original(keys, args)
        answers.append(answer)
        return answer

    store.appends.send_once = send  # type: ignore[method-assign]
    return answers


def test_an_append_whose_answer_is_lost_in_a_stall_is_answered_as_applied_once(
    store: EventStore, server: RedisServer
) -> None:
    store.create("g1", [event("game_created")])
    stall_during_sends(store, server, {1})

    stored = store.append("g1", 1, [event("card_drawn", card="a"), event("card_drawn", card="b")])

    assert [e["version"] for e in stored] == [2, 3]
    # Usually settled as applied; fenced (then sent again) if Redis ran a settle first.
    assert sum(store.settled.values()) == 1
    assert [e["payload"] for e in store.read("g1")[1:]] == [{"card": "a"}, {"card": "b"}]


def test_a_stalled_append_that_lost_the_race_is_still_refused_with_the_true_version(
    store: EventStore, server: RedisServer
) -> None:
    store.create("g1", [event("game_created")])
    store.append("g1", 1, [event("card_drawn", card="first")])
    stall_during_sends(store, server, {1})

    with pytest.raises(VersionConflict) as refused:
        store.append("g1", 1, [event("card_drawn", card="late")])

    assert refused.value.actual == 2
    assert store.settled == {"applied": 0, "fenced": 1}
    assert [e["payload"] for e in store.read("g1")[1:]] == [{"card": "first"}]


def test_a_lost_append_settled_as_not_applied_is_fenced_and_can_never_apply_later(
    store: EventStore,
) -> None:
    store.create("g1", [event("game_created")])
    original = store.appends.send_once
    held: list[tuple[list[str], list[str | int]]] = []

    def lose_the_first(keys: list[str], args: list[str | int]) -> Any:
        if not held:  # the request is still on its way: its answer never comes back
            held.append((list(keys), list(args)))
            raise redis.TimeoutError("lost")
        return original(keys, args)

    store.appends.send_once = lose_the_first  # type: ignore[method-assign]
    stored = store.append("g1", 1, [event("card_drawn", card="a")])
    late_copy = original(*held[0])  # the lost request reaches Redis after all

    assert [e["version"] for e in stored] == [2]
    assert store.settled == {"applied": 0, "fenced": 1}
    assert late_copy == [b"fenced"]
    assert [e["payload"] for e in store.read("g1")[1:]] == [{"card": "a"}]


def commands_seen(server: RedisServer, until: str) -> tuple[threading.Thread, list[str]]:
    """Watch every command Redis runs (MONITOR) until it runs ``ECHO until``."""
    seen: list[str] = []
    monitor = redis.Redis.from_url(server.url, socket_timeout=30).monitor()
    monitor.__enter__()

    def watch() -> None:
        while (command := str(monitor.next_command()["command"])) != f"ECHO {until}":
            seen.append(command)
        monitor.__exit__()

    thread = threading.Thread(target=watch)
    thread.start()
    return thread, seen


def test_redis_py_never_resends_the_append_script_itself(
    store: EventStore, server: RedisServer
) -> None:
    store.create("g1", [event("game_created")])
    answers = stall_during_sends(store, server, {1})
    watcher, seen = commands_seen(server, "done")

    store.append("g1", 1, [event("card_drawn", card="a")])
    store.redis.echo("done")
    watcher.join(10)

    appends = [c for c in seen if c.startswith(f"EVALSHA {store.appends.sha}")]
    command_ids = [c.split(" ")[11] for c in appends]
    # Each command id is sent once: the stalled copy is settled, not resent (if Redis ran a
    # settle before it, that id was fenced and the append went again under a new id).
    assert len(set(command_ids)) == len(command_ids) == 1 + store.settled["fenced"]
    assert sum(store.settled.values()) == 1
    assert len(answers) == store.settled["fenced"]
    assert [e["payload"] for e in store.read("g1")[1:]] == [{"card": "a"}]


def test_an_append_to_a_redis_that_is_gone_fails_at_once_without_settling(
    store: EventStore, server: RedisServer
) -> None:
    store.create("g1", [event("game_created")])
    server.stop()
    started = time.monotonic()

    with pytest.raises(redis.ConnectionError):
        store.append("g1", 1, [event("card_drawn", card="a")])

    assert time.monotonic() - started < store.appends.settle_timeout / 2
    assert store.settled == {"applied": 0, "fenced": 0}
