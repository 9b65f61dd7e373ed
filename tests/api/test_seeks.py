"""Seeks for accounts and the quick-pairing pool, over HTTP."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import bearer
from tests.problems import refused

CLOCK = {"seconds": 60, "on_expiry": "bot", "bot": "greedy"}


def account(client: FlaskClient, name: str) -> dict[str, Any]:
    """A new player account, with its token."""
    response = client.post("/v1/players", json={"name": name})
    assert response.status_code == 201
    made: dict[str, Any] = response.get_json()
    return made


def seek(client: FlaskClient, by: dict[str, Any], **body: Any) -> Any:
    """POST /v1/seeks as ``by`` (aliens and dinosaurs unless told)."""
    payload = {"factions": ["aliens", "dinosaurs"], **body}
    return client.post("/v1/seeks", json=payload, headers=bearer(by["token"]))


def accept(client: FlaskClient, seek_id: str, by: dict[str, Any], factions: list[str]) -> Any:
    """POST /v1/seeks/{id}/accept as ``by``."""
    body = {"factions": factions}
    return client.post(f"/v1/seeks/{seek_id}/accept", json=body, headers=bearer(by["token"]))


def feed(client: FlaskClient, who: dict[str, Any]) -> list[dict[str, Any]]:
    """Every entry of an account's feed so far."""
    response = client.get("/v1/me/stream?after=0&timeout=0.3", headers=bearer(who["token"]))
    return [json.loads(line) for line in response.get_data(as_text=True).splitlines() if line]


def test_two_accounts_find_each_other_through_a_seek_and_play(
    client: FlaskClient, app: Flask
) -> None:
    ann, bob = account(client, "Ann"), account(client, "Bob")
    made = seek(client, ann, clock=CLOCK, rated=True)
    assert made.status_code == 201, made.get_json()
    created = made.get_json()
    assert made.headers["Location"].endswith(f"/v1/seeks/{created['id']}")
    assert (created["kind"], created["status"], created["by"], created["rated"]) == (
        "seek",
        "open",
        ann["id"],
        True,
    )
    other = app.test_client()  # Bob's own shell
    listed = other.get("/v1/seeks").get_json()["seeks"]
    assert [s["id"] for s in listed] == [created["id"]]
    answer = accept(other, created["id"], bob, ["ninjas", "pirates"])
    assert answer.status_code == 200, answer.get_json()
    joined = answer.get_json()
    assert (joined["seat"], joined["token"]) == (1, None)
    game_id = joined["table"]["game"]
    assert (joined["table"]["status"], game_id) == ("started", created["id"])
    assert other.get("/v1/seeks").get_json()["seeks"] == []

    kinds = [e["type"] for e in feed(client, ann)]
    assert kinds.index("seek_accepted") < kinds.index("game_started")
    accepted = next(e for e in feed(client, ann) if e["type"] == "seek_accepted")["data"]
    assert (accepted["id"], accepted["seat"]) == (created["id"], 1)
    assert "game_started" in [e["type"] for e in feed(client, bob)]

    for who, seat in ((ann, 0), (bob, 1)):
        view = client.get(f"/v1/games/{game_id}", headers=bearer(who["token"])).get_json()
        assert view["players"][seat]["name"] == who["name"]
        assert view["clock"]["seconds"] == 60
        mine = client.get("/v1/me/games", headers=bearer(who["token"])).get_json()["games"]
        assert [(g["game"], g["seat"]) for g in mine] == [(game_id, seat)]
    awaited = client.get(f"/v1/games/{game_id}").get_json()["awaiting"]["seat"]
    token = (ann, bob)[awaited]["token"]
    moves = client.get(f"/v1/games/{game_id}/moves", headers=bearer(token)).get_json()["moves"]
    played = client.post(f"/v1/games/{game_id}/commands", json=moves[0], headers=bearer(token))
    assert played.status_code == 200, played.get_json()


