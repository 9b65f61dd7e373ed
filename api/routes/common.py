"""Helpers shared by the blueprints: the service, JSON bodies, ids and headers."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import current_app, request
from marshmallow import ValidationError

from api.errors import ApiError
from events.logfile import strict_json
from service.games import Games
from service.outcomes import GameNotFound

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


def body_bytes() -> bytes:
    """The raw request body; 413 if it is longer than the request's ``max_content_length``.

    Werkzeug refuses a declared ``Content-Length`` over the limit, but quietly cuts a chunked
    body (no length) at the limit: such a body that reaches the limit is refused here.
    """
    raw = request.get_data(cache=True)
    limit = request.max_content_length
    if limit is not None and request.content_length is None and len(raw) >= limit:
        raise ApiError(413, "payload_too_large", "the request body is too large")
    return raw


def read_json() -> Any:
    """The request body parsed as JSON (whatever its Content-Type); 400 if it is not JSON.

    Besides syntax errors, refused: NaN and Infinity, an object with a duplicate key, and a
    lone UTF-16 surrogate in a string (``"\\ud800"``: no UTF-8 text can hold it).
    """
    raw = body_bytes()
    try:
        body = strict_json(raw)
        if not raw.isascii() or b"\\u" in raw:  # else no string can hold a lone surrogate
            json.dumps(body, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise ApiError(
            400, "malformed_json", "invalid JSON: a string holds a lone surrogate"
        ) from None
    except (ValueError, RecursionError) as error:
        detail = "the request body is empty" if not raw.strip() else f"invalid JSON: {error}"
        raise ApiError(400, "malformed_json", detail) from None
    return body


def no_query() -> None:
    """Refuse any query parameter (422), for endpoints that take none."""
    if request.args:
        unknown = {name: ["Unknown field."] for name in request.args}
        raise ValidationError(unknown)


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
