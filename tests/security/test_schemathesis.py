"""Schemathesis against the app (WSGI, in-process) and openapi.yaml, with every check: no 5xx,
every response conforms to the spec, schema-violating requests are refused, and schema-valid
queries are accepted.

Bounded and deterministic: :data:`EXAMPLES` examples per operation, derandomized, no example
database. The schema-valid parts of a request (all of it in positive mode, the untouched
parts in negative mode) are aimed at a real game two times out of three and carry one of its
seat tokens (always where only a seat may call), so requests reach past the 404 and the 401;
a ``wait`` and a stream's ``timeout`` are cut to 50 ms so long-polls and streams cannot stall
the run.

``positive_data_acceptance`` runs on every operation but those of :data:`UNSTATED`, and
:func:`no_shape_refusal` adds that a schema-valid request is never refused for its shape (400,
422 ``validation_error``). For :data:`RULED` operations a documented 422 is also accepted: a
schema-valid log can be invalid, a webhook URL private. :data:`UNSTATED` operations have shape
rules the spec cannot state: a seat has exactly one of ``name`` and ``player`` (not a
``oneOf``, so that client generators keep one class), a name is printable text (Python's
``str.isprintable``, which no JSON Schema pattern states), integers are JSON integers (``1.0``
is refused, JSON Schema's ``integer`` allows it); and their schema-valid bodies can still break
the rules (an illegal move, an unknown card, an unplayable setup are documented 422s).
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
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation

from tests.api.contract import SPEC_PATH
from tests.api.helpers import Game, create_scripted

EXAMPLES = 30
SHAPE_CODES = frozenset({"validation_error", "malformed_json"})
UNSTATED = (
    "createGame",
    "createPlayer",
    "acceptChallenge",
    "createChallenge",
    "postCommand",
    "joinGame",
    "createSeek",
    "acceptSeek",
    "pair",
)
"""Operations whose bodies have shape rules the spec does not state (see the docstring)."""
RULED = ("replayLog", "createWebhook", "createGameWebhook")
"""Operations whose schema-valid bodies the rules may refuse with a documented 422."""
CONFIG = SchemathesisConfig.from_str(
    "[[operations]]\n"
    f"include-operation-id = {list(UNSTATED)!r}\n"
    "checks.positive_data_acceptance.enabled = false\n"
    "[[operations]]\n"
    f"include-operation-id = {list(RULED)!r}\n"
    "checks.positive_data_acceptance.expected-statuses = "
    '["2xx", "3xx", "401", "403", "404", "409", "422", "429"]\n'
)
SCHEMA = schemathesis.openapi.from_path(SPEC_PATH, config=CONFIG)
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
    response = case.call_and_validate(app=app, additional_checks=[no_shape_refusal])
    assert response.status_code < 500


def no_shape_refusal(ctx: object, response: schemathesis.Response, case: schemathesis.Case) -> None:
    """A schema-valid request is never refused for its shape (400, or 422 ``validation_error``)."""
    meta = case.meta
    positive = meta is not None and meta.generation.mode.is_positive
    unstated = case.operation.definition.raw.get("operationId") in UNSTATED
    if not positive or unstated or response.status_code not in (400, 422):
        return
    code = response.json().get("code") if response.content else None
    assert response.status_code != 400, "a schema-valid query is not a bad request"
    assert code not in SHAPE_CODES, f"a schema-valid query was refused for its shape: {code}"
