"""The Flask app factory over the games service (``api.create_app``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from api.cors import install as install_cors
from api.errors import register_error_handlers
from api.limits import install as install_limits
from api.routes import BLUEPRINTS
from api.routes.common import EXTENSION
from bootstrap import build
from domain.ai.search import Budget
from events.connection import Timeouts
from service.waiters import DEFAULT_LIMIT
from workers.queue import DEFAULT_PREFIX, QUEUE_NAME, search_budget_from_env

DEFAULTS: dict[str, Any] = {
    "REDIS_URL": None,  # None: the REDIS_URL environment variable, else an embedded Redis
    "DATA_DIR": None,  # embedded Redis data: SMASHUP_DATA_DIR, else ./data
    "REDIS_CLIENT": None,  # a ready redis.Redis (bytes) client, e.g. in tests
    "KEY_PREFIX": DEFAULT_PREFIX,
    "RQ_ASYNC": True,  # False: bot jobs run inline, in the request that made them due
    "RQ_QUEUE": QUEUE_NAME,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "MAX_WAITERS": DEFAULT_LIMIT,  # long-polls and streams served at once; past it 429
    "STREAM_KEEPALIVE": 15.0,  # seconds between keep-alives on an idle stream
    "WEBHOOK_ALLOWED_NETWORKS": None,  # private CIDRs hooks may target; None: the env variable
    "WEBHOOK_BACKOFF": None,  # seconds before the first retry (then doubling); None: 10
    "RATE_LIMIT": None,  # (requests, seconds) per client, e.g. (1200, 60); None: no limit
    "GAME_QUOTA": None,  # active games one client may have created; None: no quota
    "GAME_TTL": None,  # seconds an idle active game lives (smashup serve sweeps); None: forever
    # hardening (api/limits.py, docs/hardening.md)
    "ADDRESS_RATE_LIMIT": None,  # (requests, seconds) per client address; None: no limit
    "ACCOUNT_LIMIT": None,  # (accounts, seconds) created per address; None: no limit
    "ACCOUNT_TTL": None,  # seconds an account never used and never seated lives; None: forever
    "TRUSTED_PROXIES": None,  # CIDRs whose X-Forwarded-For names the client; None: the env var
    "MAX_WAITERS_PER_ADDRESS": None,  # waiter slots one address may hold; None: MAX_WAITERS // 4
    "REDIS_SOCKET_TIMEOUT": None,  # seconds; None: the variable of that name, else 2
    "REDIS_CONNECT_TIMEOUT": None,  # seconds; None: the variable of that name, else 1
    "APPEND_SETTLE_TIMEOUT": None,  # seconds; None: the variable of that name, else 10
    "IDEMPOTENCY_TTL": None,  # seconds a record is kept; None: the variable, else 86400 (a day)
    "SEARCH_PLAYOUTS": None,  # the search bot's playouts per decision; None: the env, else 32
    "SEARCH_SECONDS": None,  # and its seconds per decision; None: the env, else 1
    "ARCHIVE_URL": None,  # archive backend (docs/archive.md); None: the variable, else redis:
    "CORS_ORIGINS": None,  # origins allowed to call the API; None: SMASHUP_CORS_ORIGINS, else *
}


def _search_budget(config: Mapping[str, Any]) -> Budget | None:
    playouts, seconds = config["SEARCH_PLAYOUTS"], config["SEARCH_SECONDS"]
    if playouts is None and seconds is None:
        return None
    env = search_budget_from_env()
    return Budget(
        env.playouts if playouts is None else int(playouts),
        env.seconds if seconds is None else float(seconds),
    )


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the API app; ``config`` overrides :data:`DEFAULTS`."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.compact = True  # type: ignore[attr-defined]
    app.extensions[EXTENSION] = build(
        redis_url=app.config["REDIS_URL"],
        data_dir=app.config["DATA_DIR"],
        client=app.config["REDIS_CLIENT"],
        prefix=app.config["KEY_PREFIX"],
        rq_async=bool(app.config["RQ_ASYNC"]),
        queue_name=app.config["RQ_QUEUE"],
        max_waiters=int(app.config["MAX_WAITERS"]),
        webhook_networks=app.config["WEBHOOK_ALLOWED_NETWORKS"],
        webhook_backoff=app.config["WEBHOOK_BACKOFF"],
        timeouts=_timeouts(app.config),
        settle_timeout=app.config["APPEND_SETTLE_TIMEOUT"],
        idempotency_ttl=app.config["IDEMPOTENCY_TTL"],
        search_budget=_search_budget(app.config),
        archive_url=app.config["ARCHIVE_URL"],
    )
    register_error_handlers(app)
    install_limits(app)
    install_cors(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    return app


def _timeouts(config: Mapping[str, Any]) -> Timeouts:
    """The Redis timeouts: the app's settings, else the environment's, else the defaults."""
    base = Timeouts.from_env()
    socket, connect = config["REDIS_SOCKET_TIMEOUT"], config["REDIS_CONNECT_TIMEOUT"]
    return Timeouts(
        base.socket if socket is None else float(socket),
        base.connect if connect is None else float(connect),
    )
