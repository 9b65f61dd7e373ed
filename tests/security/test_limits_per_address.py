"""Limits nobody dodges by inventing tokens: 401 for a made-up token everywhere, rate limits and
the game quota per address whatever the tokens, account creation limited per address, a front
proxy trusted only when configured, abandoned accounts expiring, RateLimit headers."""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from events.store import EventStore
from tests.api.helpers import ANN, BOB, bearer

PUBLIC = (
    ("GET", "/v1/cards", None),
    ("GET", "/v1/factions", None),
    ("GET", "/v1/bases", None),
    ("GET", "/v1/games", None),
    ("POST", "/v1/games", {"players": [ANN, BOB]}),
    ("POST", "/v1/players", {"name": "Mallory"}),
)
LIMITS: dict[str, Any] = {"RATE_LIMIT": (1200, 3600), "ADDRESS_RATE_LIMIT": (3600, 3600)}
"""Hour-long windows, so a test's requests are counted in one window (a fixed window of a
minute may roll over in the middle of a test on a loaded machine)."""


def _keys(store: EventStore) -> set[bytes]:
    return set(store.redis.scan_iter(match=f"{store.prefix}:*"))


def _kinds(store: EventStore) -> set[bytes]:
    """The keys, each rate counter without its window number: a window that rolls over while a
    test runs makes a new counter of the same address, not a key left by a refused request."""
    return {re.sub(rb"(:rate[^:]*:\{[^}]*\}):\d+$", rb"\1", k) for k in _keys(store)}


def _account(client: FlaskClient, name: str, address: str = "127.0.0.1") -> str:
    made = client.post("/v1/players", json={"name": name}, environ_base={"REMOTE_ADDR": address})
    assert made.status_code == 201, made.get_json()
    token: str = made.get_json()["token"]
    return token


def test_a_made_up_token_gets_401_on_every_public_route_and_leaves_no_key(
    make_app: Callable[..., Flask], store: EventStore
) -> None:
    client = make_app(**LIMITS, GAME_QUOTA=20).test_client()
    game = client.post("/v1/games", json={"players": [ANN, BOB]}).get_json()["id"]
    before = _kinds(store)  # the address's own counters exist now
    command = (("POST", f"/v1/games/{game}/commands", {"type": "end_turn"}),)
    for method, path, body in (PUBLIC + command) * 5:
        token = secrets.token_hex(32)
        answer = client.open(path, method=method, json=body, headers=bearer(token))
        assert answer.status_code == 401, (method, path)
        assert answer.get_json()["code"] == "invalid_token"
        assert answer.headers["WWW-Authenticate"].startswith("Bearer")
    assert _kinds(store) == before, "a refused request leaves no key behind"
    listed = client.get("/v1/games").get_json()["games"]
    assert [g["id"] for g in listed] == [game], "and created no game"


def test_a_revoked_account_token_gets_401_on_a_public_route(client: FlaskClient) -> None:
    token = _account(client, "Ann")
    assert client.get("/v1/cards", headers=bearer(token)).status_code == 200
    assert client.delete("/v1/players/me/token", headers=bearer(token)).status_code == 200
    assert client.get("/v1/cards", headers=bearer(token)).status_code == 401


