"""Games played for the replay tests, and small helpers to read logs."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api.routes.common import EXTENSION
from domain import GameSetup, GameState, PlayerSetup, decide, evolve, start_game
from domain.bots import random_bot
from domain.decide import awaited_seat
from service.games import Games
from service.replays import Replays

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
V1_LOG = FIXTURES / "v1_game.jsonl"
V1_FINAL = FIXTURES / "v1_game.final.json"
JSONL = "application/jsonl"
CORE = ["aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies"]


def service(app: Flask) -> Games:
    """The games service of an app."""
    games: Games = app.extensions[EXTENSION]
    return games


def replays_of(app: Flask) -> Replays:
    """A replays service over an app's games service (with its own checkpoints)."""
    return Replays(service(app))


@dataclass(frozen=True)
class Played:
    """A game played through the service, with the state decided after every version."""

    game_id: str
    states: dict[int, GameState]
    tokens: dict[int, str]

    @property
    def final(self) -> GameState:
        """The last state."""
        return self.states[max(self.states)]


def play(app: Flask, seed: int, seats: int, moves: int | None = None) -> Played:
    """Create a game of human seats through the service and play random-bot moves for them.

    ``states[v]`` is the state after version ``v``, folded from what the rules decided for each
    command (the events the server appended) and checked against the state it answered.
    """
    rng = random.Random(seed)
    picks = rng.sample(CORE, 2 * seats)
    players = [PlayerSetup(f"p{i}", (picks[2 * i], picks[2 * i + 1])) for i in range(seats)]
    games = service(app)
    created = games.create(players, seed=f"replays-{seed}")
    states: dict[int, GameState] = {}
    state: GameState | None = None
    for event in start_game(GameSetup(created.game_id, f"replays-{seed}", tuple(players))):
        state = evolve(state, event)
        states[state.version] = state
    assert state is not None
    assert games.load(created.game_id) == state
    for _ in range(moves if moves is not None else 10_000):
        seat = awaited_seat(state)
        if state.status != "active" or seat is None:
            break
        command = random_bot(state, seat, rng)
        assert command is not None
        before = state
        for event in decide(before, command):
            state = evolve(state, event)
            states[state.version] = state
        result = games.execute(created.game_id, seat, command, before.version)
        assert result.state == state
    tokens = {s.seat: s.token for s in created.seats if s.token is not None}
    return Played(created.game_id, states, tokens)


def bot_game(client: FlaskClient, seed: str = "bots", factions: tuple[str, ...] = ()) -> str:
    """An all-bot two-seat game played to its end (bots run inline); its id."""
    chosen = factions or ("aliens", "dinosaurs", "robots", "wizards")
    players = [
        {"name": "A", "factions": list(chosen[:2]), "bot": "random"},
        {"name": "B", "factions": list(chosen[2:4]), "bot": "random"},
    ]
    response = client.post("/v1/games", json={"players": players, "seed": seed})
    assert response.status_code == 201
    game_id: str = response.get_json()["id"]
    return game_id


def export(client: FlaskClient, game_id: str, **headers: str) -> str:
    """GET a game's log (asserting a 200); its text."""
    response = client.get(f"/v1/games/{game_id}/log", headers=headers)
    assert response.status_code == 200, response.get_json()
    text: str = response.get_data(as_text=True)
    return text


def lines(text: str) -> list[dict[str, Any]]:
    """The envelopes of a JSON Lines text."""
    return [json.loads(line) for line in text.split("\n") if line.strip()]


def jsonl(envelopes: list[dict[str, Any]]) -> str:
    """Envelopes as JSON Lines text."""
    return "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in envelopes)


def upload(client: FlaskClient, text: str | bytes, query: str = "") -> Any:
    """POST a log to /v1/replays; the response."""
    return client.post(f"/v1/replays{query}", data=text, content_type=JSONL)


def as_v1(envelopes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A log as schema-1 code wrote it: every event at schema 1, ``card_discarded.zone``, no
    ``turn_started.plays`` nor ``phase_changed.plays_lost`` (schema 3)."""
    out = []
    for envelope in envelopes:
        payload = envelope["payload"]
        if envelope["type"] == "card_discarded":
            payload = {("zone" if k == "from_zone" else k): v for k, v in payload.items()}
        if envelope["type"] in ("turn_started", "phase_changed"):
            payload = {k: v for k, v in payload.items() if k not in ("plays", "plays_lost")}
        out.append({**envelope, "schema": 1, "payload": payload})
    return out
