"""CORS headers and preflights (``flask-cors``), their settings, and ``/docs/`` → ``/docs``.

The browser side (a page on another origin fetching the API in Chromium) is in
tests/api/test_docs_browser.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.cors import ENV, allowed_origins
from tests.api.helpers import create_scripted

PAGE = "http://127.0.0.1:18555"


def _preflight(app: Flask, path: str, origin: str, method: str = "POST") -> object:
    plain = FlaskClient(app)  # a preflight is the browser's, not an operation of the spec
    return plain.options(
        path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
        },
    )


def test_by_default_any_origin_may_call_the_api_and_a_preflight_is_answered(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV, raising=False)
    app = make_app()
    answer = app.test_client().get("/v1/health", headers={"Origin": PAGE})
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    preflight = _preflight(app, "/v1/games/abc/commands", PAGE)
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert {"authorization", "content-type", "idempotency-key"} <= set(allowed.split(", "))
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    assert int(preflight.headers["Access-Control-Max-Age"]) > 0


def test_a_listed_origin_is_echoed_and_another_gets_no_cors_headers(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(CORS_ORIGINS="https://play.example, http://127.0.0.1:18555")
    client = app.test_client()
    game = create_scripted(client)
    listed = client.get(f"/v1/games/{game.id}", headers={"Origin": PAGE})
    assert listed.headers["Access-Control-Allow-Origin"] == PAGE
    assert "Origin" in listed.headers.get("Vary", "")
    other = client.get(f"/v1/games/{game.id}", headers={"Origin": "https://evil.example"})
    assert other.status_code == 200
    assert "Access-Control-Allow-Origin" not in other.headers
    assert (
        "Access-Control-Allow-Origin"
        not in _preflight(app, "/v1/games", "https://evil.example").headers
    )


def test_the_environment_variable_sets_the_origins_and_none_turns_cors_off(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "none")
    answer = make_app().test_client().get("/v1/health", headers={"Origin": PAGE})
    assert "Access-Control-Allow-Origin" not in answer.headers
    monkeypatch.setenv(ENV, PAGE)
    answer = make_app().test_client().get("/v1/health", headers={"Origin": PAGE})
    assert answer.headers["Access-Control-Allow-Origin"] == PAGE


def test_the_sites_pages_get_no_cors_headers_and_a_refusal_does(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app().test_client()
    assert (
        "Access-Control-Allow-Origin" not in client.get("/docs", headers={"Origin": PAGE}).headers
    )
    missing = client.get("/v1/games/nope", headers={"Origin": PAGE})
    assert missing.status_code == 404
    assert missing.headers["Access-Control-Allow-Origin"] == "*"


def test_an_origin_that_is_not_a_web_origin_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="ftp://x"):
        allowed_origins("ftp://x")
    assert allowed_origins(" https://a.example/ ,http://b:8000") == [
        "https://a.example",
        "http://b:8000",
    ]
    assert allowed_origins("") == []


def test_docs_with_a_slash_redirects_permanently_to_docs(make_app: Callable[..., Flask]) -> None:
    answer = make_app().test_client().get("/docs/")
    assert answer.status_code == 308
    assert answer.headers["Location"] == "/docs"
