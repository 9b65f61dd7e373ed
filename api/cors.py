"""Cross-origin requests (CORS, with ``flask-cors``): which web pages may call the API.

The allowed origins are the app's ``CORS_ORIGINS`` setting (``smashup serve --cors-origins``),
else the ``SMASHUP_CORS_ORIGINS`` environment variable, else ``*``: any origin, which is safe
here because the API authenticates with bearer tokens a page must hold, never with cookies.
A comma-separated list allows only those origins (``https://a.example,http://127.0.0.1:5173``);
``none`` (or an empty value) turns CORS off. Preflight requests (``OPTIONS``) are answered.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from flask import Flask
from flask_cors import CORS

ENV = "SMASHUP_CORS_ORIGINS"
DEFAULT = "*"
ROUTES = r"^/(v1/.*|openapi\.(json|yaml))$"
"""The API and its spec; the site's own pages need no CORS."""
REQUEST_HEADERS = (
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "Last-Event-ID",
    "Accept",
    "Accept-Language",
)
EXPOSED_HEADERS = (
    "Idempotent-Replayed",
    "Retry-After",
    "Location",
    "RateLimit",
    "RateLimit-Policy",
)
MAX_AGE = 600
"""Seconds a browser may keep a preflight's answer."""


def allowed_origins(setting: str | Sequence[str] | None) -> list[str]:
    """The allowed origins of a setting (None: the environment, else ``*``); [] turns CORS off."""
    raw: str | Sequence[str] = os.environ.get(ENV, DEFAULT) if setting is None else setting
    items = raw.split(",") if isinstance(raw, str) else list(raw)
    origins = [item.strip().rstrip("/") for item in items if item.strip()]
    if origins in ([], ["none"]):
        return []
    for origin in origins:
        if origin != "*" and not origin.startswith(("http://", "https://")):
            raise ValueError(f"a CORS origin is * or starts with http:// or https://: {origin!r}")
    return origins


def install(app: Flask) -> None:
    """Answer cross-origin requests and preflights for the allowed origins of ``app``."""
    origins = allowed_origins(app.config["CORS_ORIGINS"])
    if not origins:
        return
    anyone = "*" in origins
    CORS(
        app,
        resources={ROUTES: {"origins": "*" if anyone else origins}},
        send_wildcard=anyone,
        allow_headers=list(REQUEST_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
        max_age=MAX_AGE,
        supports_credentials=False,
    )