def test_a_seek_names_two_factions_unless_it_is_drafted(client: FlaskClient) -> None:
    ann = account(client, "Ann")
    refused(seek(client, ann, setup="draft"), 422, "validation_error")  # with factions
    refused(seek(client, ann, setup="auction"), 422, "validation_error")
    refused(seek(client, ann, seats=5), 422, "validation_error")
    refused(seek(client, ann, rated="yes"), 422, "validation_error")
    assert client.get("/v1/seeks").get_json()["seeks"] == []


def test_seeks_are_for_accounts(client: FlaskClient) -> None:
    ann = account(client, "Ann")
    body = {"factions": ["aliens", "dinosaurs"]}
    refused(client.post("/v1/seeks", json=body), 401, "unauthenticated")
    made = seek(client, ann).get_json()
    refused(client.post(f"/v1/seeks/{made['id']}/accept", json=body), 401, "unauthenticated")
    anonymous = {"name": "Zed", "factions": ["ninjas", "pirates"]}
    refused(client.post(f"/v1/games/{made['id']}/join", json=anonymous), 403, "forbidden")
    refused(accept(client, made["id"], ann, ["ninjas", "pirates"]), 409, "already_seated")
    assert client.get(f"/v1/seeks/{made['id']}").get_json()["status"] == "open"


def test_the_creator_alone_cancels_a_seek_and_then_nobody_can_accept_it(
    client: FlaskClient,
) -> None:
    ann, bob = account(client, "Ann"), account(client, "Bob")
    made = seek(client, ann).get_json()
    cancel = f"/v1/seeks/{made['id']}/cancel"
    refused(client.post(cancel, headers=bearer(bob["token"])), 403, "forbidden")
    canceled = client.post(cancel, headers=bearer(ann["token"]))
    assert canceled.status_code == 200
    assert canceled.get_json()["status"] == "canceled"
    refused(accept(client, made["id"], bob, ["ninjas", "pirates"]), 409, "table_canceled")
    refused(client.post(cancel, headers=bearer(ann["token"])), 409, "table_canceled")
    assert client.get("/v1/seeks").get_json()["seeks"] == []
    refused(client.get("/v1/seeks/nosuchseek"), 404, "seek_not_found")
    refused(accept(client, "nosuchseek", bob, ["ninjas", "pirates"]), 404, "seek_not_found")


def test_a_four_seat_seek_starts_when_its_last_seat_is_taken(client: FlaskClient) -> None:
    ann, bob, cid, dan = (account(client, n) for n in ("Ann", "Bob", "Cid", "Dan"))
    made = seek(client, ann, seats=4).get_json()
    first = accept(client, made["id"], bob, ["ninjas", "pirates"]).get_json()
    assert first["table"]["status"] == "open"
    refused(accept(client, made["id"], cid, ["pirates", "robots"]), 409, "faction_taken")
    second = accept(client, made["id"], cid, ["robots", "wizards"]).get_json()
    assert second["seat"] == 2
    last = accept(client, made["id"], dan, ["zombies", "tricksters"]).get_json()
    assert (last["seat"], last["table"]["status"]) == (3, "started")
    refused(
        accept(client, made["id"], account(client, "Eve"), ["vikings", "samurai"]),
        409,
        "game_started",
    )
    bob_accepts = [e for e in feed(client, ann) if e["type"] == "seek_accepted"]
    assert [e["data"]["seat"] for e in bob_accepts] == [1, 2, 3]
    view = client.get(f"/v1/games/{made['id']}").get_json()
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob", "Cid", "Dan"]


def test_seeks_expire(make_app: Callable[..., Flask]) -> None:
    client = make_app(SEEK_TTL=1).test_client()
    ann, bob = account(client, "Ann"), account(client, "Bob")
    made = seek(client, ann).get_json()
    assert len(client.get("/v1/seeks").get_json()["seeks"]) == 1
    time.sleep(2.1)
    assert client.get("/v1/seeks").get_json()["seeks"] == []
    refused(accept(client, made["id"], bob, ["ninjas", "pirates"]), 404, "seek_not_found")


