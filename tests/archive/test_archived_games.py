"""An archived game (default backend: the events' Redis) reads as before, is never written
again, is cached within bounds, and is archived only once it ended and only when due."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from api.cli import main
from events.archived import ArchivingStore
from events.store import hash_token
from tests.api.helpers import create_scripted
from tests.archive.conftest import archiver_of, store_of
from tests.archive.helpers import store_finished_game
from tests.replays.helpers import bot_game

JSONL = "application/jsonl"


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app(STREAM_KEEPALIVE=0.1)


def _archived(app: Flask, seed: int) -> tuple[str, str]:
    """A finished game, archived; its id and its log as served before archival."""
    store = store_of(app)
    game_id = store_finished_game(store, seed)
    log = app.test_client().get(f"/v1/games/{game_id}/log").get_data(as_text=True)
    assert archiver_of(app).archive(game_id).result == "archived"
    return game_id, log


def test_an_append_to_an_archived_game_raises_and_writes_nothing(app: Flask) -> None:
    from events.archived import GameArchived

    store = store_of(app)
    game_id, _ = _archived(app, seed=5)
    version = store.version(game_id)
    event = {"type": "turn_ended", "payload": {}}
    for expected in (0, version):
        with pytest.raises(GameArchived):
            store.append(game_id, expected, [event])
    assert not store.redis.exists(store.key(game_id, "events"))
    with pytest.raises(Exception, match="exists"):
        store.create(game_id, [event], {})


def test_a_seat_command_to_an_archived_game_answers_a_game_archived_problem(app: Flask) -> None:
    store = store_of(app)
    game_id, _ = _archived(app, seed=5)
    token = "seat-token-of-an-archived-game"
    store.register_token(hash_token(token), game_id, 1)
    response = app.test_client().post(
        f"/v1/games/{game_id}/commands",
        json={"type": "end_turn"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 409
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == "game_archived"


def test_the_exported_log_of_an_archived_game_replays_and_imports_as_before(
    app: Flask, tmp_path: Path
) -> None:
    game_id, log = _archived(app, seed=6)
    client = app.test_client()
    served = client.get(f"/v1/games/{game_id}/log")
    assert served.get_data(as_text=True) == log
    replayed = client.post("/v1/replays", data=log, content_type=JSONL)
    assert replayed.status_code == 200
    assert replayed.get_json() == client.get(f"/v1/games/{game_id}/state").get_json()
    path = tmp_path / "game.jsonl"
    path.write_text(served.get_data(as_text=True), encoding="utf-8")
    assert main(["replay", str(path)]) == 0


def test_an_archived_log_is_fetched_once_then_served_from_the_bounded_cache(app: Flask) -> None:
    store = store_of(app)
    ids = [_archived(app, seed)[0] for seed in (7, 8, 9)]
    cold = ArchivingStore(store.redis, store.prefix, cache_games=2)
    for game_id in ids:
        cold.read(game_id)
        cold.read(game_id, after=10, until=20)
        cold.version(game_id)
    assert cold.fetches == 3
    cold.read(ids[0])  # pushed out by the two after it
    assert cold.fetches == 4
    assert len(cold._logs) == 2


def test_a_game_is_archived_only_once_it_has_ended_and_its_delay_has_passed(app: Flask) -> None:
    client = app.test_client()
    archiver = archiver_of(app)
    active = create_scripted(client)
    assert archiver.archive(active.id).result == "active"
    game_id = bot_game(client, seed="due")  # bots play it to its end inline
    assert archiver.pending() == 1  # put in the due set when it ended
    assert archiver.archive_due(after=3600) == []
    done = archiver.archive_due(after=0)
    assert [(o.game_id, o.result) for o in done] == [(game_id, "archived")]
    assert archiver.pending() == 0
    assert not store_of(app).is_archived(active.id)


def test_games_that_ended_before_archival_existed_are_found_and_archived(app: Flask) -> None:
    store = store_of(app)
    game_id = store_finished_game(store, seed=10)  # stored directly: never put in the due set
    archiver = archiver_of(app)
    assert archiver.pending() == 0
    assert archiver.backfill() == 1
    assert archiver.backfill() == 0
    assert [o.result for o in archiver.archive_due(after=600)] == ["archived"]
    assert store.is_archived(game_id)


def test_a_stream_that_changes_during_archival_stays_where_it_is(app: Flask) -> None:
    store = store_of(app)
    game_id = store_finished_game(store, seed=11)
    version = store.version(game_id)
    assert store.finish_archive(game_id, version - 1, {"digest": "x"}) == "changed"
    assert store.version(game_id) == version
    assert not store.is_archived(game_id)


def test_the_games_list_shows_an_archived_game_at_its_version(app: Flask) -> None:
    store = store_of(app)
    game_id, _ = _archived(app, seed=12)
    listed = app.test_client().get("/v1/games?status=ended").get_json()["games"]
    row = next(g for g in listed if g["id"] == game_id)
    assert row["version"] == json.loads(json.dumps(store.version(game_id))) > 0
