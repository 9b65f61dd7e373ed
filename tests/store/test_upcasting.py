"""Schema upcasting of stored events."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from domain.serialize import EVENT_SCHEMA
from events.connection import RedisClient
from events.envelope import SCHEMA_VERSION, UpcasterRegistry, upcast, upcaster
from events.errors import SchemaTooNew
from events.store import EventStore


def test_the_current_schema_version_is_the_domains_and_is_four() -> None:
    assert SCHEMA_VERSION == EVENT_SCHEMA == 4


def test_an_event_at_the_current_schema_is_returned_unchanged() -> None:
    envelope = {"version": 3, "type": "x", "schema": SCHEMA_VERSION, "ts": "t", "payload": {"a": 1}}
    assert upcast(envelope) == envelope


def test_upcasters_run_in_schema_order_up_to_the_current_version() -> None:
    registry = UpcasterRegistry(current=3)
    calls: list[int] = []

    @registry.register("minion_played", 0)
    def rename_power(payload: dict[str, Any]) -> dict[str, Any]:
        calls.append(0)
        return {"power": payload.pop("strength"), **payload}

    @registry.register("minion_played", 2)
    def add_base(payload: dict[str, Any]) -> dict[str, Any]:
        calls.append(2)
        return {**payload, "base": payload.get("base", 0)}

    old = {
        "version": 4,
        "type": "minion_played",
        "schema": 0,
        "ts": "t",
        "payload": {"strength": 3},
    }
    new = registry.upcast(old)

    assert calls == [0, 2]
    assert new == {**old, "schema": 3, "payload": {"power": 3, "base": 0}}
    assert old["payload"] == {"strength": 3}
    assert registry.upcast({**old, "schema": 2, "payload": {"power": 1}})["payload"] == {
        "power": 1,
        "base": 0,
    }


def test_an_event_from_a_newer_schema_is_refused() -> None:
    with pytest.raises(SchemaTooNew):
        UpcasterRegistry(current=1).upcast({"type": "x", "schema": 2, "payload": {}})


def test_an_upcaster_must_start_below_the_current_schema_and_be_unique() -> None:
    registry = UpcasterRegistry(current=2)
    with pytest.raises(ValueError, match="below the current schema"):
        registry.register("x", 2)
    registry.register("x", 1)(dict)
    with pytest.raises(ValueError, match="exists"):
        registry.register("x", 1)(dict)


@pytest.mark.redis
def test_the_store_reads_old_events_through_registered_upcasters(
    redis_store: EventStore, redis_client: RedisClient, prefix: str, game_id: str
) -> None:
    event_type = f"test_only_{uuid.uuid4().hex}"

    @upcaster(event_type, 0)
    def split_name(payload: dict[str, Any]) -> dict[str, Any]:
        first, last = payload["name"].split(" ")
        return {"first": first, "last": last}

    redis_store.create(
        game_id, [{"type": event_type, "schema": 0, "payload": {"name": "Ada Byron"}}]
    )

    (read,) = redis_store.read(game_id)
    assert read["schema"] == SCHEMA_VERSION
    assert read["payload"] == {"first": "Ada", "last": "Byron"}
    (_, fields), *_ = redis_client.xrange(f"{prefix}:{{{game_id}}}:events")
    assert fields[b"schema"] == b"0"
    assert redis_store.wait(game_id, after=0, timeout=1)[0]["payload"] == read["payload"]
