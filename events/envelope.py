"""Event envelopes: (de)serialisation for the stream and schema upcasting.

The current schema number is the domain's (:data:`domain.serialize.EVENT_SCHEMA`); the upcasters
of older schemas are in :mod:`events.upcasters`.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from domain.serialize import EVENT_SCHEMA
from events.errors import SchemaTooNew
from events.upcasters import register_all

SCHEMA_VERSION = EVENT_SCHEMA
"""Schema version of the events this code writes (defined by the domain, never here)."""

Envelope = dict[str, Any]
Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


def utc_timestamp(moment: datetime | None = None) -> str:
    """Return an ISO-8601 UTC timestamp with milliseconds and a ``Z`` suffix."""
    moment = datetime.now(UTC) if moment is None else moment.astimezone(UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def validate_new_event(event: Mapping[str, Any]) -> tuple[str, int, Payload]:
    """Check an event a caller wants to append; return its type, schema and payload."""
    event_type = event.get("type")
    if not isinstance(event_type, str) or not event_type:
        raise ValueError(f"an event needs a non-empty string 'type', got {event_type!r}")
    schema = event.get("schema", SCHEMA_VERSION)
    if isinstance(schema, bool) or not isinstance(schema, int) or schema < 0:
        raise ValueError(f"event {event_type!r} has an invalid schema {schema!r}")
    payload = event.get("payload", {})
    if not isinstance(payload, dict):
        raise ValueError(f"event {event_type!r} needs a dict payload, got {type(payload)}")
    return event_type, schema, payload


def encode_payload(payload: Payload) -> str:
    """Serialise a payload as compact JSON, keeping key order."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def encode_batch(
    events: Sequence[Mapping[str, Any]], expected_version: int, fresh_payloads: bool
) -> tuple[list[list[str | int]], list[Envelope]]:
    """Check and encode events to append after ``expected_version``: for each, its stored fields
    ``[type, schema, ts, payload JSON]`` and the envelope the append answers (its payload a copy
    as JSON gives it back, or with ``fresh_payloads`` the payload given). Events without a
    ``ts`` get the current time; an imported log keeps its own."""
    ts = utc_timestamp()
    rows: list[list[str | int]] = []
    stored: list[Envelope] = []
    for offset, event in enumerate(events, start=1):
        event_type, schema, payload = validate_new_event(event)
        encoded = encode_payload(payload)
        event_ts = event.get("ts", ts)
        if not isinstance(event_ts, str) or not event_ts:
            raise ValueError(f"event {event_type!r} has an invalid ts {event_ts!r}")
        rows.append([event_type, schema, event_ts, encoded])
        stored.append(
            {
                "version": expected_version + offset,
                "type": event_type,
                "schema": schema,
                "ts": event_ts,
                "payload": payload if fresh_payloads else json.loads(encoded),
            }
        )
    return rows, stored


def entry_version(entry_id: bytes | str) -> int:
    """Return the game version encoded in a stream entry id ``<version>-1``."""
    text = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    return int(text.split("-", 1)[0])


def decode_entry(entry_id: bytes | str, fields: Mapping[bytes, bytes]) -> Envelope:
    """Turn a stream entry into an envelope."""
    return {
        "version": entry_version(entry_id),
        "type": fields[b"type"].decode(),
        "schema": int(fields[b"schema"]),
        "ts": fields[b"ts"].decode(),
        "payload": json.loads(fields[b"payload"]),
    }


class UpcasterRegistry:
    """Functions that rewrite old payloads, keyed by event type and source schema."""

    def __init__(self, current: int = SCHEMA_VERSION) -> None:
        self.current = current
        self._upcasters: dict[tuple[str, int], Upcaster] = {}

    def register(self, event_type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Decorator: register a payload upcaster from ``from_version`` to the next one."""
        if not 0 <= from_version < self.current:
            raise ValueError(
                f"an upcaster must start below the current schema {self.current}, "
                f"got {from_version}"
            )

        def decorate(function: Upcaster) -> Upcaster:
            key = (event_type, from_version)
            if key in self._upcasters:
                raise ValueError(f"an upcaster for {event_type!r} v{from_version} exists")
            self._upcasters[key] = function
            return function

        return decorate

    def upcast(self, envelope: Mapping[str, Any]) -> Envelope:
        """Return the envelope at the current schema, applying upcasters in order."""
        schema = int(envelope["schema"])
        if schema > self.current:
            raise SchemaTooNew(str(envelope["type"]), schema, self.current)
        if schema == self.current:
            return dict(envelope)
        payload: Payload = copy.deepcopy(dict(envelope["payload"]))
        for version in range(schema, self.current):
            function = self._upcasters.get((str(envelope["type"]), version))
            if function is not None:
                payload = function(payload)
        return {**envelope, "schema": self.current, "payload": payload}


REGISTRY = UpcasterRegistry()
"""The registry used by the event store."""
register_all(REGISTRY)


def upcaster(event_type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register an upcaster in the default registry (use as a decorator)."""
    return REGISTRY.register(event_type, from_version)


def upcast(envelope: Mapping[str, Any]) -> Envelope:
    """Bring an envelope up to the current schema with the default registry."""
    return REGISTRY.upcast(envelope)
