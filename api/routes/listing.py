"""``GET /v1/games``: the public list of games, for spectators."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from marshmallow import ValidationError

from api.routes.common import games
from api.routes.tables import tables
from api.schemas import GamesQuery, load_query
from service.listing import InvalidCursor, list_games

bp = Blueprint("listing", __name__, url_prefix="/v1")


@bp.get("/games")
def list_public_games() -> dict[str, Any]:
    """Games newest first (of one status if asked), a page at a time, public fields only;
    with ``?open=true``, the open games' tables (seats anyone may take), oldest first."""
    query = load_query(GamesQuery, request.args)
    if query["open"]:  # one page of tables: status and cursor do not apply
        return {"games": tables().listing("game")[: query["limit"]], "next_cursor": None}
    try:
        page = list_games(games().store, query["status"], query["limit"], query["cursor"])
    except InvalidCursor as error:
        raise ValidationError({"cursor": [str(error)]}) from None
    return {"games": page.games, "next_cursor": page.next_cursor}
