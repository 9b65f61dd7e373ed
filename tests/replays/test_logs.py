"""GET /v1/games/{id}/log: the whole log once a game has ended; a seat's own log before that."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.store import EventStore
from tests.api.helpers import bearer
from tests.problems import refused
from tests.replays.helpers import bot_game, export, lines, play

pytestmark = pytest.mark.redis


def test_the_log_of_a_finished_game_is_public_json_lines_with_every_event_unredacted(
    client: FlaskClient, store: EventStore
) -> None:
    game_id = bot_game(client)
    response = client.get(f"/v1/games/{game_id}/log")
    assert response.status_code == 200
    assert response.mimetype == "application/jsonl"
    envelopes = lines(response.get_data(as_text=True))
    assert envelopes == store.read(game_id)
    assert [e["version"] for e in envelopes] == list(range(1, len(envelopes) + 1))
    assert all(list(e) == ["version", "type", "schema", "ts", "payload"] for e in envelopes)
    assert "seed" in envelopes[0]["payload"]
    assert "deck" in envelopes[0]["payload"]["players"][0]
    assert envelopes[-1]["type"] == "game_ended"


def test_the_log_is_served_as_x_ndjson_when_the_client_prefers_it(client: FlaskClient) -> None:
    game_id = bot_game(client)
    response = client.get(f"/v1/games/{game_id}/log", headers={"Accept": "application/x-ndjson"})
    assert response.status_code == 200
    assert response.mimetype == "application/x-ndjson"
    assert response.get_data(as_text=True) == export(client, game_id)


def test_before_the_end_a_spectator_is_refused_the_log_with_game_not_ended(
    app: Flask, client: FlaskClient
) -> None:
    played = play(app, 201, 2, moves=4)
    response = client.get(f"/v1/games/{played.game_id}/log")
    refused(response, 403, "game_not_ended")


def test_before_the_end_a_seat_gets_its_own_redacted_log_in_the_same_shape(
    app: Flask, client: FlaskClient
) -> None:
    played = play(app, 202, 2, moves=6)
    text = export(client, played.game_id, **bearer(played.tokens[0]))
    envelopes = lines(text)
    feed = client.get(f"/v1/games/{played.game_id}/events", headers=bearer(played.tokens[0]))
    assert envelopes == feed.get_json()["events"]
    created = envelopes[0]["payload"]
    assert "seed" not in created
    assert "hand" not in created["players"][1]
    draws = [e["payload"] for e in envelopes if e["type"] == "cards_drawn"]
    assert any("cards" in d for d in draws if d["seat"] == 0)
    assert all("cards" not in d and "count" in d for d in draws if d["seat"] == 1)


def test_a_token_of_another_game_is_forbidden_and_an_unknown_game_is_not_found(
    app: Flask, client: FlaskClient
) -> None:
    mine = play(app, 203, 2, moves=1)
    other = play(app, 204, 2, moves=1)
    response = client.get(f"/v1/games/{mine.game_id}/log", headers=bearer(other.tokens[0]))
    refused(response, 403, "forbidden")
    response = client.get("/v1/games/nosuchgame/log")
    refused(response, 404, "not_found")


def test_the_log_takes_no_query_parameter(client: FlaskClient) -> None:
    game_id = bot_game(client)
    response = client.get(f"/v1/games/{game_id}/log?after=3")
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"after": ["Unknown field."]}
