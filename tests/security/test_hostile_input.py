"""Malformed and hostile requests get a problem body, never a 500, and change nothing.

Every response here also goes through the spec check of the test client (documented status,
media type and body), so a refusal that is not a documented problem fails too.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from redis.backoff import NoBackoff
from redis.retry import Retry
from werkzeug.test import TestResponse

from events.store import EventStore
from tests.api.helpers import ANN, BOB, Game, bearer, create_scripted, hand_uid

GAME_PATHS = ("", "/moves", "/events", "/log", "/state")


def _problem(response: TestResponse, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json()
    assert body["status"] == status
    if code is not None:
        assert body["code"] == code
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def _post_raw(client: FlaskClient, path: str, data: bytes, **headers: str) -> TestResponse:
    return client.post(path, data=data, headers={"Content-Type": "application/json", **headers})


@pytest.fixture
def game(client: FlaskClient) -> Game:
    """A scripted game where Ann (seat 0) is to play."""
    return create_scripted(client)


@pytest.mark.parametrize(
    "body",
    [
        b'{"players": [{"name": "\\ud800", "factions": ["aliens", "dinosaurs"]}, 1]}',
        b'{"players": [], "seed": "\\udfff"}',
        b'{"players": [], "\\udc00": 1}',
    ],
)
def test_a_lone_surrogate_anywhere_in_a_body_is_malformed_json(
    client: FlaskClient, store: EventStore, body: bytes
) -> None:
    _problem(_post_raw(client, "/v1/games", body), 400, "malformed_json")
    assert store.list_games() == []


def test_a_lone_surrogate_in_a_command_is_refused_and_appends_nothing(
    client: FlaskClient, store: EventStore, game: Game
) -> None:
    path = f"/v1/games/{game.id}/commands"
    body = b'{"type": "choose", "option": "\\ud83d"}'
    _problem(_post_raw(client, path, body, **bearer(game.tokens[0])), 400, "malformed_json")
    assert store.version(game.id) == game.version


def test_an_object_with_a_duplicate_key_is_malformed_json(
    client: FlaskClient, store: EventStore, game: Game
) -> None:
    path = f"/v1/games/{game.id}/commands"
    body = b'{"type": "end_turn", "type": "end_turn"}'
    problem = _problem(_post_raw(client, path, body, **bearer(game.tokens[0])), 400)
    assert "same key twice" in problem["detail"]
    assert store.version(game.id) == game.version


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"   ",
        b"nul",
        b"{",
        b"[1,]",
        b'{"a": NaN}',
        b'{"a": Infinity}',
        b"\xff\xfe{}",
        b"1" * 5000,
    ],
)
def test_what_is_not_json_is_a_400(client: FlaskClient, body: bytes) -> None:
    _problem(_post_raw(client, "/v1/games", body), 400, "malformed_json")


def test_json_nested_beyond_the_parser_depth_is_a_400_not_a_crash(client: FlaskClient) -> None:
    deep = b"[" * 20_000 + b"]" * 20_000
    _problem(_post_raw(client, "/v1/games", deep), 400, "malformed_json")


@pytest.mark.parametrize(
    "name",
    ["", "   ", "A" * 41, "tab\there", "new\nline", "nul\x00", "\u202eevil", "zero\u200bwidth"],
)
def test_a_seat_name_must_be_short_printable_text(
    client: FlaskClient, store: EventStore, name: str
) -> None:
    body = {"players": [{**ANN, "name": name}, BOB]}
    problem = _problem(client.post("/v1/games", json=body), 422, "validation_error")
    assert "name" in problem["errors"]["players"]["0"]
    assert store.list_games() == []


def test_a_seat_name_may_be_any_printable_text_up_to_40_characters(client: FlaskClient) -> None:
    for name in ("Zoë", "王小明", "O'Brien-Smith (bot #2)", "x" * 40):
        response = client.post("/v1/games", json={"players": [{**ANN, "name": name}, BOB]})
        assert response.status_code == 201
        assert response.get_json()["seats"][0]["name"] == name


def test_a_body_over_64_kib_is_refused_with_a_413(client: FlaskClient) -> None:
    big = json.dumps({"players": [ANN, BOB], "seed": "x" * 70_000}).encode()
    _problem(_post_raw(client, "/v1/games", big), 413, "payload_too_large")


def test_a_chunked_body_over_64_kib_is_refused_with_a_413_too(client: FlaskClient) -> None:
    big = b'{"players": [], "seed": "' + b"x" * 70_000 + b'"}'
    response = client.post(
        "/v1/games",
        input_stream=io.BytesIO(big),
        headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    _problem(response, 413, "payload_too_large")


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("wait=31", "wait"),
        ("wait=-1", "wait"),
        ("wait=nan", "wait"),
        ("wait=inf", "wait"),
        ("wait=1e999", "wait"),
        ("after=-1", "after"),
        ("after=2147483648", "after"),
        ("after=1.5", "after"),
        ("after=" + "9" * 5000, "after"),
        ("limit=0", "limit"),
        ("limit=1001", "limit"),
        ("colour=red", "colour"),
    ],
)
def test_every_events_parameter_is_bounded(
    client: FlaskClient, game: Game, query: str, field: str
) -> None:
    response = client.get(f"/v1/games/{game.id}/events?{query}")
    assert field in _problem(response, 422, "validation_error")["errors"]


@pytest.mark.parametrize("query", ["at=0", "at=-3", "at=2147483648", "at=x", "colour=red"])
def test_time_travel_versions_are_bounded(client: FlaskClient, game: Game, query: str) -> None:
    _problem(client.get(f"/v1/games/{game.id}/state?{query}"), 422, "validation_error")


@pytest.mark.parametrize("path", ["", "/moves"])
def test_unknown_query_parameters_are_refused(client: FlaskClient, game: Game, path: str) -> None:
    response = client.get(f"/v1/games/{game.id}{path}?debug=1")
    assert _problem(response, 422, "validation_error")["errors"] == {"debug": ["Unknown field."]}


@pytest.mark.parametrize(
    "change",
    [
        {"players": [ANN]},
        {"players": [ANN, BOB, ANN, BOB, ANN]},
        {"players": [{**ANN, "factions": ["aliens", "dinosaurs", "ninjas"]}, BOB]},
        {"players": [{**ANN, "extra": 1}, BOB]},
        {"seed": "s" * 129},
        {"seed": 1.5},
        {"seed": True},
        {"scripted": {"decks": [[]] * 5, "bases": ["base.tar_pits"]}},
        {"scripted": {"decks": [["aliens.scout"] * 201, []], "bases": ["base.tar_pits"]}},
        {"scripted": {"decks": [[], []], "bases": ["base.tar_pits"] * 9}},
        {"scripted": {"decks": [[], []], "bases": ["base.tar_pits"], "vp": [1001, 0]}},
        {"scripted": {"decks": [[], []], "bases": ["b"], "first_seat": 2**31}},
        {"scripted": {"decks": [[], []], "bases": ["b"], "board": [{"base": 0}] * 101}},
        {"admin": True},
    ],
)
def test_every_create_field_is_bounded_and_unknown_fields_are_refused(
    client: FlaskClient, store: EventStore, change: dict[str, Any]
) -> None:
    body = {"players": [ANN, BOB], **change}
    _problem(client.post("/v1/games", json=body), 422, "validation_error")
    assert store.list_games() == []


@pytest.mark.parametrize(
    "body",
    [
        {"type": "end_turn", "seat": 1},
        {"type": "end_turn", "expected_version": -1},
        {"type": "end_turn", "expected_version": 2**31},
        {"type": "end_turn", "expected_version": 10**400},
        {"type": "end_turn", "expected_version": 1.0},
        {"type": "end_turn", "expected_version": "5"},
        {"type": "play_minion", "card": "c00000000", "base": -1},
        {"type": "play_minion", "card": "c00000000", "base": True},
        {"type": "play_minion", "card": "x" * 65, "base": 0},
        {"type": "choose", "option": ["list"]},
        {"type": "choose", "option": {"$ne": None}},
        {"type": "DROP TABLE"},
        {"type": None},
        {},
    ],
)
def test_every_command_field_is_bounded_and_unknown_fields_are_refused(
    client: FlaskClient, store: EventStore, game: Game, body: dict[str, Any]
) -> None:
    response = client.post(
        f"/v1/games/{game.id}/commands", json=body, headers=bearer(game.tokens[0])
    )
    _problem(response, 422, "validation_error")
    assert store.version(game.id) == game.version


@pytest.mark.parametrize("body", [[], "end_turn", 1, None, [{"type": "end_turn"}]])
def test_a_command_that_is_not_an_object_is_refused(
    client: FlaskClient, game: Game, body: Any
) -> None:
    path = f"/v1/games/{game.id}/commands"
    response = _post_raw(client, path, json.dumps(body).encode(), **bearer(game.tokens[0]))
    _problem(response, 422, "validation_error")


@pytest.mark.parametrize("key", ["", "a b", "é", "x" * 256, "tab\tkey"])
def test_an_idempotency_key_must_be_1_to_255_visible_ascii_characters(
    client: FlaskClient, store: EventStore, game: Game, key: str
) -> None:
    headers = {**bearer(game.tokens[0]), "Idempotency-Key": key}
    response = client.post(
        f"/v1/games/{game.id}/commands", json={"type": "end_turn"}, headers=headers
    )
    _problem(response, 422, "validation_error")
    assert store.version(game.id) == game.version


@pytest.mark.parametrize(
    "game_id", ["..", "a" * 65, "a{b}c", "%00", "x%0Ay", "' OR 1=1 --", "*", "a:b"]
)
@pytest.mark.parametrize("path", GAME_PATHS)
def test_a_game_id_that_cannot_name_a_game_is_a_404(
    client: FlaskClient, game_id: str, path: str
) -> None:
    response = client.get(f"/v1/games/{game_id}{path}")
    assert response.status_code in (404, 405)
    _problem(response, response.status_code)


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE"])
def test_undocumented_methods_get_a_405_problem(
    client: FlaskClient, game: Game, method: str
) -> None:
    response = client.open(f"/v1/games/{game.id}", method=method)
    assert "GET" in response.headers["Allow"]
    _problem(response, 405, "method_not_allowed")


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_the_body_is_read_as_json_whatever_the_content_type(
    client: FlaskClient, game: Game, content_type: str
) -> None:
    headers = {**bearer(game.tokens[0]), "Content-Type": content_type}
    uid = hand_uid(
        client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json(),
        0,
        "aliens.collector",
    )
    body = json.dumps({"type": "play_minion", "card": uid, "base": 1})
    response = client.post(f"/v1/games/{game.id}/commands", data=body, headers=headers)
    assert response.status_code == 200


def _garbage(rng: random.Random) -> Iterator[tuple[str, str, bytes, dict[str, str]]]:
    """Random requests: byte soup, JSON of the wrong shape, odd headers, odd paths."""
    values: list[Any] = [None, True, -1, 2**70, 0.5, "", "x" * 300, [], {}, [[[]]], {"a": {}}]
    for _ in range(150):
        kind = rng.randrange(4)
        if kind == 0:
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
        elif kind == 1:
            shape = {rng.choice(["type", "players", "card", "option", "seed"]): rng.choice(values)}
            body = json.dumps(shape).encode()
        elif kind == 2:
            body = json.dumps(rng.choice(values)).encode()
        else:
            body = json.dumps(
                {"type": rng.choice(["play_minion", "choose", "use_special"])}
            ).encode()
        headers = rng.choice(
            [
                {},
                {"Authorization": "Bearer " + "A" * rng.randrange(1, 400)},
                {"Authorization": rng.choice(["Basic Zm9vOmJhcg==", "Bearer", "Bearer a b", "x"])},
                {"Idempotency-Key": rng.choice(["k", "k" * 300, "\u00e9"])},
                {"Content-Type": rng.choice(["application/json; charset=latin-1", "text/html"])},
            ]
        )
        path = rng.choice(["/v1/games", "/v1/games/{id}/commands", "/v1/replays"])
        yield "POST", path, body, headers
        yield (
            "GET",
            rng.choice(["/v1/games/{id}", "/v1/me/turns", "/v1/games/{id}/events"])
            + ("?" + rng.choice(["wait=abc", "after=%FF", "limit=1e3", "a=b&a=c", "wait=0.01"])),
            b"",
            headers,
        )


def test_a_storm_of_garbage_gets_only_documented_4xx_problems(
    client: FlaskClient, store: EventStore, game: Game
) -> None:
    statuses: set[int] = set()
    for method, path, body, headers in _garbage(random.Random(7)):
        url = path.replace("{id}", game.id)
        try:
            response = client.open(url, method=method, data=body, headers=headers)
        except UnicodeEncodeError:
            continue  # a header the test client itself cannot send
        statuses.add(response.status_code)
        assert 400 <= response.status_code < 500 or response.status_code == 200, url
        if response.status_code >= 400:
            _problem(response, response.status_code)
    assert store.version(game.id) == game.version
    assert {400, 401, 422} <= statuses


@pytest.fixture
def broken_app(make_app: Callable[..., Flask]) -> Flask:
    """The app over a Redis that does not answer."""
    dead = redis.Redis(host="127.0.0.1", port=1, retry=Retry(NoBackoff(), 0))
    return make_app(REDIS_CLIENT=dead)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/games/abc"),
        ("GET", "/v1/games/abc/moves"),
        ("GET", "/v1/games/abc/events?wait=1"),
        ("POST", "/v1/games"),
        ("GET", "/v1/me/turns"),
    ],
)
def test_without_redis_every_game_endpoint_answers_503_not_500(
    broken_app: Flask, method: str, path: str
) -> None:
    body = {"players": [ANN, BOB]} if method == "POST" else None
    headers = bearer("x" * 43)
    response = broken_app.test_client().open(path, method=method, json=body, headers=headers)
    _problem(response, 503, "service_unavailable")
