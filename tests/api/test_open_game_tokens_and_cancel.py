"""Open games: an anonymous seat's token lives as long as its table until the game starts, a
join honours Idempotency-Key, and an anonymous creator cancels its game with its seat token."""

from __future__ import annotations

import threading
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from events.store import EventStore, hash_token
from service.tables import OPEN_GAME_TTL
from tests.api.helpers import bearer
from tests.api.test_open_games import ANN, OPEN, join, open_game, refused

BOB = {"name": "Bob", "factions": ["ninjas", "pirates"]}
CID = {"name": "Cid", "factions": ["robots", "wizards"]}


def token_ttl(store: EventStore, token: str) -> int:
    return int(store.redis.ttl(store._token_key(hash_token(token))))


def test_an_open_games_seat_tokens_expire_with_the_table_until_the_game_starts(
    client: FlaskClient, store: EventStore
) -> None:
    made = open_game(client, ANN, OPEN, OPEN)
    ann = made["tokens"][0]["token"]
    assert 0 < token_ttl(store, ann) <= OPEN_GAME_TTL + 1
    bob = join(client, made["id"], BOB).get_json()["token"]
    assert 0 < token_ttl(store, bob) <= OPEN_GAME_TTL + 1
    join(client, made["id"], CID)  # the last seat: the game starts
    assert token_ttl(store, ann) == token_ttl(store, bob) == -1  # kept as long as the game
    assert client.get(f"/v1/games/{made['id']}", headers=bearer(ann)).status_code == 200


def test_a_join_sent_again_with_its_idempotency_key_takes_no_second_seat(
    client: FlaskClient,
) -> None:
    made = open_game(client, ANN, OPEN, OPEN)
    key = {"Idempotency-Key": "join-once"}
    path = f"/v1/games/{made['id']}/join"
    first = client.post(path, json=BOB, headers=key).get_json()
    again = client.post(path, json=BOB, headers=key).get_json()
    assert (again["seat"], again["token"]) == (first["seat"], first["token"]) == (1, again["token"])
    table = client.get(f"/v1/games/{made['id']}/table").get_json()
    assert [s["open"] for s in table["seats"]] == [False, False, True]
    refused(client.post(path, json=CID, headers=key), 422, "idempotency_key_reused")
    assert client.post(path, json=CID).status_code == 200  # no key: a seat of its own


def test_concurrent_retries_of_a_join_with_one_idempotency_key_take_one_seat(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app()
    made = open_game(app.test_client(), ANN, OPEN, OPEN)
    path = f"/v1/games/{made['id']}/join"
    start, answers = threading.Barrier(8), []

    def retry() -> None:
        client = app.test_client()
        start.wait()
        answers.append(client.post(path, json=BOB, headers={"Idempotency-Key": "one-seat"}))

    threads = [threading.Thread(target=retry) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert [a.status_code for a in answers] == [200] * 8
    assert {(a.get_json()["seat"], a.get_json()["token"]) for a in answers} == {
        (1, answers[0].get_json()["token"])
    }
    table = app.test_client().get(f"/v1/games/{made['id']}/table").get_json()
    assert [s["open"] for s in table["seats"]] == [False, False, True]


def test_an_anonymous_creator_cancels_its_open_game_with_its_seat_token(
    client: FlaskClient,
) -> None:
    made = open_game(client, ANN, OPEN, OPEN)
    path = f"/v1/games/{made['id']}/cancel"
    bob = join(client, made["id"], BOB).get_json()["token"]
    refused(client.post(path), 401, "unauthenticated")
    refused(client.post(path, headers=bearer(bob)), 403, "forbidden")  # a joiner may not
    canceled = client.post(path, headers=bearer(made["tokens"][0]["token"]))
    assert canceled.status_code == 200, canceled.get_json()
    assert canceled.get_json()["status"] == "canceled"
    refused(join(client, made["id"], CID), 409, "table_canceled")
