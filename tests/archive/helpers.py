"""Finished games stored quickly (played by random bots in memory, stored in one append), and
the readers an archived game must answer exactly as before."""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from flask.testing import FlaskClient

from domain import GameSetup, PlayerSetup, decide, event_to_dict, evolve, replay, start_game
from domain.bots import random_bot
from domain.decide import awaited_seat
from events.envelope import utc_timestamp
from events.store import EventStore

CORE = ["aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies"]


def store_finished_game(store: EventStore, seed: int) -> str:
    """A two-seat all-bot game played to its end in memory, stored as one creation; its id."""
    return store_finished_games(store, seed, 1)[0]


def store_finished_games(store: EventStore, seed: int, copies: int) -> list[str]:
    """One game played as :func:`store_finished_game` does, stored ``copies`` times under
    different ids (its ``game_created`` names each); their ids."""
    rng = random.Random(seed)
    picks = rng.sample(CORE, 4)
    players = (
        PlayerSetup("A", (picks[0], picks[1]), "random"),
        PlayerSetup("B", (picks[2], picks[3]), "random"),
    )
    game_id = secrets.token_hex(8)
    events = list(start_game(GameSetup(game_id, f"archive-{seed}", players)))
    state = replay(events)
    while state.status == "active":
        seat = awaited_seat(state)
        assert seat is not None
        command = random_bot(state, seat, rng)
        assert command is not None
        for event in decide(state, command):
            state = evolve(state, event)
            events.append(event)
    seats = [{"seat": p.seat, "name": p.name, "bot": p.bot} for p in state.players]
    meta = {"created_at": utc_timestamp(), "seats": json.dumps(seats), "status": "ended"}
    stored = [event_to_dict(e) for e in events]
    store.create(game_id, stored, meta)
    ids = [game_id]
    for _ in range(copies - 1):
        ids.append(secrets.token_hex(8))
        first = {**stored[0], "payload": {**stored[0]["payload"], "game_id": ids[-1]}}
        store.create(ids[-1], [first, *stored[1:]], meta)
    return ids


def readers(client: FlaskClient, game_id: str, version: int) -> dict[str, Any]:
    """What every read route answers for a finished game (status and body); the app should
    have a short ``STREAM_KEEPALIVE``: the game stream ends after one quiet keep-alive."""
    paths = [
        f"/v1/games/{game_id}",
        f"/v1/games/{game_id}/log",
        f"/v1/games/{game_id}/state?at=1",
        f"/v1/games/{game_id}/state?at={version // 2}",
        f"/v1/games/{game_id}/state?at={version}",
        f"/v1/games/{game_id}/state",
        f"/v1/games/{game_id}/events?after=0&limit=25",
        f"/v1/games/{game_id}/events?after={version - 3}",
        f"/v1/games/{game_id}/events?after={version}",
        f"/v1/games/{game_id}/moves",
        f"/v1/games/{game_id}/narration",
        f"/v1/games/{game_id}/stream?after={version - 2}",
        f"/games/{game_id}",
    ]
    answers = {}
    for path in paths:
        response = client.get(path)
        answers[path] = (response.status_code, response.get_data(as_text=True))
    return answers
