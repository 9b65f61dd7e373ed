"""Seat tokens: random, stored only as hashes, good for one seat of one game, and a wrong one
gets a 401 (another game's, a 403) and nothing else."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import pytest
from flask.testing import FlaskClient

from events.connection import RedisClient
from events.store import EventStore
from tests.api.helpers import ANN, BOB, Game, bearer, create, create_scripted

GET_PATHS = ("", "/moves", "/events?after=0", "/state?at=1", "/log")
PROBLEM_FIELDS = {"type", "title", "status", "detail", "code", "instance"}


def _stored_text(redis_client: RedisClient, prefix: str) -> str:
    """Every key and value under a key prefix, as one text."""
    parts: list[str] = []
    for key in redis_client.scan_iter(match=f"{prefix}:*", count=1000):
        parts.append(key.decode())
        kind = redis_client.type(key).decode()
        if kind == "string":
            parts.append(redis_client.get(key).decode())
        elif kind == "hash":
            parts += [f"{k!r}={v!r}" for k, v in redis_client.hgetall(key).items()]
        elif kind == "set":
            parts += [m.decode() for m in redis_client.smembers(key)]
        elif kind == "zset":
            parts += [m.decode() for m in redis_client.zrange(key, 0, -1)]
        elif kind == "stream":
            parts += [repr(fields) for _, fields in redis_client.xrange(key)]
        else:
            raise AssertionError(f"unexpected key type {kind} for {key!r}")
    return "\n".join(parts)


def test_seat_tokens_are_long_random_and_never_repeat(client: FlaskClient) -> None:
    tokens = [t for _ in range(20) for t in create(client, {"players": [ANN, BOB]}).tokens.values()]
    assert len(set(tokens)) == len(tokens)
    for token in tokens:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) >= 32  # 256 random bits


def test_tokens_are_stored_only_as_their_sha256(
    client: FlaskClient, redis_client: RedisClient, prefix: str
) -> None:
    game = create_scripted(client)
    command = {"type": "end_turn"}
    headers = {**bearer(game.tokens[0]), "Idempotency-Key": "k1"}
    assert (
        client.post(f"/v1/games/{game.id}/commands", json=command, headers=headers).status_code
        == 200
    )
    stored = _stored_text(redis_client, prefix)
    for token in game.tokens.values():
        assert token not in stored
        assert hashlib.sha256(token.encode()).hexdigest() in stored


def test_the_hash_of_a_token_is_not_a_token(client: FlaskClient) -> None:
    game = create_scripted(client)
    digest = hashlib.sha256(game.tokens[0].encode()).hexdigest()
    response = client.get(f"/v1/games/{game.id}", headers=bearer(digest))
    assert response.status_code == 401


def test_a_token_acts_only_for_its_own_seat(client: FlaskClient, store: EventStore) -> None:
    game = create_scripted(client)
    path = f"/v1/games/{game.id}/commands"
    bob = bearer(game.tokens[1])
    response = client.post(path, json={"type": "end_turn"}, headers=bob)
    assert response.status_code == 409
    assert response.get_json()["code"] == "not_your_turn"
    response = client.post(path, json={"type": "end_turn", "seat": 0}, headers=bob)
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"seat": ["Unknown field."]}
    assert store.version(game.id) == game.version
    moves = client.get(f"/v1/games/{game.id}/moves", headers=bob).get_json()
    assert moves["seat"] == 1
    assert moves["moves"] == []


@pytest.mark.parametrize("path", [*GET_PATHS, "/commands"])
def test_a_token_acts_only_in_its_own_game(client: FlaskClient, path: str) -> None:
    mine, other = create_scripted(client), create_scripted(client)
    headers = bearer(other.tokens[0])
    if path == "/commands":
        response = client.post(
            f"/v1/games/{mine.id}{path}", json={"type": "end_turn"}, headers=headers
        )
    else:
        response = client.get(f"/v1/games/{mine.id}{path}", headers=headers)
    assert response.status_code == 403
    body = response.get_json()
    assert body["code"] == "forbidden"
    assert set(body) == PROBLEM_FIELDS


def test_my_turns_lists_only_the_game_of_the_token(client: FlaskClient) -> None:
    mine, other = create_scripted(client), create_scripted(client)
    turns = client.get("/v1/me/turns", headers=bearer(mine.tokens[0])).get_json()["turns"]
    assert [t["game"] for t in turns] == [mine.id]
    assert other.id not in str(turns)


def _answer(client: FlaskClient, game: Game, path: str, headers: dict[str, str]) -> Any:
    if path == "/commands":
        response = client.post(
            f"/v1/games/{game.id}{path}", json={"type": "end_turn"}, headers=headers
        )
    else:
        response = client.get(f"/v1/games/{game.id}{path}", headers=headers)
    return response.status_code, response.get_json()


WRONG_TOKENS = [
    "A" * 43,
    "x",
    "y" * 300,
    "not-a-token",
]


@pytest.mark.parametrize("token", WRONG_TOKENS)
@pytest.mark.parametrize("path", [*GET_PATHS, "/commands"])
def test_a_wrong_token_gets_a_bare_401_where_no_token_gets_an_answer(
    client: FlaskClient, path: str, token: str
) -> None:
    game = create_scripted(client)
    missing_status, _ = _answer(client, game, path, {})
    status, body = _answer(client, game, path, bearer(token))
    assert status == 401
    assert body["code"] == "invalid_token"
    assert set(body) == PROBLEM_FIELDS
    assert game.id not in body["detail"]
    assert missing_status in (200, 401, 403)


@pytest.mark.parametrize("path", [*GET_PATHS, "/commands"])
def test_a_wrong_token_on_a_missing_game_is_refused_as_on_any_game(
    client: FlaskClient, path: str
) -> None:
    ghost = Game("nosuchgame", 0, {})
    status, body = _answer(client, ghost, path, bearer("A" * 43))
    if path == "/commands":  # the game is loaded with its token check, in one round trip
        assert (status, body) == _answer(client, ghost, path, {})
    else:  # a wrong token is refused before anything is looked up
        assert (status, body["code"]) == (401, "invalid_token")
        assert "nosuchgame" not in body["detail"]


@pytest.mark.parametrize(
    "header", ["Basic QWxhZGRpbjpvcGVu", "Bearer", "Bearer a b", "bearer", "Token abc"]
)
def test_a_malformed_authorization_header_is_a_401(client: FlaskClient, header: str) -> None:
    game = create_scripted(client)
    response = client.get(f"/v1/games/{game.id}", headers={"Authorization": header})
    assert response.status_code == 401
    assert "WWW-Authenticate" in response.headers


@pytest.mark.parametrize("path", ["/v1/factions", "/v1/cards?lang=fr", "/v1/bases"])
def test_endpoints_without_seats_refuse_a_wrong_token_with_401(
    client: FlaskClient, path: str
) -> None:
    assert client.get(path).status_code == 200
    wrong = client.get(path, headers=bearer("A" * 43))
    assert (wrong.status_code, wrong.get_json()["code"]) == (401, "invalid_token")
    assert "WWW-Authenticate" in wrong.headers


def test_the_health_check_ignores_a_wrong_token(client: FlaskClient) -> None:
    wrong = client.get("/v1/health", headers=bearer("A" * 43))
    assert (wrong.status_code, wrong.get_json()["status"]) == (200, "ok")
