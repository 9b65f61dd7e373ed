"""``/metrics`` (Prometheus text format) and the count of every answered request."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, current_app, request

from api.routes.common import games, no_query
from service.listing import StatusCounter
from service.metrics import CONTENT_TYPE, REQUESTS, GamesCollector, exposition

bp = Blueprint("metrics", __name__)

COUNTER = "smashup.status_counter"


@bp.after_app_request
def count_request(response: Response) -> Response:
    """Count the answered request by route template (not raw path), method and status."""
    rule = request.url_rule
    labels = (rule.rule if rule is not None else "unmatched", request.method, response.status_code)
    counter = _COUNTERS.get(labels)
    if counter is None:
        route, method, status = labels
        counter = _COUNTERS[labels] = REQUESTS.labels(route, method, str(status))
    counter.inc()
    return response


_COUNTERS: dict[tuple[str, str, int], Any] = {}
"""The counter of each (route, method, status) met: ``labels()`` costs a lock and more."""


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
