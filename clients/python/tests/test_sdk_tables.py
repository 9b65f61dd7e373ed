"""Finding a game through the SDK: an open game joined anonymously, a seek between accounts."""

from __future__ import annotations

import pytest
from sdk_helpers import account
from smashup_client import Client, Conflict


def test_an_anonymous_player_joins_an_open_game_and_the_game_starts(client: Client) -> None:
    players = [{"name": "Ann", "factions": ["aliens", "dinosaurs"]}, {"open": True}]
    table = client.games.create(players, seed="sdk-open")
    game_id = table["id"]
    assert client.tables.get(game_id)["status"] == "open"
    joined = client.tables.join(game_id, ["ninjas", "pirates"], name="Bob")
    assert joined["seat"] == 1
    assert joined["token"]
    assert client.tables.get(game_id)["status"] == "started"
    with client.with_token(joined["token"]) as bob:
        assert bob.games.get(game_id)["players"][1]["name"] == "Bob"


def test_a_second_join_of_a_full_game_is_refused_with_its_code(client: Client) -> None:
    players = [{"name": "Ann", "factions": ["aliens", "dinosaurs"]}, {"open": True}]
    game_id = client.games.create(players, seed="sdk-full")["id"]
    client.tables.join(game_id, ["ninjas", "pirates"], name="Bob")
    with pytest.raises(Conflict) as refused:
        client.tables.join(game_id, ["robots", "wizards"], name="Cy")
    assert refused.value.code in {"game_full", "game_started"}


def test_two_accounts_find_each_other_through_a_seek(server_url: str) -> None:
    ann, _ = account(server_url, "Ann")
    bob, _ = account(server_url, "Bob")
    with ann, bob:
        seek = ann.seeks.create(2, ["aliens", "dinosaurs"])
        assert seek["id"] in {s["id"] for s in bob.seeks.list()["seeks"]}
        joined = bob.seeks.accept(seek["id"], ["ninjas", "pirates"])
        game_id = joined["table"]["game"]
        assert game_id is not None
        assert ann.seeks.get(seek["id"])["status"] == "started"
        assert [p["name"] for p in bob.games.get(game_id)["players"]] == ["Ann", "Bob"]
