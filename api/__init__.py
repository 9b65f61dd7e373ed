"""The HTTP layer: a Flask app factory over the games service, and the ``smashup`` command.

``create_app()`` reads ``REDIS_URL`` (or starts an embedded Redis in ``SMASHUP_DATA_DIR``/
``./data``); gunicorn runs it as ``gunicorn 'api:create_app()'``. It is imported on first use
(:pep:`562`), so ``smashup --help`` and ``smashup replay`` do not load Flask and the routes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.app import DEFAULTS, create_app

__all__ = ["DEFAULTS", "create_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module("api.app"), name)
    raise AttributeError(f"module 'api' has no attribute {name!r}")
