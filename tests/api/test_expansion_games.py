"""Games mixing the factions of the expansions play to their end over HTTP, with bot seats and
client seats that play whatever /moves lists, and their logs replay through POST /v1/replays."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain import event_from_dict
from domain.verify import verify
from events.store import EventStore
from tests.api.helpers import create, play_out

OOPS = [
    {"name": "Ann", "factions": ["samurai", "aliens"]},
    {"name": "Bot 1", "factions": ["cowboys", "dinosaurs"], "bot": "random"},
    {"name": "Bob", "factions": ["vikings", "ninjas"]},
    {"name": "Bot 3", "factions": ["ancient_egyptians", "pirates"], "bot": "random"},
]
CEASE_AND_DESIST = [
    {"name": "Cy", "factions": ["astroknights", "robots"]},
    {"name": "Bot 1", "factions": ["changerbots", "wizards"], "bot": "random"},
    {"name": "Di", "factions": ["ignobles", "zombies"]},
    {"name": "Bot 3", "factions": ["star_roamers", "tricksters"], "bot": "random"},
]


def play_to_the_end(client: FlaskClient, body: dict[str, Any], seed: int) -> dict[str, Any]:
    """Create the game; each client seat plays a random move of its /moves when awaited."""
    game = create(client, body)
    served, commands = play_out(client, game, random.Random(seed))
    return {"id": game.id, "client_commands": commands, **served}


@pytest.mark.parametrize(("players", "seed"), [(OOPS, 11), (CEASE_AND_DESIST, 12)])
def test_a_four_seat_expansion_game_plays_to_its_end_with_two_bots_and_two_clients(
    client: FlaskClient, store: EventStore, players: list[dict[str, Any]], seed: int
) -> None:
    served = play_to_the_end(client, {"players": players, "seed": f"mix-{seed}"}, seed)
    assert served["client_commands"] >= 20  # the client seats played their turns
    winner = served["players"][served["winner"]]
    assert winner["vp"] >= 15
    assert [set(p["factions"]) for p in served["players"]] == [set(p["factions"]) for p in players]
    state, error = verify([event_from_dict(e) for e in store.read(served["id"])])
    assert error is None
    assert state is not None
    assert state.version == served["version"]
