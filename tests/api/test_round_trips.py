"""The command path's Redis round trips, counted on the client's connections: at most two per
command (one load, one append), and small idempotency records that expire."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from api.routes.common import EXTENSION
from domain import awaited_seat
from events.connection import RedisClient
from events.store import EventStore
from tests.api.helpers import ANN, BOB, Game, bearer, create

pytestmark = pytest.mark.redis


@pytest.fixture
def round_trips(redis_client: RedisClient, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every request written to Redis (a pipeline is one) while the test runs."""
    sent = [0]
    connection_class = redis_client.connection_pool.connection_class
    original = connection_class.send_packed_command

    def counting(self: Any, command: Any, check_health: bool = True) -> None:
        sent[0] += 1
        original(self, command, check_health)

    monkeypatch.setattr(connection_class, "send_packed_command", counting)
    return sent


def post(app: Flask, game: Game, seat: int, body: Any, **headers: str) -> Any:
    """POST a command."""
    return app.test_client().post(
        f"/v1/games/{game.id}/commands", json=body, headers={**bearer(game.tokens[seat]), **headers}
    )


def test_every_command_costs_at_most_two_round_trips_cold_or_warm(
    make_app: Callable[..., Flask], round_trips: list[int]
) -> None:
    app = make_app()
    game = create(app.test_client(), {"players": [ANN, BOB]})
    service = app.extensions[EXTENSION]
    rng = random.Random(3)
    costs = []
    for step in range(40):
        if step == 20:  # a process that never saw the game: loads it cold
            app = make_app()
            service = app.extensions[EXTENSION]
        state = service.load(game.id)
        seat = awaited_seat(state)
        assert seat is not None
        moves = (
            app.test_client()
            .get(f"/v1/games/{game.id}/moves", headers=bearer(game.tokens[seat]))
            .get_json()["moves"]
        )
        move = rng.choice(moves)
        before = round_trips[0]
        answer = post(app, game, seat, move, **{"Idempotency-Key": f"k{step}"})
        costs.append(round_trips[0] - before)
        assert answer.status_code == 200, answer.get_json()
        before = round_trips[0]
        again = post(app, game, seat, move, **{"Idempotency-Key": f"k{step}"})
        assert again.headers["Idempotent-Replayed"] == "true"
        assert again.get_json() == answer.get_json()
        costs.append(round_trips[0] - before)
        before = round_trips[0]
        stale = post(app, game, seat, move)  # expected_version is behind now
        assert stale.status_code == 409
        costs.append(round_trips[0] - before)
    assert max(costs) <= 2, str(costs)
    assert costs.count(2) >= 40  # the counter counts: each fresh command loads and appends


def test_idempotency_records_are_small_and_expire_after_the_configured_time(
    make_app: Callable[..., Flask], redis_client: RedisClient, prefix: str
) -> None:
    app = make_app(IDEMPOTENCY_TTL=120)
    game = create(app.test_client(), {"players": [ANN, BOB]})
    store: EventStore = app.extensions[EXTENSION].store
    seat = awaited_seat(app.extensions[EXTENSION].load(game.id))
    assert seat is not None
    moves = (
        app.test_client()
        .get(f"/v1/games/{game.id}/moves", headers=bearer(game.tokens[seat]))
        .get_json()["moves"]
    )
    answer = post(app, game, seat, moves[0], **{"Idempotency-Key": "once"})
    assert answer.status_code == 200, answer.get_json()
    (key,) = list(redis_client.scan_iter(match=f"{prefix}:{{{game.id}}}:idem:*"))
    assert 0 < redis_client.ttl(key) <= 120
    record = redis_client.get(key)
    assert record is not None
    assert len(record) < 1024
    assert store.version(game.id) == answer.get_json()["version"]
