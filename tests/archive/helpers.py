"""Finished games stored quickly (played by random bots in memory by the engine benchmark's
:func:`bench.engine.random_game`, stored in one append), and
the readers an archived game must answer exactly as before."""

from __future__ import annotations

import json
import secrets
from typing import Any

from flask.testing import FlaskClient

from bench.engine import random_game
from domain import event_to_dict
from events.envelope import utc_timestamp
from events.store import EventStore


def store_finished_game(store: EventStore, seed: int) -> str:
    """A two-seat game played to its end by random bots in memory, stored as one creation
    under a fresh id (its ``game_created`` names it); its id."""
    return store_finished_games(store, seed, 1)[0]


def store_finished_games(store: EventStore, seed: int, copies: int) -> list[str]:
    """One game played as :func:`store_finished_game` does, stored ``copies`` times under
    different ids; their ids."""
    events = [event_to_dict(e) for e in random_game(seed)]
    seats = [{"seat": p["seat"], "name": p["name"], "bot": None} for p in _players(events[0])]
    meta = {"created_at": utc_timestamp(), "seats": json.dumps(seats), "status": "ended"}
    ids = []
    for _ in range(copies):
        ids.append(secrets.token_hex(8))
        first = {**events[0], "payload": {**events[0]["payload"], "game_id": ids[-1]}}
        store.create(ids[-1], [first, *events[1:]], meta)
    return ids


def _players(created: dict[str, Any]) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = created["payload"]["players"]
    return players


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
