"""The HTTP layer: a Flask app factory over the games service.

``create_app()`` reads ``REDIS_URL`` (or starts an embedded Redis in ``SMASHUP_DATA_DIR``/
``./data``); gunicorn runs it as ``gunicorn 'api:create_app()'``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from api.errors import register_error_handlers
from api.routes import BLUEPRINTS
from api.routes.common import EXTENSION
from api.service import Games
from events.connection import connect
from events.store import EventStore
from workers.queue import DEFAULT_PREFIX, QUEUE_NAME, BotQueue

DEFAULTS: dict[str, Any] = {
    "REDIS_URL": None,  # None: the REDIS_URL environment variable, else an embedded Redis
    "DATA_DIR": None,  # embedded Redis data: SMASHUP_DATA_DIR, else ./data
    "REDIS_CLIENT": None,  # a ready redis.Redis (bytes) client, e.g. in tests
    "KEY_PREFIX": DEFAULT_PREFIX,
    "RQ_ASYNC": True,  # False: bot jobs run inline, in the request that made them due
    "RQ_QUEUE": QUEUE_NAME,
    "MAX_CONTENT_LENGTH": 64 * 1024,
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the API app; ``config`` overrides :data:`DEFAULTS`."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.compact = True  # type: ignore[attr-defined]
    client = app.config["REDIS_CLIENT"] or connect(app.config["REDIS_URL"], app.config["DATA_DIR"])
    prefix = app.config["KEY_PREFIX"]
    bots = BotQueue(
        client, prefix=prefix, is_async=bool(app.config["RQ_ASYNC"]), name=app.config["RQ_QUEUE"]
    )
    app.extensions[EXTENSION] = Games(EventStore(client, prefix=prefix), bots)
    register_error_handlers(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    return app
