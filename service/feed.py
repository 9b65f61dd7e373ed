"""Each account's feed: a Redis Stream of what concerns it across games and challenges.

``<prefix>:account:<id>:feed`` holds entries ``type`` + ``data`` (JSON). Entry ids are the
cursors clients resume from (``Last-Event-ID`` / ``?after=``): Redis Streams give every entry
once, in order, after any cursor. The feed keeps the newest :data:`FEED_LENGTH` entries.

Types: ``game_started``, ``your_turn``, ``game_ended`` (written after each append to a game
seating the account) and ``challenge``, ``challenge_accepted``, ``challenge_declined``,
``challenge_canceled`` (written by the challenges service), ``seek_accepted`` (written by the
tables service, :mod:`service.tables`).
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from typing import Any

from domain import GameState, awaited_seat
from domain.view import awaiting
from service.accounts import Accounts

FEED_LENGTH = 10_000
"""Entries a feed keeps (approximately: Redis trims whole nodes)."""
BLOCK_SLICE = 1.0
"""Longest single XREAD BLOCK, in seconds (shorter than any client socket timeout)."""
CURSOR = re.compile(r"\A(0|[0-9]{1,20}-[0-9]{1,20})\Z")

FeedEntry = dict[str, Any]
"""``{"id": cursor, "type": ..., "data": {...}}``."""
Subscriber = Callable[[str, FeedEntry], None]


class Feeds:
    """Writes and reads account feeds; also the games listener that fills them."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts
        self.redis = accounts.redis
        self.subscribers: list[Subscriber] = []
        """Told ``(account_id, entry)`` after each entry is written (webhooks)."""

    def _key(self, account_id: str) -> str:
        return f"{self.accounts.prefix}:account:{account_id}:feed"

    def publish(self, account_id: str, kind: str, data: dict[str, Any]) -> str:
        """Append an entry to an account's feed; return its cursor."""
        fields: dict[str | bytes, str] = {"type": kind, "data": json.dumps(data)}
        entry_id = self.redis.xadd(
            self._key(account_id), fields, maxlen=FEED_LENGTH, approximate=True
        )
        cursor = entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)
        for subscriber in self.subscribers:
            subscriber(account_id, {"id": cursor, "type": kind, "data": data})
        return cursor

    def last_cursor(self, account_id: str) -> str:
        """The cursor of the newest entry ("0" for an empty feed)."""
        newest = self.redis.xrevrange(self._key(account_id), count=1)
        return newest[0][0].decode() if newest else "0"

    def read(
        self, account_id: str, after: str, timeout: float, count: int = 100
    ) -> list[FeedEntry]:
        """Entries after cursor ``after`` (at most ``count``), blocking up to ``timeout`` s."""
        key = self._key(account_id)
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            block = None
            if remaining > 0:
                block = max(1, math.ceil(min(remaining, BLOCK_SLICE) * 1000))
            reply = self.redis.xread({key: after}, count=count, block=block)
            if reply:
                streams = list(reply.values()) if isinstance(reply, dict) else [reply[0][1]]
                entries = streams[0]
                if entries and isinstance(entries[0], list):
                    entries = entries[0]
                return [_decode(entry_id, fields) for entry_id, fields in entries]
            if remaining <= 0 or time.monotonic() >= deadline:
                return []

    # -- the games listener -------------------------------------------------------------------

    def on_append(self, game_id: str, old_version: int, state: GameState) -> None:
        """After events were appended to a game: tell its accounts what concerns them."""
        owners = self.accounts.seats_of_game(game_id)
        if not any(owners):
            return
        if old_version == 0:
            self.accounts.index_game(game_id)
        names = [p.name for p in state.players]
        waiting = awaited_seat(state)
        for seat, owner in enumerate(owners):
            if owner is None:
                continue
            base = {"game": game_id, "seat": seat, "version": state.version}
            if old_version == 0:
                self.publish(owner, "game_started", {**base, "players": names})
            if state.status == "ended":
                scores = [p.vp for p in state.players]
                self.publish(owner, "game_ended", {**base, "vp": scores})
            elif waiting == seat:
                self.publish(owner, "your_turn", {**base, "awaiting": awaiting(state, seat)})


def _decode(entry_id: bytes | str, fields: dict[bytes, bytes]) -> FeedEntry:
    cursor = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    return {
        "id": cursor,
        "type": fields[b"type"].decode(),
        "data": json.loads(fields[b"data"]),
    }


def valid_cursor(text: str) -> bool:
    """Tell whether ``text`` can be a feed cursor."""
    return bool(CURSOR.match(text))
