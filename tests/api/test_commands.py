"""POST /v1/games/{id}/commands: the round trip, decisions, and every refusal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from events.store import EventStore
from tests.api.helpers import (
    ANN,
    BOB,
    Game,
    bearer,
    command,
    create,
    create_scripted,
    game_view,
    hand_uid,
)


def test_playing_a_minion_adds_its_power_to_the_base(
    client: FlaskClient, collector_game: Game, store: EventStore
) -> None:
    rex = hand_uid(game_view(client, collector_game, 0), 0, "dinosaurs.king_rex")
    response = command(
        client,
        collector_game,
        0,
        {"type": "play_minion", "card": rex, "base": 0, "expected_version": collector_game.version},
        view=True,
    )
    assert response.status_code == 200
    answer = response.get_json()
    assert (answer["status"], answer["must_act"]) == ("active", True)
    assert answer["awaiting"] == answer["game"]["awaiting"]
    assert answer["version"] == store.version(collector_game.id) > collector_game.version
    assert [e["version"] for e in answer["events"]] == list(
        range(collector_game.version + 1, answer["version"] + 1)
    )
    assert answer["events"][0]["type"] == "minion_played"
    base = answer["game"]["bases"][0]
    assert base["total_power"] == 2 + 7
    assert {m["card"]: m["power"] for m in base["minions"]}["dinosaurs.king_rex"] == 7
    assert rex not in [c["uid"] for c in answer["game"]["players"][0]["hand"]]
    assert game_view(client, collector_game, 0)["bases"][0]["total_power"] == 9


def test_a_decision_is_awaited_then_answered_with_choose(
    client: FlaskClient, collector_game: Game
) -> None:
    collector = hand_uid(game_view(client, collector_game, 0), 0, "aliens.collector")
    played = command(
        client, collector_game, 0, {"type": "play_minion", "card": collector, "base": 0}
    )
    assert played.status_code == 200
    awaiting = played.get_json()["awaiting"]
    assert awaiting["kind"] == "choose"
    assert awaiting["seat"] == 0
    mate = next(o for o in awaiting["options"] if o.get("card") == "pirates.first_mate")
    assert "skip" in [o["id"] for o in awaiting["options"]]
    assert "options" not in game_view(client, collector_game, 1)["awaiting"]

    moves = client.get(
        f"/v1/games/{collector_game.id}/moves", headers=bearer(collector_game.tokens[0])
    ).get_json()["moves"]
    assert {m["type"] for m in moves} == {"choose"}
    assert len(moves) == len(awaiting["options"])

    assert played.get_json()["must_act"] is True
    assert "game" not in played.get_json()  # the view only when asked
    chosen = command(client, collector_game, 0, {"type": "choose", "option": mate["id"]}, view=True)
    assert chosen.status_code == 200
    game = chosen.get_json()["game"]
    assert game["awaiting"]["kind"] == "play"
    assert [m["card"] for m in game["bases"][0]["minions"]] == ["aliens.collector"]
    assert game["players"][1]["hand_size"] == 3
    bob = game_view(client, collector_game, 1)
    assert "pirates.first_mate" in [c["card"] for c in bob["players"][1]["hand"]]


def test_ending_the_turn_passes_the_turn_to_the_next_seat(
    client: FlaskClient, collector_game: Game
) -> None:
    response = command(client, collector_game, 0, {"type": "end_turn"}, view=True)
    assert response.status_code == 200
    assert response.get_json()["awaiting"]["seat"] == 1
    assert response.get_json()["must_act"] is False
    game = response.get_json()["game"]
    assert game["active_seat"] == 1
    assert game["awaiting"]["seat"] == 1
    assert game["players"][0]["hand_size"] == 3 + 2


BAD_COMMANDS: list[tuple[str, Any, int, str]] = [
    ("a body that is a list", [], 422, "validation_error"),
    ("no type", {"card": "x", "base": 0}, 422, "validation_error"),
    ("an unknown type", {"type": "cheat"}, 422, "validation_error"),
    ("an unknown field", {"type": "end_turn", "please": True}, 422, "validation_error"),
    ("a missing field", {"type": "play_minion", "card": "{rex}"}, 422, "validation_error"),
    (
        "a string base",
        {"type": "play_minion", "card": "{rex}", "base": "0"},
        422,
        "validation_error",
    ),
    (
        "a boolean base",
        {"type": "play_minion", "card": "{rex}", "base": True},
        422,
        "validation_error",
    ),
    (
        "a negative base",
        {"type": "play_minion", "card": "{rex}", "base": -1},
        422,
        "validation_error",
    ),
    ("a seat field", {"type": "end_turn", "seat": 1}, 422, "validation_error"),
    (
        "a float expected version",
        {"type": "end_turn", "expected_version": 1.5},
        422,
        "validation_error",
    ),
    (
        "a card not in hand",
        {"type": "play_minion", "card": "c00000000", "base": 0},
        422,
        "unknown_card",
    ),
    (
        "a base not in play",
        {"type": "play_minion", "card": "{rex}", "base": 9},
        422,
        "illegal_target",
    ),
    (
        "an action played as a minion",
        {"type": "play_minion", "card": "{invasion}", "base": 0},
        422,
        "illegal_move",
    ),
    ("a choice with nothing pending", {"type": "choose", "option": "skip"}, 422, "illegal_move"),
    (
        "a special that cannot be used",
        {"type": "use_special", "card": "{rex}"},
        422,
        "illegal_move",
    ),
    ("a special without its card", {"type": "use_special"}, 422, "validation_error"),
    (
        "a talent of a card not in play",
        {"type": "use_talent", "card": "{rex}"},
        422,
        "unknown_card",
    ),
    ("a talent without its card", {"type": "use_talent"}, 422, "validation_error"),
    (
        "a stale expected version",
        {"type": "end_turn", "expected_version": 1},
        409,
        "version_conflict",
    ),
]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [pytest.param(b, s, c, id=name) for name, b, s, c in BAD_COMMANDS],
)
def test_bad_commands_are_refused_and_append_nothing(
    client: FlaskClient,
    collector_game: Game,
    store: EventStore,
    body: Any,
    status: int,
    code: str,
) -> None:
    view = game_view(client, collector_game, 0)
    uids = {
        "{rex}": hand_uid(view, 0, "dinosaurs.king_rex"),
        "{invasion}": hand_uid(view, 0, "aliens.invasion"),
    }
    if isinstance(body, dict):
        body = {k: uids.get(v, v) if isinstance(v, str) else v for k, v in body.items()}
    before = store.version(collector_game.id)
    response = command(client, collector_game, 0, body)
    assert response.status_code == status
    problem = response.get_json()
    assert problem["code"] == code
    assert problem["status"] == status
    assert problem["type"].endswith(code)
    assert store.version(collector_game.id) == before


def test_a_seat_that_is_not_awaited_gets_a_409(
    client: FlaskClient, collector_game: Game, store: EventStore
) -> None:
    response = command(client, collector_game, 1, {"type": "end_turn"})
    assert response.status_code == 409
    assert response.get_json()["code"] == "not_your_turn"
    assert store.version(collector_game.id) == collector_game.version


@pytest.mark.parametrize(
    ("headers", "status", "code"),
    [
        ({}, 401, "unauthenticated"),
        ({"Authorization": "Bearer wrong"}, 401, "invalid_token"),
        ({"Authorization": "Token abc"}, 401, "invalid_token"),
    ],
)
def test_commands_need_a_valid_seat_token(
    client: FlaskClient,
    collector_game: Game,
    store: EventStore,
    headers: dict[str, str],
    status: int,
    code: str,
) -> None:
    response = client.post(
        f"/v1/games/{collector_game.id}/commands", json={"type": "end_turn"}, headers=headers
    )
    assert response.status_code == status
    assert response.get_json()["code"] == code
    assert "WWW-Authenticate" in response.headers
    assert store.version(collector_game.id) == collector_game.version


def test_a_token_of_another_game_is_forbidden(
    client: FlaskClient, collector_game: Game, store: EventStore
) -> None:
    other = create(client, {"players": [ANN, BOB]})
    response = client.post(
        f"/v1/games/{collector_game.id}/commands",
        json={"type": "end_turn"},
        headers=bearer(other.tokens[0]),
    )
    assert response.status_code == 403
    assert response.get_json()["code"] == "forbidden"
    assert store.version(collector_game.id) == collector_game.version


def test_a_command_to_an_unknown_game_is_a_404(client: FlaskClient, collector_game: Game) -> None:
    response = client.post(
        "/v1/games/unknown/commands",
        json={"type": "end_turn"},
        headers=bearer(collector_game.tokens[0]),
    )
    assert response.status_code == 404
    assert response.get_json()["code"] == "not_found"


@pytest.mark.parametrize("raw", [b"{", b"", b'{"type": "end_turn"', b"\xff\xfe"])
def test_malformed_command_json_is_a_400_and_appends_nothing(
    client: FlaskClient, collector_game: Game, store: EventStore, raw: bytes
) -> None:
    response = client.post(
        f"/v1/games/{collector_game.id}/commands",
        data=raw,
        content_type="application/json",
        headers=bearer(collector_game.tokens[0]),
    )
    assert response.status_code == 400
    assert response.get_json()["code"] == "malformed_json"
    assert store.version(collector_game.id) == collector_game.version


def test_a_huge_command_body_is_a_413(client: FlaskClient, collector_game: Game) -> None:
    response = command(client, collector_game, 0, {"type": "choose", "option": "x" * 70_000})
    assert response.status_code == 413
    assert response.get_json()["code"] == "payload_too_large"


def test_an_ended_game_accepts_no_command(client: FlaskClient, store: EventStore) -> None:
    game = create_scripted(
        client,
        hands=[[], []],
        board=[
            {"base": 0, "card": "dinosaurs.king_rex", "owner": 0},
            {"base": 0, "card": "dinosaurs.king_rex", "owner": 0},
        ],
        vp=[14, 0],
    )
    answer = command(client, game, 0, {"type": "end_turn"}, view=True).get_json()
    assert (answer["status"], answer["awaiting"], answer["must_act"]) == ("ended", None, False)
    ended = answer["game"]
    assert ended["status"] == "ended"
    assert ended["winner"] == 0
    assert ended["awaiting"] is None
    version = store.version(game.id)
    for seat in (0, 1):
        response = command(client, game, seat, {"type": "end_turn"})
        assert response.status_code == 409
        assert response.get_json()["code"] == "game_not_active"
    assert store.version(game.id) == version


def test_requests_never_fail_with_a_500_on_odd_bodies(
    client: FlaskClient, collector_game: Game
) -> None:
    odd: list[Callable[[], Any]] = [
        lambda: {"type": "play_minion", "card": None, "base": 0},
        lambda: {"type": "play_minion", "card": "x", "base": 10**40},
        lambda: {"type": "play_action", "card": ["x"], "target": {"a": 1}},
        lambda: {"type": "choose", "option": "é" * 64},
        lambda: {"type": "end_turn", "expected_version": -5},
        lambda: {"type": None},
        lambda: {"type": ["end_turn"]},
        lambda: [[[[[]]]]],
        lambda: 12,
        lambda: None,
    ]
    for make in odd:
        response = command(client, collector_game, 0, make())
        assert response.status_code in (400, 409, 422), make()
    assert game_view(client, collector_game)["version"] == collector_game.version
