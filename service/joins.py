"""Idempotent joins: ``POST /v1/games/{id}/join`` with an ``Idempotency-Key`` takes one seat
however often it is sent, even by concurrent retries. The first answer (its seat, and its token
for an anonymous seat) is recorded beside the table in the same atomic step that takes the
seat, under the key and the caller's client identity, as long as the table may still be joined
plus a day; a retry with the same key and body gets it again, the same key with another body is
``idempotency_key_reused``."""

from __future__ import annotations

import hashlib
import json

from service.seating import Joined, JoinRecord, TableSeat, recorded
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
    once = JoinRecord(
        f"{tables.store.key(table_id, 'join')}:{scope}",
        _fingerprint(seat),
        tables.ttl["game"] + KEEP,
    )
    found = tables.redis.get(once.key)  # a retry of a started game answers before any check
    if found is not None:
        return recorded(tables.get(table_id), found, once)
    return tables.join(table_id, seat, client=client, caller_token=caller_token, once=once)
