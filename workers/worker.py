"""The rq worker class of ``smashup worker``: every job runs in the worker's own process.

rq's default worker forks a work-horse per job, so each bot turn paid for a fork, a fresh
copy-on-write process and a games service built from nothing: tens of milliseconds before the
bot's first move. :class:`BotWorker` is rq's :class:`~rq.SimpleWorker` (no fork) with the card
catalogue, the card scripts, the rules and the bot job loaded before its first job; the job's
games service is built once per process and kept (see :func:`workers.bots.play_bots`).

Between picking a job and running it, rq writes three times (a heartbeat, the execution's
record, the job's start), each a disk sync with ``appendfsync always``: :class:`BotWorker`
writes once (no heartbeat right after another; the execution's record with the start).

What the fork gave stays: rq still stops a job past its timeout (``JobTimeoutException``,
raised by a SIGALRM in this main thread) and records a job that raises as failed, and the
worker goes on with the next job. A job cannot corrupt the next one's state: the domain is
pure and the service keeps nothing but a cache of states it re-checks against the log. A job
that kills the process (out of memory, a crash) kills the worker: ``smashup serve``'s
supervisor (api/supervisor.py) restarts it, and a new worker re-schedules every game left
waiting for a bot (jobs are idempotent by game version).
"""

from __future__ import annotations

import gc
from typing import Any

from redis.client import Pipeline
from rq import Queue, SimpleWorker
from rq.executions import Execution
from rq.job import Job
from rq.utils import now
from rq.worker.base import WorkerStatus

from domain.catalogue import catalogue

HEARTBEAT_REST = 60.0
"""Seconds after a heartbeat during which the worker sends no other on its own (at most a
quarter of its ``worker_ttl``: its key outlives a heartbeat by ``worker_ttl`` + 60 seconds)."""


def preload() -> None:
    """Load what every bot job needs, once per process: the catalogue, the card scripts and
    rules (importing the bot job imports them), the job function itself. All of it lives as
    long as the process: it is then moved out of the cycle collector's reach (``gc.freeze``),
    so the collections that a job's games trigger no longer walk it (about 3% of a bot's
    CPU time, see docs/performance.md)."""
    catalogue()
    import workers.bots  # noqa: F401  (the job rq imports by name, with the domain)

    gc.freeze()


class BotWorker(SimpleWorker):
    """rq's SimpleWorker, with the bot job and what it needs loaded before the first job."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._held: Pipeline[Any] | None = None
        preload()

    def prepare_execution(self, job: Job) -> Execution:
        """rq's record of the job's execution, its writes held back to go with the job's
        start (:meth:`prepare_job_execution`, which rq calls next): one write, one disk sync,
        where rq sends two before the job runs."""
        pipeline = self.connection.pipeline()
        ttl = self.get_heartbeat_ttl(job)
        execution = Execution.create(job, ttl, pipeline=pipeline, worker_name=self.name)
        self.executions[execution.id] = execution
        self.set_state(WorkerStatus.BUSY, pipeline=pipeline)
        self._held = pipeline
        return execution

    def prepare_job_execution(self, job: Job, remove_from_intermediate_queue: bool = False) -> None:
        """rq's start of the job (heartbeats, status started, out of the intermediate queue),
        written with the execution's record held by :meth:`prepare_execution`."""
        held, self._held = self._held, None
        if held is None:
            super().prepare_job_execution(job, remove_from_intermediate_queue)
            return
        with held as pipeline:
            ttl = self.get_heartbeat_ttl(job)
            self.heartbeat(ttl, pipeline=pipeline)
            job.heartbeat(now(), ttl, pipeline=pipeline)
            job.prepare_for_execution(self.name, pipeline=pipeline)
            pipeline.persist(job.key)
            if remove_from_intermediate_queue:
                origin = Queue(job.origin, connection=self.connection)
                pipeline.lrem(origin.intermediate_queue_key, 1, job.id)
            pipeline.execute()

    def heartbeat(self, timeout: int | None = None, pipeline: Pipeline[Any] | None = None) -> None:
        """rq's heartbeat, its three writes sent in one round trip when rq sends it alone
        (each write is a disk sync with ``appendfsync always``), and not at all when the last
        one is under :data:`HEARTBEAT_REST` seconds old: rq sends one as it picks a job, right
        before the job's own bookkeeping (which holds another), so a bot's turn started two
        round trips later."""
        if pipeline is not None:
            super().heartbeat(timeout, pipeline)
            return
        last = self.last_heartbeat
        rest = min(HEARTBEAT_REST, self.worker_ttl / 4)
        if last is not None and (now() - last).total_seconds() < rest:
            return  # rq's one after picking a job: the job's bookkeeping sends one at once
        with self.connection.pipeline() as batch:
            super().heartbeat(timeout, batch)
            batch.execute()
