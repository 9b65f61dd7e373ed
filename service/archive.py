"""Archival: a finished game's log leaves the Redis stream for a compressed archive.

A game that ends is put in the due set ``<prefix>:archive:due`` (a sorted set, score: when it
ended). :meth:`Archiver.archive_due` claims the games that ended more than ``after`` seconds ago
(their score moves ``lease`` seconds ahead, so a job that dies leaves them due again) and for
each one (:meth:`Archiver.archive`):

1. reads the stream and writes the exact JSON Lines ``GET /log`` serves, zstd-compressed, to
   the backend, at a location that depends on the game id only (a retry overwrites it);
2. reads the blob back and checks it decompresses to the same digest (SHA-256 of the text);
3. replaces the stream, snapshot and the rest by a small record, in one script that does
   nothing if the record is there already or the stream changed
   (:meth:`events.archived.ArchivingStore.finish_archive`);
4. removes the game from the due set.

Killed at any point, nothing is lost (the stream goes only in step 3, after the check) and
nothing is archived twice (step 3 runs once); a later run redoes what was not finished.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass

from events.archive import ArchiveError, compress, decompress, digest
from events.archived import ArchivingStore, GameArchived
from events.envelope import utc_timestamp
from events.logfile import write_log
from service.games import Games

log = logging.getLogger(__name__)

ARCHIVE_AFTER = 600
"""Default ``ARCHIVE_AFTER``: seconds after its end before a game is archived."""
LEASE = 300.0
"""Seconds a claimed game stays out of other jobs' way (then it is due again)."""
BATCH = 100
"""Games claimed per round trip."""

# KEYS: the due set. ARGV: now, lease end, count. Claims up to count games due by now.
CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, game in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], game) end
return due
"""


def refuse_archived(games: Games, game_id: str, status: str) -> None:
    """Raise :class:`GameArchived` for a command to an archived game (asked of ended games
    only: one round trip, or none once this process knows the game is archived)."""
    store = games.store
    if status == "ended" and isinstance(store, ArchivingStore) and store.is_archived(game_id):
        raise GameArchived(game_id)


@dataclass(frozen=True)
class Outcome:
    """What :meth:`Archiver.archive` did to one game."""

    game_id: str
    result: str
    """'archived', 'already' (it was), 'active' (not ended), 'missing' or 'changed'."""
    log_bytes: int = 0
    archive_bytes: int = 0


class Archiver:
    """Moves finished games' logs to the store's archive backend."""

    def __init__(self, store: ArchivingStore, lease: float = LEASE) -> None:
        self.store = store
        self.lease = lease
        self.due_key = f"{store.prefix}:archive:due"
        self._claim = store.redis.register_script(CLAIM)

    def attach(self, games: Games) -> None:
        """Put every game that ends through ``games`` in the due set."""

        def listener(game_id: str, old_version: int, state: object) -> None:
            if getattr(state, "status", None) == "ended":
                self.mark_ended(game_id)

        games.listeners.append(listener)

    def mark_ended(self, game_id: str, when: float | None = None) -> None:
        """Put a finished game in the due set (kept at its first end time)."""
        stamp = time.time() if when is None else when
        self.store.redis.zadd(self.due_key, {game_id: stamp}, nx=True)

    def backfill(self) -> int:
        """Put in the due set every finished game that is neither archived nor due (games
        that ended before archival existed, imported ones); return how many."""
        added = 0
        ids = self.store.list_games()
        for start in range(0, len(ids), BATCH):
            chunk = ids[start : start + BATCH]
            pipe = self.store.redis.pipeline(transaction=False)
            for game_id in chunk:
                pipe.hget(self.store.key(game_id, "meta"), "status")
                pipe.exists(self.store.key(game_id, "archived"))
                pipe.zscore(self.due_key, game_id)
            replies = pipe.execute()
            for index, game_id in enumerate(chunk):
                status, archived, due = replies[3 * index : 3 * index + 3]
                if status == b"ended" and not archived and due is None:
                    self.mark_ended(game_id, 0)
                    added += 1
        return added

    def pending(self) -> int:
        """How many games are due or claimed."""
        return int(self.store.redis.zcard(self.due_key))

    def archive_due(
        self, after: float, limit: int = BATCH, now: float | None = None
    ) -> list[Outcome]:
        """Archive up to ``limit`` games that ended more than ``after`` seconds ago."""
        moment = time.time() if now is None else now
        claimed = self._claim(
            keys=[self.due_key], args=[moment - after, moment + self.lease, limit]
        )
        outcomes = []
        for raw in claimed:
            game_id = raw.decode()
            try:
                outcome = self.archive(game_id)
            except (ArchiveError, OSError) as error:
                log.warning("archiving game %s failed (will retry): %s", game_id, error)
                continue
            if outcome.result != "changed":
                self.store.redis.zrem(self.due_key, game_id)
            outcomes.append(outcome)
        return outcomes

    def archive(self, game_id: str) -> Outcome:
        """Archive one finished game (see the module's docstring); safe to run again."""
        store = self.store
        if store.is_archived(game_id):
            return Outcome(game_id, "already")
        if store.meta(game_id).get("status") != "ended":
            return Outcome(game_id, "missing" if not store.exists(game_id) else "active")
        envelopes = store.read(game_id)
        if not envelopes:
            return Outcome(game_id, "already" if store.is_archived(game_id) else "missing")
        text = "".join(write_log(envelopes))
        expected = digest(text)
        blob = compress(text)
        location = store.backend.put(game_id, blob)
        if digest(decompress(store.backend.get(location))) != expected:
            raise ArchiveError(f"the archive of game {game_id} did not read back the same")
        record = {
            "digest": expected,
            "location": location,
            "backend": store.backend.url,
            "bytes": str(len(blob)),
            "log_bytes": str(len(text.encode())),
            "archived_at": utc_timestamp(),
        }
        result = store.finish_archive(game_id, len(envelopes), record)
        if result == "changed":
            log.warning("game %s changed while it was archived; it stays in its stream", game_id)
            return Outcome(game_id, "changed")
        return Outcome(
            game_id, "archived" if result == "ok" else "already", len(text.encode()), len(blob)
        )

    def stats(self, outcomes: list[Outcome]) -> str:
        """A one-line JSON summary of outcomes (for logs and the CLI)."""
        archived = [o for o in outcomes if o.result == "archived"]
        return json.dumps(
            {
                "archived": len(archived),
                "log_bytes": sum(o.log_bytes for o in archived),
                "archive_bytes": sum(o.archive_bytes for o in archived),
                "other": len(outcomes) - len(archived),
            }
        )
