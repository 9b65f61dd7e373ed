"""POST /v1/replays?store=true: a finished game's log becomes an identical game elsewhere."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from events.connection import connect, shutdown_embedded
from events.store import EventStore
from tests.api.conftest import CONTRACT_KEY, ContractClient
from tests.api.contract import Contract
from tests.replays.helpers import bot_game, export, jsonl, lines, play, upload

pytestmark = pytest.mark.redis


@pytest.fixture
def elsewhere(tmp_path: Path, contract: Contract) -> Iterator[FlaskClient]:
    """A client of another server: a fresh embedded Redis that has never seen the game."""
    data_dir = tmp_path / "elsewhere"
    client = connect("", data_dir)
    app = create_app({"TESTING": True, "REDIS_CLIENT": client, "RQ_ASYNC": False})
    app.extensions[CONTRACT_KEY] = contract
    app.test_client_class = ContractClient
    yield app.test_client()
    shutdown_embedded(data_dir)


def test_an_exported_log_imported_on_a_fresh_redis_gives_an_identical_finished_game(
    client: FlaskClient, elsewhere: FlaskClient
) -> None:
    game_id = bot_game(client, seed="import")
    text = export(client, game_id)
    original = client.get(f"/v1/games/{game_id}/state").get_json()

    response = upload(elsewhere, text, "?store=true")

    assert response.status_code == 201
    new_id = response.get_json()["id"]
    assert new_id != game_id
    assert response.headers["Location"] == f"/v1/games/{new_id}"
    assert response.get_json() == {**original, "id": new_id}
    assert elsewhere.get(f"/v1/games/{new_id}/state").get_json() == {**original, "id": new_id}
    spectator = elsewhere.get(f"/v1/games/{new_id}").get_json()
    assert spectator == client.get(f"/v1/games/{game_id}").get_json() | {"id": new_id}
    exported, imported = lines(text), lines(export(elsewhere, new_id))
    assert imported[0]["payload"] == {**exported[0]["payload"], "game_id": new_id}
    assert imported[1:] == exported[1:], "nothing but the game id is rewritten, ts included"


def test_every_version_of_an_imported_game_is_the_original_one(
    client: FlaskClient, elsewhere: FlaskClient
) -> None:
    game_id = bot_game(client, seed="versions")
    new_id = upload(elsewhere, export(client, game_id), "?store=true").get_json()["id"]
    last = client.get(f"/v1/games/{game_id}").get_json()["version"]
    for version in range(1, last + 1, 37):
        mine = client.get(f"/v1/games/{game_id}/state?at={version}").get_json()
        theirs = elsewhere.get(f"/v1/games/{new_id}/state?at={version}").get_json()
        assert theirs == {**mine, "id": new_id}


def test_importing_the_same_log_again_finds_the_same_game(
    client: FlaskClient, store: EventStore
) -> None:
    text = export(client, bot_game(client, seed="twice"))
    first = upload(client, text, "?store=true")
    games = store.list_games()
    again = upload(client, text, "?store=true")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.headers["Location"] == first.headers["Location"]
    assert again.get_json() == first.get_json()
    assert store.list_games() == games


def test_an_imported_game_is_finished_and_takes_no_command(
    client: FlaskClient, store: EventStore
) -> None:
    text = export(client, bot_game(client, seed="final"))
    new_id = upload(client, text, "?store=true").get_json()["id"]
    assert store.meta(new_id)["status"] == "ended"
    assert client.get(f"/v1/games/{new_id}/moves").get_json()["moves"] == []


def test_the_log_of_an_unfinished_game_is_not_imported(
    app: Flask, client: FlaskClient, store: EventStore
) -> None:
    played = play(app, 301, 2, moves=20)
    envelopes = store.read(played.game_id)
    games = store.list_games()
    response = upload(client, jsonl(envelopes), "?store=true")
    assert response.status_code == 422
    assert response.get_json()["code"] == "game_not_ended"
    assert store.list_games() == games


def test_an_imported_game_replays_the_same_without_its_snapshot(
    client: FlaskClient, store: EventStore, make_app: Callable[..., Flask]
) -> None:
    text = export(client, bot_game(client, seed="nosnap"))
    view = upload(client, text, "?store=true").get_json()
    store.delete_snapshots(view["id"])
    fresh = make_app().test_client()
    assert fresh.get(f"/v1/games/{view['id']}/state").get_json() == view
