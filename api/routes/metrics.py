"""``/metrics`` (Prometheus text format) and the count of every answered request."""

from __future__ import annotations

import time
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, request

from api.routes.common import games, no_query
from service.listing import StatusCounter
from service.metrics import CONTENT_TYPE, REQUEST_SECONDS, REQUESTS, GamesCollector, exposition

bp = Blueprint("metrics", __name__)

COUNTER = "smashup.status_counter"


@bp.before_app_request
def start_clock() -> None:
    """Note when the request started (for the latency histogram)."""
    g.smashup_started = time.perf_counter()


@bp.after_app_request
def count_request(response: Response) -> Response:
    """Count the answered request by route template (not raw path), method and status, and
    time it by route template and method."""
    rule = request.url_rule
    route = rule.rule if rule is not None else "unmatched"
    labels = (route, request.method, response.status_code)
    counter = _COUNTERS.get(labels)
    if counter is None:
        counter = _COUNTERS[labels] = REQUESTS.labels(route, request.method, str(labels[2]))
    counter.inc()
    started = g.get("smashup_started")
    if started is not None:
        timer = _TIMERS.get(labels[:2])
        if timer is None:
            timer = _TIMERS[labels[:2]] = REQUEST_SECONDS.labels(route, request.method)
        timer.observe(time.perf_counter() - started)
    return response


_COUNTERS: dict[tuple[str, str, int], Any] = {}
"""The counter of each (route, method, status) met: ``labels()`` costs a lock and more."""
_TIMERS: dict[tuple[str, str], Any] = {}
"""The latency histogram of each (route, method) met."""


def _counter(app: Flask) -> StatusCounter:
    counter = app.extensions.get(COUNTER)
    if counter is None:
        counter = app.extensions[COUNTER] = StatusCounter(games().store)
    assert isinstance(counter, StatusCounter)
    return counter


@bp.get("/metrics")
def metrics() -> Response:
    """Every process's metrics, and the games by status."""
    no_query()
    body = exposition(GamesCollector(_counter(current_app)))
    return Response(body, content_type=CONTENT_TYPE)
