"""Idempotent joins: ``POST /v1/games/{id}/join`` with an ``Idempotency-Key`` takes one seat
however often it is sent. The first answer (its seat, and its token for an anonymous seat) is
kept beside the table, under the key and the caller's client identity, as long as the table
may still be joined plus a day; a retry with the same key and body gets it again, the same key
with another body is ``idempotency_key_reused``."""

from __future__ import annotations

import hashlib
import json

from service.outcomes import IdempotencyKeyReused
from service.seating import Joined, TableSeat
from service.tables import Tables

KEEP = 24 * 3600
"""Seconds a join's record outlives the table's own expiry."""


def _fingerprint(seat: TableSeat) -> str:
    body = {"factions": list(seat.factions), "name": seat.name, "player": seat.player}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def join_once(
    tables: Tables,
    table_id: str,
    seat: TableSeat,
    key: str | None,
    *,
    client: str | None = None,
    caller_token: str | None = None,
) -> Joined:
    """Take a seat as :meth:`Tables.join` does; with ``key``, a retry answers the same seat."""
    if key is None:
        return tables.join(table_id, seat, client=client, caller_token=caller_token)
    scope = hashlib.sha256(f"{client or ''}\n{caller_token or ''}\n{key}".encode()).hexdigest()
    record = f"{tables.store.key(table_id, 'join')}:{scope}"
    found = tables.redis.get(record)
    if found is not None:
        first = json.loads(found)
        if first["request"] != _fingerprint(seat):
            raise IdempotencyKeyReused("this Idempotency-Key was used for another join")
        return Joined(tables.get(table_id), int(first["seat"]), first["token"], None, ())
    joined = tables.join(table_id, seat, client=client, caller_token=caller_token)
    kept = {"seat": joined.seat, "token": joined.token, "request": _fingerprint(seat)}
    tables.redis.set(record, json.dumps(kept), ex=tables.ttl["game"] + KEEP)
    return joined
