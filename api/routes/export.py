"""Bulk export: finished games as a streamed ndjson body (see :mod:`service.export`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, request, stream_with_context
from marshmallow import Schema, fields, post_load, validate

from api.routes.accounts import social
from api.routes.common import games
from api.schemas import load_query
from events.store import EventStore
from service.export import (
    BOUND,
    FORMATS,
    MAX_LIMIT,
    account_game_ids,
    bound,
    exported,
    ndjson,
    public_game_ids,
)

bp = Blueprint("export", __name__, url_prefix="/v1")

NDJSON = "application/x-ndjson"
DEFAULT_LIMIT = 1000
BOUND_ERROR = "a UTC date (2026-01-31) or date-time (2026-01-31T12:00:00Z, to the millisecond)"


class ExportQuery(Schema):
    """``?since=&until=&limit=&format=`` of the export routes."""

    since = fields.String(load_default=None, validate=validate.Regexp(BOUND, error=BOUND_ERROR))
    until = fields.String(load_default=None, validate=validate.Regexp(BOUND, error=BOUND_ERROR))
    limit = fields.Integer(
        load_default=DEFAULT_LIMIT, validate=validate.Range(min=1, max=MAX_LIMIT)
    )
    format = fields.String(load_default="games", validate=validate.OneOf(FORMATS))

    @post_load
    def _bounds(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        return {**data, "since": bound(data["since"]), "until": bound(data["until"])}


def _store() -> EventStore:
    """The games' store: exports read its Redis indexes (the in-memory store has none)."""
    store = games().store
    if not isinstance(store, EventStore):
        raise TypeError("exports read the Redis event store's indexes: build on an EventStore")
    return store


def _stream(game_ids: list[str], fmt: str) -> Response:
    store = _store()

    def lines() -> Iterator[str]:
        yield from ndjson(exported(store, game_ids), fmt)

    response = Response(stream_with_context(lines()), mimetype=NDJSON)
    response.headers["Smashup-Export-Games"] = str(len(game_ids))
    return response


@bp.get("/games/export")
def export_games() -> Response:
    """Every finished game created in ``[since, until)``, oldest first, as ndjson."""
    query = load_query(ExportQuery, request.args)
    found = public_game_ids(_store(), query["since"], query["until"], query["limit"])
    return _stream(found, query["format"])


@bp.get("/players/<player_id>/games/export")
def export_player_games(player_id: str) -> Response:
    """A player's finished games created in ``[since, until)``, oldest first, as ndjson."""
    accounts = social().accounts
    accounts.get(player_id)  # 404 player_not_found
    query = load_query(ExportQuery, request.args)
    ids = accounts.game_ids(player_id)
    found = account_game_ids(_store(), ids, query["since"], query["until"], query["limit"])
    return _stream(found, query["format"])