def test_quick_pairing_matches_accounts_by_seat_count_and_clock(client: FlaskClient) -> None:
    ann, bob, cid = (account(client, n) for n in ("Ann", "Bob", "Cid"))

    def pair(who: dict[str, Any], factions: list[str], **extra: Any) -> dict[str, Any]:
        body = {"seats": 2, "factions": factions, **extra}
        response = client.post("/v1/pairing", json=body, headers=bearer(who["token"]))
        assert response.status_code == 200, response.get_json()
        paired: dict[str, Any] = response.get_json()
        return paired

    waiting = pair(ann, ["aliens", "dinosaurs"], clock=CLOCK)
    assert (waiting["status"], waiting["seat"], waiting["seek"]["pool"]) == ("waiting", 0, True)
    other_clock = pair(cid, ["ninjas", "pirates"])  # no clock: another pool
    assert other_clock["status"] == "waiting"
    matched = pair(bob, ["robots", "wizards"], clock=CLOCK)
    assert (matched["status"], matched["seat"]) == ("started", 1)
    assert matched["seek"]["id"] == waiting["seek"]["id"]
    assert "game_started" in [e["type"] for e in feed(client, ann)]
    open_pools = client.get("/v1/seeks").get_json()["seeks"]
    assert [s["id"] for s in open_pools] == [other_clock["seek"]["id"]]
    refused(
        client.post("/v1/pairing", json={"factions": ["aliens", "dinosaurs"]}),
        401,
        "unauthenticated",
    )


def test_two_accounts_pairing_at_the_same_moment_end_in_one_game(
    client: FlaskClient, app: Flask
) -> None:
    ann, bob = account(client, "Ann"), account(client, "Bob")
    barrier = threading.Barrier(2)
    answers: dict[str, dict[str, Any]] = {}

    def pair(who: dict[str, Any], factions: list[str]) -> None:
        mine = app.test_client()
        barrier.wait(timeout=10)
        body = {"seats": 2, "factions": factions}
        answers[who["name"]] = mine.post(
            "/v1/pairing", json=body, headers=bearer(who["token"])
        ).get_json()

    threads = [
        threading.Thread(target=pair, args=(ann, ["aliens", "dinosaurs"])),
        threading.Thread(target=pair, args=(bob, ["ninjas", "pirates"])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    statuses = sorted(a["status"] for a in answers.values())
    assert statuses in (["started", "waiting"], ["started", "started"])
    games = {
        g["game"]
        for who in (ann, bob)
        for g in client.get("/v1/me/games", headers=bearer(who["token"])).get_json()["games"]
    }
    assert len(games) == 1
    assert client.get("/v1/seeks").get_json()["seeks"] == []


def test_a_seek_counts_in_the_game_quota_once_it_starts(make_app: Callable[..., Flask]) -> None:
    client = make_app(GAME_QUOTA=1).test_client()
    ann, bob = account(client, "Ann"), account(client, "Bob")
    made = seek(client, ann).get_json()
    assert accept(client, made["id"], bob, ["ninjas", "pirates"]).status_code == 200
    refused(seek(client, ann), 429, "too_many_games")
    refused(seek(client, bob), 429, "too_many_games")


def test_an_account_whose_factions_are_taken_waits_in_a_pool_seek_of_its_own(
    client: FlaskClient,
) -> None:
    ann, bob, cid = (account(client, n) for n in ("Ann", "Bob", "Cid"))

    def pair(who: dict[str, Any], factions: list[str]) -> dict[str, Any]:
        body = {"factions": factions}
        response = client.post("/v1/pairing", json=body, headers=bearer(who["token"]))
        assert response.status_code == 200, response.get_json()
        paired: dict[str, Any] = response.get_json()
        return paired

    first = pair(ann, ["aliens", "dinosaurs"])
    second = pair(bob, ["aliens", "ninjas"])
    assert (first["status"], second["status"]) == ("waiting", "waiting")
    assert first["seek"]["id"] != second["seek"]["id"]
    third = pair(cid, ["robots", "wizards"])
    assert (third["status"], third["seek"]["id"]) == ("started", first["seek"]["id"])
    assert [s["id"] for s in client.get("/v1/seeks").get_json()["seeks"]] == [second["seek"]["id"]]
