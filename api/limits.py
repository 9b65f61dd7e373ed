"""Per-client rate limits and game quotas on the app (see :mod:`service.limits`).

A client is named by its bearer token when it sends one (the SHA-256 of the token: a token is
never stored), else by the peer address of the connection. Requests that carry a token that
turns out invalid are refused 401 anyway, so rotating made-up tokens gains nothing but 401s.
``/v1/health`` and ``/metrics`` are not limited (load balancers and scrapers poll them).
"""

from __future__ import annotations

import hashlib

from flask import Flask, current_app, request

from service.limits import GameQuota, RateLimiter

LIMITER = "smashup.rate_limiter"
QUOTA = "smashup.game_quota"
EXEMPT = frozenset({"/v1/health", "/metrics"})


def client_id() -> str:
    """The name the limits count the caller under: its token's digest, else its address."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() == "bearer" and token:
        return "token-" + hashlib.sha256(token.encode()).hexdigest()[:32]
    return "ip-" + (request.remote_addr or "unknown")


def _limit() -> None:
    limiter: RateLimiter | None = current_app.extensions.get(LIMITER)
    if limiter is not None and request.path not in EXEMPT:
        limiter.hit(client_id())


def quota() -> GameQuota | None:
    """The game quota of the current app, if it has one."""
    found: GameQuota | None = current_app.extensions.get(QUOTA)
    return found


def install(app: Flask) -> None:
    """Apply ``RATE_LIMIT`` (``(requests, seconds)`` or None) and ``GAME_QUOTA`` (or None)."""
    from api.routes.common import EXTENSION  # not at import: the routes import this module

    service = app.extensions[EXTENSION]
    rate = app.config.get("RATE_LIMIT")
    if rate:
        limit, window = rate
        app.extensions[LIMITER] = RateLimiter(
            service.store.redis, service.store.prefix, int(limit), int(window)
        )
        app.before_request(_limit)
    if app.config.get("GAME_QUOTA"):
        ttl = app.config.get("GAME_TTL") or None
        app.extensions[QUOTA] = GameQuota(service, int(app.config["GAME_QUOTA"]), ttl)
