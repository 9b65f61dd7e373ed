"""Prometheus metrics of the server, its games and its bot workers (``prometheus_client``).

The metrics live in ``prometheus_client``'s default registry. When ``PROMETHEUS_MULTIPROC_DIR``
is set (``smashup serve`` sets it for itself and its worker; set it for gunicorn), every process
writes its samples there and ``/metrics`` adds them up (see :func:`exposition`). Counts that are
read from Redis when scraped (games by status) are not process metrics: they come from
:class:`GamesCollector`.
"""

from __future__ import annotations

import atexit
import os
import time
from collections.abc import Callable, Iterator, Mapping

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from prometheus_client.registry import Collector

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_LATEST
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0)
JOB_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 120.0)

REQUESTS = Counter(
    "smashup_http_requests",
    "HTTP requests answered, by route template, method and status",
    ["route", "method", "status"],
)
REQUEST_SECONDS = Histogram(
    "smashup_http_request_duration_seconds",
    "Time to answer one HTTP request (until its body is ready), by route template and method",
    ["route", "method"],
    buckets=LATENCY_BUCKETS,
)
COMMAND_SECONDS = Histogram(
    "smashup_command_duration_seconds",
    "Time to run one command (load, decide, append), by outcome",
    ["outcome"],
    buckets=LATENCY_BUCKETS,
)
EVENTS_APPENDED = Counter("smashup_events_appended", "Events appended to game streams")
WAITERS = Gauge(
    "smashup_long_poll_waiters",
    "Requests waiting for new events now (long-polls and streams)",
    multiprocess_mode="livesum",
)
BOT_JOB_SECONDS = Histogram(
    "smashup_bot_job_duration_seconds", "Time one bot job took to play", buckets=JOB_BUCKETS
)
BOT_JOB_WAIT_SECONDS = Histogram(
    "smashup_bot_job_wait_seconds",
    "Time a bot job waited in the queue before a worker started it",
    buckets=JOB_BUCKETS,
)
WEBHOOK_DELIVERIES = Counter(
    "smashup_webhook_deliveries", "Webhook delivery attempts, by outcome", ["outcome"]
)
WEBHOOK_OUTCOMES = ("delivered", "failed")
for _outcome in WEBHOOK_OUTCOMES:  # shown as 0 before the first delivery
    WEBHOOK_DELIVERIES.labels(outcome=_outcome)
COMMAND_OUTCOMES = ("accepted", "replayed", "refused")
COMMAND_TIMES = {
    _outcome: COMMAND_SECONDS.labels(outcome=_outcome) for _outcome in COMMAND_OUTCOMES
}
"""The histogram of each command outcome (``labels()`` costs a lock and a lookup per call)."""


if os.environ.get(MULTIPROC_ENV):  # a process that exits stops counting in live gauges
    atexit.register(mark_process_dead, os.getpid(), os.environ[MULTIPROC_ENV])


class GamesCollector(Collector):
    """``smashup_games{status}``: the games by status, counted in Redis when scraped."""

    def __init__(self, count: Callable[[], Mapping[str, int]]) -> None:
        self.count = count

    def collect(self) -> Iterator[Metric]:
        """One gauge sample per status."""
        family = GaugeMetricFamily(
            "smashup_games", "Games in the store, by status (active, ended)", labels=["status"]
        )
        for status, number in sorted(self.count().items()):
            family.add_metric([status], number)
        yield family


def exposition(*collectors: Collector) -> bytes:
    """The text format of every process's metrics (one or all), then of ``collectors``."""
    if os.environ.get(MULTIPROC_ENV):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        text = generate_latest(registry)
    else:
        text = generate_latest(REGISTRY)
    extra = CollectorRegistry()
    for collector in collectors:
        extra.register(collector)
    return text + generate_latest(extra)


class Stopwatch:
    """Seconds since it was made."""

    def __init__(self) -> None:
        self.started = time.perf_counter()

    def seconds(self) -> float:
        """Elapsed seconds."""
        return time.perf_counter() - self.started
