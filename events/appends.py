"""Exactly-once appends: the append script is sent once per command id, never retried by
redis-py, and an append whose answer was lost is settled from the stream."""

from __future__ import annotations

import hashlib
import itertools
import os
import secrets
import time
from typing import Any

import redis
from redis.utils import HIREDIS_AVAILABLE

if HIREDIS_AVAILABLE:
    import hiredis

from events import scripts
from events.connection import RedisClient, is_cluster, node_pool
from events.errors import AppendOutcomeUnknown

FENCE_TTL = 86400
"""Seconds a lost append's command id stays fenced (far longer than any stall it outlives)."""


RESENDABLE = (
    redis.exceptions.MovedError,
    redis.exceptions.AskError,
    redis.exceptions.TryAgainError,
    redis.exceptions.ClusterDownError,
)
"""A cluster's answers that the script did not run: it is sent again (to the right node)."""


def _send(connection: Any, command: tuple[str | int, ...]) -> None:
    """Send one command of strings and integers: packed by hiredis as redis-py packs it when
    hiredis is there, without redis-py's check of every argument's type."""
    if HIREDIS_AVAILABLE:
        packed = hiredis.pack_command(command)  # type: ignore[arg-type]  # typed as a 1-tuple
        connection.send_packed_command([packed])
    else:
        connection.send_command(*command)


class CommandIds:
    """Unique command ids, cheaper than drawing random bytes for each: a random prefix per
    process (drawn again in a forked child) and a counter."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Draw a new prefix and restart the counter (in a new process)."""
        self._prefix = secrets.token_hex(8)
        self._counter = itertools.count()

    def next(self) -> str:
        """An id never given before, by any process."""
        return f"{self._prefix}{next(self._counter):x}"  # count() steps atomically


COMMAND_IDS = CommandIds()
os.register_at_fork(after_in_child=COMMAND_IDS.reset)


class NotSent(Exception):
    """No connection to send the append on: it certainly did not reach Redis."""

    def __init__(self, error: redis.RedisError) -> None:
        super().__init__(str(error))
        self.error = error


class ExactlyOnce:
    """Runs the append script of :mod:`events.scripts` exactly once per command."""

    def __init__(self, redis_client: RedisClient, settle_timeout: float) -> None:
        self.redis = redis_client
        self._cluster = is_cluster(redis_client)
        self.settle_timeout = settle_timeout
        self.settled: dict[str, int] = {"applied": 0, "fenced": 0}
        """How many lost append answers were settled each way."""
        self.sha = hashlib.sha1(scripts.APPEND.encode()).hexdigest()
        self._settle_script = redis_client.register_script(scripts.SETTLE)

    def run(self, keys: list[str], args: list[str | int], expected_version: int, count: int) -> Any:
        """Run the append script once per command id, never retried blindly.

        When its answer is lost (a timeout, a dropped connection), the stream settles whether it
        was applied: if so the answer is rebuilt, if not its id is fenced (so the lost copy never
        applies) and the append is sent again under a new id. Raises
        :class:`AppendOutcomeUnknown` if Redis cannot tell within :attr:`settle_timeout`.
        """
        deadline = time.monotonic() + self.settle_timeout
        while True:
            command_id = COMMAND_IDS.next()
            args[4] = command_id
            try:
                return self.send_once(keys, args)
            except NotSent as unsent:  # Redis cannot be reached: nothing to settle
                raise unsent.error from None
            except (redis.ConnectionError, redis.TimeoutError):
                pass
            except RESENDABLE as moved:  # a cluster refused it unrun: the slot moves or moved
                if time.monotonic() >= deadline:
                    raise
                self._follow(moved)
                continue
            outcome = self._settle(keys[0], keys[3], command_id, expected_version, deadline)
            self.settled[outcome] += 1
            if outcome == "applied":
                return [b"ok", str(expected_version + count).encode()]
            if time.monotonic() >= deadline:
                raise redis.ConnectionError("the game store did not answer in time")

    def _follow(self, refusal: redis.RedisError) -> None:
        """After a cluster's refusal: learn the slots anew (MOVED), or wait a moment (the slot
        is migrating or the cluster is failing over)."""
        if isinstance(refusal, redis.exceptions.MovedError):
            manager: Any = getattr(self.redis, "nodes_manager", None)
            if manager is not None:
                manager.initialize()
                return
        time.sleep(0.05)

    def send_once(self, keys: list[str], args: list[str | int]) -> Any:
        """Send the append script on one pooled connection, bypassing redis-py's retries."""
        # on a cluster: the game's node
        pool = node_pool(self.redis, keys[0]) if self._cluster else self.redis.connection_pool
        try:
            connection = pool.get_connection()  # connecting may be retried: nothing sent yet
        except (redis.ConnectionError, redis.TimeoutError) as error:
            raise NotSent(error) from error
        try:
            try:
                _send(connection, ("EVALSHA", self.sha, len(keys), *keys, *args))
                return connection.read_response()
            except redis.exceptions.NoScriptError:
                _send(connection, ("EVAL", scripts.APPEND, len(keys), *keys, *args))
                return connection.read_response()
        except (redis.ConnectionError, redis.TimeoutError):
            connection.disconnect()
            raise
        except RESENDABLE:  # the node no longer holds the slot: its pool may be dropped next
            connection.disconnect()
            raise
        finally:
            pool.release(connection)

    def _settle(
        self, events_key: str, fence_key: str, command_id: str, expected: int, deadline: float
    ) -> str:
        """'applied' or 'fenced' for a lost append, asking until ``deadline``."""
        pause = 0.05
        while True:
            try:
                answer = self._settle_script(
                    keys=[events_key, fence_key], args=[command_id, expected, FENCE_TTL]
                )
                return str(answer.decode() if isinstance(answer, bytes) else answer)
            except (redis.ConnectionError, redis.TimeoutError) as error:
                if time.monotonic() + pause >= deadline:
                    raise AppendOutcomeUnknown() from error
            time.sleep(pause)
            pause = min(pause * 2, 0.5)
