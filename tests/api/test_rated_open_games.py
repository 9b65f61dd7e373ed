"""``rated: true`` on open games: only accounts take their seats, and the game is rated."""

from __future__ import annotations

from flask.testing import FlaskClient

from events.store import EventStore
from tests.api.helpers import bearer
from tests.api.test_accounts import account


def test_a_rated_open_game_seats_accounts_only_and_starts_rated(
    client: FlaskClient, store: EventStore
) -> None:
    ann, bob = account(client, "Ann"), account(client, "Bob")
    body = {
        "players": [{"player": ann["id"], "factions": ["aliens", "dinosaurs"]}, {"open": True}],
        "rated": True,
    }
    made = client.post("/v1/games", json=body)
    assert made.status_code == 202, made.get_json()
    game = made.get_json()["id"]
    assert made.get_json()["table"]["rated"] is True
    anonymous = client.post(
        f"/v1/games/{game}/join", json={"name": "Zed", "factions": ["ninjas", "pirates"]}
    )
    assert (anonymous.status_code, anonymous.get_json()["code"]) == (403, "forbidden")
    joined = client.post(
        f"/v1/games/{game}/join",
        json={"player": bob["id"], "factions": ["ninjas", "pirates"]},
        headers=bearer(bob["token"]),
    )
    assert joined.status_code == 200, joined.get_json()
    assert joined.get_json()["table"]["game"] == game
    assert store.meta(game)["rated"] == "1"  # rated when it ends, as any rated game


def test_an_open_game_not_asked_rated_is_not(client: FlaskClient, store: EventStore) -> None:
    ann, bob = account(client, "Ann"), account(client, "Bob")
    body = {"players": [{"player": ann["id"], "factions": ["aliens", "dinosaurs"]}, {"open": True}]}
    game = client.post("/v1/games", json=body).get_json()["id"]
    client.post(
        f"/v1/games/{game}/join",
        json={"player": bob["id"], "factions": ["ninjas", "pirates"]},
        headers=bearer(bob["token"]),
    )
    assert store.meta(game).get("status") == "active"
    assert "rated" not in store.meta(game)


def test_a_rated_game_may_not_leave_an_anonymous_seat(client: FlaskClient) -> None:
    ann = account(client, "Ann")
    body = {
        "players": [
            {"player": ann["id"], "factions": ["aliens", "dinosaurs"]},
            {"name": "Zed", "factions": ["ninjas", "pirates"]},
            {"open": True},
        ],
        "rated": True,
    }
    answer = client.post("/v1/games", json=body)
    assert (answer.status_code, answer.get_json()["code"]) == (422, "validation_error")
