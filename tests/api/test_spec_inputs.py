"""Inputs where the spec and the server once disagreed: an empty ``Last-Event-ID`` (valid by the
spec: no cursor) and a challenge to ``""`` (the spec states the id's length)."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.contract import load_spec
from tests.api.helpers import bearer, create_scripted


def test_an_empty_last_event_id_names_no_cursor_and_the_stream_starts_at_the_beginning(
    client: FlaskClient,
) -> None:
    game = create_scripted(client)
    empty = client.get(f"/v1/games/{game.id}/stream?timeout=0.1", headers={"Last-Event-ID": ""})
    assert empty.status_code == 200
    absent = client.get(f"/v1/games/{game.id}/stream?timeout=0.1")
    assert empty.get_data() == absent.get_data()
    assert b'"version":1' in empty.get_data()


def test_a_challenge_to_an_empty_id_is_refused_and_the_spec_says_so(client: FlaskClient) -> None:
    token = client.post("/v1/players", json={"name": "Ann"}).get_json()["token"]
    answer = client.post(
        "/v1/challenges",
        json={"to": "", "factions": ["aliens", "dinosaurs"]},
        headers=bearer(token),
    )
    assert (answer.status_code, answer.get_json()["code"]) == (422, "validation_error")
    assert "to" in answer.get_json()["errors"]
    stated = load_spec()["components"]["schemas"]["NewChallenge"]["properties"]["to"]
    assert (stated["minLength"], stated["maxLength"]) == (1, 64)
