"""workers/worker.py: ``smashup worker`` runs bot jobs in its own process (no fork per job),
with one games service for all its jobs, and a job that fails or overruns never stops it."""

from __future__ import annotations

import gc
import os
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from flask import Flask
from rq import Queue, get_current_job
from rq.job import JobStatus
from rq.registry import StartedJobRegistry

from domain.catalogue import catalogue
from events.connection import RedisClient
from events.store import EventStore
from tests.api.helpers import BOB, bearer, command, create, game_view
from workers import bots
from workers.worker import HEARTBEAT_REST, BotWorker

ROBO = {"name": "Robo", "factions": ["robots", "wizards"], "bot": "random"}


@pytest.fixture
def queue(redis_client: RedisClient) -> Iterator[Queue]:
    """An rq queue of this test's own, emptied afterwards."""
    made = Queue(f"test-{uuid.uuid4().hex}", connection=redis_client)
    yield made
    made.delete(delete_jobs=True)


def _work(queue: Queue) -> None:
    BotWorker([queue], connection=queue.connection).work(burst=True)


def test_a_job_runs_in_the_worker_process_itself(queue: Queue) -> None:
    job = queue.enqueue("os.getpid")
    _work(queue)
    assert job.get_status() == JobStatus.FINISHED
    assert job.return_value() == os.getpid()  # no work-horse was forked for it


def test_a_job_that_raises_is_failed_and_the_worker_goes_on(queue: Queue) -> None:
    broken = queue.enqueue("builtins.int", "not a number")
    after = queue.enqueue("builtins.len", "abc")
    _work(queue)
    assert broken.get_status() == JobStatus.FAILED
    assert "ValueError" in (broken.latest_result().exc_string or "")  # type: ignore[union-attr]
    assert after.get_status() == JobStatus.FINISHED
    assert after.return_value() == 3


def test_a_job_past_its_timeout_is_stopped_and_the_worker_goes_on(queue: Queue) -> None:
    stuck = queue.enqueue("time.sleep", 30, job_timeout=1)
    after = queue.enqueue("builtins.len", "ab")
    started = time.monotonic()
    _work(queue)
    assert time.monotonic() - started < 10
    assert stuck.get_status() == JobStatus.FAILED
    assert "JobTimeoutException" in (stuck.latest_result().exc_string or "")  # type: ignore[union-attr]
    assert after.get_status() == JobStatus.FINISHED


def test_bot_turns_through_the_worker_share_one_games_service(
    make_app: Callable[..., Flask], store: EventStore, queue: Queue
) -> None:
    app = make_app(RQ_ASYNC=True, RQ_QUEUE=queue.name)
    client = app.test_client()
    game = create(client, {"players": [BOB, ROBO], "seed": "worker"})
    bots._SERVICES.clear()
    _work(queue)  # the bot's setup decisions, if any
    services = []
    handed = 0
    while handed < 3:  # the human hands the game to the bot three times
        shown = game_view(client, game, 0)
        assert shown["status"] == "active"
        awaiting = shown["awaiting"]
        assert awaiting["seat"] == 0
        body = (
            {"type": "end_turn"}
            if awaiting["kind"] == "play"
            else {"type": "choose", "option": awaiting["options"][0]["id"]}
        )
        answer = command(client, game, 0, body).get_json()
        if answer["awaiting"]["seat"] != 1:
            continue
        handed += 1
        assert queue.count == 1  # the bot's turn is a job
        _work(queue)
        assert store.version(game.id) > answer["version"]  # the bot played
        services += [games for _, games in bots._SERVICES.values()]
    assert len(services) == 3
    assert services[0] is services[1] is services[2]  # built by the first job, then kept
    turns = client.get("/v1/me/turns", headers=bearer(game.tokens[0])).get_json()["turns"]
    assert turns[0]["version"] == store.version(game.id)


def test_the_worker_sends_no_heartbeat_of_its_own_right_after_another(queue: Queue) -> None:
    worker = BotWorker([queue], connection=queue.connection)
    worker.heartbeat()
    first = queue.connection.hget(worker.key, "last_heartbeat")
    assert first is not None
    worker.heartbeat()  # as rq does right after picking a job
    assert queue.connection.hget(worker.key, "last_heartbeat") == first
    assert worker.last_heartbeat is not None
    worker.last_heartbeat -= timedelta(seconds=HEARTBEAT_REST + 1)  # rested long enough
    worker.heartbeat()
    assert queue.connection.hget(worker.key, "last_heartbeat") != first
    assert 0 < queue.connection.ttl(worker.key) <= worker.worker_ttl + 60
    queue.connection.delete(worker.key)


def job_sees_itself() -> tuple[bool, bool, bool]:
    """Run as a job: whether its status is started, the started registry holds it and its
    worker is busy (what rq's bookkeeping must have written before the job ran)."""
    job = get_current_job()
    assert job is not None
    registry = StartedJobRegistry(job.origin, connection=job.connection)
    busy = [
        w.get_state()
        for w in BotWorker.all(connection=job.connection)
        if job.origin in w.queue_names()
    ]
    return job.get_status(refresh=True) == JobStatus.STARTED, job.id in registry, busy == ["busy"]


def test_a_job_runs_once_rq_recorded_its_start_with_its_execution(queue: Queue) -> None:
    job = queue.enqueue(f"{__name__}.job_sees_itself")
    _work(queue)
    assert job.get_status() == JobStatus.FINISHED
    assert job.return_value() == (True, True, True)
    assert job.id not in StartedJobRegistry(queue.name, connection=queue.connection)


def test_what_the_worker_preloads_is_out_of_the_cycle_collectors_reach(queue: Queue) -> None:
    gc.unfreeze()  # from an earlier worker of this process, if any
    try:
        cards = catalogue()
        assert any(o is cards for o in gc.get_objects())  # collected as any object, so far
        BotWorker([queue], connection=queue.connection)
        assert gc.get_freeze_count() > 0
        assert not any(o is cards for o in gc.get_objects())  # frozen: no collection walks it
    finally:
        gc.unfreeze()  # the rest of the test session collects as before
