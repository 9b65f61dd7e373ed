"""``/metrics``: Prometheus text format, counted by route, and added up over processes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families

from tests.api.helpers import ANN, BOB, bearer, create, create_scripted


def _samples(client: FlaskClient) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    found = {}
    for family in text_string_to_metric_families(response.get_data(as_text=True)):
        for sample in family.samples:
            found[sample.name, frozenset(sample.labels.items())] = sample.value
    return found


def _value(
    samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str
) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def test_requests_are_counted_by_route_template_method_and_status(client: FlaskClient) -> None:
    game = create_scripted(client)
    before = _samples(client)
    client.get(f"/v1/games/{game.id}")
    client.get(f"/v1/games/{game.id}")
    client.get("/v1/games/nope-nope")
    after = _samples(client)
    route = "/v1/games/<game_id>"
    name = "smashup_http_requests_total"
    ok = {"route": route, "method": "GET", "status": "200"}
    missing = {"route": route, "method": "GET", "status": "404"}
    assert _value(after, name, **ok) - _value(before, name, **ok) == 2
    assert _value(after, name, **missing) - _value(before, name, **missing) == 1


def test_commands_are_timed_by_outcome_and_their_events_counted(client: FlaskClient) -> None:
    game = create_scripted(client)
    hand = client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json()
    minion = next(c for c in hand["players"][0]["hand"] if c["card"] == "aliens.collector")
    before = _samples(client)
    body = {"type": "play_minion", "card": minion["uid"], "base": 0}
    answer = client.post(f"/v1/games/{game.id}/commands", json=body, headers=bearer(game.tokens[0]))
    assert answer.status_code == 200
    refused = client.post(
        f"/v1/games/{game.id}/commands", json=body, headers=bearer(game.tokens[0])
    )
    assert refused.status_code == 422
    after = _samples(client)
    appended = len(answer.get_json()["events"])
    name = "smashup_events_appended_total"
    assert _value(after, name) - _value(before, name) == appended
    count = "smashup_command_duration_seconds_count"
    for outcome in ("accepted", "refused"):
        assert _value(after, count, outcome=outcome) - _value(before, count, outcome=outcome) == 1


def test_games_are_counted_by_status_and_webhooks_start_at_zero(client: FlaskClient) -> None:
    create(client, {"players": [ANN, BOB]})
    create(
        client,
        {"players": [{**ANN, "bot": "random"}, {**BOB, "bot": "random"}], "seed": "m"},
    )  # bots play it to the end inline
    samples = _samples(client)
    assert _value(samples, "smashup_games", status="active") == 1
    assert _value(samples, "smashup_games", status="ended") == 1
    for outcome in ("delivered", "failed"):
        assert ("smashup_webhook_deliveries_total", frozenset({("outcome", outcome)})) in samples
    assert ("smashup_long_poll_waiters", frozenset()) in samples
    assert _value(samples, "smashup_bot_job_duration_seconds_count") >= 1


def test_metrics_take_no_query_parameters(client: FlaskClient) -> None:
    assert client.get("/metrics?format=json").status_code == 422


CHILD = textwrap.dedent(
    """
    import sys
    from service.metrics import EVENTS_APPENDED, WAITERS, exposition
    EVENTS_APPENDED.inc(int(sys.argv[1]))
    WAITERS.inc()
    if sys.argv[2] == "show":
        sys.stdout.write(exposition().decode())
    """
)


def test_with_a_multiprocess_directory_metrics_add_up_over_processes(tmp_path: Path) -> None:
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    first = [sys.executable, "-c", CHILD, "3", "quiet"]
    subprocess.run(first, env=env, check=True, timeout=60)
    second = [sys.executable, "-c", CHILD, "4", "show"]
    shown = subprocess.run(second, env=env, check=True, timeout=60, capture_output=True, text=True)
    values = {
        sample.name: sample.value
        for family in text_string_to_metric_families(shown.stdout)
        for sample in family.samples
    }
    assert values["smashup_events_appended_total"] == 7
    assert values["smashup_long_poll_waiters"] == 1  # livesum: the first process is gone


def test_request_latency_is_a_histogram_per_route_template_not_per_raw_path(
    client: FlaskClient,
) -> None:
    first, second = create_scripted(client), create_scripted(client)
    before = _samples(client)
    for game in (first, second, first):
        assert client.get(f"/v1/games/{game.id}").status_code == 200
    after = _samples(client)
    name = "smashup_http_request_duration_seconds"
    route = {"route": "/v1/games/<game_id>", "method": "GET"}
    count = _value(after, f"{name}_count", **route) - _value(before, f"{name}_count", **route)
    assert count == 3
    assert _value(after, f"{name}_sum", **route) > _value(before, f"{name}_sum", **route)
    infinite = _value(after, f"{name}_bucket", **route, le="+Inf")
    assert infinite == _value(after, f"{name}_count", **route)
    raw_paths = [labels for (n, labels) in after if n.startswith(name) and first.id in str(labels)]
    assert not raw_paths, "a raw path became a label"
