"""Snapshots are a cache only: without them every answer is the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.connection import RedisClient
from tests.api.helpers import bearer
from tests.replays.helpers import bot_game, export, play, upload

pytestmark = pytest.mark.redis


def _answers(client: FlaskClient, urls: list[tuple[str, dict[str, str]]]) -> list[Any]:
    out = []
    for url, headers in urls:
        response = client.get(url, headers=headers)
        assert response.status_code == 200
        out.append(response.get_json() if response.is_json else response.get_data(as_text=True))
    return out


def test_deleting_every_snapshot_changes_no_answer(
    make_app: Callable[..., Flask], redis_client: RedisClient, prefix: str
) -> None:
    app = make_app()
    client = app.test_client()
    ended = bot_game(client, seed="snapshots")
    active = play(app, 401, 3, moves=60)
    assert active.final.version > 100
    seat = bearer(active.tokens[2])
    urls = [(f"/v1/games/{ended}", {}), (f"/v1/games/{ended}/log", {})]
    urls += [(f"/v1/games/{ended}/state?at={v}", {}) for v in (1, 49, 50, 51, 200, 420)]
    urls += [(f"/v1/games/{active.game_id}", seat), (f"/v1/games/{active.game_id}/moves", seat)]
    urls += [(f"/v1/games/{active.game_id}/log", seat)]
    urls += [(f"/v1/games/{active.game_id}/state?at={v}", seat) for v in (3, 50, 99, 100)]
    before = _answers(client, urls)
    replayed = upload(client, export(client, ended)).get_json()

    snapshots = list(redis_client.scan_iter(match=f"{prefix}:*:snapshot"))
    assert len(snapshots) == 2
    redis_client.delete(*snapshots)

    assert _answers(client, urls) == before
    fresh = make_app().test_client()  # no in-memory state either
    assert _answers(fresh, urls) == before
    assert upload(fresh, export(fresh, ended)).get_json() == replayed
