"""POST /v1/games: creation, seeds, scripted setups and every refusal."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from domain import registry, setup
from events.store import EventStore, hash_token
from tests.api.helpers import ANN, BOB, COLLECTOR_SETUP, create, game_view


def test_creating_a_game_returns_its_id_version_and_one_token_per_human_seat(
    client: FlaskClient, store: EventStore
) -> None:
    robot = {"name": "Robo", "factions": ["robots", "wizards"], "bot": "random"}
    body = {"players": [ANN, BOB, robot], "seed": "fixed"}
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201
    data = response.get_json()
    assert response.headers["Location"] == f"/v1/games/{data['id']}"
    assert [s["name"] for s in data["seats"]] == ["Ann", "Bob", "Robo"]
    assert data["seats"][2] == {"seat": 2, "name": "Robo", "bot": "random", "token": None}
    assert data["version"] >= 1
    for seat in data["seats"][:2]:
        assert len(seat["token"]) >= 40
        assert store.lookup_token(hash_token(seat["token"])) == (data["id"], seat["seat"])
    assert store.exists(data["id"])


def test_tokens_are_stored_only_as_hashes(client: FlaskClient, store: EventStore) -> None:
    game = create(client, {"players": [ANN, BOB]})
    keys = [k.decode() for k in store.redis.scan_iter(match=f"{store.prefix}:*")]
    dumped = b"".join(store.redis.dump(k) or b"" for k in keys)
    assert any(hash_token(t) in k for t in game.tokens.values() for k in keys)
    for token in game.tokens.values():
        assert token.encode() not in dumped
        assert not any(token in k for k in keys)


def test_the_same_seed_deals_the_same_game_and_an_int_seed_equals_its_string(
    client: FlaskClient,
) -> None:
    first = create(client, {"players": [ANN, BOB], "seed": 42})
    second = create(client, {"players": [ANN, BOB], "seed": "42"})
    other = create(client, {"players": [ANN, BOB], "seed": "43"})
    hands = [game_view(client, g, 0)["players"][0]["hand"] for g in (first, second, other)]
    assert hands[0] == hands[1]
    assert hands[0] != hands[2]


def test_without_a_seed_two_games_are_dealt_differently(client: FlaskClient) -> None:
    first = create(client, {"players": [ANN, BOB]})
    second = create(client, {"players": [ANN, BOB]})
    assert first.id != second.id
    one, two = game_view(client, first, 0), game_view(client, second, 0)
    assert one["players"][0]["hand"] != two["players"][0]["hand"]


def test_a_scripted_game_starts_exactly_as_described(client: FlaskClient) -> None:
    game = create(client, {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, "vp": [3, 4]}})
    view = game_view(client, game, 0)
    assert view["scripted"] is True
    assert [b["card"] for b in view["bases"]] == COLLECTOR_SETUP["bases"]
    assert view["base_deck_size"] == 2
    assert [c["card"] for c in view["players"][0]["hand"]] == COLLECTOR_SETUP["hands"][0]
    assert view["players"][1]["hand_size"] == 2
    assert [p["vp"] for p in view["players"]] == [3, 4]
    minion = view["bases"][0]["minions"][0]
    assert (minion["card"], minion["owner"], minion["power"]) == ("pirates.first_mate", 1, 2)
    assert view["awaiting"]["seat"] == 0


def test_a_random_game_is_not_flagged_scripted(client: FlaskClient) -> None:
    game = create(client, {"players": [ANN, BOB]})
    assert game_view(client, game)["scripted"] is False


def _player(**changes: Any) -> dict[str, Any]:
    return {**ANN, **changes}


INVALID_BODIES: list[tuple[str, Any, str]] = [
    ("no players", {}, "validation_error"),
    ("one player", {"players": [ANN]}, "validation_error"),
    ("five players", {"players": [ANN, BOB, ANN, BOB, ANN]}, "validation_error"),
    ("players not a list", {"players": "Ann,Bob"}, "validation_error"),
    ("an unknown root field", {"players": [ANN, BOB], "colour": "red"}, "validation_error"),
    ("an unknown player field", {"players": [_player(age=3), BOB]}, "validation_error"),
    ("an empty name", {"players": [_player(name=""), BOB]}, "validation_error"),
    ("a missing name", {"players": [{"factions": ["aliens", "ninjas"]}, BOB]}, "validation_error"),
    ("one faction", {"players": [_player(factions=["aliens"]), BOB]}, "validation_error"),
    ("a numeric faction", {"players": [_player(factions=[1, 2]), BOB]}, "validation_error"),
    ("a boolean seed", {"players": [ANN, BOB], "seed": True}, "validation_error"),
    ("a list seed", {"players": [ANN, BOB], "seed": [1]}, "validation_error"),
    ("a body that is a list", [ANN, BOB], "validation_error"),
    ("a body that is a string", "hello", "validation_error"),
    (
        "scripted without decks",
        {"players": [ANN, BOB], "scripted": {"bases": ["base.tar_pits"]}},
        "validation_error",
    ),
    (
        "scripted with an unknown field",
        {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, "extra": 1}},
        "validation_error",
    ),
    (
        "a board card with a string base",
        {
            "players": [ANN, BOB],
            "scripted": {
                **COLLECTOR_SETUP,
                "board": [{"base": "0", "card": "pirates.first_mate", "owner": 1}],
            },
        },
        "validation_error",
    ),
    (
        "an unknown faction",
        {"players": [_player(factions=["aliens", "elves"]), BOB]},
        "invalid_setup",
    ),
    (
        "the same faction twice",
        {"players": [_player(factions=["aliens", "aliens"]), BOB]},
        "invalid_setup",
    ),
    ("an unknown bot", {"players": [_player(bot="genius"), BOB]}, "invalid_setup"),
    (
        "scripted decks for one seat only",
        {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, "decks": [["aliens.scout"]]}},
        "invalid_setup",
    ),
    (
        "a scripted unknown card",
        {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, "decks": [["nope"], []]}},
        "invalid_setup",
    ),
    (
        "a scripted unknown base",
        {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, "bases": ["base.nope"]}},
        "invalid_setup",
    ),
    (
        "a scripted first seat out of range",
        {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, "first_seat": 5}},
        "invalid_setup",
    ),
    (
        "scripted vp for the wrong number of seats",
        {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, "vp": [1, 2, 3]}},
        "invalid_setup",
    ),
    (
        "a board action attached to nothing valid",
        {
            "players": [ANN, BOB],
            "scripted": {
                **COLLECTOR_SETUP,
                "board": [{"base": 0, "card": "dinosaurs.upgrade", "owner": 0, "attached_to": 3}],
            },
        },
        "invalid_setup",
    ),
    (
        "a board card on a base not in play",
        {
            "players": [ANN, BOB],
            "scripted": {
                **COLLECTOR_SETUP,
                "board": [{"base": 7, "card": "pirates.first_mate", "owner": 1}],
            },
        },
        "invalid_setup",
    ),
]


@pytest.mark.parametrize(
    ("body", "code"),
    [pytest.param(body, code, id=name) for name, body, code in INVALID_BODIES],
)
def test_invalid_creation_requests_are_refused_with_a_422(
    client: FlaskClient, store: EventStore, body: Any, code: str
) -> None:
    response = client.post("/v1/games", json=body)
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["code"] == code
    assert problem["status"] == 422
    assert problem["detail"]
    if code == "validation_error":
        assert problem["errors"]
    assert store.list_games() == []


@pytest.mark.parametrize(
    ("missing", "body"),
    [
        ("vikings.tribute", {"players": [_player(factions=["aliens", "vikings"]), BOB]}),
        (
            "base.drakkar",
            {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, "bases": ["base.drakkar"]}},
        ),
    ],
)
def test_a_game_holding_a_card_or_base_not_implemented_is_refused_with_a_422(
    client: FlaskClient,
    store: EventStore,
    monkeypatch: pytest.MonkeyPatch,
    missing: str,
    body: Any,
) -> None:
    """Every card of the three boxes is implemented: the refusal is shown by taking one out."""
    monkeypatch.setattr(registry, "IMPLEMENTED", registry.IMPLEMENTED - {missing})
    monkeypatch.setattr(setup, "IMPLEMENTED", registry.IMPLEMENTED)
    response = client.post("/v1/games", json=body)
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["code"] == "faction_not_implemented"
    assert missing.split(".")[0] in problem["detail"] or missing in problem["detail"]
    assert store.list_games() == []


def test_field_messages_name_the_offending_fields(client: FlaskClient) -> None:
    body = {"players": [_player(age=3), _player(name="")], "colour": "red"}
    errors = client.post("/v1/games", json=body).get_json()["errors"]
    assert errors["colour"] == ["Unknown field."]
    assert errors["players"]["0"]["age"] == ["Unknown field."]
    assert "name" in errors["players"]["1"]


@pytest.mark.parametrize("raw", [b"{", b"", b"{'players': []}", b"NaN", b"[1,]"])
def test_malformed_json_is_a_400(client: FlaskClient, raw: bytes) -> None:
    response = client.post("/v1/games", data=raw, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["code"] == "malformed_json"


def test_a_body_over_64_kib_is_refused_with_a_413(client: FlaskClient) -> None:
    big = {"players": [ANN, BOB], "seed": "x" * 70_000}
    response = client.post("/v1/games", json=big)
    assert response.status_code == 413
    assert response.get_json()["code"] == "payload_too_large"
