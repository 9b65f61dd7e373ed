"""The public list of games for spectators: newest first, by status, with a stable cursor.

Games are listed from the store's index by creation time, newest first. A cursor names the last
game of a page, so the next page starts right after it however many games are created
meanwhile (new games only ever come before the first page). Only public fields are shown.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass
from typing import Any

from events.protocol import GameStore

STATUSES = ("active", "ended")
SCAN_CHUNK = 100
"""Index entries read at once while filtering by status."""
COUNT_TTL = 5.0
"""Seconds the games-by-status count is reused (metrics scrapes)."""
_ENTRY = re.compile(r"\A[0-9T:.+Z-]{0,40} [0-9]{12} [A-Za-z0-9_-]{1,64}\Z")


class InvalidCursor(ValueError):
    """A cursor this server did not hand out."""


@dataclass(frozen=True)
class Page:
    """One page of games and the cursor of the next (None on the last page)."""

    games: list[dict[str, Any]]
    next_cursor: str | None


def encode_cursor(entry: str) -> str:
    """The cursor of an index entry: the entry, URL-safe (``~`` for its spaces)."""
    return entry.replace(" ", "~")


def decode_cursor(cursor: str) -> str:
    """The index entry of a cursor; :class:`InvalidCursor` if it does not have the form of one.

    Any string of that form is a place in the list (the page starts after it), whether or not
    a game is there now: the form is all the spec states (``openapi.yaml``: its pattern).
    """
    entry = cursor.replace("~", " ")
    if " " not in cursor and _ENTRY.match(entry):
        return entry
    raise InvalidCursor("not a cursor of this list")


def list_games(store: GameStore, status: str | None, limit: int, cursor: str | None) -> Page:
    """Up to ``limit`` games (of ``status`` if given), newest first, after ``cursor``."""
    after = None if cursor is None else decode_cursor(cursor)
    found: list[tuple[str, dict[str, Any]]] = []
    while len(found) <= limit:
        entries = store.games_before(after, max(SCAN_CHUNK, limit + 1))
        if not entries:
            break
        ids = [entry.rsplit(" ", 1)[1] for entry in entries]
        rows = store.summaries(ids, ("status", "created_at", "seats"))
        for entry, game_id, row in zip(entries, ids, rows, strict=True):
            if row["version"] == 0 or (status is not None and row.get("status") != status):
                continue
            found.append((entry, _public(game_id, row)))
        after = entries[-1]
    page = found[:limit]
    more = len(found) > limit
    return Page([game for _, game in page], encode_cursor(page[-1][0]) if more else None)


def _public(game_id: str, row: dict[str, Any]) -> dict[str, Any]:
    seats = json.loads(row.get("seats", "[]"))
    return {
        "id": game_id,
        "status": row.get("status", "active"),
        "created_at": row.get("created_at") or None,
        "version": row["version"],
        "players": [{"seat": s["seat"], "name": s["name"], "bot": s["bot"]} for s in seats],
    }


class StatusCounter:
    """Counts the games by status (reads every game's status; reused for a few seconds)."""

    def __init__(self, store: GameStore, ttl: float = COUNT_TTL) -> None:
        self.store = store
        self.ttl = ttl
        self._lock = threading.Lock()
        self._at = -float("inf")
        self._counts: dict[str, int] = {}

    def __call__(self) -> dict[str, int]:
        """``{status: number of games}``, for every status."""
        with self._lock:
            if time.monotonic() - self._at < self.ttl:
                return dict(self._counts)
            ids = self.store.list_games()
            counts = dict.fromkeys(STATUSES, 0)
            for row in self.store.summaries(ids, ("status",)):
                if row["version"]:
                    status = row.get("status", "active")
                    counts[status] = counts.get(status, 0) + 1
            self._counts = counts
            self._at = time.monotonic()
            return dict(counts)
