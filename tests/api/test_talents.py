"""use_talent over HTTP: listed by /moves while usable, accepted once per turn."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from domain import abilities
from domain.effects import Talent
from domain.fx import Fx, Steps
from tests.api.helpers import bearer, command, create_scripted, game_view

REX = "dinosaurs.king_rex"


def draw_one(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


@pytest.fixture
def rex_has_a_talent() -> Iterator[None]:
    with abilities.extra(REX, Talent("Draw a card", draw_one)):
        yield


def talent_moves(client: FlaskClient, game_id: str, token: str) -> list[dict[str, object]]:
    response = client.get(f"/v1/games/{game_id}/moves", headers=bearer(token))
    assert response.status_code == 200
    return [m for m in response.get_json()["moves"] if m["type"] == "use_talent"]


@pytest.mark.usefixtures("rex_has_a_talent")
def test_a_talent_is_a_move_until_used_and_using_it_appends_talent_used(
    client: FlaskClient,
) -> None:
    game = create_scripted(client, board=[{"base": 0, "card": REX, "owner": 0}])
    view = game_view(client, game, 0)
    rex = next(m["uid"] for m in view["bases"][0]["minions"] if m["card"] == REX)
    moves = talent_moves(client, game.id, game.tokens[0])
    assert [m["card"] for m in moves] == [rex]
    assert talent_moves(client, game.id, game.tokens[1]) == []

    response = command(client, game, 0, moves[0])
    assert response.status_code == 200, response.get_json()
    kinds = [e["type"] for e in response.get_json()["events"]]
    assert kinds[0] == "talent_used"
    assert "cards_drawn" in kinds
    assert talent_moves(client, game.id, game.tokens[0]) == []

    again = command(client, game, 0, {"type": "use_talent", "card": rex})
    assert again.status_code == 422
    assert again.get_json()["code"] == "illegal_move"


def test_a_talent_an_attached_action_grants_is_a_move_naming_that_action(
    client: FlaskClient,
) -> None:
    board = [
        {"base": 0, "card": REX, "owner": 0},
        {"base": 0, "card": "changerbots.flighterizer", "owner": 0, "attached_to": 0},
    ]
    game = create_scripted(client, board=board)
    view = game_view(client, game, 0)
    rex = next(m for m in view["bases"][0]["minions"] if m["card"] == REX)
    flighterizer = rex["attached"][0]["uid"]
    moves = talent_moves(client, game.id, game.tokens[0])
    assert [m["card"] for m in moves] == [flighterizer]

    response = command(client, game, 0, moves[0])
    assert response.status_code == 200, response.get_json()
    events = response.get_json()["events"]
    assert events[0]["type"] == "talent_used"
    assert events[0]["payload"]["uid"] == flighterizer
    assert talent_moves(client, game.id, game.tokens[0]) == []
