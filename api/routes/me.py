"""``/v1/me/turns``: where a decision is awaited from the caller's token (long-poll)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request

from api import auth
from api.errors import ApiError
from api.routes.common import games
from api.routes.streams import account_turns
from api.schemas import TurnsQuery, load_query
from service.turns import seat_turns

bp = Blueprint("me", __name__, url_prefix="/v1/me")


@bp.get("/turns")
def turns() -> dict[str, Any]:
    """The caller's awaited decisions; waits up to ``?wait=`` seconds for one."""
    service = games()
    query = load_query(TurnsQuery, request.args)
    player = auth.account(service)
    if player is not None:
        return {"turns": account_turns(service, player, query["wait"])}
    found = auth.identity(service)
    if found is None:
        raise ApiError(
            401,
            "unauthenticated",
            "send 'Authorization: Bearer <seat token>' to list your turns",
            {"WWW-Authenticate": 'Bearer realm="smashup"'},
        )
    game_id, seat = found
    return {"turns": seat_turns(service, game_id, seat, query["wait"])}
