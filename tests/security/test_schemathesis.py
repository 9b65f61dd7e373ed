"""Schemathesis against the app (WSGI, in-process) and openapi.yaml: no 5xx, every response
conforms to the spec, schema-violating requests are refused.

Bounded and deterministic: :data:`EXAMPLES` examples per operation, derandomized, no example
database. The schema-valid parts of a request (all of it in positive mode, the untouched
parts in negative mode) are aimed at a real game two times out of three and carry one of its
seat tokens (always where only a seat may call), so requests reach past the 404 and the 401;
a ``wait`` and a stream's ``timeout`` are cut to 50 ms so long-polls and streams cannot stall
the run. ``positive_data_acceptance`` is
left out: a schema-valid body can still break the rules (an unknown faction is a documented
422), which no schema can express.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from schemathesis.core.parameters import ParameterLocation

from tests.api.contract import SPEC_PATH
from tests.api.helpers import Game, create_scripted

EXAMPLES = 30
SCHEMA = schemathesis.openapi.from_path(SPEC_PATH)
_turn = itertools.count()
for _media_type in ("application/jsonl", "application/x-ndjson"):  # JSON Lines logs are text
    schemathesis.serializer.alias(_media_type, "text/plain")


@pytest.fixture
def target(make_app: Callable[..., Flask]) -> tuple[Flask, Game]:
    """The app (bots inline) and a game with seat tokens to aim positive cases at."""
    app = make_app()
    client: FlaskClient = app.test_client()
    return app, create_scripted(client)


def _aim(case: schemathesis.Case, game: Game) -> None:
    """Point the schema-valid parts of a case at the real game and its seats, most of the time."""
    meta = case.meta
    assert meta is not None
    turn = next(_turn)
    path = case.path_parameters or {}
    if "game_id" in path and not meta.is_negative_at(ParameterLocation.PATH) and turn % 3:
        path["game_id"] = game.id
    seat_only = case.operation.path in ("/v1/games/{game_id}/commands", "/v1/me/turns")
    if not meta.is_negative_at(ParameterLocation.HEADER) and (turn % 3 == 0 or seat_only):
        token = game.tokens[turn % 2]
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    if case.operation.path.endswith("/stream") and not meta.is_negative_at(ParameterLocation.QUERY):
        case.query = {**(case.query or {}), "timeout": 0.05}  # streams end at once
    if case.query and "wait" in case.query and not meta.is_negative_at(ParameterLocation.QUERY):
        with contextlib.suppress(TypeError, ValueError):
            case.query["wait"] = min(float(case.query["wait"]), 0.05)


@SCHEMA.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_honours_its_spec_for_generated_requests(
    case: schemathesis.Case, target: tuple[Flask, Game]
) -> None:
    app, game = target
    case.operation.schema.app = app  # the checks' own probes (without auth...) go here too
    _aim(case, game)
    response = case.call_and_validate(app=app, excluded_checks=[positive_data_acceptance])
    assert response.status_code < 500
