"""Helpers shared by the blueprints: the service, JSON bodies, ids and headers."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import current_app, request
from marshmallow import ValidationError

from api.errors import ApiError
from api.outcomes import GameNotFound
from api.service import Games

EXTENSION = "smashup.games"
_GAME_ID = re.compile(r"\A[A-Za-z0-9_-]{1,64}\Z")
_IDEMPOTENCY_KEY = re.compile(r"\A[\x21-\x7e]{1,255}\Z")


def games() -> Games:
    """The games service of the current app."""
    service: Games = current_app.extensions[EXTENSION]
    return service


def check_game_id(game_id: str) -> str:
    """The game id if it can name a game; 404 otherwise."""
    if not _GAME_ID.match(game_id):
        raise GameNotFound(f"there is no game {game_id!r}")
    return game_id


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def read_json() -> Any:
    """The request body parsed as JSON (whatever its Content-Type); 400 if it is not JSON."""
    raw = request.get_data(cache=True)
    try:
        return json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        detail = "the request body is empty" if not raw.strip() else f"invalid JSON: {error}"
        raise ApiError(400, "malformed_json", detail) from None


def idempotency_key() -> str | None:
    """The ``Idempotency-Key`` header, if any (1 to 255 visible ASCII characters)."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not _IDEMPOTENCY_KEY.match(key):
        raise ValidationError(
            {"Idempotency-Key": ["must be 1 to 255 visible ASCII characters without spaces"]}
        )
    return key
