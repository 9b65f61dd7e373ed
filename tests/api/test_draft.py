"""The faction draft over HTTP: two clients draft in the rulebook's order (a faction taken is
refused to the other seat), play to the end, and the log verifies through POST /v1/replays;
open games, seeks and bot seats draft too."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import Game, bearer, command, create, game_view, play_out
from tests.api.test_seeks import account, refused

DRAFTED = {"players": [{"name": "Ann"}, {"name": "Bob"}], "setup": "draft", "seed": "draft-1"}


def moves(client: FlaskClient, game: Game, seat: int) -> list[dict[str, Any]]:
    """The legal moves of a seat."""
    listed = client.get(f"/v1/games/{game.id}/moves", headers=bearer(game.tokens[seat]))
    assert listed.status_code == 200
    found: list[dict[str, Any]] = listed.get_json()["moves"]
    return found


def test_two_clients_draft_in_the_rulebook_order_then_play_and_the_log_verifies(
    client: FlaskClient,
) -> None:
    game = create(client, DRAFTED)
    shown = game_view(client, game)
    assert (shown["phase"], shown["awaiting"]["kind"]) == ("draft", "pick")
    order = shown["draft"]["order"]
    first = order[0]
    assert order == [first, 1 - first, 1 - first, first]
    assert shown["draft"]["picking"] == first
    assert all(p["factions"] == [] and p["deck_size"] == 0 for p in shown["players"])
    listed = moves(client, game, first)
    assert {m["type"] for m in listed} == {"pick_faction"}
    assert "Pick the Ninjas" in [m["label"] for m in listed]
    assert moves(client, game, 1 - first) == []
    picked = command(client, game, first, {"type": "pick_faction", "faction": "ninjas"})
    assert picked.status_code == 200, picked.get_json()
    taken = command(client, game, 1 - first, {"type": "pick_faction", "faction": "ninjas"})
    refused(taken, 409, "faction_taken")
    assert "'ninjas'" in taken.get_json()["detail"]
    early = command(client, game, first, {"type": "pick_faction", "faction": "pirates"})
    refused(early, 409, "not_your_turn")
    for seat, faction in zip(order[1:], ("robots", "zombies", "aliens"), strict=True):
        answer = command(client, game, seat, {"type": "pick_faction", "faction": faction})
        assert answer.status_code == 200, answer.get_json()
    shown = game_view(client, game, first)
    assert shown["phase"] != "draft"
    assert shown["draft"]["picking"] is None
    assert sorted(shown["players"][first]["factions"]) == ["aliens", "ninjas"]
    assert sorted(shown["players"][1 - first]["factions"]) == ["robots", "zombies"]
    assert [p["deck_size"] + p["hand_size"] for p in shown["players"]] == [40, 40]
    events = client.get(f"/v1/games/{game.id}/events?after=0").get_json()["events"]
    kinds = [e["type"] for e in events]
    assert kinds[:3] == ["game_created", "draft_started", "faction_picked"]
    dealt = next(e for e in events if e["type"] == "factions_dealt")["payload"]
    assert dealt["deck_sizes"] == [40, 40]
    assert "decks" not in dealt
    assert "base_deck" not in dealt
    served, _ = play_out(client, game, random.Random(5))
    assert served["players"][first]["factions"] == shown["players"][first]["factions"]


def test_a_drafted_game_takes_no_factions_and_a_bot_seat_drafts_by_itself(
    client: FlaskClient,
) -> None:
    named = {
        **DRAFTED,
        "players": [{"name": "Ann", "factions": ["ninjas", "pirates"]}, {"name": "B"}],
    }
    refused(client.post("/v1/games", json=named), 422, "validation_error")
    scripted = {
        **DRAFTED,
        "scripted": {"bases": ["base.tar_pits"], "decks": [["aliens.collector"]] * 2},
    }
    refused(client.post("/v1/games", json=scripted), 422, "validation_error")
    game = create(
        client,
        {
            "players": [{"name": "Ann"}, {"name": "Robo", "bot": "greedy"}],
            "setup": "draft",
            "boxes": 2,
            "seed": "bot-draft",
        },
    )
    shown = game_view(client, game)
    if shown["awaiting"]["seat"] == 1:  # never left waiting: the bot picked at once
        raise AssertionError("the bot seat was left to pick")
    while shown["phase"] == "draft":
        faction = "ninjas" if "ninjas" not in shown["players"][0]["factions"] else "robots"
        answer = command(client, game, 0, {"type": "pick_faction", "faction": faction})
        assert answer.status_code == 200, answer.get_json()
        shown = game_view(client, game)
    assert sorted(shown["players"][0]["factions"]) == ["ninjas", "robots"]
    assert len(set(shown["players"][1]["factions"])) == 2


def test_an_open_drafted_game_and_a_drafted_seek_start_a_draft_when_full(
    client: FlaskClient, app: Flask
) -> None:
    body = {"players": [{"name": "Ann"}, {"open": True}], "setup": "draft"}
    opened = client.post("/v1/games", json=body)
    assert opened.status_code == 202, opened.get_json()
    table = opened.get_json()["table"]
    assert table["setup"] == "draft"
    other = app.test_client()  # Bob's shell
    with_factions = {"name": "Bob", "factions": ["ninjas", "pirates"]}
    refused(other.post(f"/v1/games/{table['id']}/join", json=with_factions), 422, "invalid_setup")
    joined = other.post(f"/v1/games/{table['id']}/join", json={"name": "Bob"})
    assert joined.status_code == 200, joined.get_json()
    shown = other.get(f"/v1/games/{table['id']}").get_json()
    assert (shown["phase"], len(shown["draft"]["order"])) == ("draft", 4)

    ann, bob = account(client, "Ann"), account(client, "Bob")
    made = client.post("/v1/seeks", json={"setup": "draft"}, headers=bearer(ann["token"]))
    assert made.status_code == 201, made.get_json()
    seek_id = made.get_json()["id"]
    answer = other.post(f"/v1/seeks/{seek_id}/accept", json={}, headers=bearer(bob["token"]))
    assert answer.status_code == 200, answer.get_json()
    assert client.get(f"/v1/games/{seek_id}").get_json()["phase"] == "draft"
    refused(
        client.post("/v1/seeks", json={}, headers=bearer(ann["token"])), 422, "validation_error"
    )


def test_a_drafted_challenge_starts_a_drafted_game(client: FlaskClient) -> None:
    ann, bob = account(client, "Ann"), account(client, "Bob")
    body = {"to": bob["id"], "setup": "draft"}
    made = client.post("/v1/challenges", json=body, headers=bearer(ann["token"]))
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["setup"] == "draft"
    challenge = made.get_json()["id"]
    accepted = client.post(
        f"/v1/challenges/{challenge}/accept", json={}, headers=bearer(bob["token"])
    )
    assert accepted.status_code == 200, accepted.get_json()
    game_id = accepted.get_json()["game"]
    assert client.get(f"/v1/games/{game_id}").get_json()["phase"] == "draft"
