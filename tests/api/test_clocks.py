"""Turn clocks over HTTP: a deadline in the view, and an expiry played by a worker's scheduled
job even when the server and the worker restarted in between."""

from __future__ import annotations

import math
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime

import pytest
from flask import Flask
from rq import Queue, SimpleWorker

from bootstrap import build
from domain import Choose, GameState, event_from_dict, replay
from events.store import EventStore
from service.clocks import deadline, expire, resume_clocks
from service.games import Games
from tests.api.helpers import ANN, BOB, Game, bearer, command, create, game_view
from workers.queue import BotQueue


def _moment(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


@pytest.fixture
def queue_name(store: EventStore) -> Iterator[str]:
    name = f"test-{uuid.uuid4().hex}"
    yield name
    Queue(name, connection=store.redis).delete(delete_jobs=True)


def _clocked(client_app: Flask, on_expiry: str, seconds: int = 1) -> Game:
    body = {
        "players": [ANN, BOB],
        "seed": f"clock-{on_expiry}",
        "clock": {"seconds": seconds, "on_expiry": on_expiry, "bot": "greedy"},
    }
    return create(client_app.test_client(), body)


def _clocked_on_rq(
    make_app: Callable[..., Flask], store: EventStore, queue_name: str
) -> tuple[Games, str, GameState]:
    """A game with a 60 s bot clock made by an app whose jobs go to rq: the games service over
    the same store and queue, the game's id and its state."""
    app = make_app(RQ_ASYNC=True, RQ_QUEUE=queue_name)
    game = _clocked(app, "bot", seconds=60)
    games = build(client=store.redis, prefix=store.prefix, queue_name=queue_name)
    return games, game.id, games.load(game.id)


def _run_worker(store: EventStore, queue_name: str) -> None:
    """A new worker process's work: its scheduler moves due jobs to the queue, then it runs
    them (burst: until the queue is empty)."""
    queue = Queue(queue_name, connection=store.redis)
    SimpleWorker([queue], connection=store.redis).work(burst=True, with_scheduler=True)


def _wait_past(deadline: str) -> None:
    """Until the check of this deadline is due: rq keeps whole seconds, the next one."""
    time.sleep(max(0.0, math.ceil(_moment(deadline)) - time.time()) + 0.05)


@pytest.mark.parametrize("on_expiry", ["bot", "forfeit"])
def test_an_expired_clock_plays_for_the_seat_after_the_server_and_worker_restarted(
    make_app: Callable[..., Flask], store: EventStore, queue_name: str, on_expiry: str
) -> None:
    first_server = make_app(RQ_ASYNC=True, RQ_QUEUE=queue_name)
    game = _clocked(first_server, on_expiry)
    shown = game_view(first_server.test_client(), game)
    seat, version = shown["awaiting"]["seat"], shown["version"]
    clock = shown["clock"]
    assert (clock["seconds"], clock["on_expiry"], clock["bot"]) == (1, on_expiry, "greedy")
    last_ts = store.read(game.id, after=version - 1)[0]["ts"]
    assert _moment(clock["deadline"]) == pytest.approx(_moment(last_ts) + 1, abs=0.002)
    scheduled = Queue(queue_name, connection=store.redis).scheduled_job_registry
    assert scheduled.count == 1
    del first_server  # the server goes away; its clock lives on in Redis only

    _wait_past(clock["deadline"])
    restarted = make_app(RQ_ASYNC=True, RQ_QUEUE=queue_name)
    _run_worker(store, queue_name)

    after = game_view(restarted.test_client(), game)
    events = store.read(game.id, after=version)
    assert events[0]["type"] == "clock_expired"
    assert events[0]["payload"] == {"seat": seat, "on_expiry": on_expiry}
    if on_expiry == "forfeit":
        assert (after["status"], after["winner"]) == ("ended", 1 - seat)
        assert [e["type"] for e in events] == ["clock_expired", "game_ended"]
        assert after["clock"]["deadline"] is None
    else:
        assert events[1]["payload"]["seat"] == seat  # the bot decided for the seat
        assert after["version"] > version + 1
        assert after["clock"]["deadline"] is not None  # the next decision has its own
    state = replay(event_from_dict(e) for e in store.read(game.id))
    assert state.version == after["version"]


def test_a_decision_made_in_time_leaves_the_clock_nothing_to_do(
    make_app: Callable[..., Flask], store: EventStore, queue_name: str
) -> None:
    app = make_app(RQ_ASYNC=True, RQ_QUEUE=queue_name)
    game = _clocked(app, "bot", seconds=60)
    client = app.test_client()
    shown = game_view(client, game)
    seat, version = shown["awaiting"]["seat"], shown["version"]
    games = build(client=store.redis, prefix=store.prefix, queue_name=queue_name)
    assert isinstance(games.bots, BotQueue)
    assert expire(games, game.id, version, now=lambda: 0.0, scheduler=games.bots) == "early"
    answer = client.post(
        f"/v1/games/{game.id}/commands?view=true",
        json={"type": "choose", "option": "keep"},
        headers=bearer(game.tokens[seat]),
    )
    assert answer.status_code == 200
    assert answer.get_json()["game"]["clock"]["deadline"] is not None
    far = time.time() + 3600
    assert expire(games, game.id, version, now=lambda: far) == "stale"
    assert store.read(game.id, after=version)[0]["type"] == "decision_made"
    # a restarted worker schedules the check of the decision now awaited
    assert resume_clocks(games, games.bots) == 1


def test_a_client_cannot_expire_a_clock_nor_set_a_bad_one(
    make_app: Callable[..., Flask], queue_name: str
) -> None:
    app = make_app(RQ_ASYNC=True, RQ_QUEUE=queue_name)
    client = app.test_client()
    game = _clocked(app, "forfeit", seconds=60)
    seat = game_view(client, game)["awaiting"]["seat"]
    refused = command(client, game, seat, {"type": "expire_clock"})
    assert refused.status_code == 422
    assert refused.get_json()["code"] == "validation_error"
    for clock in ({"seconds": 0}, {"seconds": 5, "on_expiry": "nap"}, {"seconds": 5, "bot": "x"}):
        answer = client.post("/v1/games", json={"players": [ANN, BOB], "clock": clock})
        assert answer.status_code == 422
        assert answer.get_json()["code"] == "validation_error"


def test_a_clock_check_that_runs_early_is_scheduled_again_as_a_job_of_its_own(
    make_app: Callable[..., Flask], store: EventStore, queue_name: str
) -> None:
    games, game_id, state = _clocked_on_rq(make_app, store, queue_name)
    assert isinstance(games.bots, BotQueue)
    due = deadline(games, game_id, state)
    assert due is not None
    registry = games.bots.queue.scheduled_job_registry
    first = set(registry.get_job_ids())
    assert any(j.endswith(f"-{state.version}-{math.ceil(due)}") for j in first)  # whole seconds
    outcome = expire(games, game_id, state.version, now=lambda: due - 0.5, scheduler=games.bots)
    assert outcome == "early"
    again = set(registry.get_job_ids()) - first  # rq ran it a second early: not lost
    assert [j.rsplit("-", 1)[1] for j in again] == [str(math.ceil(due) + 1)]


def test_the_deadline_after_a_command_comes_from_the_append_without_reading_the_stream(
    make_app: Callable[..., Flask], store: EventStore, queue_name: str
) -> None:
    games, game_id, state = _clocked_on_rq(make_app, store, queue_name)
    seat = state.pending.seat if state.pending is not None else state.active
    done = games.execute(game_id, seat, Choose(seat, "keep"), expected_version=state.version)
    after = done.state
    assert after is not None
    appended = store.read(game_id, after=after.version - 1)[0]["ts"]

    def no_read(*args: object, **kwargs: object) -> None:
        raise AssertionError("the clock read the stream again")

    games.store.read = no_read  # type: ignore[method-assign]
    due = deadline(games, game_id, after)
    assert due == pytest.approx(_moment(appended) + 60, abs=0.002)