def test_one_address_rotating_account_tokens_gets_no_more_than_its_game_quota(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app(GAME_QUOTA=3).test_client()
    tokens = [_account(client, f"P{i}") for i in range(4)]
    created = [
        client.post("/v1/games", json={"players": [ANN, BOB]}, headers=bearer(token)).status_code
        for token in tokens * 2
    ]
    assert created.count(201) == 3
    assert set(created) == {201, 429}
    elsewhere = client.post(
        "/v1/games", json={"players": [ANN, BOB]}, environ_base={"REMOTE_ADDR": "192.0.2.7"}
    )
    assert elsewhere.status_code == 201, "another address has its own quota"


def test_racing_creations_from_one_address_never_pass_the_quota(
    make_app: Callable[..., Flask], store: EventStore
) -> None:
    app = make_app(GAME_QUOTA=4)
    statuses: list[int] = []

    def create() -> None:
        answer = app.test_client().post("/v1/games", json={"players": [ANN, BOB]})
        statuses.append(answer.status_code)

    threads = [threading.Thread(target=create) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(statuses) == [201] * 4 + [429] * 12
    quota = next(k for k in _keys(store) if b":quota:" in k)
    assert store.redis.zcard(quota) == 4
    assert not [m for m in store.redis.zrange(quota, 0, -1) if m.startswith(b"hold:")]


def test_a_game_made_by_accepting_a_challenge_counts_against_the_quota(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app(GAME_QUOTA=1).test_client()
    ann, bob = _account(client, "Ann"), _account(client, "Bob")
    bob_id = client.get("/v1/players/me", headers=bearer(bob)).get_json()["id"]
    challenges = [
        client.post(
            "/v1/challenges",
            json={"to": bob_id, "factions": ["aliens", "dinosaurs"]},
            headers=bearer(ann),
        ).get_json()["id"]
        for _ in range(2)
    ]
    accept = {"factions": ["ninjas", "pirates"]}
    first = client.post(f"/v1/challenges/{challenges[0]}/accept", json=accept, headers=bearer(bob))
    assert first.status_code == 200
    second = client.post(f"/v1/challenges/{challenges[1]}/accept", json=accept, headers=bearer(bob))
    assert (second.status_code, second.get_json()["code"]) == (429, "too_many_games")
    still = client.get(f"/v1/challenges/{challenges[1]}", headers=bearer(bob)).get_json()
    assert still["status"] == "pending", "a refused accept changes nothing"
    plain = client.post("/v1/games", json={"players": [ANN, BOB]})
    assert plain.status_code == 429, "the address's quota holds the accepted game too"


def test_an_address_creates_no_more_accounts_than_its_limit(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app(ACCOUNT_LIMIT=(3, 3600)).test_client()
    for name in ("A", "B", "C"):
        _account(client, name)
    refused = client.post("/v1/players", json={"name": "D"})
    assert (refused.status_code, refused.get_json()["code"]) == (429, "too_many_accounts")
    assert 1 <= int(refused.headers["Retry-After"]) <= 3600
    _account(client, "E", address="198.51.100.4")


def test_the_address_limit_holds_whatever_valid_tokens_an_address_sends(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app(RATE_LIMIT=(100, 3600), ADDRESS_RATE_LIMIT=(6, 3600)).test_client()
    tokens = [_account(client, f"P{i}") for i in range(3)]  # 3 requests
    answers = [client.get("/v1/bases", headers=bearer(t)).status_code for t in tokens * 2]
    assert answers == [200] * 3 + [429] * 3


def test_a_forwarded_address_counts_only_behind_a_trusted_proxy(
    make_app: Callable[..., Flask],
) -> None:
    def statuses(app: Flask, forwarded: list[str]) -> list[int]:
        client = app.test_client()
        return [
            client.get("/v1/bases", headers={"X-Forwarded-For": f}).status_code for f in forwarded
        ]

    clients = ["203.0.113.1", "203.0.113.2", "203.0.113.3"]
    untrusting = make_app(ADDRESS_RATE_LIMIT=(2, 3600), RATE_LIMIT=(100, 3600))
    assert statuses(untrusting, clients) == [200, 200, 429], "not trusted: the peer counts"
    trusting = make_app(
        ADDRESS_RATE_LIMIT=(2, 3600), RATE_LIMIT=(100, 3600), TRUSTED_PROXIES=["127.0.0.0/8"]
    )
    assert statuses(trusting, ["198.51.100.9"] * 3) == [200, 200, 429]
    spoofed = [f"10.9.9.{i}, 198.51.100.10" for i in range(3)]  # the proxy appended the last
    assert statuses(trusting, spoofed) == [200, 200, 429], "what the client wrote is not trusted"


def test_every_limited_answer_says_where_the_client_stands(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app(RATE_LIMIT=(3, 60), ADDRESS_RATE_LIMIT=(10, 60)).test_client()
    answers = [client.get("/v1/factions") for _ in range(4)]
    policy = '"address";q=10;w=60, "identity";q=3;w=60'
    assert all(a.headers["RateLimit-Policy"] == policy for a in answers)
    shape = re.compile(r'\A"address";r=(\d+);t=(\d+), "identity";r=(\d+);t=(\d+)\Z')
    found = [shape.match(a.headers["RateLimit"]) for a in answers[:3]]
    assert all(found)
    assert [int(m.group(3)) for m in found if m] == [2, 1, 0]
    assert [int(m.group(1)) for m in found if m] == [9, 8, 7]
    assert all(1 <= int(m.group(4)) <= 60 for m in found if m)
    assert answers[3].status_code == 429
    assert answers[3].headers["RateLimit-Policy"] == policy
    assert "RateLimit" not in client.get("/v1/health").headers


def test_an_abandoned_account_expires_and_a_used_or_seated_one_stays(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app(ACCOUNT_TTL=1).test_client()
    idle, used, seated = (
        client.post("/v1/players", json={"name": n}).get_json() for n in ("Idle", "Used", "Sat")
    )
    assert client.get("/v1/players/me", headers=bearer(used["token"])).status_code == 200
    game = {"players": [{"player": seated["id"], "factions": ["aliens", "dinosaurs"]}, BOB]}
    assert client.post("/v1/games", json=game).status_code == 201
    time.sleep(1.5)
    assert client.get(f"/v1/players/{idle['id']}").status_code == 404
    assert client.get("/v1/cards", headers=bearer(idle["token"])).status_code == 401
    for kept in (used, seated):
        assert client.get(f"/v1/players/{kept['id']}").status_code == 200
        assert client.get("/v1/players/me", headers=bearer(kept["token"])).status_code == 200
