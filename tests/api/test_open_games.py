"""Open games: seats left open at creation, listed, joined over HTTP; the game starts when full."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from events.store import EventStore
from tests.api.helpers import bearer
from tests.problems import refused
from tests.security.oracle import Oracle
from tests.security.table import Table

ANN = {"name": "Ann", "factions": ["aliens", "dinosaurs"]}
OPEN = {"open": True}


def open_game(client: FlaskClient, *players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """POST /v1/games leaving seats open: the 202 answer."""
    response = client.post("/v1/games", json={"players": list(players), **extra})
    assert response.status_code == 202, response.get_json()
    assert response.headers["Location"].endswith(f"/v1/games/{response.get_json()['id']}/table")
    data: dict[str, Any] = response.get_json()
    return data


def join(client: FlaskClient, game_id: str, body: dict[str, Any], token: str | None = None) -> Any:
    """POST /v1/games/{id}/join."""
    headers = {} if token is None else bearer(token)
    return client.post(f"/v1/games/{game_id}/join", json=body, headers=headers)


def test_two_clients_find_each_other_through_an_open_game_and_play_it(
    client: FlaskClient, app: Flask
) -> None:
    made = open_game(client, ANN, OPEN, seed=7)
    game_id = made["id"]
    assert made["table"]["status"] == "open"
    assert [s["open"] for s in made["table"]["seats"]] == [False, True]
    assert [t["seat"] for t in made["tokens"]] == [0]
    ann_token = made["tokens"][0]["token"]
    assert client.get(f"/v1/games/{game_id}").status_code == 404  # not started yet

    # a second client, with nothing but the server's address, finds it and takes the seat
    other = app.test_client()
    listed = other.get("/v1/games?open=true").get_json()
    assert [g["id"] for g in listed["games"]] == [game_id]
    assert listed["games"][0]["seats"][0]["factions"] == ["aliens", "dinosaurs"]
    answer = join(other, game_id, {"name": "Bob", "factions": ["ninjas", "pirates"]})
    assert answer.status_code == 200, answer.get_json()
    joined = answer.get_json()
    assert joined["seat"] == 1
    assert joined["token"]
    assert (joined["table"]["status"], joined["table"]["game"]) == ("started", game_id)

    for seat, token in ((0, ann_token), (1, joined["token"])):
        view = client.get(f"/v1/games/{game_id}", headers=bearer(token)).get_json()
        assert view["status"] == "active"
        assert [p["name"] for p in view["players"]] == ["Ann", "Bob"]
        mine = view["players"][seat]
        assert len(mine["hand"]) == mine["hand_size"] > 0
    awaited = client.get(f"/v1/games/{game_id}").get_json()["awaiting"]["seat"]
    token = (ann_token, joined["token"])[awaited]
    moves = client.get(f"/v1/games/{game_id}/moves", headers=bearer(token)).get_json()["moves"]
    played = client.post(f"/v1/games/{game_id}/commands", json=moves[0], headers=bearer(token))
    assert played.status_code == 200, played.get_json()
    assert client.get("/v1/games?open=true").get_json()["games"] == []
    table = client.get(f"/v1/games/{game_id}/table").get_json()
    assert (table["status"], table["game"]) == ("started", game_id)
    assert "seed" not in json.dumps(table)
    assert ann_token not in json.dumps(table)


def test_a_started_or_unknown_game_cannot_be_joined(client: FlaskClient) -> None:
    made = open_game(client, ANN, OPEN)
    body = {"name": "Bob", "factions": ["ninjas", "pirates"]}
    assert join(client, made["id"], body).status_code == 200
    late = {"name": "Cid", "factions": ["robots", "wizards"]}
    refused(join(client, made["id"], late), 409, "game_started")
    refused(join(client, "nosuchgame", late), 404, "not_found")
    refused(client.get("/v1/games/nosuchgame/table"), 404, "not_found")
    full = client.post("/v1/games", json={"players": [ANN, body]}).get_json()
    refused(join(client, full["id"], late), 409, "game_started")


def test_a_faction_another_seat_plays_is_refused_unless_the_game_combines_two_boxes(
    client: FlaskClient,
) -> None:
    made = open_game(client, ANN, OPEN, OPEN)
    refused(
        join(client, made["id"], {"name": "Bob", "factions": ["ninjas", "aliens"]}),
        409,
        "faction_taken",
    )
    table = client.get(f"/v1/games/{made['id']}/table").get_json()
    assert [s["open"] for s in table["seats"]] == [False, True, True]  # nothing changed
    assert (
        join(client, made["id"], {"name": "Bob", "factions": ["ninjas", "pirates"]}).status_code
        == 200
    )
    refused(
        join(client, made["id"], {"name": "Cid", "factions": ["pirates", "robots"]}),
        409,
        "faction_taken",
    )

    two_boxes = open_game(client, ANN, OPEN, boxes=2)
    mirrored = join(client, two_boxes["id"], {"name": "Bob", "factions": ["aliens", "dinosaurs"]})
    assert mirrored.status_code == 200, mirrored.get_json()
    assert mirrored.get_json()["table"]["status"] == "started"

    twice = client.post("/v1/games", json={"players": [ANN, ANN], "boxes": 1})
    refused(twice, 409, "faction_taken")
    refused(client.post("/v1/games", json={"players": [ANN, ANN, OPEN]}), 409, "faction_taken")


def test_factions_a_seat_cannot_play_and_malformed_seats_are_refused(
    client: FlaskClient,
) -> None:
    made = open_game(client, ANN, OPEN)
    refused(
        join(client, made["id"], {"name": "Bob", "factions": ["nope", "pirates"]}),
        422,
        "invalid_setup",
    )
    refused(
        join(client, made["id"], {"name": "Bob", "factions": ["pirates", "pirates"]}),
        422,
        "invalid_setup",
    )
    refused(join(client, made["id"], {"factions": ["ninjas", "pirates"]}), 422, "validation_error")
    refused(
        join(client, made["id"], {"name": "Bob", "player": "x", "factions": ["ninjas", "pirates"]}),
        422,
        "validation_error",
    )
    assert client.get(f"/v1/games/{made['id']}/table").get_json()["status"] == "open"
    bad_seat = {"players": [ANN, {"open": True, "name": "Zed"}]}
    refused(client.post("/v1/games", json=bad_seat), 422, "validation_error")
    refused(
        client.post("/v1/games", json={"players": [ANN, {"open": False}]}), 422, "validation_error"
    )
    refused(
        client.post("/v1/games", json={"players": [ANN, OPEN], "boxes": 3}), 422, "validation_error"
    )
    unknown = {"players": [ANN, {"name": "B", "factions": ["x", "y"]}, OPEN]}
    refused(client.post("/v1/games", json=unknown), 422, "invalid_setup")
    scripted = {"bases": ["base.tar_pits"], "decks": [["alien.collector"], ["alien.collector"]]}
    refused(
        client.post("/v1/games", json={"players": [ANN, OPEN], "scripted": scripted}),
        422,
        "validation_error",
    )


def test_an_account_joins_with_its_token_and_its_feed_announces_the_game(
    client: FlaskClient,
) -> None:
    bob = client.post("/v1/players", json={"name": "Bob"}).get_json()
    made = open_game(client, ANN, OPEN)
    body = {"player": bob["id"], "factions": ["ninjas", "pirates"]}
    refused(join(client, made["id"], body), 401, "unauthenticated")
    eve = client.post("/v1/players", json={"name": "Eve"}).get_json()
    refused(join(client, made["id"], body, eve["token"]), 403, "forbidden")
    answer = join(client, made["id"], body, bob["token"])
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["token"] is None
    seat = answer.get_json()["table"]["seats"][1]
    assert (seat["player"], seat["name"]) == (bob["id"], "Bob")
    view = client.get(f"/v1/games/{made['id']}", headers=bearer(bob["token"])).get_json()
    assert view["players"][1]["hand_size"] == len(view["players"][1]["hand"]) > 0
    feed = client.get("/v1/me/stream?after=0&timeout=0.3", headers=bearer(bob["token"]))
    entries = [json.loads(x) for x in feed.get_data(as_text=True).splitlines() if x]
    started = [e["data"]["game"] for e in entries if e["type"] == "game_started"]
    assert started == [made["id"]]


def test_a_seat_holder_cannot_take_a_second_seat(client: FlaskClient) -> None:
    bob = client.post("/v1/players", json={"name": "Bob"}).get_json()
    made = open_game(client, ANN, {"player": bob["id"], "factions": ["ninjas", "pirates"]}, OPEN)
    again = {"player": bob["id"], "factions": ["robots", "wizards"]}
    refused(join(client, made["id"], again, bob["token"]), 409, "already_seated")
    anonymous = {"name": "Ann again", "factions": ["robots", "wizards"]}
    refused(join(client, made["id"], anonymous, made["tokens"][0]["token"]), 409, "already_seated")
    table = client.get(f"/v1/games/{made['id']}/table").get_json()
    assert [s["open"] for s in table["seats"]] == [False, False, True]


def test_two_joins_racing_for_the_last_seat_exactly_one_wins(
    client: FlaskClient, app: Flask, store: EventStore
) -> None:
    made = open_game(client, ANN, OPEN)
    racers = 8
    barrier = threading.Barrier(racers)
    answers: list[tuple[int, str | None]] = []
    lock = threading.Lock()
    factions = ["ninjas", "pirates", "robots", "wizards", "zombies", "tricksters"]

    def race(index: int) -> None:
        mine = app.test_client()
        pair = [factions[index % 6], factions[(index + 1) % 6]]
        barrier.wait(timeout=10)
        response = join(mine, made["id"], {"name": f"P{index}", "factions": pair})
        with lock:
            answers.append((response.status_code, (response.get_json() or {}).get("code")))

    threads = [threading.Thread(target=race, args=(i,)) for i in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(answers) == racers
    assert [a for a in answers if a[0] == 200] == [(200, None)]
    assert {a for a in answers if a[0] != 200} <= {(409, "game_full"), (409, "game_started")}
    events = store.read(made["id"])
    assert [e["type"] for e in events].count("game_created") == 1


def test_a_game_started_by_joins_counts_in_the_creating_clients_game_quota(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app(GAME_QUOTA=1).test_client()
    made = open_game(client, ANN, OPEN)
    joined = join(client, made["id"], {"name": "Bob", "factions": ["ninjas", "pirates"]})
    assert joined.status_code == 200
    refused(client.post("/v1/games", json={"players": [ANN, OPEN]}), 429, "too_many_games")


def test_an_open_game_expires_when_nobody_comes(make_app: Callable[..., Flask]) -> None:
    client = make_app(OPEN_GAME_TTL=1).test_client()
    made = open_game(client, ANN, OPEN)
    assert [g["id"] for g in client.get("/v1/games?open=true").get_json()["games"]] == [made["id"]]
    time.sleep(2.1)
    assert client.get("/v1/games?open=true").get_json()["games"] == []
    refused(
        join(client, made["id"], {"name": "Bob", "factions": ["ninjas", "pirates"]}),
        404,
        "not_found",
    )


def test_the_open_list_shows_only_open_games_whatever_the_status_asked(
    client: FlaskClient,
) -> None:
    made = open_game(client, ANN, OPEN)
    client.post("/v1/games", json={"players": [ANN, {**ANN, "name": "Bob"}]})
    listed = client.get("/v1/games?open=true&status=active").get_json()
    assert [(g["id"], g["status"]) for g in listed["games"]] == [(made["id"], "open")]
    assert listed["next_cursor"] is None
    assert made["id"] not in [g["id"] for g in client.get("/v1/games").get_json()["games"]]
    refused(client.get("/v1/games?open=maybe"), 422, "validation_error")


def test_a_game_started_by_a_join_leaks_nothing_to_its_seats_or_spectators(
    client: FlaskClient, store: EventStore
) -> None:
    made = open_game(client, ANN, OPEN, OPEN, seed=11)
    tokens = {0: made["tokens"][0]["token"]}
    for seat, (name, pair) in enumerate(
        (("Bob", ["ninjas", "pirates"]), ("Cid", ["zombies", "wizards"])), start=1
    ):
        answer = join(client, made["id"], {"name": name, "factions": pair}).get_json()
        assert answer["seat"] == seat
        tokens[seat] = answer["token"]
    oracle = Oracle(store, made["id"], 3)
    oracle.sync()
    table = Table(client, oracle, made["id"], tokens)
    table.seen = dict.fromkeys(oracle.viewers, 0)
    table.look(full=True)
    assert table.play_random(random.Random(5), 40) > 10
    table.look(full=True)
    assert not oracle.leaks, oracle.leaks[:5]
    assert oracle.checked > 0
