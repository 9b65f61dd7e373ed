"""All-bot games created over HTTP play to the end by themselves."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue, SimpleWorker

from domain import PlayerSetup, event_from_dict, replay, view
from domain.rules import MAX_LOG_EVENTS, VERSION_CAP
from events.store import EventStore
from service.games import Games
from tests.api.helpers import BOB, COLLECTOR_SETUP, bearer, command, create, game_view
from workers.bots import run_bots
from workers.queue import BotQueue

FACTIONS = [
    ["aliens", "dinosaurs"],
    ["ninjas", "pirates"],
    ["robots", "wizards"],
    ["zombies", "tricksters"],
]


ROBO = {"name": "Robo", "factions": ["aliens", "dinosaurs"], "bot": "random"}


def _bots(seats: int) -> list[dict[str, Any]]:
    return [{"name": f"Bot {i}", "factions": FACTIONS[i], "bot": "random"} for i in range(seats)]


def _feed(client: FlaskClient, game_id: str) -> list[dict[str, Any]]:
    """Every event of a game through the feed, page by page."""
    events: list[dict[str, Any]] = []
    after = 0
    while True:
        page = client.get(f"/v1/games/{game_id}/events?after={after}&limit=250").get_json()
        if not page["events"]:
            return events
        events += page["events"]
        after = page["next_after"]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_an_all_bot_game_created_over_http_plays_to_the_end(
    client: FlaskClient, store: EventStore, seats: int
) -> None:
    game = create(client, {"players": _bots(seats), "seed": f"bots-{seats}"})
    served = game_view(client, game)
    assert served["status"] == "ended"
    winner = served["players"][served["winner"]]
    assert winner["vp"] >= 15
    assert winner["vp"] == max(p["vp"] for p in served["players"])
    feed = _feed(client, game.id)
    assert [e["version"] for e in feed] == list(range(1, served["version"] + 1))
    assert feed[-1]["type"] == "game_ended"
    state = replay(event_from_dict(e) for e in store.read(game.id))
    assert json.loads(json.dumps(view(state, None))) == served
    assert store.meta(game.id)["status"] == "ended"


def test_a_bot_plays_its_turns_around_a_human_seat(client: FlaskClient) -> None:
    # A fixed seed: with some seeds the bot's turn scores a base and asks Bob "Me first!".
    game = create(client, {"players": [ROBO, BOB], "scripted": COLLECTOR_SETUP, "seed": "0"})
    assert set(game.tokens) == {1}
    created = game_view(client, game, 1)
    assert created["version"] > game.version
    assert created["awaiting"]["seat"] == 1
    assert created["turn"] == 2
    answer = command(client, game, 1, {"type": "end_turn"}).get_json()
    after = game_view(client, game, 1)
    assert after["version"] > answer["version"]
    assert after["awaiting"]["seat"] == 1
    assert after["turn"] == 4
    turns = client.get("/v1/me/turns", headers=bearer(game.tokens[1])).get_json()["turns"]
    assert turns[0]["version"] == after["version"]


def test_bots_go_through_an_rq_queue_to_a_worker(
    make_app: Callable[..., Flask], store: EventStore, prefix: str
) -> None:
    queue_name = f"test-{uuid.uuid4().hex}"
    app = make_app(RQ_ASYNC=True, RQ_QUEUE=queue_name)
    client = app.test_client()
    game = create(client, {"players": _bots(2), "seed": "through-rq"})
    assert game_view(client, game)["status"] == "active"
    queue = Queue(queue_name, connection=store.redis)
    assert queue.count == 1
    SimpleWorker([queue], connection=store.redis).work(burst=True)
    served = game_view(client, game)
    assert served["status"] == "ended"
    state = replay(event_from_dict(e) for e in store.read(game.id))
    assert json.loads(json.dumps(view(state, None))) == served
    queue.delete(delete_jobs=True)


def test_a_bot_job_for_a_version_the_game_has_left_does_nothing(
    client: FlaskClient, store: EventStore
) -> None:
    game = create(client, {"players": [ROBO, BOB], "scripted": COLLECTOR_SETUP})
    version = store.version(game.id)
    games = Games(store, BotQueue(store.redis, prefix=store.prefix, is_async=False))
    assert run_bots(games, game.id, 1) == 0
    assert run_bots(games, game.id, version) == 0  # a human (Bob) is awaited
    assert store.version(game.id) == version


def test_a_bot_job_stops_after_its_move_budget_and_schedules_a_follow_up(
    client: FlaskClient, store: EventStore
) -> None:
    class Recorder:
        def __init__(self) -> None:
            self.calls: list[tuple[str, int]] = []

        def schedule(self, game_id: str, version: int) -> None:
            self.calls.append((game_id, version))

    recorder = Recorder()
    games = Games(store, recorder)
    bots = [
        PlayerSetup("A", ("aliens", "dinosaurs"), "random"),
        PlayerSetup("B", ("ninjas", "pirates"), "random"),
    ]
    created = games.create(bots, seed="budget")
    assert recorder.calls == [(created.game_id, created.version)]
    moves = run_bots(games, created.game_id, created.version, max_moves=3)
    assert moves == 3
    assert recorder.calls[-1] == (created.game_id, store.version(created.game_id))


def test_a_bot_game_that_cannot_end_is_a_draw_at_the_version_cap_and_its_log_replays(
    client: FlaskClient, store: EventStore
) -> None:
    nothing = {"first_seat": 0, "bases": ["base.tar_pits"], "decks": [[], []], "hands": [[], []]}
    game = create(client, {"players": _bots(2), "scripted": nothing})
    served = game_view(client, game)
    assert (served["status"], served["winner"]) == ("ended", None)
    assert VERSION_CAP <= served["version"] <= MAX_LOG_EVENTS
    last = client.get(f"/v1/games/{game.id}/events?after={served['version'] - 1}").get_json()
    assert last["events"][0]["type"] == "game_ended"
    assert last["events"][0]["payload"] == {"winner": None, "vp": [0, 0], "reason": "version_cap"}
    log = client.get(f"/v1/games/{game.id}/log").data
    replayed = client.post("/v1/replays", data=log, content_type="application/jsonl")
    assert replayed.status_code == 200, replayed.get_json()
    assert (replayed.get_json()["version"], replayed.get_json()["winner"]) == (
        served["version"],
        None,
    )
