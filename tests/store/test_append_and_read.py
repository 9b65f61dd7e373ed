"""Contract of appending and reading a game's events."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import redis

from events.connection import RedisClient
from events.envelope import SCHEMA_VERSION
from events.errors import GameExists, VersionConflict
from events.store import EventStore

from .helpers import event

pytestmark = pytest.mark.redis


def test_creating_a_game_stores_its_first_events_from_version_one(
    store: EventStore, game_id: str
) -> None:
    stored = store.create(game_id, [event("game_created", seed=7), event("shuffled", order=[3])])

    assert [e["version"] for e in stored] == [1, 2]
    assert [e["type"] for e in stored] == ["game_created", "shuffled"]
    assert stored[0]["payload"] == {"seed": 7}
    assert store.read(game_id) == stored
    assert store.version(game_id) == 2
    assert store.exists(game_id)


def test_an_envelope_carries_version_type_schema_utc_timestamp_and_payload(
    store: EventStore, game_id: str
) -> None:
    (stored,) = store.create(game_id, [event("game_created", name="x")])

    assert set(stored) == {"version", "type", "schema", "ts", "payload"}
    assert stored["schema"] == SCHEMA_VERSION
    assert stored["ts"].endswith("Z")
    moment = datetime.fromisoformat(stored["ts"])
    assert moment.utcoffset() == UTC.utcoffset(None)
    assert abs((datetime.now(UTC) - moment).total_seconds()) < 60


def test_an_unknown_game_is_at_version_zero_with_no_events(store: EventStore, game_id: str) -> None:
    assert store.version(game_id) == 0
    assert not store.exists(game_id)
    assert store.read(game_id) == []
    assert store.meta(game_id) == {}


def test_appending_at_the_current_version_continues_the_numbering(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")])

    stored = store.append(
        game_id, 1, [event("card_drawn", card="a"), event("card_drawn", card="b")]
    )

    assert [e["version"] for e in stored] == [2, 3]
    assert store.version(game_id) == 3
    assert [e["payload"]["card"] for e in store.read(game_id, after=1)] == ["a", "b"]


def test_a_concurrent_append_with_a_stale_version_is_refused(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")])
    store.append(game_id, 1, [event("turn_started", seat=0)])

    with pytest.raises(VersionConflict) as refused:
        store.append(game_id, 1, [event("turn_started", seat=1)])

    assert (refused.value.expected, refused.value.actual) == (1, 2)
    assert store.version(game_id) == 2
    assert store.read(game_id)[-1]["payload"] == {"seat": 0}


def test_appending_ahead_of_the_log_is_refused(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("game_created")])

    with pytest.raises(VersionConflict):
        store.append(game_id, 5, [event("late")])

    assert store.version(game_id) == 1


def test_creating_a_game_twice_fails_and_keeps_the_first_log(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created", seed=1)], meta={"status": "setup"})

    with pytest.raises(GameExists):
        store.create(game_id, [event("game_created", seed=2)], meta={"status": "hijacked"})

    assert [e["payload"] for e in store.read(game_id)] == [{"seed": 1}]
    assert store.meta(game_id) == {"status": "setup"}


def test_a_game_cannot_be_created_without_events(store: EventStore, game_id: str) -> None:
    with pytest.raises(ValueError, match="at least one event"):
        store.create(game_id, [])
    assert not store.exists(game_id)


def test_reading_after_and_until_selects_a_version_range(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("e", n=n) for n in range(1, 11)])

    assert [e["version"] for e in store.read(game_id, after=3, until=6)] == [4, 5, 6]
    assert [e["version"] for e in store.read(game_id, after=8)] == [9, 10]
    assert [e["version"] for e in store.read(game_id, until=2)] == [1, 2]
    assert store.read(game_id, after=10) == []
    assert store.read(game_id, after=6, until=6) == []


def test_stream_entries_are_numbered_by_version_under_a_hash_tagged_key(
    redis_store: EventStore, redis_client: RedisClient, prefix: str, game_id: str
) -> None:
    redis_store.create(game_id, [event("a"), event("b"), event("c")])

    key = f"{prefix}:{{{game_id}}}:events"
    ids = [entry_id for entry_id, _ in redis_client.xrange(key)]
    assert ids == [b"1-1", b"2-1", b"3-1"]
    assert redis_store.key(game_id, "snapshot") == f"{prefix}:{{{game_id}}}:snapshot"


def test_payloads_come_back_exactly_with_key_order_and_unicode(
    store: EventStore, game_id: str
) -> None:
    payload = {"z": 1, "a": {"y": [1, 2, {"é": "Pétard"}], "b": None}, "m": True, "f": 1.5}
    store.create(game_id, [{"type": "odd", "schema": 1, "payload": payload}])

    (read,) = store.read(game_id)
    assert read["payload"] == payload
    assert list(read["payload"]) == ["z", "a", "m", "f"]


def test_an_invalid_event_in_a_batch_writes_nothing(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("game_created")])

    with pytest.raises(ValueError, match="payload"):
        store.append(game_id, 1, [event("fine"), {"type": "bad", "schema": 1, "payload": [1]}])
    with pytest.raises(ValueError, match="type"):
        store.append(game_id, 1, [{"schema": 1, "payload": {}}])

    assert store.version(game_id) == 1


def test_a_game_id_that_would_break_the_hash_tag_is_refused(store: EventStore) -> None:
    with pytest.raises(ValueError, match="game id"):
        store.create("bad{id}", [event("game_created")])


def test_metadata_is_written_with_the_append_and_can_be_updated(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("game_created")], meta={"status": "setup", "players": "2"})
    store.append(game_id, 1, [event("game_started")], meta={"status": "playing"})
    store.set_meta(game_id, {"winner": "0"})

    assert store.meta(game_id) == {"status": "playing", "players": "2", "winner": "0"}


def test_metadata_of_a_refused_append_is_not_written(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("game_created")], meta={"status": "setup"})

    with pytest.raises(VersionConflict):
        store.append(game_id, 0, [event("game_ended")], meta={"status": "ended"})

    assert store.meta(game_id) == {"status": "setup"}


def test_created_games_are_listed(store: EventStore, game_id: str) -> None:
    other = f"{game_id}-b"
    store.create(game_id, [event("game_created")])
    store.create(other, [event("game_created")])

    assert store.list_games() == sorted([game_id, other])


def test_a_client_that_decodes_responses_is_refused() -> None:
    decoding = redis.Redis(decode_responses=True)  # never connects
    with pytest.raises(ValueError, match="decode_responses"):
        EventStore(decoding)  # type: ignore[arg-type]
