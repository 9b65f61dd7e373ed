"""Greedy and search bots play seats over HTTP, through the bot job path (inline and rq)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable

import pytest
from flask import Flask
from rq import Queue, SimpleWorker

from domain import event_from_dict, replay, view
from events.store import EventStore
from tests.api.helpers import ANN, bearer, command, create, game_view

MOVES_CAP = 400


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_a_human_plays_a_whole_game_against_a_smart_bot(
    make_app: Callable[..., Flask], store: EventStore, bot: str
) -> None:
    client = make_app(SEARCH_PLAYOUTS=6).test_client()
    robo = {"name": "Robo", "factions": ["ninjas", "pirates"], "bot": bot}
    created = client.post("/v1/games", json={"players": [ANN, robo], "seed": f"vs-{bot}"})
    assert created.status_code == 201
    assert [s["bot"] for s in created.get_json()["seats"]] == [None, bot]
    game = create(client, {"players": [ANN, robo], "seed": f"vs-{bot}-2"})
    for _ in range(MOVES_CAP):
        served = game_view(client, game, 0)
        if served["status"] == "ended":
            break
        assert served["awaiting"]["seat"] == 0, "the bot plays its decisions before answering"
        moves = client.get(f"/v1/games/{game.id}/moves", headers=bearer(game.tokens[0]))
        body = moves.get_json()["moves"][0]  # Ann plays her first legal move
        assert command(client, game, 0, body).status_code == 200
    assert served["status"] == "ended"
    assert served["players"][1]["bot"] == bot
    events = [event_from_dict(e) for e in store.read(game.id)]
    assert any(getattr(e, "seat", None) == 1 and e.type != "cards_drawn" for e in events)
    state = replay(events)
    assert json.loads(json.dumps(view(state, 0))) == served
    assert state.winner is not None


def test_an_unknown_bot_is_refused_with_invalid_setup(make_app: Callable[..., Flask]) -> None:
    client = make_app().test_client()
    robo = {"name": "Robo", "factions": ["ninjas", "pirates"], "bot": "clever"}
    answer = client.post("/v1/games", json={"players": [ANN, robo]})
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["code"] == "invalid_setup"
    assert "known: random, greedy, search" in problem["detail"]


def test_greedy_and_search_play_an_all_bot_game_through_an_rq_worker(
    make_app: Callable[..., Flask], store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMASHUP_SEARCH_PLAYOUTS", "6")  # what the worker's jobs read
    queue_name = f"test-{uuid.uuid4().hex}"
    client = make_app(RQ_ASYNC=True, RQ_QUEUE=queue_name).test_client()
    players = [
        {"name": "G", "factions": ["aliens", "dinosaurs"], "bot": "greedy"},
        {"name": "S", "factions": ["robots", "wizards"], "bot": "search"},
    ]
    game = create(client, {"players": players, "seed": "greedy-search"})
    assert game_view(client, game)["status"] == "active"
    queue = Queue(queue_name, connection=store.redis)
    SimpleWorker([queue], connection=store.redis).work(burst=True)
    served = game_view(client, game)
    assert served["status"] == "ended"
    assert served["players"][served["winner"]]["vp"] >= 15
    state = replay(event_from_dict(e) for e in store.read(game.id))
    assert json.loads(json.dumps(view(state, None))) == served
    queue.delete(delete_jobs=True)
