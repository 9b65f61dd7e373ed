"""Bulk export (``GET /v1/games/export``, ``GET /v1/players/{id}/games/export``) and database
dumps (``smashup export`` / ``smashup import``), archived games included."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest
from flask import Flask

from api.cli import main
from api.routes.common import EXTENSION
from events.connection import RedisClient
from service.social import social_of
from tests.archive.conftest import archiver_of, store_of
from tests.archive.helpers import store_finished_game, store_finished_games

NDJSON = "application/x-ndjson"


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app()


def _next(day: str) -> str:
    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()


def _lines(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.split("\n") if line]


def test_the_export_streams_every_finished_game_with_its_log_archived_or_not(app: Flask) -> None:
    store = store_of(app)
    ids = store_finished_games(store, seed=30, copies=3)
    client = app.test_client()
    logs = {g: client.get(f"/v1/games/{g}/log").get_data(as_text=True) for g in ids}
    archiver_of(app).archive(ids[1])
    response = client.get("/v1/games/export")
    assert response.status_code == 200
    assert response.mimetype == NDJSON
    assert response.headers["Smashup-Export-Games"] == "3"
    games = _lines(response.get_data(as_text=True))
    assert sorted(str(g["game_id"]) for g in games) == sorted(ids)
    created = [str(g["created_at"]) for g in games]
    assert created == sorted(created)  # oldest first
    for game in games:
        events = game["events"]
        assert isinstance(events, list)
        text = "".join(
            json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n" for e in events
        )
        assert text == logs[str(game["game_id"])]
        assert game["version"] == len(events)


def test_the_export_one_event_per_line_honours_limit(app: Flask) -> None:
    store = store_of(app)
    ids = store_finished_games(store, seed=31, copies=2)
    response = app.test_client().get("/v1/games/export?format=events&limit=1")
    rows = _lines(response.get_data(as_text=True))
    (only,) = {str(row["game_id"]) for row in rows}
    assert only in ids
    assert [row["version"] for row in rows] == list(range(1, store.version(only) + 1))


def test_the_export_time_range_is_since_inclusive_until_exclusive(app: Flask) -> None:
    store = store_of(app)
    game_id = store_finished_game(store, seed=32)
    created = store.meta(game_id)["created_at"]
    client = app.test_client()

    def exported(query: str) -> list[object]:
        body = client.get(f"/v1/games/export?{query}").get_data(as_text=True)
        return [g["game_id"] for g in _lines(body)]

    assert exported(f"since={created}") == [game_id]
    assert exported(f"until={created}") == []
    assert exported(f"since={created[:10]}&until=2999-01-01") == [game_id]
    assert exported("since=2999-01-01") == []
    assert exported(f"since={created[:10]}&until=2000-01-01") == []  # an empty range
    assert exported(f"since={created[:19]}Z") == [game_id]  # whole seconds: .000 added


@pytest.mark.parametrize(
    "query",
    [
        "since=yesterday",
        "limit=0",
        "limit=10001",
        "format=csv",
        "colour=red",
        "since=0001-01-01T00:00:00%2B05:00",
        "until=2026-01-01T12:00Z",
    ],
)
def test_a_bad_export_query_is_a_validation_error(app: Flask, query: str) -> None:
    response = app.test_client().get(f"/v1/games/export?{query}")
    assert response.status_code == 422
    assert response.get_json()["code"] == "validation_error"


def test_a_players_export_holds_only_that_accounts_finished_games(app: Flask) -> None:
    client = app.test_client()
    player = client.post("/v1/players", json={"name": "Ada"}).get_json()
    store = store_of(app)
    mine, other = store_finished_games(store, seed=33, copies=2)
    store.set_meta(mine, {"accounts": json.dumps([player["id"], None])})
    social = social_of(app.extensions[EXTENSION])
    assert social is not None
    social.accounts.index_game(mine)
    archiver_of(app).archive(mine)
    response = client.get(f"/v1/players/{player['id']}/games/export")
    assert [g["game_id"] for g in _lines(response.get_data(as_text=True))] == [mine]
    missing = client.get("/v1/players/nobody/games/export")
    assert missing.status_code == 404
    assert missing.get_json()["code"] == "player_not_found"
    assert other not in response.get_data(as_text=True)


def test_a_dump_exported_and_imported_into_a_fresh_server_gives_identical_logs(
    make_app: Callable[..., Flask], redis_client: RedisClient, prefix: str, tmp_path: Path
) -> None:
    source = make_app()
    store = store_of(source)
    ids = store_finished_games(store, seed=34, copies=3)
    archiver_of(source).archive(ids[0])
    client = source.test_client()
    logs = {g: client.get(f"/v1/games/{g}/log").get_data() for g in ids}
    day = store.meta(ids[0])["created_at"][:10]
    out = tmp_path / "dump"
    url = f"--redis-url=unix://{redis_client.connection_pool.connection_kwargs['path']}"
    common = [url, "--prefix", prefix]
    assert main(["export", "--since", day, "--until", _next(day), "--out", str(out), *common]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["games"] == 3
    first = manifest["files"][0]
    assert first["name"] == f"games-{day}.ndjson.zst"
    assert hashlib.sha256((out / first["name"]).read_bytes()).hexdigest() == first["sha256"]

    fresh = f"{prefix}-fresh"
    target = ["--redis-url", url.split("=", 1)[1], "--prefix", fresh]
    assert main(["import", str(out), *target]) == 0
    assert main(["import", str(out), *target]) == 0  # again: every game skipped
    copy = make_app(KEY_PREFIX=fresh).test_client()
    for game_id, log in logs.items():
        assert copy.get(f"/v1/games/{game_id}/log").get_data() == log
    for key in redis_client.scan_iter(match=f"{fresh}:*", count=1000):
        redis_client.delete(key)


def test_an_import_refuses_a_dump_that_does_not_match_its_manifest(
    make_app: Callable[..., Flask], redis_client: RedisClient, prefix: str, tmp_path: Path
) -> None:
    source = make_app()
    store_finished_game(store_of(source), seed=35)
    out = tmp_path / "dump"
    url = f"unix://{redis_client.connection_pool.connection_kwargs['path']}"
    assert main(["export", "--since", "2000-01-01", "--until", "2999-01-01", "--out", str(out),
                 "--redis-url", url, "--prefix", prefix]) == 0  # fmt: skip
    assert [f["games"] for f in json.loads((out / "manifest.json").read_text())["files"]] == [1]
    manifest = json.loads((out / "manifest.json").read_text())
    busy = next(f for f in manifest["files"] if f["games"])
    (out / busy["name"]).write_bytes(b"tampered")
    fresh = f"{prefix}-tampered"
    assert main(["import", str(out), "--redis-url", url, "--prefix", fresh]) == 1
    assert not list(redis_client.scan_iter(match=f"{fresh}:*", count=1000))
