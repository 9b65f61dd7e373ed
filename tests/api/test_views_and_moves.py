"""GET the game and its moves: hidden information and legal commands."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain import event_from_dict, legal_commands, replay
from events.store import EventStore
from tests.api.helpers import ANN, BOB, Game, bearer, command, create, game_view, hand_uid


def test_a_seat_sees_its_own_hand_and_never_another_seats(
    client: FlaskClient, collector_game: Game
) -> None:
    ann = game_view(client, collector_game, 0)
    bob = game_view(client, collector_game, 1)
    assert [c["card"] for c in ann["players"][0]["hand"]] == [
        "aliens.collector",
        "dinosaurs.king_rex",
        "aliens.invasion",
    ]
    assert "hand" not in ann["players"][1]
    assert ann["players"][1]["hand_size"] == 2
    assert [c["card"] for c in bob["players"][1]["hand"]] == [
        "ninjas.shinobi",
        "pirates.saucy_wench",
    ]
    assert "hand" not in bob["players"][0]


def test_a_spectator_sees_no_hand_at_all(client: FlaskClient, collector_game: Game) -> None:
    view = game_view(client, collector_game)
    assert all("hand" not in p for p in view["players"])
    assert [p["hand_size"] for p in view["players"]] == [3, 2]
    assert "options" not in (view["awaiting"] or {})


def test_events_hide_other_seats_cards_and_every_deck_order(
    client: FlaskClient, store: EventStore
) -> None:
    game = create(client, {"players": [ANN, BOB], "seed": "redaction"})
    feeds = {
        viewer: client.get(
            f"/v1/games/{game.id}/events",
            headers={} if viewer is None else bearer(game.tokens[viewer]),
        ).get_json()["events"]
        for viewer in (0, 1, None)
    }
    raw = store.read(game.id)
    assert [e["version"] for e in feeds[0]] == [e["version"] for e in raw]
    for viewer, events in feeds.items():
        created = events[0]["payload"]
        assert "seed" not in created
        assert "base_deck" not in created
        assert all("deck" not in p for p in created["players"])
        for event in events:
            if event["type"] == "cards_drawn":
                own = event["payload"]["seat"] == viewer
                assert ("cards" in event["payload"]) is own
                assert ("count" in event["payload"]) is not own


def test_moves_are_exactly_the_legal_commands_with_the_current_version(
    client: FlaskClient, collector_game: Game, store: EventStore
) -> None:
    state = replay(event_from_dict(e) for e in store.read(collector_game.id))
    response = client.get(
        f"/v1/games/{collector_game.id}/moves", headers=bearer(collector_game.tokens[0])
    )
    body = response.get_json()
    assert body["seat"] == 0
    assert body["version"] == state.version
    labels = [move.pop("label") for move in body["moves"] + body["table"]]
    assert body["moves"] + body["table"] == [
        c.body() | {"expected_version": state.version} for c in legal_commands(state, 0)
    ]
    assert [m["type"] for m in body["table"]] == ["resign", "abort", "offer_draw"]
    assert {"type": "end_turn", "expected_version": state.version} in body["moves"]
    assert all(isinstance(label, str) and label for label in labels)


def test_a_seat_that_is_not_awaited_and_a_spectator_have_no_moves(
    client: FlaskClient, collector_game: Game
) -> None:
    url = f"/v1/games/{collector_game.id}/moves"
    bob = client.get(url, headers=bearer(collector_game.tokens[1])).get_json()
    spectator = client.get(url).get_json()
    assert bob["moves"] == []
    assert [m["type"] for m in bob["table"]] == ["resign", "abort", "offer_draw"]
    assert bob["seat"] == 1
    assert spectator["moves"] == spectator["table"] == []
    assert spectator["seat"] is None


def test_every_listed_move_is_accepted(client: FlaskClient, collector_game: Game) -> None:
    url = f"/v1/games/{collector_game.id}/moves"
    moves = client.get(url, headers=bearer(collector_game.tokens[0])).get_json()["moves"]
    rex = hand_uid(game_view(client, collector_game, 0), 0, "dinosaurs.king_rex")
    move = next(m for m in moves if m.get("card") == rex)
    assert command(client, collector_game, 0, move).status_code == 200


def test_reading_with_another_games_token_is_forbidden(
    client: FlaskClient, collector_game: Game
) -> None:
    other = create(client, {"players": [ANN, BOB]})
    for path in ("", "/moves", "/events"):
        response = client.get(
            f"/v1/games/{collector_game.id}{path}", headers=bearer(other.tokens[0])
        )
        assert response.status_code == 403
        assert response.get_json()["code"] == "forbidden"


def test_reading_with_an_unknown_token_is_unauthorized(
    client: FlaskClient, collector_game: Game
) -> None:
    for header in ("Bearer not-a-token", "Basic YWxhZGRpbjpvcGVuc2VzYW1l", "Bearer"):
        response = client.get(f"/v1/games/{collector_game.id}", headers={"Authorization": header})
        assert response.status_code == 401
        assert response.get_json()["code"] == "invalid_token"
        assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_an_unknown_game_is_a_404_problem(client: FlaskClient) -> None:
    for path in ("/v1/games/nope", "/v1/games/nope/moves", "/v1/games/nope/events"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.mimetype == "application/problem+json"
        assert response.get_json()["code"] == "not_found"


def test_unknown_routes_and_methods_are_json_problems(client: FlaskClient) -> None:
    missing = client.get("/v1/nothing-here")
    assert missing.status_code == 404
    assert missing.get_json()["code"] == "not_found"
    wrong = client.delete("/v1/games")
    assert wrong.status_code == 405
    assert wrong.get_json()["code"] == "method_not_allowed"
    assert "POST" in wrong.headers["Allow"]
