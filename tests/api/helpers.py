"""Request bodies and small helpers shared by the API tests."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

ANN = {"name": "Ann", "factions": ["aliens", "dinosaurs"], "bot": None}
BOB = {"name": "Bob", "factions": ["ninjas", "pirates"], "bot": None}

COLLECTOR_SETUP: dict[str, Any] = {
    "first_seat": 0,
    "bases": ["base.jungle_oasis", "base.tar_pits"],
    "base_deck": ["base.the_homeworld", "base.the_mothership"],
    "decks": [["dinosaurs.war_raptor"] * 10, ["pirates.first_mate"] * 10],
    "hands": [
        ["aliens.collector", "dinosaurs.king_rex", "aliens.invasion"],
        ["ninjas.shinobi", "pirates.saucy_wench"],
    ],
    "board": [{"base": 0, "card": "pirates.first_mate", "owner": 1}],
}
"""Ann (seat 0) acts first; Bob's First Mate (power 2) is on Jungle Oasis (base 0)."""


@dataclass(frozen=True)
class Game:
    """A game created through the API, with its human seats' tokens."""

    id: str
    version: int
    tokens: dict[int, str]


DOCS = Path(__file__).resolve().parents[2] / "docs"
"""The project's documentation pages, whose requests the doc tests run."""


def doc_page(name: str) -> str:
    """The documentation page ``name`` (``ratings.md``), its shell line continuations joined."""
    return (DOCS / name).read_text(encoding="utf-8").replace("\\\n", " ")


def bearer(token: str) -> dict[str, str]:
    """The Authorization header of a seat."""
    return {"Authorization": f"Bearer {token}"}


def create(client: FlaskClient, body: dict[str, Any]) -> Game:
    """POST /v1/games and return the game (asserting a 201)."""
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    tokens = {s["seat"]: s["token"] for s in data["seats"] if s["token"] is not None}
    return Game(data["id"], data["version"], tokens)


def create_scripted(client: FlaskClient, **changes: Any) -> Game:
    """A two-seat scripted game from :data:`COLLECTOR_SETUP` with some keys changed."""
    return create(client, {"players": [ANN, BOB], "scripted": {**COLLECTOR_SETUP, **changes}})


def game_view(client: FlaskClient, game: Game, seat: int | None = None) -> dict[str, Any]:
    """GET the game as a seat (or as a spectator)."""
    headers = {} if seat is None else bearer(game.tokens[seat])
    response = client.get(f"/v1/games/{game.id}", headers=headers)
    assert response.status_code == 200
    data: dict[str, Any] = response.get_json()
    return data


def hand_uid(view: dict[str, Any], seat: int, card: str) -> str:
    """The uid of a card in a seat's hand, from that seat's view."""
    return str(next(c["uid"] for c in view["players"][seat]["hand"] if c["card"] == card))


def command(
    client: FlaskClient, game: Game, seat: int, body: Any, *, view: bool = False, **headers: str
) -> Any:
    """POST a command as a seat (``view``: ask for the game view too); return the response."""
    all_headers = {**bearer(game.tokens[seat]), **headers}
    query = "?view=true" if view else ""
    return client.post(f"/v1/games/{game.id}/commands{query}", json=body, headers=all_headers)


def play_out(client: FlaskClient, game: Game, rng: random.Random) -> tuple[dict[str, Any], int]:
    """Each client seat plays a random move of its /moves when awaited (3000 at most), until
    the game ends: the final view, the number of commands played, and the log replayed through
    ``POST /v1/replays`` to the same version."""
    served = game_view(client, game)
    commands = 0
    for _ in range(3000):
        if served["status"] != "active":
            break
        seat = served["awaiting"]["seat"]
        assert seat in game.tokens, "a bot seat is never left waiting"
        listed = client.get(f"/v1/games/{game.id}/moves", headers=bearer(game.tokens[seat]))
        moves = listed.get_json()["moves"]
        assert moves, "an awaited seat always has a legal move"
        answer = command(client, game, seat, rng.choice(moves))
        assert answer.status_code == 200, answer.get_json()
        commands += 1
        served = game_view(client, game)
    assert served["status"] == "ended"
    log = client.get(f"/v1/games/{game.id}/log").data
    replayed = client.post("/v1/replays", data=log, content_type="application/jsonl")
    assert replayed.status_code == 200, replayed.get_json()
    assert replayed.get_json()["version"] == served["version"]
    return served, commands
