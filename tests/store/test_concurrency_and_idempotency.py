"""Optimistic concurrency under real races, and idempotent commands."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from events.errors import DuplicateCommand, VersionConflict
from events.store import EventStore

from .helpers import event

pytestmark = pytest.mark.redis

RACERS = 8


def race(worker: Callable[[int], Any]) -> list[Any]:
    """Run ``worker(i)`` in RACERS threads released together; return results or exceptions."""
    barrier = threading.Barrier(RACERS)
    outcomes: list[Any] = [None] * RACERS

    def run(index: int) -> None:
        barrier.wait()
        try:
            outcomes[index] = worker(index)
        except Exception as error:  # collected and asserted on by the test
            outcomes[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def batch(racer: int) -> list[dict[str, Any]]:
    return [event("step", racer=racer, part=part) for part in range(3)]


@pytest.mark.parametrize("round_number", range(10))
def test_eight_threads_racing_the_same_append_store_exactly_one_batch(
    store: EventStore, new_game_id: Callable[[], str], round_number: int
) -> None:
    game_id = new_game_id()
    store.create(game_id, [event("game_created", round=round_number)])

    outcomes = race(lambda racer: store.append(game_id, 1, batch(racer)))

    winners = [o for o in outcomes if isinstance(o, list)]
    losers = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(winners) == 1
    assert len(losers) == RACERS - 1
    assert all((loser.expected, loser.actual) == (1, 4) for loser in losers)
    log = store.read(game_id)
    assert [e["version"] for e in log] == [1, 2, 3, 4]
    assert log[1:] == winners[0]
    winner = log[1]["payload"]["racer"]
    assert [e["payload"] for e in log[1:]] == [{"racer": winner, "part": p} for p in range(3)]


def test_racers_that_retry_on_conflict_never_interleave_their_batches(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")])

    def append_with_retry(racer: int) -> int:
        conflicts = 0
        while True:
            try:
                store.append(game_id, store.version(game_id), batch(racer))
                return conflicts
            except VersionConflict:
                conflicts += 1

    outcomes = race(append_with_retry)

    assert all(isinstance(o, int) for o in outcomes)
    log = store.read(game_id)
    assert [e["version"] for e in log] == list(range(1, 2 + 3 * RACERS))
    chunks = [log[i : i + 3] for i in range(1, len(log), 3)]
    for chunk in chunks:
        racer = chunk[0]["payload"]["racer"]
        assert [e["payload"] for e in chunk] == [{"racer": racer, "part": p} for p in range(3)]
    assert sorted(chunk[0]["payload"]["racer"] for chunk in chunks) == list(range(RACERS))


def test_a_retried_command_appends_nothing_and_returns_the_first_response(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")])
    first = {"version": 2, "events": [{"type": "card_played"}]}
    store.append(
        game_id, 1, [event("card_played", card="x")], idempotency_key="k-1", response=first
    )

    with pytest.raises(DuplicateCommand) as duplicate:
        store.append(
            game_id, 2, [event("card_played", card="x")], idempotency_key="k-1", response={"x": 1}
        )

    assert duplicate.value.response == first
    assert store.version(game_id) == 2
    assert store.idempotent_response(game_id, "k-1") == first


def test_a_retry_after_the_game_moved_on_is_still_reported_as_a_duplicate(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")])
    store.append(game_id, 1, [event("a")], idempotency_key="k-a", response={"version": 2})
    store.append(game_id, 2, [event("b")])

    with pytest.raises(DuplicateCommand) as duplicate:
        store.append(game_id, 1, [event("a")], idempotency_key="k-a", response={})

    assert duplicate.value.response == {"version": 2}
    assert store.version(game_id) == 3


def test_a_refused_append_does_not_record_its_idempotency_key(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")])

    with pytest.raises(VersionConflict):
        store.append(game_id, 0, [event("a")], idempotency_key="k-z", response={"version": 1})

    assert store.idempotent_response(game_id, "k-z") is None
    store.append(game_id, 1, [event("a")], idempotency_key="k-z", response={"version": 2})
    assert store.idempotent_response(game_id, "k-z") == {"version": 2}


def test_an_unknown_idempotency_key_has_no_response(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("game_created")])
    assert store.idempotent_response(game_id, "never-used") is None


def test_eight_threads_sending_the_same_command_store_it_once(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")])

    outcomes = race(
        lambda racer: store.append(
            game_id, 1, [event("pass", by=racer)], idempotency_key="same", response={"by": racer}
        )
    )

    winners = [o for o in outcomes if isinstance(o, list)]
    assert len(winners) == 1
    winner = winners[0][0]["payload"]["by"]
    others = [o for o in outcomes if not isinstance(o, list)]
    assert all(isinstance(o, DuplicateCommand) for o in others)
    assert all(o.response == {"by": winner} for o in others)
    assert store.version(game_id) == 2


def test_an_empty_idempotency_key_is_refused(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("game_created")])
    with pytest.raises(ValueError, match="idempotency key"):
        store.append(game_id, 1, [event("a")], idempotency_key="")
    assert store.version(game_id) == 1
