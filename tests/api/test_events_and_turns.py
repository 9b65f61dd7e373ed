"""The events feed and /v1/me/turns, including their long-polls."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.store import EventStore
from service.outcomes import TooManyWaiters
from service.waiters import Waiters
from tests.api.helpers import Game, bearer, command, create_scripted
from tests.problems import refused


def _in_thread(
    app: Flask, path: str, headers: dict[str, str]
) -> tuple[threading.Thread, dict[str, Any]]:
    """GET ``path`` from another thread; the dict gets the response and the time it took."""
    out: dict[str, Any] = {}

    def run() -> None:
        started = time.monotonic()
        out["response"] = app.test_client().get(path, headers=headers)
        out["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=run)
    thread.start()
    return thread, out


def test_the_feed_returns_the_events_after_a_version(
    client: FlaskClient, collector_game: Game, store: EventStore
) -> None:
    everything = client.get(f"/v1/games/{collector_game.id}/events").get_json()
    assert [e["version"] for e in everything["events"]] == list(
        range(1, collector_game.version + 1)
    )
    assert everything["next_after"] == collector_game.version
    later = client.get(f"/v1/games/{collector_game.id}/events?after=1").get_json()
    assert [e["version"] for e in later["events"]] == list(range(2, collector_game.version + 1))
    assert all(set(e) == {"version", "type", "schema", "ts", "payload"} for e in later["events"])
    assert [e["ts"] for e in later["events"]] == [e["ts"] for e in store.read(collector_game.id, 1)]


def test_the_feed_pages_with_limit_and_next_after(
    client: FlaskClient, collector_game: Game
) -> None:
    url = f"/v1/games/{collector_game.id}/events"
    first = client.get(f"{url}?limit=1").get_json()
    assert [e["version"] for e in first["events"]] == [1]
    second = client.get(f"{url}?after={first['next_after']}&limit=1").get_json()
    assert [e["version"] for e in second["events"]] == [2]


def test_an_empty_feed_waits_then_answers_with_no_events(
    client: FlaskClient, collector_game: Game
) -> None:
    started = time.monotonic()
    response = client.get(
        f"/v1/games/{collector_game.id}/events?after={collector_game.version}&wait=0.3"
    )
    assert time.monotonic() - started >= 0.25
    assert response.get_json() == {"events": [], "next_after": collector_game.version}


def test_a_waiting_feed_wakes_up_when_a_command_is_appended(
    app: Flask, client: FlaskClient, collector_game: Game
) -> None:
    path = f"/v1/games/{collector_game.id}/events?after={collector_game.version}&wait=10"
    thread, out = _in_thread(app, path, bearer(collector_game.tokens[1]))
    time.sleep(0.3)
    assert thread.is_alive()
    assert command(client, collector_game, 0, {"type": "end_turn"}).status_code == 200
    thread.join(10)
    body = out["response"].get_json()
    assert out["seconds"] < 5
    assert body["events"][0]["version"] == collector_game.version + 1
    drawn = [e for e in body["events"] if e["type"] == "cards_drawn"]
    assert drawn
    assert all("count" in e["payload"] for e in drawn)


@pytest.mark.parametrize(
    "query", ["after=-1", "wait=31", "wait=-1", "wait=soon", "limit=0", "limit=1001", "from=3"]
)
def test_bad_feed_parameters_are_validation_errors(
    client: FlaskClient, collector_game: Game, query: str
) -> None:
    response = client.get(f"/v1/games/{collector_game.id}/events?{query}")
    refused(response, 422, "validation_error")


def test_my_turns_lists_the_game_awaiting_my_seat(
    client: FlaskClient, collector_game: Game
) -> None:
    mine = client.get("/v1/me/turns", headers=bearer(collector_game.tokens[0])).get_json()
    assert mine["turns"] == [
        {
            "game": collector_game.id,
            "seat": 0,
            "version": collector_game.version,
            "awaiting": {
                "seat": 0,
                "kind": "play",
                "prompt": mine["turns"][0]["awaiting"]["prompt"],
            },
        }
    ]
    theirs = client.get("/v1/me/turns", headers=bearer(collector_game.tokens[1])).get_json()
    assert theirs == {"turns": []}


def test_my_turns_waits_for_my_turn_to_come(
    app: Flask, client: FlaskClient, collector_game: Game
) -> None:
    thread, out = _in_thread(app, "/v1/me/turns?wait=10", bearer(collector_game.tokens[1]))
    time.sleep(0.3)
    assert thread.is_alive()
    assert command(client, collector_game, 0, {"type": "end_turn"}).status_code == 200
    thread.join(10)
    turns = out["response"].get_json()["turns"]
    assert out["seconds"] < 5
    assert [(t["game"], t["seat"]) for t in turns] == [(collector_game.id, 1)]


def test_my_turns_gives_up_after_the_wait(client: FlaskClient, collector_game: Game) -> None:
    started = time.monotonic()
    response = client.get("/v1/me/turns?wait=0.3", headers=bearer(collector_game.tokens[1]))
    assert time.monotonic() - started >= 0.25
    assert response.get_json() == {"turns": []}


def test_my_turns_needs_a_token(client: FlaskClient) -> None:
    assert client.get("/v1/me/turns").get_json()["code"] == "unauthenticated"
    unknown = client.get("/v1/me/turns", headers=bearer("nope"))
    refused(unknown, 401, "invalid_token")


def test_my_turns_shows_the_options_of_my_pending_decision(
    client: FlaskClient, store: EventStore
) -> None:
    game = create_scripted(client)
    hand = client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json()
    collector = next(
        c["uid"] for c in hand["players"][0]["hand"] if c["card"] == "aliens.collector"
    )
    command(client, game, 0, {"type": "play_minion", "card": collector, "base": 0})
    turns = client.get("/v1/me/turns", headers=bearer(game.tokens[0])).get_json()["turns"]
    assert turns[0]["awaiting"]["kind"] == "choose"
    assert turns[0]["version"] == store.version(game.id)
    assert {o["id"] for o in turns[0]["awaiting"]["options"]} >= {"skip"}


def test_a_long_poll_past_the_waiter_bound_is_refused_at_once_with_retry_after(
    make_app: Any, collector_game: Game
) -> None:
    app = make_app(MAX_WAITERS=1)
    path = f"/v1/games/{collector_game.id}/events?after={collector_game.version}&wait=3"
    thread, out = _in_thread(app, path, bearer(collector_game.tokens[1]))
    time.sleep(0.3)
    assert thread.is_alive()
    started = time.monotonic()
    refused = app.test_client().get("/v1/me/turns?wait=3", headers=bearer(collector_game.tokens[1]))
    assert time.monotonic() - started < 1
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "1"
    assert refused.get_json()["code"] == "too_many_waiters"
    not_waiting = app.test_client().get(f"/v1/games/{collector_game.id}/events?after=0&limit=1")
    assert not_waiting.status_code == 200
    thread.join(10)
    assert out["response"].status_code == 200
    again = app.test_client().get(path.replace("wait=3", "wait=0.1"))
    assert again.status_code == 200


def test_the_waiter_bound_frees_its_slot_when_a_wait_fails() -> None:
    waiters = Waiters(1)
    with pytest.raises(RuntimeError), waiters.slot():
        raise RuntimeError("redis went away")
    assert waiters.waiting == 0
    with waiters.slot(), pytest.raises(TooManyWaiters), waiters.slot():
        pass
    assert waiters.waiting == 0
