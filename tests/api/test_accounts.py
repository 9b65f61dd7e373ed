"""Player accounts, account seats, /v1/me/games and /v1/me/turns, and challenges."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from events.store import EventStore, hash_token
from tests.api.helpers import ANN, bearer


def account(client: FlaskClient, name: str) -> dict[str, Any]:
    """POST /v1/players; the account with its token."""
    response = client.post("/v1/players", json={"name": name})
    assert response.status_code == 201, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


def challenge(client: FlaskClient, by: dict[str, Any], to: dict[str, Any], **extra: Any) -> Any:
    """POST /v1/challenges from ``by`` to ``to``."""
    body = {"to": to["id"], "factions": ["aliens", "dinosaurs"], **extra}
    return client.post("/v1/challenges", json=body, headers=bearer(by["token"]))


def accepted_game(client: FlaskClient, a: dict[str, Any], b: dict[str, Any]) -> str:
    """A game between two accounts, made by a challenge and its acceptance."""
    made = challenge(client, a, b).get_json()
    body = {"factions": ["ninjas", "pirates"]}
    response = client.post(
        f"/v1/challenges/{made['id']}/accept", json=body, headers=bearer(b["token"])
    )
    assert response.status_code == 200, response.get_json()
    return str(response.get_json()["game"])


def test_an_account_token_is_returned_once_and_stored_only_as_a_hash(
    client: FlaskClient, store: EventStore
) -> None:
    made = account(client, "Robo")
    assert made["token"].startswith("sua_")
    assert client.get("/v1/players/me", headers=bearer(made["token"])).get_json() == {
        "id": made["id"],
        "name": "Robo",
        "created_at": made["created_at"],
        "bot": False,
    }
    assert client.get(f"/v1/players/{made['id']}").get_json()["name"] == "Robo"
    keys = [k.decode() for k in store.redis.scan_iter(match=f"{store.prefix}:*")]
    dumped = b"".join(store.redis.dump(k) or b"" for k in keys)
    assert made["token"].encode() not in dumped
    assert any(hash_token(made["token"]) in k for k in keys)


def test_a_rotated_token_replaces_the_old_one_and_a_revoked_token_acts_for_nobody(
    client: FlaskClient,
) -> None:
    made = account(client, "Robo")
    rotated = client.post("/v1/players/me/token", headers=bearer(made["token"])).get_json()
    assert rotated["id"] == made["id"]
    assert rotated["token"] != made["token"]
    assert client.get("/v1/players/me", headers=bearer(made["token"])).status_code == 401
    assert client.get("/v1/players/me", headers=bearer(rotated["token"])).status_code == 200
    assert (
        client.delete("/v1/players/me/token", headers=bearer(rotated["token"])).status_code == 200
    )
    refused = client.get("/v1/me/games", headers=bearer(rotated["token"]))
    assert refused.status_code == 401
    assert refused.get_json()["code"] == "invalid_token"


def test_a_bad_account_request_is_refused_and_creates_nothing(
    client: FlaskClient, store: EventStore
) -> None:
    for body in ({}, {"name": ""}, {"name": "x" * 41}, {"name": "Ann", "extra": 1}):
        response = client.post("/v1/players", json=body)
        assert response.status_code == 422
        assert response.get_json()["code"] == "validation_error"
    assert not list(store.redis.scan_iter(match=f"{store.prefix}:account*"))
    missing = client.get("/v1/players/nobody")
    assert missing.status_code == 404
    assert missing.get_json()["code"] == "player_not_found"


def test_a_game_can_seat_an_account_beside_an_anonymous_seat_and_the_account_acts_there(
    client: FlaskClient,
) -> None:
    robo = account(client, "Robo")
    body = {"players": [{"player": robo["id"], "factions": ["robots", "wizards"]}, ANN]}
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201
    seats = response.get_json()["seats"]
    assert seats[0] == {"seat": 0, "name": "Robo", "bot": None, "token": None, "player": robo["id"]}
    assert seats[1]["token"] is not None
    assert "player" not in seats[1]
    game = response.get_json()["id"]
    view = client.get(f"/v1/games/{game}", headers=bearer(robo["token"])).get_json()
    assert "hand" in view["players"][0]
    assert "hand" not in view["players"][1]
    listed = client.get("/v1/me/games", headers=bearer(robo["token"])).get_json()["games"]
    assert [(g["game"], g["seat"], g["status"]) for g in listed] == [(game, 0, "active")]
    assert client.get("/v1/me/games?status=ended", headers=bearer(robo["token"])).get_json() == {
        "games": []
    }


def test_an_account_token_is_refused_in_a_game_that_does_not_seat_it(client: FlaskClient) -> None:
    robo, other = account(client, "Robo"), account(client, "Other")
    game = client.post(
        "/v1/games",
        json={"players": [{"player": other["id"], "factions": ["robots", "wizards"]}, ANN]},
    ).get_json()["id"]
    response = client.get(f"/v1/games/{game}/moves", headers=bearer(robo["token"]))
    assert response.status_code == 403
    assert response.get_json()["code"] == "forbidden"


def test_a_game_refuses_an_unknown_account_a_seat_with_both_name_and_player_and_a_repeat(
    client: FlaskClient, store: EventStore
) -> None:
    robo = account(client, "Robo")
    seat = {"player": robo["id"], "factions": ["robots", "wizards"]}
    bodies = [
        {"players": [{"player": "nobody", "factions": ["robots", "wizards"]}, ANN]},
        {"players": [{**seat, "name": "Robo"}, ANN]},
        {"players": [{**seat, "bot": "random"}, ANN]},
        {"players": [seat, {**seat, "factions": ["ninjas", "pirates"]}]},
    ]
    codes = []
    for body in bodies:
        response = client.post("/v1/games", json=body)
        assert response.status_code == 422
        codes.append(response.get_json()["code"])
    assert codes == ["validation_error"] * 3 + ["player_seated_twice"]
    assert store.list_games() == []


def test_me_turns_lists_every_game_waiting_for_the_account(client: FlaskClient) -> None:
    a, b = account(client, "A"), account(client, "B")
    games = {accepted_game(client, a, b), accepted_game(client, a, b)}
    waiting: set[str] = set()
    for who in (a, b):
        turns = client.get("/v1/me/turns", headers=bearer(who["token"])).get_json()["turns"]
        waiting |= {t["game"] for t in turns}
        for turn in turns:
            assert turn["awaiting"]["seat"] == turn["seat"]
    assert waiting == games


def test_a_challenge_is_listed_both_ways_and_accepting_it_creates_the_game(
    client: FlaskClient,
) -> None:
    a, b = account(client, "A"), account(client, "B")
    made = challenge(client, a, b, seat=1, clock=None)
    assert made.status_code == 201
    pending = made.get_json()
    assert (pending["status"], pending["game"], pending["seat"]) == ("pending", None, 1)
    incoming = client.get("/v1/challenges", headers=bearer(b["token"])).get_json()
    outgoing = client.get(
        "/v1/challenges?direction=outgoing", headers=bearer(a["token"])
    ).get_json()
    assert incoming == outgoing == {"challenges": [pending]}
    assert client.get("/v1/challenges", headers=bearer(a["token"])).get_json() == {"challenges": []}
    game = accepted_game(client, a, b)
    view = client.get(f"/v1/games/{game}").get_json()
    assert [p["name"] for p in view["players"]] == ["A", "B"]
    assert (
        client.get(f"/v1/challenges/{pending['id']}", headers=bearer(a["token"])).status_code == 200
    )


def test_a_challenges_clock_is_the_clock_of_the_game_its_acceptance_creates(
    client: FlaskClient,
) -> None:
    a, b = account(client, "A"), account(client, "B")
    made = challenge(client, a, b, clock={"seconds": 90, "on_expiry": "forfeit"})
    assert made.status_code == 201
    clock = {"seconds": 90, "on_expiry": "forfeit", "bot": "greedy"}
    assert made.get_json()["clock"] == clock
    accepted = client.post(
        f"/v1/challenges/{made.get_json()['id']}/accept",
        json={"factions": ["ninjas", "pirates"]},
        headers=bearer(b["token"]),
    )
    assert accepted.status_code == 200
    game = client.get(f"/v1/games/{accepted.get_json()['game']}").get_json()
    assert {k: game["clock"][k] for k in clock} == clock
    unclocked = challenge(client, a, b).get_json()
    assert unclocked["clock"] is None


def test_only_the_challenged_account_answers_and_only_a_pending_challenge(
    client: FlaskClient,
) -> None:
    a, b, c = account(client, "A"), account(client, "B"), account(client, "C")
    pending = challenge(client, a, b).get_json()
    path = f"/v1/challenges/{pending['id']}"
    factions = {"factions": ["ninjas", "pirates"]}
    own = client.post(f"{path}/accept", json=factions, headers=bearer(a["token"]))
    assert (own.status_code, own.get_json()["code"]) == (403, "forbidden")
    stranger = client.post(f"{path}/decline", headers=bearer(c["token"]))
    assert (stranger.status_code, stranger.get_json()["code"]) == (404, "challenge_not_found")
    declined = client.post(f"{path}/decline", headers=bearer(b["token"]))
    assert declined.get_json()["status"] == "declined"
    again = client.post(f"{path}/accept", json=factions, headers=bearer(b["token"]))
    assert (again.status_code, again.get_json()["code"]) == (409, "challenge_not_pending")
    assert client.get("/v1/me/games", headers=bearer(b["token"])).get_json() == {"games": []}
    withdrawn = challenge(client, a, b).get_json()
    cancel = client.post(f"/v1/challenges/{withdrawn['id']}/cancel", headers=bearer(a["token"]))
    assert cancel.get_json()["status"] == "canceled"


def test_bad_challenges_are_refused(client: FlaskClient) -> None:
    a, b = account(client, "A"), account(client, "B")
    assert challenge(client, a, a).status_code == 403
    bad_clocks = ({"minutes": 5}, {"seconds": 0}, {"seconds": 60, "on_expiry": "later"})
    for extra in (*({"clock": c} for c in bad_clocks), {"seat": 2}, {"factions": ["aliens"]}):
        response = challenge(client, a, b, **extra)
        assert (response.status_code, response.get_json()["code"]) == (422, "validation_error")
    unknown = client.post(
        "/v1/challenges",
        json={"to": "nobody", "factions": ["aliens", "dinosaurs"]},
        headers=bearer(a["token"]),
    )
    assert unknown.status_code == 422
    assert (
        client.post("/v1/challenges", json={"to": b["id"], "factions": ["aliens", "x"]}).status_code
        == 401
    )
    bad = challenge(client, a, b).get_json()
    refused = client.post(
        f"/v1/challenges/{bad['id']}/accept",
        json={"factions": ["aliens", "no_such_faction"]},
        headers=bearer(b["token"]),
    )
    assert refused.status_code == 422  # the rules refuse the setup: the challenge stays pending
    assert (
        client.get(f"/v1/challenges/{bad['id']}", headers=bearer(b["token"])).get_json()["status"]
        == "pending"
    )
