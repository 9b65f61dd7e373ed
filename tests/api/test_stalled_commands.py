"""Commands while Redis stalls: an applied command is never answered as refused.

A private redis-server on a free 127.0.0.1 port is frozen (SIGSTOP) just before some appends
are sent, while three games are played at once through the API with ``expected_version``.
Every answer is checked against the log: a 200 must be in it, a refusal must have appended
nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from api.routes.common import EXTENSION
from events.store import EventStore
from tests.api.helpers import ANN, BOB, Game, bearer, create
from tests.redis_server import RedisServer, start_redis

STALL = 0.7
"""Seconds Redis stays frozen, longer than the socket timeout and its retries of reads."""
COMMANDS = 10
"""Commands played in each game."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RedisServer]:
    """A private redis-server."""
    started = start_redis(tmp_path / "redis")
    yield started
    started.stop()


def stall_every(store: EventStore, server: RedisServer, nth: int) -> Callable[[], int]:
    """Freeze Redis for :data:`STALL` s before every ``nth`` append is sent (one stall at a
    time); return a function counting the stalls so far."""
    original = store.appends.send_once
    lock = threading.Lock()
    state = {"sent": 0, "stalls": 0, "frozen": False}

    def thaw() -> None:
        with lock:
            state["frozen"] = False
            server.resume()

    def send(keys: list[str], args: list[str | int]) -> Any:
        with lock:
            state["sent"] += 1
            if state["sent"] % nth == 0 and not state["frozen"]:
                state["frozen"] = True
                state["stalls"] += 1
                server.stall()
                threading.Timer(STALL, thaw).start()
        return original(keys, args)

    store.appends.send_once = send  # type: ignore[method-assign]
    return lambda: int(state["stalls"])


def until_answered(call: Callable[[], Any]) -> Any:
    """Repeat a read while it answers 503 (Redis frozen)."""
    for _ in range(50):
        response = call()
        if response.status_code != 503:
            return response
    raise AssertionError("Redis never answered")


def play(client: FlaskClient, log: redis.Redis, prefix: str, game: Game) -> list[str]:
    """Play :data:`COMMANDS` commands; return every violation of "refused appends nothing"."""
    violations: list[str] = []
    played = 0
    while played < COMMANDS:
        shown = until_answered(lambda: client.get(f"/v1/games/{game.id}")).get_json()
        seat = shown["awaiting"]["seat"]
        moves = until_answered(
            lambda seat=seat: client.get(
                f"/v1/games/{game.id}/moves", headers=bearer(game.tokens[seat])
            )
        ).get_json()["moves"]
        move = next((m for m in moves if m["type"] != "end_turn"), moves[0])
        answer = client.post(
            f"/v1/games/{game.id}/commands", json=move, headers=bearer(game.tokens[seat])
        )
        version = int(log.xlen(f"{prefix}:{{{game.id}}}:events"))
        if answer.status_code == 200:
            played += 1
            answered = answer.get_json()["version"]
            if answered != version:
                violations.append(f"{game.id}: 200 at {answered}, log at {version}")
        elif version != move["expected_version"]:
            violations.append(
                f"{game.id}: {answer.status_code} {answer.get_json()['code']} for a command"
                f" at {move['expected_version']}, but the log moved to {version}"
            )
    return violations


def test_commands_stalled_by_a_frozen_redis_are_never_answered_refused_once_applied(
    make_app: Callable[..., Flask], server: RedisServer, prefix: str
) -> None:
    app = make_app(
        REDIS_CLIENT=None,
        REDIS_URL=server.url,
        REDIS_SOCKET_TIMEOUT=0.2,
        REDIS_CONNECT_TIMEOUT=0.5,
        APPEND_SETTLE_TIMEOUT=10,
    )
    store: EventStore = app.extensions[EXTENSION].store
    client = app.test_client()
    games = [create(client, {"players": [ANN, BOB]}) for _ in range(3)]
    stalls = stall_every(store, server, 3)
    log = redis.Redis.from_url(server.url, socket_timeout=10)
    found: list[list[str]] = []

    def player(game: Game) -> None:
        found.append(play(app.test_client(), log, prefix, game))

    threads = [threading.Thread(target=player, args=(g,)) for g in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    log.close()

    assert len(found) == 3
    assert [v for violations in found for v in violations] == []
    assert stalls() >= 3
    assert sum(store.settled.values()) >= 3  # appends whose answer the stall swallowed
