"""Bulk export of finished games as ndjson: all public games in a time range, or an account's.

Games are chosen by creation time (the ``created_at`` of their metadata, UTC): ``since``
inclusive, ``until`` exclusive (an empty range when ``until`` is not after ``since``), oldest
first, at most ``limit`` games. Each game is written as one
line (``format="games"``: ``{"game_id", "created_at", "seats", "version", "events": [...]}``,
``events`` being the envelopes of ``GET /log``) or as one line per event (``format="events"``:
the envelope with ``game_id`` first). Lines are produced one game at a time, so a caller can
stream them. An archived game is read from its archive like any other read.
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from events.envelope import Envelope, encode_payload
from events.logfile import FIELDS
from events.store import EventStore

FORMATS = ("games", "events")
MAX_LIMIT = 10_000
"""The most games one export request returns."""
BATCH = 100


@dataclass(frozen=True)
class ExportedGame:
    """One finished game of an export: its metadata and its log's envelopes."""

    game_id: str
    created_at: str
    seats: list[dict[str, Any]]
    events: list[Envelope]

    def line(self) -> str:
        """The game as one ndjson line (``format=games``)."""
        head = {"game_id": self.game_id, "created_at": self.created_at, "seats": self.seats}
        body = {**head, "version": len(self.events), "events": [_ordered(e) for e in self.events]}
        return encode_payload(body) + "\n"

    def event_lines(self) -> Iterator[str]:
        """The game as one ndjson line per event (``format=events``)."""
        for envelope in self.events:
            yield encode_payload({"game_id": self.game_id, **_ordered(envelope)}) + "\n"


def _ordered(envelope: Envelope) -> dict[str, Any]:
    return {name: envelope[name] for name in FIELDS if name in envelope}


BOUND = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,3})?Z)?$"
"""A ``since``/``until`` bound: a UTC date, or a UTC date-time to the millisecond at most (the
pattern of openapi.yaml; as there, ``$`` lets one final newline through)."""


def bound(text: str | None) -> str | None:
    """A ``since``/``until`` bound (matching :data:`BOUND`) as the metadata writes times, so
    that it compares with them as text: a date stays a date, a date-time gets its milliseconds
    (``...:05Z`` becomes ``...:05.000Z``). None and '' are None."""
    text = (text or "").removesuffix("\n")
    if not text:
        return None
    if len(text) == 10:
        return text
    seconds, _, fraction = text[:-1].partition(".")
    return f"{seconds}.{fraction.ljust(3, '0')}Z"


def public_game_ids(
    store: EventStore, since: str | None, until: str | None, limit: int
) -> list[str]:
    """The ids of finished games created in ``[since, until)``, oldest first (``limit``)."""
    if since is not None and until is not None and until <= since:
        return []
    low = "-" if since is None else "[" + since
    high = "+" if until is None else "(" + until
    keys = [key for key in store.index_keys() if key.endswith(":by_created")]
    pipe = store.redis.pipeline(transaction=False)
    for key in keys:
        pipe.zrangebylex(key, low, high)
    entries = heapq.merge(*([e.decode() for e in found] for found in pipe.execute()))
    chosen: list[str] = []
    batch: list[str] = []
    for entry in entries:
        batch.append(entry.rsplit(" ", 1)[1])
        if len(batch) == BATCH:
            chosen += ended(store, batch)
            batch = []
            if len(chosen) >= limit:
                break
    chosen += ended(store, batch)
    return list(dict.fromkeys(chosen))[:limit]


def account_game_ids(
    store: EventStore, game_ids: Sequence[str], since: str | None, until: str | None, limit: int
) -> list[str]:
    """Of an account's ``game_ids``: the finished ones created in ``[since, until)``, oldest
    first (``limit``)."""
    rows: list[tuple[str, str]] = []
    for start in range(0, len(game_ids), BATCH):
        chunk = game_ids[start : start + BATCH]
        pipe = store.redis.pipeline(transaction=False)
        for game_id in chunk:
            pipe.hmget(store.key(game_id, "meta"), ["created_at", "status"])
        for game_id, (created, status) in zip(chunk, pipe.execute(), strict=True):
            when = (created or b"").decode()
            if status != b"ended":
                continue
            if (since is None or when >= since) and (until is None or when < until):
                rows.append((when, game_id))
    return [game_id for _, game_id in sorted(rows)[:limit]]


def ended(store: EventStore, game_ids: Sequence[str]) -> list[str]:
    """Those of ``game_ids`` that have ended (in order)."""
    if not game_ids:
        return []
    pipe = store.redis.pipeline(transaction=False)
    for game_id in game_ids:
        pipe.hget(store.key(game_id, "meta"), "status")
    return [g for g, s in zip(game_ids, pipe.execute(), strict=True) if s == b"ended"]


def exported(store: EventStore, game_ids: Iterable[str]) -> Iterator[ExportedGame]:
    """The games, one at a time (a game gone meanwhile is left out)."""
    for game_id in game_ids:
        meta = store.meta(game_id)
        events = store.read(game_id)
        if not events:
            continue
        seats = json.loads(meta.get("seats") or "[]")
        yield ExportedGame(game_id, meta.get("created_at", ""), seats, events)


def ndjson(games: Iterable[ExportedGame], fmt: str) -> Iterator[str]:
    """The lines of an export in format ``fmt`` (``games`` or ``events``)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    for game in games:
        if fmt == "games":
            yield game.line()
        else:
            yield from game.event_lines()
